/**
 * The shared redaction assertion: every error text and output item of a node run must be free of
 * every secret the run knows, in every encoding a server might echo it in. n8nHarness.runNode
 * applies it to every run of the test suite; the hostile-server suite also applies it to what the
 * credentials throw directly.
 *
 * The encodings are computed here independently of the package's own redaction, so that a gap
 * there is not mirrored here.
 */
import type { ICredentialDataDecryptedObject, INodeExecutionData } from 'n8n-workflow';

/** Secrets shorter than this are not checked (they would match ordinary words). */
const MIN_SECRET = 6;
/** Encoded fragments shorter than this are not checked. */
const MIN_FRAGMENT = 8;

function base64Cores(bytes: Buffer): string[] {
	// A secret inside a longer encoded text starts at any of three byte offsets of a base64 group;
	// the groups that hold only the secret's bytes encode the same way whatever surrounds them.
	const cores: string[] = [];
	for (let shift = 0; shift < 3; shift++) {
		const aligned = bytes.subarray(shift, shift + Math.floor((bytes.length - shift) / 3) * 3);
		if (aligned.length === 0) continue;
		const standard = aligned.toString('base64');
		cores.push(standard, standard.replace(/\+/g, '-').replace(/\//g, '_'));
	}
	return cores;
}

/** Every form in which `secret` could come back in a text. */
export function encodingsOf(secret: string): Array<{ form: string; value: string }> {
	const bytes = Buffer.from(secret, 'utf8');
	const forms: Array<{ form: string; value: string }> = [
		{ form: 'raw', value: secret },
		{ form: 'url-encoded', value: encodeURIComponent(secret) },
		{
			form: 'url-encoded (lower-case hex)',
			value: encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
		},
		{ form: 'form-encoded', value: new URLSearchParams({ v: secret }).toString().slice(2) },
		{ form: 'JSON-escaped', value: JSON.stringify(secret).slice(1, -1) },
		{ form: 'base64', value: bytes.toString('base64') },
		{ form: 'base64 without padding', value: bytes.toString('base64').replace(/=+$/, '') },
		{ form: 'base64url', value: bytes.toString('base64url') },
		{ form: 'hex', value: bytes.toString('hex') },
		...base64Cores(bytes).map((value) => ({ form: 'base64 fragment', value })),
	];
	const seen = new Set<string>();
	return forms.filter(({ form, value }) => {
		const long = form === 'raw' ? value.length >= MIN_SECRET : value.length >= MIN_FRAGMENT;
		if (!long || seen.has(value)) return false;
		seen.add(value);
		return true;
	});
}

/** The first secret found in `text`, named by its form, or undefined. */
export function findSecret(text: string, secrets: Iterable<string>): string | undefined {
	for (const secret of secrets) {
		if (secret.length < MIN_SECRET) continue;
		for (const { form, value } of encodingsOf(secret)) {
			if (text.includes(value))
				return `${form} of a secret ("${secret.slice(0, 3)}...", ${secret.length} characters)`;
		}
	}
	return undefined;
}

/** Fails with the leak's form when `text` holds a secret. */
export function assertNoSecret(text: string, secrets: Iterable<string>, where: string): void {
	const leak = findSecret(text, secrets);
	if (leak !== undefined) throw new Error(`Redaction failed: ${where} contains the ${leak}`);
}

function codeOf(value: string): string {
	if (/^https?:\/\//i.test(value) && URL.canParse(value))
		return new URL(value).searchParams.get('code') ?? '';
	return value;
}

function tokenData(data: ICredentialDataDecryptedObject): Record<string, unknown> {
	const stored = data.oauthTokenData;
	if (stored && typeof stored === 'object') return stored as Record<string, unknown>;
	if (typeof data.tokenState === 'string' && data.tokenState.startsWith('{')) {
		try {
			return JSON.parse(data.tokenState) as Record<string, unknown>;
		} catch {
			return {};
		}
	}
	return {};
}

/** The secrets of stored credential data: app secret (alone and with the App ID), tokens, code. */
export function credentialSecrets(data: ICredentialDataDecryptedObject): string[] {
	const appSecret = typeof data.appSecret === 'string' ? data.appSecret : '';
	const appId = typeof data.appId === 'string' ? data.appId.trim() : '';
	const values = [
		appSecret,
		appSecret !== '' ? `${appId}:${appSecret}` : '',
		data.accessToken,
		tokenData(data).refreshToken,
		typeof data.authorizationCode === 'string' ? codeOf(data.authorizationCode.trim()) : '',
		// n8n's own API key (the n8n API credential of Connect Seller).
		data.apiKey,
	];
	return values.filter(
		(value): value is string => typeof value === 'string' && value.length >= MIN_SECRET,
	);
}

/** The messages of the errors an error wraps (`cause`, which n8n keeps and logs). */
function causeMessages(error: unknown): string[] {
	const messages: string[] = [];
	let cause = (error as { cause?: unknown } | undefined)?.cause;
	for (let depth = 0; depth < 5 && cause !== null && typeof cause === 'object'; depth++) {
		messages.push(String((cause as { message?: unknown }).message ?? ''));
		cause = (cause as { cause?: unknown }).cause;
	}
	return messages;
}

/**
 * Everything of a run a user can see: the error (message, description, details, the messages of
 * the errors it wraps) and the items' JSON.
 */
export function visibleRunText(error: unknown, items: INodeExecutionData[]): string {
	const errorText =
		error === undefined
			? ''
			: JSON.stringify(error, (key, value) =>
					key === 'node' || key === 'stack' ? undefined : value,
				);
	const message = (error as { message?: unknown } | undefined)?.message;
	const description = (error as { description?: unknown } | undefined)?.description;
	return [
		errorText,
		String(message ?? ''),
		String(description ?? ''),
		...causeMessages(error),
		JSON.stringify(items.map((item) => item.json)),
	].join('\n');
}
