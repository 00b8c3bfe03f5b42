/**
 * Keeps secrets out of what users see. The marketplace's OAuth server echoes tokens and codes in
 * its error texts ("Invalid access token: <token>"), and a hostile or broken server may echo them
 * encoded: a request URL (URL-encoded), an Authorization header (base64 of appid:secret), a
 * token in base64. Every text that reaches the user passes through here with every secret known
 * at that point, and each secret is removed in each of these forms.
 */
const REDACTED = '[redacted]';

/** Raw secrets shorter than this would redact ordinary words; real secrets and tokens are long. */
const MIN_SECRET = 6;
/** Encoded fragments shorter than this could match ordinary text. */
const MIN_FRAGMENT = 8;

/**
 * Texts after which such servers print the offending token or code: "Invalid access token: <t>",
 * "Access token expired: <t>", "refresh token (expired): <t>", "Token was not recognised: <t>".
 */
const ECHOED_SECRET =
	/(\b(?:access token|refresh token|authorization code|token|code)(?: (?:was|is|has been))?(?: (?:expired|revoked|invalid|unknown|not found|not recognised|not recognized))?(?: \([a-z ]+\))?:\s*)([^\s,;"']{8,})/gi;
/** "Bearer <t>" and "Basic <t>" as an echoed header. */
const ECHOED_CREDENTIAL = /(\b(Bearer|Basic)\s+)([A-Za-z0-9._~+/=-]{8,})/g;

/** Whether the word after "Bearer"/"Basic" is a credential rather than prose ("Basic information"). */
function isCredential(scheme: string, value: string): boolean {
	if (/[\d._~+/=-]/.test(value) || value.length >= 20) return true;
	// Basic carries base64(user:password); a base64 text without digits still decodes to one.
	return scheme === 'Basic' && Buffer.from(value, 'base64').toString('utf8').includes(':');
}

/** The base64 groups that encode only the secret's bytes, at each of the three alignments. */
function base64Fragments(bytes: Buffer): string[] {
	const fragments: string[] = [];
	for (let shift = 0; shift < 3; shift++) {
		const length = Math.floor((bytes.length - shift) / 3) * 3;
		if (length <= 0) continue;
		const standard = bytes.subarray(shift, shift + length).toString('base64');
		fragments.push(standard, standard.replace(/\+/g, '-').replace(/\//g, '_'));
	}
	return fragments;
}

/** Every form in which a server may echo `secret`, longest first. */
export function secretForms(secret: string): string[] {
	if (secret.length < MIN_SECRET) return [];
	const bytes = Buffer.from(secret, 'utf8');
	const urlEncoded = encodeURIComponent(secret);
	const encoded = [
		urlEncoded,
		urlEncoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
		new URLSearchParams({ v: secret }).toString().slice(2),
		JSON.stringify(secret).slice(1, -1),
		bytes.toString('base64'),
		bytes.toString('base64url'),
		bytes.toString('hex'),
		...base64Fragments(bytes),
	].filter((form) => form.length >= MIN_FRAGMENT);
	return [...new Set([secret, ...encoded])].sort((a, b) => b.length - a.length);
}

/** A function that removes every form of the given secrets from a text (known values only). */
export function secretRemover(secrets: Array<string | undefined | null>): (text: string) => string {
	const forms = [
		...new Set(
			secrets.flatMap((secret) => (typeof secret === 'string' ? secretForms(secret) : [])),
		),
	].sort((a, b) => b.length - a.length);
	const shortest = forms.length > 0 ? forms[forms.length - 1].length : Infinity;
	return (text) => {
		if (text.length < shortest) return text;
		let result = text;
		for (const form of forms) if (result.includes(form)) result = result.split(form).join(REDACTED);
		return result;
	};
}

/**
 * A message or description for the user: the known secrets in every form, and whatever follows
 * the usual echo wordings, removed.
 */
export function redactSecrets(text: string, secrets: Array<string | undefined | null>): string {
	return secretRemover(secrets)(text)
		.replace(ECHOED_SECRET, `$1${REDACTED}`)
		.replace(ECHOED_CREDENTIAL, (match: string, prefix: string, scheme: string, value: string) =>
			isCredential(scheme, value) ? `${prefix}${REDACTED}` : match,
		);
}

/**
 * Output data: every string inside, at any depth, with the known secrets removed. Unchanged parts
 * are returned as they were (no copy); keys are copied as own properties, "__proto__" included.
 */
export function redactDeep<T>(value: T, remove: (text: string) => string): T {
	if (typeof value === 'string') return remove(value) as T;
	if (Array.isArray(value)) {
		const entries = value.map((entry: unknown) => redactDeep(entry, remove));
		return (entries.some((entry, index) => entry !== value[index]) ? entries : value) as T;
	}
	if (
		value === null ||
		typeof value !== 'object' ||
		Buffer.isBuffer(value) ||
		value instanceof Date
	)
		return value;
	let copy: Record<string, unknown> | undefined;
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		const redacted = redactDeep(entry, remove);
		if (redacted === entry) continue;
		copy ??= { ...(value as Record<string, unknown>) };
		Object.defineProperty(copy, key, {
			value: redacted,
			enumerable: true,
			writable: true,
			configurable: true,
		});
	}
	return (copy ?? value) as T;
}
