/**
 * Remembered deliveries of one trigger node in this process: the bounded set of keys that
 * memory.ts applies its rules to.
 *
 * Contract of `claim(key, now)`: true exactly once per key within the retention window, false
 * for every later claim of the same key until `now >= firstClaim + retention`. It answers
 * synchronously (check and insert happen in one call, with no await in between), so concurrent
 * requests in one process cannot both win.
 *
 * A claimed key is *pending* until `confirm` (its execution exists) or `release` (its push was
 * not acknowledged, so the marketplace will deliver it again and it must run then). Snapshots,
 * which are what gets persisted, hold confirmed keys only: a saved key always has an execution.
 */

import { BoundedFifoMap } from '../boundedFifo';

export interface DeliverySnapshot {
	/** Remembered keys, oldest first. */
	keys: string[];
	/** Unix seconds at which each key was first claimed, aligned with `keys`. */
	seenAt: number[];
}

export interface DeliveryStoreLimits {
	/** Hard bound on remembered keys; the oldest is forgotten first. */
	maxEntries: number;
	/** Seconds a key is remembered after its first claim. */
	retentionSeconds: number;
}

/**
 * Bounded in-memory store: keys with their first-claim time in claim order (BoundedFifoMap).
 * Expired entries are dropped from the oldest end on every claim; when full, the oldest entry is
 * forgotten. Memory is O(maxEntries) at all times, whatever passes through.
 */
export class InMemoryDeliveryStore {
	readonly maxEntries: number;
	readonly retentionSeconds: number;

	private readonly seen: BoundedFifoMap<number>;
	/** Claimed keys whose execution is not known to exist yet (bounded by requests in flight). */
	private readonly pending = new Set<string>();

	constructor(limits: DeliveryStoreLimits) {
		this.maxEntries = Math.max(1, Math.floor(limits.maxEntries));
		this.retentionSeconds = Math.max(0, limits.retentionSeconds);
		this.seen = new BoundedFifoMap<number>(this.maxEntries);
	}

	get size(): number {
		return this.seen.size;
	}

	/**
	 * True once per key within the retention (see the contract above); the key is then pending.
	 * `heldElsewhere`: whether another memory holds a key this store does not (memory.ts, the
	 * tentative lease): such a claim is refused and records nothing.
	 */
	claim(key: string, nowSeconds: number, heldElsewhere?: (key: string) => boolean): boolean {
		if (!Number.isFinite(nowSeconds) || this.retentionSeconds <= 0) return true;
		this.dropExpired(nowSeconds);
		const firstSeen = this.seen.get(key);
		if (firstSeen !== undefined) {
			if (nowSeconds < firstSeen + this.retentionSeconds) return false;
			// Expired but not yet at the oldest end (the clock went backwards at some point).
			this.seen.delete(key);
		}
		if (heldElsewhere?.(key) === true) return false;
		this.seen.set(key, nowSeconds);
		this.pending.add(key);
		// Pending keys are requests in flight; a key the bounded map has already forgotten (more in
		// flight than maxEntries) is dropped from this set as well, oldest first.
		if (this.pending.size > this.maxEntries) {
			for (const oldest of this.pending) {
				this.pending.delete(oldest);
				if (this.pending.size <= this.maxEntries) break;
			}
		}
		return true;
	}

	/** The pending keys, oldest first (kept when the state is rebuilt with other limits). */
	pendingKeys(): string[] {
		return [...this.pending];
	}

	/** Whether a claimed key still waits for its execution (confirm) or its failure (release). */
	isPending(key: string): boolean {
		return this.pending.has(key);
	}

	/**
	 * The execution of a key exists: the key may now be persisted. Returns the time to persist it
	 * with (its first claim, or now for a key this store did not hold) when this call confirmed
	 * it, and undefined when it was confirmed already.
	 */
	confirm(key: string, nowSeconds: number): number | undefined {
		const claimedAt = this.seen.get(key);
		if (!this.pending.delete(key) && claimedAt !== undefined) return undefined;
		if (claimedAt !== undefined) return claimedAt;
		// Claimed and since forgotten (more in flight than the bound), or never claimed here.
		if (this.retentionSeconds > 0 && Number.isFinite(nowSeconds)) this.seen.set(key, nowSeconds);
		return nowSeconds;
	}

