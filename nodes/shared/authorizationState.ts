/**
 * The `state` of an authorization URL (opaque text against CSRF,
 * docs/marketplace-api/authentication.md#authorization-code-flow) as a signed, stateless
 * ticket: `v1.<payload>.<mac>`, where the payload (base64url JSON) names the seller reference the
 * partner chose, the App ID, and the issue and expiry times, and the mac is HMAC-SHA256 with the
 * app secret over the payload. Complete Authorization can then check a redirect without any
 * storage: a state it accepts was issued with this app's secret, for this reference, and is not
 * older than its validity.
 *
 * What it cannot see without storage is a replay of a genuine redirect within the validity: the
 * marketplace accepts each code once, so the second credential made from it fails its first
 * exchange ("already used").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
/** Separates this MAC from any other use of the app secret. */
const MAC_LABEL = 'marketplace-seller-authorization-state';
export const MAX_REFERENCE_LENGTH = 100;
/** How far a state's issue time may lie ahead of this clock (another n8n instance's clock). */
const CLOCK_LEEWAY_SECONDS = 60;

interface Payload {
	/** Seller reference. */
	r: string;
	/** App ID. */
	a: string;
	/** Issued at, epoch seconds. */
	i: number;
	/** Expires at, epoch seconds. */
	e: number;
}

export interface IssuedState {
	state: string;
	issuedAt: string;
	expiresAt: string;
}

export interface VerifiedState {
	sellerReference: string;
	issuedAt: string;
	expiresAt: string;
}

export type StateProblem = 'missing' | 'malformed' | 'wrongApp' | 'forged' | 'expired';

export type StateCheck =
	| { ok: true; verified: VerifiedState }
	| { ok: false; problem: StateProblem; appId?: string; expiresAt?: string };

function mac(appSecret: string, encodedPayload: string): string {
	return createHmac('sha256', appSecret)
		.update(`${MAC_LABEL}.${VERSION}.${encodedPayload}`)
		.digest('base64url');
}

function iso(seconds: number): string {
	return new Date(seconds * 1000).toISOString();
}

/** Why a seller reference cannot be used, or undefined when it can. */
export function referenceProblem(reference: string): string | undefined {
	if (reference === '') return 'is empty';
	if (reference.length > MAX_REFERENCE_LENGTH)
		return `is longer than ${MAX_REFERENCE_LENGTH} characters`;
	const control = [...reference].some(
		(char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f,
	);
	if (control) return 'contains a control character (such as a line break)';
	return undefined;
}

export function issueState(options: {
	appId: string;
	appSecret: string;
	sellerReference: string;
	validForSeconds: number;
	nowMs: number;
}): IssuedState {
	const issued = Math.floor(options.nowMs / 1000);
	const payload: Payload = {
		r: options.sellerReference,
		a: options.appId,
		i: issued,
		e: issued + options.validForSeconds,
	};
	const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
	return {
		state: `${VERSION}.${encoded}.${mac(options.appSecret, encoded)}`,
		issuedAt: iso(payload.i),
		expiresAt: iso(payload.e),
	};
}

function decodePayload(encoded: string): Payload | undefined {
	if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
	try {
		const value = JSON.parse(
			Buffer.from(encoded, 'base64url').toString('utf8'),
		) as Partial<Payload>;
		const valid =
			typeof value === 'object' &&
			value !== null &&
			typeof value.r === 'string' &&
			typeof value.a === 'string' &&
			Number.isSafeInteger(value.i) &&
			Number.isSafeInteger(value.e);
		return valid ? (value as Payload) : undefined;
	} catch {
		return undefined;
	}
}

function sameMac(expected: string, given: string): boolean {
	const a = Buffer.from(expected);
	const b = Buffer.from(given);
	return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a state against the credential's app. The app is compared before the signature only to
 * give a more useful message: a state naming another app fails the signature as well.
 */
export function verifyState(
	state: string,
	options: { appId: string; appSecret: string; nowMs: number },
): StateCheck {
	if (state === '') return { ok: false, problem: 'missing' };
	const parts = state.split('.');
	const payload = parts.length === 3 && parts[0] === VERSION ? decodePayload(parts[1]) : undefined;
	if (payload === undefined || referenceProblem(payload.r) !== undefined)
		return { ok: false, problem: 'malformed' };
	if (payload.a !== options.appId) return { ok: false, problem: 'wrongApp', appId: payload.a };
	const now = Math.floor(options.nowMs / 1000);
	if (
		!sameMac(mac(options.appSecret, parts[1]), parts[2]) ||
		payload.i > now + CLOCK_LEEWAY_SECONDS ||
		payload.e <= payload.i
	) {
		return { ok: false, problem: 'forged' };
	}
	if (now >= payload.e) return { ok: false, problem: 'expired', expiresAt: iso(payload.e) };
	return {
		ok: true,
		verified: { sellerReference: payload.r, issuedAt: iso(payload.i), expiresAt: iso(payload.e) },
	};
}
