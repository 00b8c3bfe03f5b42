/**
 * Verification of one push notification: headers in, typed verdict out. Pure (the clock is a
 * parameter), never throws.
 *
 * Order of checks: header presence, X_Date syntax, X_Authorization syntax, App ID, signature,
 * then the replay window. The window comes last so that "date_outside_window" is only ever
 * reported for a request that was genuinely signed with the app secret: that is the case an
 * operator must notice (late retries, clock drift), while forgeries show up as
 * "signature_mismatch".
 */
import { parseHttpDate } from './httpDate';
import {
	type AuthorizationFailure,
	computeSignature,
	constantTimeEqual,
	parseAuthorization,
} from './signature';

export type VerifyFailureReason =
	| 'missing_headers'
	| 'missing_date'
	| 'missing_authorization'
	| 'empty_date'
	| 'empty_authorization'
	| 'conflicting_headers'
	| 'malformed_date'
	| AuthorizationFailure
	| 'wrong_app_id'
	| 'signature_mismatch'
	| 'date_outside_window'
	| 'invalid_configuration'
	| 'verification_error';

export interface VerifyOptions {
	/** App ID of the credential; the decoded App ID must equal it byte for byte. */
	appId: string;
	/** App secret of the credential. Must not be empty: an empty secret makes signatures forgeable. */
	appSecret: string;
	/** The receiver URL exactly as registered with the marketplace. */
	registeredUrl: string;
	/** Scheme word of X_Authorization, matched case-insensitively. */
	schemeWord: string;
	/** Largest accepted |now - X_Date| in seconds (inclusive). */
	replayWindowSeconds: number;
	/**
	 * Also accept a signature computed over the raw X_Date text instead of its epoch seconds
	 * (docs/marketplace-api/discrepancies.md#signature-date-form). Off by default.
	 */
	acceptRawDateSignature?: boolean;
}

export interface SignatureHeaders {
	date: string | undefined;
	authorization: string | undefined;
	/** True when both spellings of a header were present with different values. */
	conflict: boolean;
}

export interface VerifiedPush {
	ok: true;
	appId: string;
	xDate: string;
	xDateEpoch: number;
	/** now - X_Date in seconds: positive when X_Date lies in the past. */
	clockSkewSeconds: number;
	/** What the signature was computed over. */
	signedWith: 'epoch' | 'rawDate';
}

export interface RejectedPush {
	ok: false;
	reason: VerifyFailureReason;
	/** Known when X_Date parsed; useful in logs for date_outside_window. */
	clockSkewSeconds?: number;
}

export type VerifyResult = VerifiedPush | RejectedPush;

export type HeaderBag = Record<string, string | string[] | undefined>;

/** Header names as Node delivers them (lower-cased). */
export const DATE_HEADERS = ['x_date', 'x-date'] as const;
export const AUTHORIZATION_HEADERS = ['x_authorization', 'x-authorization'] as const;

function readOne(
	headers: HeaderBag,
	names: readonly string[],
): { value: string | undefined; conflict: boolean } {
	let value: string | undefined;
	let conflict = false;
	for (const name of names) {
		const raw = headers[name];
		if (raw === undefined) continue;
		// Repeated headers arrive as an array (or joined with ", " for unknown names in Node):
		// either way not a single valid value. Keep a marker that fails parsing.
		const text = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.join(', ') : String(raw);
		if (value === undefined) value = text;
		else if (value !== text) conflict = true;
	}
	return { value, conflict };
}

/**
 * Reads X_Date and X_Authorization. Both the underscore names the marketplace sends and the
 * dash names some proxies rewrite them to are accepted: header names are not signed, so an
 * attacker gains nothing from either spelling, and a rewriting proxy keeps working. If both
 * spellings are present with different values, the request is rejected as ambiguous.
 */
