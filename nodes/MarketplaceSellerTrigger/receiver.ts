/**
 * The receiver pipeline, independent of n8n: headers and body in, a decision out.
 *
 *   verify signature -> parse body -> learn/resolve seller -> event filter -> dedup claim
 *
 * Everything from the signature check up to and including the dedup claim runs synchronously
 * (no await in between), so concurrent identical deliveries in one process cannot both be
 * claimed.
 */
import type { IDataObject } from 'n8n-workflow';

import { deliveryKeyOf, readExactJsonObject, type PushMemory } from './deliveryMemory';
import { isEventSelected } from '../shared/events';
import type { ReceiverSettings } from './settings';
import {
	readSignatureHeaders,
	verifyPush,
	type HeaderBag,
	type SignatureHeaders,
	type VerifyResult,
} from './verification/verifyPush';

import type { BadRequestReason, PushDecision } from './pushDecision';

export type { BadRequestReason, PushDecision };

/** Key of the item field that holds the verification metadata. */
export const VERIFICATION_FIELD = 'verification';

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
 * Verifies against the registered URL and, in test mode, against the node's Test URL: a push the
 * simulator sends to the Test URL is signed over it. A Test URL is only tried for a signature
 * that does not match the registered URL, so every other verdict stays the registered URL's.
 */
function verifySigned(
	headers: SignatureHeaders,
	settings: ReceiverSettings,
	nowSeconds: number,
): { result: VerifyResult; signedUrl: string } {
	const registered = {
		result: verifyPush(headers, settings.verify, nowSeconds),
		signedUrl: settings.verify.registeredUrl,
	};
	const { testUrl } = settings;
	if (
		testUrl === undefined ||
		registered.result.ok ||
		registered.result.reason !== 'signature_mismatch'
	)
		return registered;
	return {
		result: verifyPush(headers, { ...settings.verify, registeredUrl: testUrl }, nowSeconds),
		signedUrl: testUrl,
	};
}

/**
 * Decides what to do with one request. `nowMs` is the receiver clock in milliseconds.
 * Never throws for any request content.
 */
export async function handlePush(
	/** rawBody: the request's bytes, when n8n kept them (the delivery key reads numbers exactly). */
	request: { headers: HeaderBag; body: unknown; rawBody?: unknown },
	settings: ReceiverSettings,
	/** The node's delivery memory (the seller memory and the claim of the key). */
	memory: PushMemory,
	nowMs: number,
): Promise<PushDecision> {
	const nowSeconds = Math.floor(nowMs / 1000);
	const { result: verified, signedUrl } = verifySigned(
		readSignatureHeaders(request.headers),
		settings,
		nowSeconds,
	);
	if (!verified.ok) {
		return {
			action: 'reject',
			status: 401,
			reason: verified.reason,
			clockSkewSeconds: verified.clockSkewSeconds,
		};
	}

	const envelope = normalizeBody(request.body);
	if (envelope === undefined)
		return { action: 'badRequest', status: 400, reason: 'body_not_object' };
	const eventType = envelope.eventType;
	if (typeof eventType !== 'string' || eventType.length === 0) {
		return { action: 'badRequest', status: 400, reason: 'missing_event_type' };
	}

	// Learn from every verified event, selected or not: a workflow that listens only to
	// shipment_packed still needs shipment_created to know the seller. The seller comes from the
	// Location to Seller Map only: the body is not signed, so a `sellerId` in it is passed on as
	// `verification.sellerIdInBody`, never as the resolved seller.
	const seller = memory.resolveSeller(envelope, settings.locations);

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
		const verdict = memory.claim(key.compact, nowSeconds);
		if (verdict === 'inFlight') {
			return {
				action: 'inFlight',
				status: 200,
				eventType,
				dedupKey: key.hex,
				compactKey: key.compact,
			};
		}
		if (verdict === 'leasedElsewhere') {
			return {
				action: 'retryLater',
				status: 503,
				retryAfterSeconds: Math.max(1, memory.leaseSecondsLeft(key.compact, nowSeconds)),
				eventType,
				dedupKey: key.hex,
			};
		}
		if (verdict === 'duplicate') {
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
			signedUrl,
			registeredUrl: settings.verify.registeredUrl,
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
