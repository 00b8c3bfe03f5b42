/**
 * What a redirect's `code` may be before either onboarding operation uses it: an opaque OAuth
 * authorization code (docs/marketplace-api/authentication.md#authorization-code-flow), never text
 * that n8n could read as an expression when it lands in a credential or a parameter
 * (docs/marketplace-seller-node.md#what-onboarding-guarantees).
 */

/** Longer than any authorization code seen; a code is a short random string. */
export const MAX_CODE_LENGTH = 512;

/**
 * Letters, digits and the URL-safe punctuation OAuth servers use in codes (RFC 6749 allows any
 * visible ASCII; the base64 and base64url alphabets, `.`, `~` cover real codes). Never `=` first
 * (n8n evaluates a value starting with `=` as an expression), and no braces, spaces or quotes.
 */
const OPAQUE_CODE = /^[A-Za-z0-9._~+/-][A-Za-z0-9._~+/=-]*$/;

/** Why `code` is not an authorization code, or undefined when it is one. The code is never quoted. */
export function codeProblem(code: string): string | undefined {
	if (code.length > MAX_CODE_LENGTH) return `it is longer than ${MAX_CODE_LENGTH} characters`;
	if (code.startsWith('=')) return 'it starts with "="';
	if (!OPAQUE_CODE.test(code)) return 'it holds characters an authorization code never has';
	return undefined;
}
