/**
 * The delivery memory in the workflow's static data: the fields it owns, their small formats (the
 * seller memory, the tentative list) and the adapter that reads and writes them per request. The
 * remembered deliveries' own format is deliveryLog.ts.
 *
 * The static-data adapter writes each part as ONE fresh top-level value of the node's static
 * data (`getWorkflowStaticData('node')`), stored as a string holding the whole bounded set.
 * Assigning a top-level value is what n8n's change tracking (ObservableObject) reliably sees, and
 * writing the whole set means the last writer still leaves a complete set behind. The deliveries'
 * text is made by their DeliveryLog (dedup/deliveryLog.ts), kept up to date by appending, and
 * read when n8n saves (DeliveriesAtSave below).
 */
import type { IDataObject } from 'n8n-workflow';

import type { SellerMemorySnapshot } from '../sellerMap';

/**
 * A delivery saved before its run is known (queue mode): stored apart from the remembered
 * deliveries, as a short list of pushes in flight, each with the time it was accepted and the
 * memory (writer tag) that accepted it. The rules that use it are in memory.ts.
 */
export interface TentativeDelivery {
	key: string;
	/** Unix seconds at which it was accepted. */
	at: number;
	/** The writer tag of the memory that accepted it. */
	origin: string;
}

const TENTATIVE_KEY = /^[A-Za-z0-9_-]{11}$/;
const TENTATIVE_ORIGIN = /^[A-Za-z0-9_-]{1,32}$/;

/** The tentative list as stored: `<key>.<at>.<origin>` joined by commas. */
export function encodeTentative(entries: TentativeDelivery[]): string {
	return entries.map((e) => `${e.key}.${e.at}.${e.origin}`).join(',');
}

/** The entries of a stored tentative list; malformed entries are skipped. */
export function decodeTentative(text: unknown): TentativeDelivery[] {
	if (typeof text !== 'string' || text.length === 0) return [];
	const out: TentativeDelivery[] = [];
	for (const part of text.split(',')) {
		const [key, at, origin] = part.split('.');
		const seconds = Number(at);
		if (
			TENTATIVE_KEY.test(key ?? '') &&
			Number.isSafeInteger(seconds) &&
			TENTATIVE_ORIGIN.test(origin ?? '')
		)
			out.push({ key, at: seconds, origin });
	}
	return out;
}

/**
 * The value the trigger writes as its remembered deliveries: a text made when n8n saves the
 * static data (docs/n8n-internals.md#static-data-serialised-at-save), not when it was written. So
 * an execution that ends after a newer one stores this process's memory as it is at that moment,
 * newer keys included (docs/trigger-durability.md#the-stored-text). Read back from the database it
 * is a plain string again.
 */
export class DeliveriesAtSave {
	constructor(
		private readonly textNow: () => string,
		/** Called at every save, before the text is made (the run's end in queue mode). */
		private readonly onSave?: () => void,
	) {}

	/** The text as n8n would store it now, without counting as a save. */
	text(): string {
		return this.textNow();
	}

	toJSON(): string {
		this.onSave?.();
		return this.textNow();
	}
}

/** The stored text of a static data value: a string as read from the database, or the text now. */
export function deliveriesTextOf(value: unknown): unknown {
	return value instanceof DeliveriesAtSave ? value.text() : value;
}

export interface ReceiverPersistence {
	/** The stored deliveries as they are (decoded by ForeignRows, deliveryLog.ts, when another writer wrote them). */
	deliveriesText(): unknown;
	/** Stores the deliveries: a text, or a value that makes its text when n8n saves it. */
	saveDeliveries(value: string | DeliveriesAtSave): void;
	/** The stored tentative deliveries (decodeTentative). */
	tentativeText(): unknown;
	/** Stores the tentative deliveries, like saveDeliveries. */
	saveTentative(value: string | DeliveriesAtSave): void;
	/** Marks the static data as changed, so that n8n's next save of it stores it. */
	touch(): void;
	loadSellerMemory(): SellerMemorySnapshot | undefined;
	saveSellerMemory(snapshot: SellerMemorySnapshot): void;
}

/** Names of the node static data fields this node owns. */
export const STATIC_DATA_FIELDS = {
	deliveries: 'rememberedDeliveries',
	tentative: 'unconfirmedDeliveries',
	sellerMemory: 'rememberedSellers',
} as const;

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
		deliveriesText: () => deliveriesTextOf(staticData[STATIC_DATA_FIELDS.deliveries]),
		saveDeliveries: (value) => {
			staticData[STATIC_DATA_FIELDS.deliveries] = value;
		},
		tentativeText: () => deliveriesTextOf(staticData[STATIC_DATA_FIELDS.tentative]),
		saveTentative: (value) => {
			staticData[STATIC_DATA_FIELDS.tentative] = value;
		},
		touch: () => {
			// n8n's static data marks itself changed on every assignment, even of the same value.
			const current = staticData[STATIC_DATA_FIELDS.deliveries];
			staticData[STATIC_DATA_FIELDS.deliveries] = current;
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
	saveDeliveries: () => undefined,
	tentativeText: () => undefined,
	saveTentative: () => undefined,
	touch: () => undefined,
	loadSellerMemory: () => undefined,
	saveSellerMemory: () => undefined,
};
