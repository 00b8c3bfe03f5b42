/**
 * The `state` of an authorization URL (opaque text against CSRF,
 * docs/marketplace-api/authentication.md#authorization-code-flow) as a signed, stateless
 * ticket: `v1.<payload>.<mac>`, where the payload (base64url JSON) names the seller reference the
 * partner chose, the App ID, the issue and expiry times and a random nonce, and the mac is HMAC-SHA256 with the
 * app secret over the payload. Connect Seller and Complete Authorization can then check a
 * redirect without any storage: a state it accepts was issued with this app's secret, for this reference, and is not
 * older than its validity.
 *
 * What it cannot see without storage is a second use of a genuine state within its validity:
 * the onboarding operations remember the states they accepted (actions/authorization/usedStates.ts,
 * docs/marketplace-seller-node.md#what-onboarding-guarantees).
 *
 * The MAC is checked before anything of the payload is read, so a state that fails it shows
 * nothing of what it carries; a state longer than any this module issues is not even decoded.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
/** Separates this MAC from any other use of the app secret. */
const MAC_LABEL = 'marketplace-seller-authorization-state';
export const MAX_REFERENCE_LENGTH = 100;
/** How far a state's issue time may lie ahead of this clock (another n8n instance's clock). */
const CLOCK_LEEWAY_SECONDS = 60;
/**
 * Longer than any state issued here: a 100-character reference of 4-byte characters and a
 * 100-character App ID encode to well under 1,200 characters.
 */
const MAX_STATE_LENGTH = 1_500;
/**
 * Characters a reference may not hold: controls (Cc), invisible formatting such as bidi overrides
 * and zero-width characters (Cf), surrogates (Cs), line and paragraph separators (Zl, Zp) and any
 * space separator other than the plain space. A reference names a credential and shows on pages.
 */
const FORBIDDEN_IN_REFERENCE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;

interface Payload {
	/** Seller reference. */
	r: string;
	/** App ID. */
	a: string;
	/** Issued at, epoch seconds. */
	i: number;
	/** Expires at, epoch seconds. */
	e: number;
	/**
	 * Random nonce: two links for one seller made in the same second are two links, so using one
	 * (each state is accepted once) leaves the other usable.
	 */
	n?: string;
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
	| { ok: false; problem: StateProblem; expiresAt?: string };

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
	if (FORBIDDEN_IN_REFERENCE.test(reference))
		return 'contains an invisible, control or line-breaking character';
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
		n: randomBytes(9).toString('base64url'),
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
			Number.isSafeInteger(value.e) &&
			(value.n === undefined || typeof value.n === 'string');
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
 * Checks a state against the credential's app: its shape, then the MAC, and only then what the
 * payload says. A state of another app fails the MAC (its secret differs); `wrongApp` is left
 * for two apps sharing one secret. No problem carries text from the state.
 */
export function verifyState(
	state: string,
	options: { appId: string; appSecret: string; nowMs: number },
): StateCheck {
	if (state === '') return { ok: false, problem: 'missing' };
	// Without a secret anyone could compute the MAC (callers refuse an empty secret first).
	if (options.appSecret === '') return { ok: false, problem: 'forged' };
	const parts = state.length > MAX_STATE_LENGTH ? [] : state.split('.');
	const shaped =
		parts.length === 3 &&
		parts[0] === VERSION &&
		/^[A-Za-z0-9_-]+$/.test(parts[1]) &&
		/^[A-Za-z0-9_-]{1,100}$/.test(parts[2]);
	if (!shaped) return { ok: false, problem: 'malformed' };
	if (!sameMac(mac(options.appSecret, parts[1]), parts[2])) return { ok: false, problem: 'forged' };
	const payload = decodePayload(parts[1]);
	if (payload === undefined || referenceProblem(payload.r) !== undefined)
		return { ok: false, problem: 'malformed' };
	if (payload.a !== options.appId) return { ok: false, problem: 'wrongApp' };
	const now = Math.floor(options.nowMs / 1000);
	if (payload.i > now + CLOCK_LEEWAY_SECONDS || payload.e <= payload.i) {
		return { ok: false, problem: 'forged' };
	}
	if (now >= payload.e) return { ok: false, problem: 'expired', expiresAt: iso(payload.e) };
	return {
		ok: true,
		verified: { sellerReference: payload.r, issuedAt: iso(payload.i), expiresAt: iso(payload.e) },
	};
}
