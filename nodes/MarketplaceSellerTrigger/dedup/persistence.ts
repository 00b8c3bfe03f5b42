/**
 * Persistence of the receiver's memory across n8n restarts, behind an adapter so the mechanism
 * can be swapped (for example for a shared store in queue mode).
 *
 * The static-data adapter writes each part as ONE fresh top-level string of the node's static
 * data (`getWorkflowStaticData('node')`), holding the whole bounded set. Assigning a top-level
 * value is what n8n's change tracking (ObservableObject) reliably sees, and writing the whole
 * set means the last writer still leaves a complete set behind.
 *
 * Delivery snapshot format "1": `1|<t0>|<key><dt>,<key><dt>,...` where key is the 22-character
 * base64url delivery key, t0 the first entry's time in seconds and dt the signed difference, in
 * decimal seconds, to the previous entry's time (entries are in claim order, so dt is small).
 * About 24 bytes per remembered key. Keys of any other shape fall back to format "J" (JSON).
 * Anything that does not decode cleanly is ignored as a whole (start empty) rather than
 * half-trusted.
 */
import type { IDataObject } from 'n8n-workflow';

import type { DeliverySnapshot } from './deliveryStore';
import type { SellerMemorySnapshot } from '../sellerMap';

export interface ReceiverPersistence {
	/** The stored deliveries as they are (compared, not decoded, on the webhook path). */
	deliveriesText(): unknown;
	loadDeliveries(): DeliverySnapshot | undefined;
	/** Stores the snapshot; returns the stored text. */
	saveDeliveries(snapshot: DeliverySnapshot): unknown;
	loadSellerMemory(): SellerMemorySnapshot | undefined;
	saveSellerMemory(snapshot: SellerMemorySnapshot): void;
}

/** Names of the node static data fields this node owns. */
export const STATIC_DATA_FIELDS = {
	deliveries: 'rememberedDeliveries',
	sellerMemory: 'rememberedSellers',
} as const;

const COMPACT_KEY = /^[A-Za-z0-9_-]{22}$/;
const DECIMAL_INT = /^-?[0-9]{1,15}$/;

/** Cheap shape check for encoding (decoding checks the full alphabet). */
function encodable(key: string): boolean {
	return key.length === 22 && !key.includes(',') && !key.includes('|');
}

export function encodeDeliverySnapshot(snapshot: DeliverySnapshot): string {
	const { keys, seenAt } = snapshot;
	const count = Math.min(keys.length, seenAt.length);
	const t0 = count > 0 ? Math.floor(seenAt[0]) : 0;
	let previous = t0;
	// Appended to one string (cheaper than an array of parts joined: this runs on every accepted
	// or duplicate push over the whole set).
	let entries = '';
	for (let i = 0; i < count; i += 1) {
		const key = keys[i];
		const at = Math.floor(seenAt[i]);
		if (!encodable(key) || !Number.isSafeInteger(at)) {
			return `J${JSON.stringify({ keys: keys.slice(0, count), seenAt: seenAt.slice(0, count).map(Math.floor) })}`;
		}
		entries += i === 0 ? `${key}${at - previous}` : `,${key}${at - previous}`;
		previous = at;
	}
	return `1|${t0}|${entries}`;
}

function decodeJsonSnapshot(text: string): DeliverySnapshot | undefined {
	try {
		const parsed: unknown = JSON.parse(text);
		if (typeof parsed !== 'object' || parsed === null) return undefined;
		const { keys, seenAt } = parsed as { keys?: unknown; seenAt?: unknown };
		if (!Array.isArray(keys) || !Array.isArray(seenAt) || keys.length !== seenAt.length) {
			return undefined;
		}
		if (!keys.every((key) => typeof key === 'string')) return undefined;
		if (!seenAt.every((at) => typeof at === 'number' && Number.isFinite(at))) return undefined;
		return { keys: keys as string[], seenAt: seenAt as number[] };
	} catch {
		return undefined;
	}
}

