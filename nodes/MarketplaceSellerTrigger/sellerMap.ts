/**
 * Location to seller resolution for partners who serve several sellers on one receiver URL
 * (spec 5, last paragraph; api-facts 9.1).
 *
 * An event that carries a mapped locationId (shipment_created, shipment_cancelled, most return
 * events) resolves directly, and its shipmentId / returnId is remembered with the seller. Later
 * events of the same shipment or return carry no locationId and resolve through that memory.
 * A return event without a mapped location also tries the shipmentIds of its returnItems.
 * Unknown locations and unremembered shipments resolve to null.
 *
 * The memory is bounded: at most `maxRemembered` shipment and return ids, oldest forgotten
 * first (a ring buffer plus a Map, O(1) per event).
 */

export interface SellerMemorySnapshot {
	/** [reference, sellerId] pairs, oldest first; reference is "s:<shipmentId>" or "r:<returnId>". */
	entries: Array<[string, string]>;
}

export interface SellerResolution {
	sellerId: string | null;
	/** How it was found. */
	via: 'location' | 'shipment' | 'return' | 'returnItemShipment' | 'none';
	/** True when the memory changed (and should be persisted). */
	learned: boolean;
}

export type LocationSellerMap = ReadonlyMap<string, string>;

const INITIAL_CAPACITY = 256;

/** Bounded map that forgets its oldest entry first. */
export class BoundedFifoMap {
	readonly maxEntries: number;
	private readonly index = new Map<string, number>();
	private ringKeys: Array<string | undefined>;
	private ringValues: Array<string | undefined>;
	private capacity: number;
	private head = 0;
	private used = 0;

	constructor(maxEntries: number) {
		this.maxEntries = Math.max(1, Math.floor(maxEntries));
		this.capacity = Math.min(this.maxEntries, INITIAL_CAPACITY);
		this.ringKeys = new Array<string | undefined>(this.capacity);
		this.ringValues = new Array<string | undefined>(this.capacity);
	}

	get size(): number {
		return this.index.size;
	}

	get(key: string): string | undefined {
		const slot = this.index.get(key);
		return slot === undefined ? undefined : this.ringValues[slot];
	}

	/** Sets a value; returns true when the map changed. A changed entry becomes the newest. */
	set(key: string, value: string): boolean {
		const slot = this.index.get(key);
		if (slot !== undefined) {
			if (this.ringValues[slot] === value) return false;
			this.ringKeys[slot] = undefined;
			this.ringValues[slot] = undefined;
			this.index.delete(key);
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

	entries(): Array<[string, string]> {
		const out: Array<[string, string]> = [];
		for (let i = 0; i < this.used; i += 1) {
			const slot = (this.head + i) % this.capacity;
			const key = this.ringKeys[slot];
			const value = this.ringValues[slot];
			if (key !== undefined && value !== undefined) out.push([key, value]);
		}
		return out;
	}

	clear(): void {
		this.index.clear();
		this.capacity = Math.min(this.maxEntries, INITIAL_CAPACITY);
		this.ringKeys = new Array<string | undefined>(this.capacity);
		this.ringValues = new Array<string | undefined>(this.capacity);
		this.head = 0;
		this.used = 0;
	}

	private dropOldest(): void {
		const key = this.ringKeys[this.head];
		if (key !== undefined) this.index.delete(key);
		this.ringKeys[this.head] = undefined;
		this.ringValues[this.head] = undefined;
		this.head = (this.head + 1) % this.capacity;
		this.used -= 1;
	}

	private grow(): void {
		const capacity = Math.min(this.maxEntries, this.capacity * 2);
		const keys = new Array<string | undefined>(capacity);
		const values = new Array<string | undefined>(capacity);
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

function idText(value: unknown): string | undefined {
	if (typeof value === 'string' && value.length > 0) return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: undefined;
}

/** The envelope's own value of a field, else the same field inside attributes. */
function envelopeField(envelope: Record<string, unknown>, name: string): string | undefined {
	return idText(envelope[name]) ?? idText(asRecord(envelope.attributes)?.[name]);
}

/** shipmentIds named by the returnItems of a return event. */
function returnItemShipmentIds(envelope: Record<string, unknown>): string[] {
	const items = asRecord(envelope.attributes)?.returnItems;
	if (!Array.isArray(items)) return [];
	const ids: string[] = [];
	for (const item of items.slice(0, 100)) {
		const id = idText(asRecord(item)?.shipmentId);
		if (id !== undefined && !ids.includes(id)) ids.push(id);
	}
	return ids;
}

export class SellerResolver {
	private readonly memory: BoundedFifoMap;

	constructor(maxRemembered: number) {
		this.memory = new BoundedFifoMap(maxRemembered);
	}

	get size(): number {
		return this.memory.size;
	}

	resolve(envelope: Record<string, unknown>, locations: LocationSellerMap): SellerResolution {
		if (locations.size === 0) return { sellerId: null, via: 'none', learned: false };

		const shipmentId = envelopeField(envelope, 'shipmentId');
		const returnId = envelopeField(envelope, 'returnId');
		const locationId = envelopeField(envelope, 'locationId');

		if (locationId !== undefined) {
			const sellerId = locations.get(locationId);
			if (sellerId !== undefined) {
				let learned = false;
				if (shipmentId !== undefined) learned = this.memory.set(`s:${shipmentId}`, sellerId) || learned;
				if (returnId !== undefined) learned = this.memory.set(`r:${returnId}`, sellerId) || learned;
				return { sellerId, via: 'location', learned };
			}
		}

		if (shipmentId !== undefined) {
			const sellerId = this.memory.get(`s:${shipmentId}`);
			if (sellerId !== undefined) return { sellerId, via: 'shipment', learned: false };
		}
		if (returnId !== undefined) {
			const sellerId = this.memory.get(`r:${returnId}`);
			if (sellerId !== undefined) return { sellerId, via: 'return', learned: false };
			for (const itemShipmentId of returnItemShipmentIds(envelope)) {
				const viaShipment = this.memory.get(`s:${itemShipmentId}`);
				if (viaShipment !== undefined) {
					const learned = this.memory.set(`r:${returnId}`, viaShipment);
					return { sellerId: viaShipment, via: 'returnItemShipment', learned };
				}
			}
		}
		return { sellerId: null, via: 'none', learned: false };
	}

	snapshot(): SellerMemorySnapshot {
		return { entries: this.memory.entries() };
	}

	restore(snapshot: SellerMemorySnapshot): void {
		this.memory.clear();
		const entries = snapshot.entries;
		for (let i = Math.max(0, entries.length - this.memory.maxEntries); i < entries.length; i += 1) {
			const entry = entries[i];
			if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string') {
				this.memory.set(entry[0], entry[1]);
			}
		}
	}
}

/** Builds the lookup from the node's fixedCollection rows; blank rows are skipped, last row wins. */
export function buildLocationSellerMap(
	rows: ReadonlyArray<{ locationId?: unknown; sellerId?: unknown }>,
): Map<string, string> {
	const map = new Map<string, string>();
	for (const row of rows) {
		const locationId = typeof row.locationId === 'string' ? row.locationId.trim() : '';
		const sellerId = typeof row.sellerId === 'string' ? row.sellerId.trim() : '';
		if (locationId.length > 0 && sellerId.length > 0) map.set(locationId, sellerId);
	}
	return map;
}
