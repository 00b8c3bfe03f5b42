/**
 * The notification signature (docs/marketplace-api/signature.md#signature-recipe, docs/marketplace-api/signature.md#parsing-the-header).
 *
 *   X_Authorization: <SCHEME> base64( appId ":" signature )
 *   signature = lowercase hex SHA-1( epochSeconds(X_Date) + registeredUrl + "POST" + appSecret )
 *
 * Parsing is byte-exact: the scheme word is matched case-insensitively, followed by one or more
 * spaces or tabs (the docs show one and two spaces) and a single token of canonical base64
 * (standard alphabet, padding present, no line breaks; anything that does not re-encode to the
 * same text is rejected). The decoded bytes are split at the first colon. The signature must be
 * exactly 40 lowercase hexadecimal ASCII characters; uppercase hex is rejected with its own
 * reason (the recipe says lowercase, and the worked example is lowercase).
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type AuthorizationFailure =
	| 'wrong_scheme'
	| 'malformed_authorization'
	| 'invalid_base64'
	| 'missing_colon'
	| 'signature_length'
	| 'signature_not_hex'
	| 'signature_uppercase_hex';

export type ParsedAuthorization =
	| { ok: true; appId: Buffer; signature: Buffer }
	| { ok: false; reason: AuthorizationFailure };

/** Length of a SHA-1 digest written as hex. */
export const SIGNATURE_HEX_LENGTH = 40;

/** Upper bound for the header: scheme, spaces and base64 of a long app id plus 40 characters. */
const MAX_AUTHORIZATION_LENGTH = 1024;

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const SPACE = 0x20;
const TAB = 0x09;
const COLON = 0x3a;

function isSpaceOrTab(code: number): boolean {
	return code === SPACE || code === TAB;
}

/**
 * Decodes canonical base64 only. Returns undefined for an empty string, characters outside the
 * standard alphabet, missing or misplaced padding, and non-zero trailing bits (text that Node
 * would decode but that does not re-encode to itself).
 */
export function decodeStrictBase64(text: string): Buffer | undefined {
	if (text.length === 0 || text.length % 4 !== 0 || !CANONICAL_BASE64.test(text)) {
		return undefined;
	}
	// The bits after the last encoded byte must be zero, or the text is not the canonical
	// encoding of what it decodes to (Node would decode "YR==" to "a" like "YQ==").
	if (text.endsWith('==')) {
		if (BASE64_ALPHABET.indexOf(text[text.length - 3]) % 16 !== 0) return undefined;
	} else if (text.endsWith('=')) {
		if (BASE64_ALPHABET.indexOf(text[text.length - 2]) % 4 !== 0) return undefined;
	}
	return Buffer.from(text, 'base64');
}

/** Splits `<scheme><SP/HTAB>+<token>` and checks the scheme word case-insensitively. */
function extractCredentialsToken(
	header: string,
	schemeWord: string,
): { ok: true; token: string } | { ok: false; reason: AuthorizationFailure } {
	const scheme = header.slice(0, schemeWord.length);
	if (scheme.toLowerCase() !== schemeWord.toLowerCase()) {
		return { ok: false, reason: 'wrong_scheme' };
	}
	let index = schemeWord.length;
	if (index >= header.length || !isSpaceOrTab(header.charCodeAt(index))) {
		// "MKTLOGINX..." is another scheme word; "MKTLOGIN" alone has no credentials.
		return {
			ok: false,
			reason: index >= header.length ? 'malformed_authorization' : 'wrong_scheme',
		};
	}
	while (index < header.length && isSpaceOrTab(header.charCodeAt(index))) index += 1;
	const token = header.slice(index);
	if (token.length === 0) return { ok: false, reason: 'malformed_authorization' };
	for (let i = 0; i < token.length; i += 1) {
		const code = token.charCodeAt(i);
		if (code <= SPACE || code >= 0x7f) return { ok: false, reason: 'malformed_authorization' };
	}
	return { ok: true, token };
}

function classifySignature(signature: Buffer): AuthorizationFailure | undefined {
	if (signature.length !== SIGNATURE_HEX_LENGTH) return 'signature_length';
	let upper = false;
	for (const byte of signature) {
		const digit = byte >= 0x30 && byte <= 0x39;
		const lower = byte >= 0x61 && byte <= 0x66;
		if (digit || lower) continue;
		if (byte >= 0x41 && byte <= 0x46) {
			upper = true;
			continue;
		}
		return 'signature_not_hex';
	}
	return upper ? 'signature_uppercase_hex' : undefined;
}

/** Parses an X_Authorization value. Never throws. */
export function parseAuthorization(header: string, schemeWord: string): ParsedAuthorization {
	if (schemeWord.length === 0 || header.length > MAX_AUTHORIZATION_LENGTH) {
		return {
			ok: false,
			reason: header.length > MAX_AUTHORIZATION_LENGTH ? 'malformed_authorization' : 'wrong_scheme',
		};
	}
	const extracted = extractCredentialsToken(header, schemeWord);
	if (!extracted.ok) return extracted;

	const decoded = decodeStrictBase64(extracted.token);
	if (decoded === undefined) return { ok: false, reason: 'invalid_base64' };

	const colon = decoded.indexOf(COLON);
	if (colon < 0) return { ok: false, reason: 'missing_colon' };

	const appId = decoded.subarray(0, colon);
	const signature = decoded.subarray(colon + 1);
	const signatureProblem = classifySignature(signature);
	if (signatureProblem !== undefined) return { ok: false, reason: signatureProblem };
	return { ok: true, appId, signature };
}

/**
 * Lowercase hex SHA-1 of `dateInput + registeredUrl + "POST" + appSecret`, where dateInput is
 * the decimal epoch seconds of X_Date (the raw X_Date text for the optional fallback).
 */
export function computeSignature(
	dateInput: string,
	registeredUrl: string,
	appSecret: string,
): string {
	// createHash, not the one-shot crypto.hash: crypto.hash exists only from Node 20.12, createHash
	// on every Node that n8n runs on.
	return createHash('sha1').update(`${dateInput}${registeredUrl}POST${appSecret}`).digest('hex');
}

/** Constant-time equality of two byte strings; unequal lengths are unequal without comparing. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
	if (a.length !== b.length) return false;
	return timingSafeEqual(a, b);
}

/** Builds an X_Authorization value (the tests sign with it; the simulator has its own signer). */
export function buildAuthorization(schemeWord: string, appId: string, signature: string): string {
	return `${schemeWord} ${Buffer.from(`${appId}:${signature}`, 'utf8').toString('base64')}`;
}
