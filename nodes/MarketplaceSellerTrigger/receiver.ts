/**
 * The receiver pipeline, independent of n8n: headers and body in, a decision out.
 *
 *   verify signature -> parse body -> learn/resolve seller -> event filter -> dedup claim
 *
 * Everything from the signature check up to and including the dedup claim runs synchronously
 * (no await in between), so concurrent identical deliveries in one process cannot both be
 * claimed. Only a store that answers with a promise (a future shared store) is awaited.
 */
import type { IDataObject } from 'n8n-workflow';

import { setAsNewest } from './boundedFifo';
import { deliveryKeyOf } from './dedup/deliveryKey';
import { readExactJsonObject } from './dedup/exactJson';
import { InMemoryDeliveryStore, type DeliveryStore } from './dedup/deliveryStore';
import type { ReceiverPersistence } from './dedup/persistence';
import { isEventSelected } from './events';
import { SellerResolver, type SellerResolution } from './sellerMap';
import {
	readSignatureHeaders,
	verifyPush,
	type HeaderBag,
	type VerifyFailureReason,
	type VerifyOptions,
} from './verification/verifyPush';

export interface DedupSettings {
	enabled: boolean;
	/** Seconds a delivery is remembered; never less than the replay window (see effectiveRetention). */
	retentionSeconds: number;
	maxEntries: number;
}

export interface ReceiverSettings {
	verify: VerifyOptions;
	/** Selected eventType strings; "*" selects all, unknown types included. */
	events: readonly string[];
	dedup: DedupSettings;
	/** locationId -> sellerId; empty when the user maps nothing. */
	locations: ReadonlyMap<string, string>;
	/** Bound of the shipmentId/returnId -> sellerId memory. */
	sellerMemorySize: number;
}

export interface ReceiverState {
	readonly deliveries: DeliveryStore;
	readonly sellers: SellerResolver;
	/** The limits the state was built with; a change rebuilds the state. */
	readonly limits: string;
	/**
	 * The stored deliveries text this process last read or wrote. Another process (queue mode,
	 * several webhook processes) wrote the row when the text n8n hands a request differs.
	 */
	storedDeliveries: unknown;
	/**
	 * Learned from the first push answered 200 that no execute step of this process confirmed:
	 * executions run in other processes (queue mode workers). See docs/trigger-durability.md.
	 */
	executionsElsewhere: boolean;
}

export type BadRequestReason = 'body_not_object' | 'missing_event_type' | 'body_too_deep';

export type PushDecision =
	| { action: 'reject'; status: 401; reason: VerifyFailureReason; clockSkewSeconds?: number }
	| { action: 'badRequest'; status: 400; reason: BadRequestReason }
	| {
			action: 'ignore';
			status: 200;
			reason: 'duplicate' | 'event_not_selected';
			eventType: string;
			dedupKey?: string;
			sellerLearned: boolean;
	  }
	| {
			/** The same delivery is being run by a request still in flight in this process. */
			action: 'inFlight';
			status: 200;
			eventType: string;
			dedupKey: string;
			compactKey: string;
	  }
	| {
			action: 'accept';
			status: 200;
			item: IDataObject;
			dedupKey: string;
			/** The key as the delivery store holds it, when it was claimed (pending until confirmed). */
			claimedKey?: string;
			sellerLearned: boolean;
	  };

/** Key of the item field that holds the verification metadata. */
export const VERIFICATION_FIELD = 'verification';

/**
 * A delivery must be remembered at least as long as a replay of it would pass the replay
 * window, otherwise an exact replay inside the window would run the workflow twice.
 */
export function effectiveRetention(settings: ReceiverSettings): number {
	return Math.max(settings.dedup.retentionSeconds, settings.verify.replayWindowSeconds);
}

function limitsOf(settings: ReceiverSettings): string {
	return `${settings.dedup.maxEntries}/${effectiveRetention(settings)}/${settings.sellerMemorySize}`;
}

