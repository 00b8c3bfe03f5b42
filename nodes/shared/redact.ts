/**
 * Keeps secrets out of error messages. The marketplace's OAuth server echoes tokens and codes in
 * its error texts ("Invalid access token: <token>"), so every text that reaches the user passes
 * through here with the secrets known at that point.
 */
const REDACTED = '[redacted]';

/**
 * Texts after which such servers print the offending token or code: "Invalid access token: <t>",
 * "Access token expired: <t>", "refresh token (expired): <t>", and an echoed "Bearer <t>".
 */
const ECHOED_SECRET =
	/(\b(?:access token|refresh token|authorization code|token|code)(?: (?:expired|revoked|invalid|unknown|not found|not recognised|not recognized))?(?: \([a-z ]+\))?:\s*)([^\s,;"']{8,})/gi;
/** "Bearer <t>" / "Basic <t>" where <t> holds a digit (so "Basic information" stays). */
const ECHOED_CREDENTIAL = /(\b(?:Bearer|Basic)\s+)(?=[A-Za-z._~+/=-]*\d)([A-Za-z0-9._~+/=-]{8,})/g;

export function redactSecrets(text: string, secrets: Array<string | undefined | null>): string {
	let result = text;
	for (const secret of secrets) {
		// Very short values would redact ordinary words; real secrets and tokens are long.
		if (typeof secret === 'string' && secret.length >= 6) {
			result = result.split(secret).join(REDACTED);
		}
	}
	return result.replace(ECHOED_SECRET, `$1${REDACTED}`).replace(ECHOED_CREDENTIAL, `$1${REDACTED}`);
}
