/**
 * Keeps secrets out of error messages. The marketplace's OAuth server echoes tokens and codes in
 * its error texts ("Invalid access token: <token>"), so every text that reaches the user passes
 * through here with the secrets known at that point.
 */
const REDACTED = '[redacted]';

/** Texts after which such servers print the offending token or code. */
const ECHOED_SECRET = /((?:access token|refresh token|authorization code|token|code)(?: \([a-z ]+\))?:\s*)([^\s,;"']{8,})/gi;

export function redactSecrets(text: string, secrets: Array<string | undefined | null>): string {
	let result = text;
	for (const secret of secrets) {
		// Very short values would redact ordinary words; real secrets and tokens are long.
		if (typeof secret === 'string' && secret.length >= 6) {
			result = result.split(secret).join(REDACTED);
		}
	}
	return result.replace(ECHOED_SECRET, `$1${REDACTED}`);
}