export function createReceiverState(settings: ReceiverSettings): ReceiverState {
	return {
		deliveries: new InMemoryDeliveryStore({
			maxEntries: settings.dedup.maxEntries,
			retentionSeconds: effectiveRetention(settings),
		}),
		sellers: new SellerResolver(settings.sellerMemorySize),
		limits: limitsOf(settings),
		storedDeliveries: undefined,
		executionsElsewhere: false,
	};
}

/** Module-level states, one per workflow + node + mode, bounded in number. */
const MAX_STATES = 256;
const states = new Map<string, ReceiverState>();

/**
 * The state of one trigger node. Created on first use in this process and restored from the
 * persistence adapter (after an n8n restart that is the only memory there is); rebuilt, keeping
 * its entries, when the limits changed.
 */
export function getReceiverState(
	stateKey: string,
	settings: ReceiverSettings,
	persistence: ReceiverPersistence,
	nowSeconds: number,
): ReceiverState {
	const existing = states.get(stateKey);
	const limits = limitsOf(settings);
	if (existing !== undefined && existing.limits === limits) {
		mergeStoredDeliveries(existing, persistence, nowSeconds);
		return existing;
	}

	const state = createReceiverState(settings);
	if (existing !== undefined) {
		state.executionsElsewhere = existing.executionsElsewhere;
		state.deliveries.restore(existing.deliveries.snapshot(nowSeconds), nowSeconds);
		// Requests in flight keep their claims: their answers settle them in the new state.
		for (const key of existing.deliveries.pendingKeys()) state.deliveries.claim(key, nowSeconds);
	}
	mergeStoredDeliveries(state, persistence, nowSeconds);
	const sellers = existing?.sellers.snapshot() ?? persistence.loadSellerMemory();
	if (sellers !== undefined) state.sellers.restore(sellers);

	setAsNewest(states, stateKey, state, MAX_STATES);
	return state;
}

/**
 * Takes in what other processes remembered: n8n hands every request the row as stored, and a
 * text other than the one this process last read or wrote means someone else wrote it. Only
 * then is it decoded and merged, so the webhook path stays a string comparison.
 */
function mergeStoredDeliveries(state: ReceiverState, persistence: ReceiverPersistence, nowSeconds: number): void {
	const stored = persistence.deliveriesText();
	if (stored === state.storedDeliveries) return;
	state.storedDeliveries = stored;
	const snapshot = persistence.loadDeliveries();
	if (snapshot !== undefined) state.deliveries.merge(snapshot, nowSeconds);
}

/** The state of a trigger node in this process, if it has one (the execute step's confirmation). */
export function findReceiverState(stateKey: string): ReceiverState | undefined {
	return states.get(stateKey);
}

/** Forgets all module-level states (tests). */
export function resetReceiverStates(): void {
	states.clear();
}

