/**
 * Shared test material for the trigger: the reference vector (docs/marketplace-api/signature.md#test-vectors) and a signer that
 * builds headers the way the marketplace does (independently of the code under test where it
 * matters: SHA-1 and base64 come straight from node:crypto and Buffer here).
 */
import { createHash } from 'node:crypto';

import type { ReceiverSettings } from '../../nodes/MarketplaceSellerTrigger/settings';

/** The reference vector: made-up app, secret, URL and date (docs/marketplace-api/signature.md#test-vectors). */
export const VECTOR = {
	appId: 'a1b2c3d4-0000-4e5f-8a9b-123456789abc',
	appSecret: 's3cr3t-9f8e7d6c-5b4a-4321-9876-fedcba098765',
	registeredUrl: 'https://n8n.example.org/webhook/mkt-orders',
	xDate: 'Wed, 05 Mar 2025 10:15:30 GMT',
	epoch: 1741169730,
	signedString:
		'1741169730https://n8n.example.org/webhook/mkt-ordersPOSTs3cr3t-9f8e7d6c-5b4a-4321-9876-fedcba098765',
	sha1: '1359d736b209fc455adbea3b250b48de6cf9779d',
	header:
		'MKTLOGIN YTFiMmMzZDQtMDAwMC00ZTVmLThhOWItMTIzNDU2Nzg5YWJjOjEzNTlkNzM2YjIwOWZjNDU1YWRiZWEzYjI1MGI0OGRlNmNmOTc3OWQ=',
	/** Negative vectors of the same inputs. */
	trailingSlashSha1: '7533baf1c1d7d07a2e4132c6fb5fa7e148a9f0bb',
	rawDateSha1: '120723e40edd0a15f1bc8b42b87a7b2b6f24e233',
} as const;

export const SCHEME = 'MKTLOGIN';

export function sha1Hex(text: string): string {
	return createHash('sha1').update(text, 'utf8').digest('hex');
}

export function b64(text: string | Buffer): string {
	return (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('base64');
}

/** X_Authorization for an arbitrary decoded payload. */
export function authHeader(payload: string | Buffer, scheme = SCHEME, separator = ' '): string {
	return `${scheme}${separator}${b64(payload)}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** IMF-fixdate via Date's UTC getters (an independent implementation from the parser's). */
export function imfFixdate(epochSeconds: number): string {
	const d = new Date(epochSeconds * 1000);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} GMT`;
}

export interface SignInput {
	appId?: string;
	appSecret?: string;
	registeredUrl?: string;
	epoch: number;
	scheme?: string;
}

/** Headers the marketplace would send for a push at `epoch`. */
export function signedHeaders(input: SignInput): { x_date: string; x_authorization: string } {
	const appId = input.appId ?? VECTOR.appId;
	const appSecret = input.appSecret ?? VECTOR.appSecret;
	const url = input.registeredUrl ?? VECTOR.registeredUrl;
	const signature = sha1Hex(`${input.epoch}${url}POST${appSecret}`);
	return {
		x_date: imfFixdate(input.epoch),
		x_authorization: authHeader(`${appId}:${signature}`, input.scheme ?? SCHEME),
	};
}

export function shipmentEvent(
	eventType: string,
	shipmentId: string,
	extra: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		eventType,
		source: 'marketplace',
		version: 'v3',
		timestamp: '2025-03-05T15:45:30+05:30',
		shipmentId,
		attributes: { status: eventType.replace('shipment_', '').toUpperCase() },
		...extra,
	};
}

/**
 * Receiver settings of the pipeline-level cases: the reference vector app
 * (docs/marketplace-api/signature.md#test-vectors), all events, duplicates remembered an hour.
 */
export function receiverSettings(
	overrides: { dedup?: Partial<ReceiverSettings['dedup']>; locations?: Map<string, string> } = {},
): ReceiverSettings {
	return {
		verify: {
			appId: VECTOR.appId,
			appSecret: VECTOR.appSecret,
			registeredUrl: VECTOR.registeredUrl,
			schemeWord: SCHEME,
			replayWindowSeconds: 300,
		},
		events: ['*'],
		dedup: { enabled: true, retentionSeconds: 3600, maxEntries: 1000, ...overrides.dedup },
		locations: overrides.locations ?? new Map(),
		sellerMemorySize: 100,
	};
}

/** Moves the wall clock only (what the trigger reads with Date.now()), not the timers. */
export function clockForward(seconds: number): void {
	const at = Date.now() + seconds * 1000;
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
	jest.setSystemTime(at);
}
