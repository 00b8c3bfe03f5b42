/**
 * A map with a hard bound that forgets its oldest entry first: a ring buffer of entries in
 * insertion order plus a Map from key to ring slot, O(1) per operation and O(maxEntries) memory
 * whatever passes through. (A plain Map evicted in insertion order would cost O(n) per eviction
 * in V8, because deleted entries stay as holes at the front of its table.) Used for remembered
 * deliveries and for remembered shipment and return sellers.
 *
 * The slot of a deleted or re-set key stays a hole until it reaches the oldest end (or the ring
 * grows), so after such updates a full ring can forget its oldest entry while it holds fewer
 * than maxEntries live ones.
 */
const INITIAL_CAPACITY = 256;

export class BoundedFifoMap<V> {
	readonly maxEntries: number;

	private readonly index = new Map<string, number>();

	private ringKeys: Array<string | undefined> = [];

	private ringValues: Array<V | undefined> = [];

	private capacity = 0;

	private head = 0;

	/** Occupied ring slots, deleted ones (undefined keys) included. */
	private used = 0;

	constructor(maxEntries: number) {
		this.maxEntries = Math.max(1, Math.floor(maxEntries));
		this.clear();
	}

	get size(): number {
		return this.index.size;
	}

	get(key: string): V | undefined {
		const slot = this.index.get(key);
		return slot === undefined ? undefined : this.ringValues[slot];
	}

	/** Sets a value as the newest entry; returns false when the key already had this value. */
	set(key: string, value: V): boolean {
		const slot = this.index.get(key);
		if (slot !== undefined) {
			if (this.ringValues[slot] === value) return false;
			this.forget(key, slot);
		}
		if (this.used === this.capacity) {
			if (this.capacity < this.maxEntries) this.grow();
			else this.dropOldest();
		}
		const tail = (this.head + this.used) % this.capacity;
		this.ringKeys[tail] = key;
		this.ringValues[tail] = value;
		this.used += 1;
		this.index.set(key, tail);
		return true;
	}

	delete(key: string): boolean {
		const slot = this.index.get(key);
		if (slot === undefined) return false;
		this.forget(key, slot);
		return true;
	}

	/** The oldest live entry, skipping the holes deletions left. */
	oldest(): [string, V] | undefined {
		while (this.used > 0) {
			const key = this.ringKeys[this.head];
			if (key !== undefined) return [key, this.ringValues[this.head] as V];
			this.advanceHead();
		}
		return undefined;
	}

	dropOldest(): void {
		if (this.used === 0) return;
		const key = this.ringKeys[this.head];
		if (key !== undefined) this.index.delete(key);
		this.advanceHead();
	}

	/** Calls `visit` for every live entry, oldest first (no array of pairs is built). */
	forEach(visit: (key: string, value: V) => void): void {
		for (let i = 0; i < this.used; i += 1) {
			const slot = (this.head + i) % this.capacity;
			const key = this.ringKeys[slot];
			if (key !== undefined) visit(key, this.ringValues[slot] as V);
		}
	}

	/** Live entries, oldest first. */
	entries(): Array<[string, V]> {
		const out: Array<[string, V]> = [];
		this.forEach((key, value) => out.push([key, value]));
		return out;
	}

	clear(): void {
		this.index.clear();
		this.capacity = Math.min(this.maxEntries, INITIAL_CAPACITY);
		this.ringKeys = new Array<string | undefined>(this.capacity);
		this.ringValues = new Array<V | undefined>(this.capacity);
		this.head = 0;
		this.used = 0;
	}

	private forget(key: string, slot: number): void {
		this.ringKeys[slot] = undefined;
		this.ringValues[slot] = undefined;
		this.index.delete(key);
	}

	private advanceHead(): void {
		this.ringKeys[this.head] = undefined;
		this.ringValues[this.head] = undefined;
		this.head = (this.head + 1) % this.capacity;
		this.used -= 1;
	}

	private grow(): void {
		const capacity = Math.min(this.maxEntries, this.capacity * 2);
		const keys = new Array<string | undefined>(capacity);
		const values = new Array<V | undefined>(capacity);
		let used = 0;
		for (let i = 0; i < this.used; i += 1) {
			const slot = (this.head + i) % this.capacity;
			const key = this.ringKeys[slot];
			if (key === undefined) continue;
			keys[used] = key;
			values[used] = this.ringValues[slot];
			this.index.set(key, used);
			used += 1;
		}
		this.ringKeys = keys;
		this.ringValues = values;
		this.capacity = capacity;
		this.head = 0;
		this.used = used;
	}
}

/**
 * Sets `key` as the newest entry of a plain Map kept in insertion order and forgets the oldest
 * entries beyond `maxEntries`. For the small bounded lookups (settings cache, receiver states,
 * log rate limits); a map that evicts on every insert wants BoundedFifoMap.
 */
export function setAsNewest<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
	map.delete(key);
	map.set(key, value);
	for (const oldest of map.keys()) {
		if (map.size <= maxEntries) return;
		map.delete(oldest);
	}
}
