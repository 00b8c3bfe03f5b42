/**
 * Location to seller resolution for partners who serve several sellers on one receiver URL
 * (docs/marketplace-api/notifications.md#partners-with-several-sellers; docs/marketplace-api/notifications.md#subscription).
 *
 * An event that carries a mapped locationId (shipment_created, shipment_cancelled, most return
 * events) resolves directly, and its shipmentId / returnId is remembered with the seller. Later
 * events of the same shipment or return carry no locationId and resolve through that memory.
 * A return event without a mapped location also tries the shipmentIds of its returnItems.
 * Unknown locations and unremembered shipments resolve to null.
 *
 * The memory is bounded: at most `maxRemembered` shipment and return ids, oldest forgotten
 * first (BoundedFifoMap, O(1) per event), and in bytes: an id longer than MAX_ID_LENGTH is not
 * learned (the marketplace's ids are far shorter; a 20 KB id in a signed push would otherwise
 * make each entry 20 KB of the workflow's static data).
 */
import { BoundedFifoMap } from './boundedFifo';

/** The longest shipment or return id remembered; longer ones resolve by location only. */
export const MAX_ID_LENGTH = 128;

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

/** The memory's key of an id, or undefined for an id too long to remember. */
function memoryKey(kind: 's' | 'r', id: string): string | undefined {
	return id.length <= MAX_ID_LENGTH ? `${kind}:${id}` : undefined;
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
	private readonly memory: BoundedFifoMap<string>;

	private changes = 0;

	constructor(maxRemembered: number) {
		this.memory = new BoundedFifoMap<string>(maxRemembered);
	}

	get size(): number {
		return this.memory.size;
	}

	/** Counts the changes of the memory: a writer saves it again only when this moved. */
	get version(): number {
		return this.changes;
	}

	resolve(envelope: Record<string, unknown>, locations: LocationSellerMap): SellerResolution {
		if (locations.size === 0) return { sellerId: null, via: 'none', learned: false };

		const shipmentId = envelopeField(envelope, 'shipmentId');
		const returnId = envelopeField(envelope, 'returnId');
		const locationId = envelopeField(envelope, 'locationId');
		const shipmentKey = shipmentId === undefined ? undefined : memoryKey('s', shipmentId);
		const returnKey = returnId === undefined ? undefined : memoryKey('r', returnId);

		if (locationId !== undefined) {
			const sellerId = locations.get(locationId);
			if (sellerId !== undefined) {
				let learned = false;
				for (const key of [shipmentKey, returnKey])
					if (key !== undefined) learned = this.memory.set(key, sellerId) || learned;
				if (learned) this.changes += 1;
				return { sellerId, via: 'location', learned };
			}
		}

		if (shipmentKey !== undefined) {
			const sellerId = this.memory.get(shipmentKey);
			if (sellerId !== undefined) return { sellerId, via: 'shipment', learned: false };
		}
		if (returnKey !== undefined) {
			const sellerId = this.memory.get(returnKey);
			if (sellerId !== undefined) return { sellerId, via: 'return', learned: false };
			for (const itemShipmentId of returnItemShipmentIds(envelope)) {
				const itemKey = memoryKey('s', itemShipmentId);
				const viaShipment = itemKey === undefined ? undefined : this.memory.get(itemKey);
				if (viaShipment !== undefined) {
					const learned = this.memory.set(returnKey, viaShipment);
					if (learned) this.changes += 1;
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
		this.changes += 1;
		this.memory.clear();
		const entries = snapshot.entries;
		for (let i = Math.max(0, entries.length - this.memory.maxEntries); i < entries.length; i += 1) {
			const entry = entries[i];
			if (
				Array.isArray(entry) &&
				typeof entry[0] === 'string' &&
				typeof entry[1] === 'string' &&
				// "s:" or "r:" and an id of at most MAX_ID_LENGTH: a longer one was saved by an
				// earlier version and is dropped alone.
				entry[0].length <= MAX_ID_LENGTH + 2
			) {
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