	/** A pending key whose push was not acknowledged: forget it so a redelivery runs. */
	release(key: string): void {
		if (this.pending.delete(key)) this.seen.delete(key);
	}

	/** Whether an entry taken in at `atSeconds` is still within the retention now. */
	remembersFrom(atSeconds: number, nowSeconds: number): boolean {
		return (
			this.retentionSeconds > 0 &&
			Number.isFinite(atSeconds) &&
			nowSeconds < atSeconds + this.retentionSeconds
		);
	}

	/** Whether the store holds the key, pending, remembered or expired but not yet dropped. */
	knows(key: string): boolean {
		return this.seen.get(key) !== undefined;
	}

	/** Confirmed live entries, oldest first. */
	snapshot(nowSeconds: number): DeliverySnapshot {
		// Runs on every accepted or duplicate push over the whole set: no intermediate pairs.
		const keys: string[] = [];
		const seenAt: number[] = [];
		const retention = this.retentionSeconds;
		const pending = this.pending;
		this.seen.forEach((key, at) => {
			if (nowSeconds >= at + retention || pending.has(key)) return;
			keys.push(key);
			seenAt.push(at);
		});
		return { keys, seenAt };
	}

	/** Replaces the content with the live entries of a snapshot (newest kept when over the bound). */
	restore(snapshot: DeliverySnapshot, nowSeconds: number): void {
		// Pending claims are requests in flight in this process: they survive a restore.
		const inFlight: Array<[string, number]> = [];
		for (const key of this.pending) {
			const at = this.seen.get(key);
			if (at !== undefined) inFlight.push([key, at]);
		}
		this.seen.clear();
		this.restoreEntries(snapshot, nowSeconds);
		for (const [key, at] of inFlight) {
			this.seen.delete(key);
			this.seen.set(key, at);
		}
		for (const key of [...this.pending])
			if (this.seen.get(key) === undefined) this.pending.delete(key);
	}

	/**
	 * Takes in a delivery another writer remembered (its execution exists): true when the store
	 * did not hold it confirmed, it is live and, when the store is full, newer than its oldest
	 * entry; the caller then appends it to the log. A key still pending here becomes confirmed:
	 * it stays remembered even if this process's copy fails.
	 */
	add(key: string, atSeconds: number, nowSeconds: number): boolean {
		if (this.retentionSeconds <= 0 || !Number.isFinite(atSeconds)) return false;
		if (nowSeconds >= atSeconds + this.retentionSeconds) return false;
		const known = this.seen.get(key);
		if (known !== undefined) return this.pending.delete(key);
		// When full, an entry older than the oldest one here would be the next to go: taking it in
		// would push out a newer one instead (and, over a whole text, every other one in turn).
		const oldest = this.seen.size >= this.maxEntries ? this.seen.oldest() : undefined;
		if (oldest !== undefined && atSeconds <= oldest[1]) return false;
		this.seen.set(key, atSeconds);
		return true;
	}

	private restoreEntries(snapshot: DeliverySnapshot, nowSeconds: number): void {
		if (this.retentionSeconds <= 0) return;
		const count = Math.min(snapshot.keys.length, snapshot.seenAt.length);
		// Only the newest maxEntries can survive; skip the rest without inserting them.
		for (let i = Math.max(0, count - this.maxEntries); i < count; i += 1) {
			const key = snapshot.keys[i];
			const at = snapshot.seenAt[i];
			if (typeof key !== 'string' || !Number.isFinite(at)) continue;
			if (nowSeconds >= at + this.retentionSeconds) continue;
			// A key listed twice keeps its later position and time.
			this.seen.delete(key);
			this.seen.set(key, at);
		}
	}

	private dropExpired(nowSeconds: number): void {
		for (let oldest = this.seen.oldest(); oldest !== undefined; oldest = this.seen.oldest()) {
			if (nowSeconds < oldest[1] + this.retentionSeconds) return;
			this.seen.dropOldest();
		}
	}
}