export function decodeDeliverySnapshot(text: unknown): DeliverySnapshot | undefined {
	if (typeof text !== 'string') return undefined;
	if (text.startsWith('J')) return decodeJsonSnapshot(text.slice(1));
	const fields = text.split('|');
	if (fields.length !== 3 || fields[0] !== '1' || !DECIMAL_INT.test(fields[1])) return undefined;
	let previous = Number(fields[1]);
	if (fields[2].length === 0) return { keys: [], seenAt: [] };
	const entries = fields[2].split(',');
	const keys = new Array<string>(entries.length);
	const seenAt = new Array<number>(entries.length);
	for (let i = 0; i < entries.length; i += 1) {
		const entry = entries[i];
		const key = entry.slice(0, 22);
		const delta = entry.slice(22);
		if (!COMPACT_KEY.test(key) || !DECIMAL_INT.test(delta)) return undefined;
		previous += Number(delta);
		if (!Number.isSafeInteger(previous)) return undefined;
		keys[i] = key;
		seenAt[i] = previous;
	}
	return { keys, seenAt };
}

/** Seller memory as JSON with a seller table: `{"v":1,"s":[sellers],"r":[ref,sellerIndex,...]}`. */
export function encodeSellerMemory(snapshot: SellerMemorySnapshot): string {
	const sellers: string[] = [];
	const sellerIndex = new Map<string, number>();
	const refs: Array<string | number> = [];
	for (const [ref, sellerId] of snapshot.entries) {
		let index = sellerIndex.get(sellerId);
		if (index === undefined) {
			index = sellers.length;
			sellers.push(sellerId);
			sellerIndex.set(sellerId, index);
		}
		refs.push(ref, index);
	}
	return JSON.stringify({ v: 1, s: sellers, r: refs });
}

export function decodeSellerMemory(text: unknown): SellerMemorySnapshot | undefined {
	if (typeof text !== 'string') return undefined;
	try {
		const parsed = JSON.parse(text) as { v?: unknown; s?: unknown; r?: unknown };
		if (parsed?.v !== 1 || !Array.isArray(parsed.s) || !Array.isArray(parsed.r)) return undefined;
		const sellers = parsed.s;
		const refs = parsed.r;
		if (refs.length % 2 !== 0) return undefined;
		const entries: Array<[string, string]> = [];
		for (let i = 0; i < refs.length; i += 2) {
			const ref = refs[i];
			const index = refs[i + 1];
			if (typeof ref !== 'string' || typeof index !== 'number') return undefined;
			const sellerId = sellers[index];
			if (typeof sellerId !== 'string') return undefined;
			entries.push([ref, sellerId]);
		}
		return { entries };
	} catch {
		return undefined;
	}
}

/**
 * Adapter over the node's workflow static data. Create one per webhook call: n8n hands every
 * request its own static data object and saves it after the request was answered.
 */
export function staticDataPersistence(staticData: IDataObject): ReceiverPersistence {
	return {
		deliveriesText: () => staticData[STATIC_DATA_FIELDS.deliveries],
		loadDeliveries: () => decodeDeliverySnapshot(staticData[STATIC_DATA_FIELDS.deliveries]),
		saveDeliveries: (snapshot) => {
			const text = encodeDeliverySnapshot(snapshot);
			staticData[STATIC_DATA_FIELDS.deliveries] = text;
			return text;
		},
		loadSellerMemory: () => decodeSellerMemory(staticData[STATIC_DATA_FIELDS.sellerMemory]),
		saveSellerMemory: (snapshot) => {
			staticData[STATIC_DATA_FIELDS.sellerMemory] = encodeSellerMemory(snapshot);
		},
	};
}

/** Adapter that remembers nothing across restarts (manual test runs). */
export const noPersistence: ReceiverPersistence = {
	deliveriesText: () => undefined,
	loadDeliveries: () => undefined,
	saveDeliveries: () => undefined,
	loadSellerMemory: () => undefined,
	saveSellerMemory: () => undefined,
};