export function readSignatureHeaders(headers: HeaderBag): SignatureHeaders {
	const date = readOne(headers, DATE_HEADERS);
	const authorization = readOne(headers, AUTHORIZATION_HEADERS);
	return {
		date: date.value,
		authorization: authorization.value,
		conflict: date.conflict || authorization.conflict,
	};
}

/** Whether the verification options can verify anything at all. */
export function verifyOptionsProblem(options: VerifyOptions): string | undefined {
	if (typeof options.appId !== 'string' || options.appId.length === 0) return 'App ID is empty';
	if (typeof options.appSecret !== 'string' || options.appSecret.length === 0) {
		return 'App Secret is empty';
	}
	if (typeof options.registeredUrl !== 'string' || options.registeredUrl.length === 0) {
		return 'Registered Receiver URL is empty';
	}
	if (
		typeof options.schemeWord !== 'string' ||
		!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(options.schemeWord)
	) {
		return 'Signature Scheme Word must be a single token';
	}
	if (!Number.isInteger(options.replayWindowSeconds) || options.replayWindowSeconds < 1) {
		return 'Replay Window must be a whole number of seconds, at least 1';
	}
	return undefined;
}

function signatureMatches(expectedHex: string, signature: Buffer): boolean {
	return constantTimeEqual(Buffer.from(expectedHex, 'latin1'), signature);
}

/**
 * Verifies the signature headers of one push notification against the credential and the
 * registered URL. `nowSeconds` is the receiver's clock in Unix seconds.
 */
export function verifyPush(
	headers: SignatureHeaders,
	options: VerifyOptions,
	nowSeconds: number,
): VerifyResult {
	try {
		if (verifyOptionsProblem(options) !== undefined || !Number.isFinite(nowSeconds)) {
			return { ok: false, reason: 'invalid_configuration' };
		}
		const { date, authorization } = headers;
		if (date === undefined && authorization === undefined) {
			return { ok: false, reason: 'missing_headers' };
		}
		if (date === undefined) return { ok: false, reason: 'missing_date' };
		if (authorization === undefined) return { ok: false, reason: 'missing_authorization' };
		if (headers.conflict) return { ok: false, reason: 'conflicting_headers' };
		if (date.length === 0) return { ok: false, reason: 'empty_date' };
		if (authorization.length === 0) return { ok: false, reason: 'empty_authorization' };

		const parsedDate = parseHttpDate(date, nowSeconds);
		if (!parsedDate.ok) return { ok: false, reason: 'malformed_date' };

		const parsedAuth = parseAuthorization(authorization, options.schemeWord);
		if (!parsedAuth.ok) return { ok: false, reason: parsedAuth.reason };

		if (!constantTimeEqual(parsedAuth.appId, Buffer.from(options.appId, 'utf8'))) {
			return { ok: false, reason: 'wrong_app_id' };
		}

		const epoch = parsedDate.epochSeconds;
		let signedWith: VerifiedPush['signedWith'] | undefined;
		if (
			signatureMatches(
				computeSignature(String(epoch), options.registeredUrl, options.appSecret),
				parsedAuth.signature,
			)
		) {
			signedWith = 'epoch';
		} else if (
			options.acceptRawDateSignature === true &&
			signatureMatches(
				computeSignature(date, options.registeredUrl, options.appSecret),
				parsedAuth.signature,
			)
		) {
			signedWith = 'rawDate';
		}
		if (signedWith === undefined) return { ok: false, reason: 'signature_mismatch' };

		const clockSkewSeconds = Math.floor(nowSeconds) - epoch;
		if (Math.abs(clockSkewSeconds) > options.replayWindowSeconds) {
			return { ok: false, reason: 'date_outside_window', clockSkewSeconds };
		}

		return {
			ok: true,
			appId: options.appId,
			xDate: date,
			xDateEpoch: epoch,
			clockSkewSeconds,
			signedWith,
		};
	} catch {
		// Nothing above is expected to throw; if something does, the request is not verified.
		return { ok: false, reason: 'verification_error' };
	}
}
