/**
 * Remembered deliveries, behind a small interface so that a store shared between n8n processes
 * (queue mode) can replace the in-memory one later.
 *
 * Contract of `claim(key, now)`: true exactly once per key within the retention window, false
 * for every later claim of the same key until `now >= firstClaim + retention`. The in-memory
 * store answers synchronously (check and insert happen in one call, with no await in between),
 * so concurrent requests in one process cannot both win. A shared store may answer with a
 * promise, and must then be atomic itself (for example SET NX with an expiry).
 */

export interface DeliverySnapshot {
	/** Remembered keys, oldest first. */
	keys: string[];
	/** Unix seconds at which each key was first claimed, aligned with `keys`. */
	seenAt: number[];
}

export interface DeliveryStore {
	claim(key: string, nowSeconds: number): boolean | Promise<boolean>;
	/** Live entries, oldest first. */
	snapshot(nowSeconds: number): DeliverySnapshot;
	/** Replaces the content with the live entries of a snapshot (newest kept when over the bound). */
	restore(snapshot: DeliverySnapshot, nowSeconds: number): void;
	readonly size: number;
}

export interface DeliveryStoreLimits {
	/** Hard bound on remembered keys; the oldest is forgotten first. */
	maxEntries: number;
	/** Seconds a key is remembered after its first claim. */
	retentionSeconds: number;
}

const INITIAL_CAPACITY = 1024;

/**
 * Bounded in-memory store: a ring buffer of keys and first-claim times in claim order, plus a
 * Map from key to ring slot for O(1) lookup. Expired entries are dropped from the oldest end on
 * every claim; when the ring is full the oldest entry is forgotten. Memory is O(maxEntries) at
 * all times, whatever passes through. (A plain Map evicted in insertion order would be O(n) per
 * eviction in V8, because deleted entries stay as holes at the front of its table.)
 */
export class InMemoryDeliveryStore implements DeliveryStore {
	readonly maxEntries: number;
	readonly retentionSeconds: number;

	private readonly index = new Map<string, number>();
	private ringKeys: Array<string | undefined>;
	private ringSeenAt: Float64Array;
	private capacity: number;
	private head = 0;
	/** Occupied ring slots, forgotten ones (undefined keys) included. */
	private used = 0;

	constructor(limits: DeliveryStoreLimits) {
		this.maxEntries = Math.max(1, Math.floor(limits.maxEntries));
		this.retentionSeconds = Math.max(0, limits.retentionSeconds);
		this.capacity = Math.min(this.maxEntries, INITIAL_CAPACITY);
		this.ringKeys = new Array<string | undefined>(this.capacity);
		this.ringSeenAt = new Float64Array(this.capacity);
	}

	get size(): number {
		return this.index.size;
	}

	claim(key: string, nowSeconds: number): boolean {
		if (!Number.isFinite(nowSeconds) || this.retentionSeconds <= 0) return true;
		this.dropExpired(nowSeconds);
		const slot = this.index.get(key);
		if (slot !== undefined) {
			if (nowSeconds < this.ringSeenAt[slot] + this.retentionSeconds) return false;
			// Expired but not yet at the oldest end (the clock went backwards at some point).
			this.ringKeys[slot] = undefined;
			this.index.delete(key);
		}
		this.append(key, nowSeconds);
		return true;
	}

	snapshot(nowSeconds: number): DeliverySnapshot {
		const keys: string[] = [];
		const seenAt: number[] = [];
		for (let i = 0; i < this.used; i += 1) {
			const slot = (this.head + i) % this.capacity;
			const key = this.ringKeys[slot];
			if (key === undefined) continue;
			const at = this.ringSeenAt[slot];
			if (nowSeconds >= at + this.retentionSeconds) continue;
			keys.push(key);
			seenAt.push(at);
		}
		return { keys, seenAt };
	}

	restore(snapshot: DeliverySnapshot, nowSeconds: number): void {
		this.index.clear();
		this.capacity = Math.min(this.maxEntries, INITIAL_CAPACITY);
		this.ringKeys = new Array<string | undefined>(this.capacity);
		this.ringSeenAt = new Float64Array(this.capacity);
		this.head = 0;
		this.used = 0;
		if (this.retentionSeconds <= 0) return;
		const count = Math.min(snapshot.keys.length, snapshot.seenAt.length);
		// Only the newest maxEntries can survive; skip the rest without inserting them.
		for (let i = Math.max(0, count - this.maxEntries); i < count; i += 1) {
			const key = snapshot.keys[i];
			const at = snapshot.seenAt[i];
			if (typeof key !== 'string' || !Number.isFinite(at)) continue;
			if (nowSeconds >= at + this.retentionSeconds) continue;
			const existing = this.index.get(key);
			if (existing !== undefined) {
				this.ringKeys[existing] = undefined;
				this.index.delete(key);
			}
			this.append(key, at);
		}
	}

	private append(key: string, seenAt: number): void {
		if (this.used === this.capacity) {
			if (this.capacity < this.maxEntries) this.grow();
			else this.dropOldest();
		}
		const slot = (this.head + this.used) % this.capacity;
		this.ringKeys[slot] = key;
		this.ringSeenAt[slot] = seenAt;
		this.used += 1;
		this.index.set(key, slot);
	}

	private dropOldest(): void {
		const key = this.ringKeys[this.head];
		if (key !== undefined) this.index.delete(key);
		this.ringKeys[this.head] = undefined;
		this.head = (this.head + 1) % this.capacity;
		this.used -= 1;
	}

	private dropExpired(nowSeconds: number): void {
		while (this.used > 0) {
			const key = this.ringKeys[this.head];
			if (key !== undefined && nowSeconds < this.ringSeenAt[this.head] + this.retentionSeconds) {
				return;
			}
			this.dropOldest();
		}
	}

	private grow(): void {
		const capacity = Math.min(this.maxEntries, this.capacity * 2);
		const keys = new Array<string | undefined>(capacity);
		const seenAt = new Float64Array(capacity);
		let used = 0;
		for (let i = 0; i < this.used; i += 1) {
			const slot = (this.head + i) % this.capacity;
			const key = this.ringKeys[slot];
			if (key === undefined) continue;
			keys[used] = key;
			seenAt[used] = this.ringSeenAt[slot];
			this.index.set(key, used);
			used += 1;
		}
		this.ringKeys = keys;
		this.ringSeenAt = seenAt;
		this.capacity = capacity;
		this.head = 0;
		this.used = used;
	}
}