/** Turns the request body into a plain object, or undefined. */
export function normalizeBody(body: unknown): Record<string, unknown> | undefined {
	let value = body;
	if (typeof value === 'string' || value instanceof Uint8Array) {
		const text = typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
		try {
			value = JSON.parse(text);
		} catch {
			return undefined;
		}
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	return value as Record<string, unknown>;
}

/** The body read again with exact numbers, for the delivery key; undefined when not text. */
function exactEnvelope(body: unknown): Record<string, unknown> | undefined {
	if (typeof body === 'string') return readExactJsonObject(body);
	if (body instanceof Uint8Array) return readExactJsonObject(Buffer.from(body).toString('utf8'));
	return undefined;
}

/**
 * The seller comes from the Location to Seller Map only. The body is not signed, so a `sellerId`
 * in it is passed on as `verification.sellerIdInBody`, never as the resolved seller.
 */
function resolveSeller(
	envelope: Record<string, unknown>,
	settings: ReceiverSettings,
	state: ReceiverState,
): SellerResolution {
	return state.sellers.resolve(envelope, settings.locations);
}

/**
 * Decides what to do with one request. `nowMs` is the receiver clock in milliseconds.
 * Never throws for any request content.
 */
export async function handlePush(
	/** rawBody: the request's bytes, when n8n kept them (the delivery key reads numbers exactly). */
	request: { headers: HeaderBag; body: unknown; rawBody?: unknown },
	settings: ReceiverSettings,
	state: ReceiverState,
	nowMs: number,
): Promise<PushDecision> {
	const nowSeconds = Math.floor(nowMs / 1000);
	const verified = verifyPush(readSignatureHeaders(request.headers), settings.verify, nowSeconds);
	if (!verified.ok) {
		return {
			action: 'reject',
			status: 401,
			reason: verified.reason,
			clockSkewSeconds: verified.clockSkewSeconds,
		};
	}

	const envelope = normalizeBody(request.body);
	if (envelope === undefined) return { action: 'badRequest', status: 400, reason: 'body_not_object' };
	const eventType = envelope.eventType;
	if (typeof eventType !== 'string' || eventType.length === 0) {
		return { action: 'badRequest', status: 400, reason: 'missing_event_type' };
	}

	// Learn from every verified event, selected or not: a workflow that listens only to
	// shipment_packed still needs shipment_created to know the seller.
	const seller = resolveSeller(envelope, settings, state);

	if (!isEventSelected(eventType, settings.events)) {
		return {
			action: 'ignore',
			status: 200,
			reason: 'event_not_selected',
			eventType,
			sellerLearned: seller.learned,
		};
	}

	const key = deliveryKeyOf(exactEnvelope(request.rawBody ?? request.body) ?? envelope);
	if (key === undefined) return { action: 'badRequest', status: 400, reason: 'body_too_deep' };

	if (settings.dedup.enabled) {
		const claim = state.deliveries.claim(key.compact, nowSeconds);
		const claimed = typeof claim === 'boolean' ? claim : await claim;
		if (!claimed && state.deliveries.isPending(key.compact)) {
			return { action: 'inFlight', status: 200, eventType, dedupKey: key.hex, compactKey: key.compact };
		}
		if (!claimed) {
			return {
				action: 'ignore',
				status: 200,
				reason: 'duplicate',
				eventType,
				dedupKey: key.hex,
				sellerLearned: seller.learned,
			};
		}
	}

	const item: IDataObject = {
		...(envelope as IDataObject),
		sellerId: seller.sellerId,
		dedupKey: key.hex,
		[VERIFICATION_FIELD]: {
			appId: verified.appId,
			xDate: verified.xDate,
			xDateEpoch: verified.xDateEpoch,
			clockSkewSeconds: verified.clockSkewSeconds,
			signedWith: verified.signedWith,
			sellerResolvedVia: seller.via,
			...(envelope.sellerId !== undefined ? { sellerIdInBody: envelope.sellerId } : {}),
			receivedAt: new Date(nowMs).toISOString(),
		},
	};
	return {
		action: 'accept',
		status: 200,
		item,
		dedupKey: key.hex,
		claimedKey: settings.dedup.enabled ? key.compact : undefined,
		sellerLearned: seller.learned,
	};
}

/**
 * Writes what changed through the persistence adapter, for requests that do not start an
 * execution (n8n saves their static data before answering). An accepted push is persisted by
 * the node's execute step instead, once its execution exists (see saveConfirmed).
 */
export function persistReceiverState(
	decision: PushDecision,
	state: ReceiverState,
	persistence: ReceiverPersistence,
	nowSeconds: number,
): void {
	// The whole (merged) set is written again on a duplicate: concurrent writers each save their
	// own snapshot and the last one wins, so a later request repairs a row that lost a key.
	if (decision.action === 'ignore' && decision.reason === 'duplicate') {
		state.storedDeliveries = persistence.saveDeliveries(state.deliveries.snapshot(nowSeconds));
	}
	if ((decision.action === 'accept' || decision.action === 'ignore') && decision.sellerLearned) {
		persistence.saveSellerMemory(state.sellers.snapshot());
	}
}
