/**
 * Node parameters and credential fields -> validated receiver settings. Pure: the node passes
 * in what it read, so the same checks run at activation (checkExists) and whenever a push reads
 * the settings afresh (settingsCache.ts: once a minute, or after a failed signature check).
 */
import { MARKETPLACE } from '../shared/profile';
import { ALL_EVENTS } from '../shared/events';
import { buildLocationSellerMap } from './sellerMap';
import { verifyOptionsProblem, type VerifyOptions } from './verification/verifyPush';

export interface DedupSettings {
	enabled: boolean;
	/** Seconds a delivery is remembered; never less than the replay window (see effectiveRetention). */
	retentionSeconds: number;
	maxEntries: number;
}

export interface ReceiverSettings {
	verify: VerifyOptions;
	/**
	 * Test mode only: the node's Test URL. A push sent there by the simulator is signed over it,
	 * so it is accepted as the signed URL next to the registered one (never in production).
	 */
	testUrl?: string;
	/** Selected eventType strings; "*" selects all, unknown types included. */
	events: readonly string[];
	dedup: DedupSettings;
	/** locationId -> sellerId; empty when the user maps nothing. */
	locations: ReadonlyMap<string, string>;
	/** Bound of the shipmentId/returnId -> sellerId memory. */
	sellerMemorySize: number;
}

export const DEFAULTS = {
	replayWindowSeconds: 300,
	deduplicate: true,
	duplicateRetentionSeconds: 86400,
	maxRememberedDeliveries: 10000,
	maxRememberedShipments: 20000,
	acceptRawDateSignature: false,
	schemeWord: MARKETPLACE.signatureScheme,
} as const;

/** Inclusive bounds of the numeric options (also given to the UI as minValue / maxValue). */
export const LIMITS = {
	replayWindowSeconds: { min: 1, max: 604800 },
	duplicateRetentionSeconds: { min: 1, max: 2592000 },
	maxRememberedDeliveries: { min: 1, max: 100000 },
	maxRememberedShipments: { min: 1, max: 200000 },
} as const;

export interface TriggerOptions {
	acknowledge?: unknown;
	replayWindow?: unknown;
	deduplicate?: unknown;
	duplicateRetention?: unknown;
	maxRememberedDeliveries?: unknown;
	maxRememberedShipments?: unknown;
	acceptRawDateSignature?: unknown;
	schemeWord?: unknown;
	locationToSeller?: unknown;
}

export interface RawTriggerSettings {
	events: unknown;
	registeredUrl: unknown;
	/** The node's production webhook URL, used when registeredUrl is empty. */
	productionWebhookUrl: string | undefined;
	/** Test mode only: the node's Test URL (see ReceiverSettings.testUrl). */
	testWebhookUrl?: string;
	options: TriggerOptions;
	credentials: { appId?: unknown; appSecret?: unknown } | undefined;
}

export type SettingsResult =
	| {
			ok: true;
			settings: ReceiverSettings;
			registeredUrlSource: 'parameter' | 'productionWebhookUrl';
	  }
	| { ok: false; problem: string };

/**
 * Checks a receiver URL: absolute http(s), a host, no whitespace or control characters.
 * Returns a problem description or undefined. The URL is signed exactly as written, so it is
 * only checked, never normalised.
 */
export function registeredUrlProblem(url: string): string | undefined {
	if (url.length === 0) return 'is empty';
	if (url.length > 2048) return 'is longer than 2048 characters';
	for (let i = 0; i < url.length; i += 1) {
		const code = url.charCodeAt(i);
		if (code <= 0x20 || code === 0x7f) return 'contains whitespace or control characters';
	}
	if (!/^https?:\/\/[^/?#]+/i.test(url)) return 'must be an absolute http:// or https:// URL';
	try {
		const parsed = new URL(url);
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
			return 'must be an absolute http:// or https:// URL';
		}
		if (parsed.hostname.length === 0) return 'has no host';
	} catch {
		return 'is not a valid URL';
	}
	return undefined;
}

/**
 * Whether a receiver URL is plain http: the marketplace pushes only to an HTTPS receiver
 * (docs/marketplace-api/notifications.md#subscription).
 */
export function isPlainHttp(url: string): boolean {
	return /^\s*http:/i.test(url);
}

function wholeNumber(
	value: unknown,
	fallback: number,
	bounds: { min: number; max: number },
	label: string,
): number | string {
	const number = value === undefined || value === null || value === '' ? fallback : value;
	if (typeof number !== 'number' || !Number.isInteger(number))
		return `${label} must be a whole number`;
	if (number < bounds.min || number > bounds.max) {
		return `${label} must be between ${bounds.min} and ${bounds.max}`;
	}
	return number;
}

function locationRows(value: unknown): Array<{ locationId?: unknown; sellerId?: unknown }> {
	if (typeof value !== 'object' || value === null) return [];
	const mappings = (value as { mappings?: unknown }).mappings;
	return Array.isArray(mappings)
		? (mappings as Array<{ locationId?: unknown; sellerId?: unknown }>)
		: [];
}

/** Builds the receiver settings, or says what is wrong with the configuration. */
export function buildSettings(raw: RawTriggerSettings): SettingsResult {
	const options = raw.options ?? {};

	const events = Array.isArray(raw.events)
		? raw.events.filter((event): event is string => typeof event === 'string')
		: [];
	if (events.length === 0) return { ok: false, problem: 'Select at least one event (or All)' };

	const override = typeof raw.registeredUrl === 'string' ? raw.registeredUrl.trim() : '';
	const registeredUrl = override.length > 0 ? override : (raw.productionWebhookUrl ?? '');
	const urlProblem = registeredUrlProblem(registeredUrl);
	if (urlProblem !== undefined) {
		return {
			ok: false,
			problem:
				override.length > 0
					? `Registered Receiver URL ${urlProblem}`
					: `The production webhook URL of this node ${urlProblem}; set Registered Receiver URL`,
		};
	}

	const replayWindow = wholeNumber(
		options.replayWindow,
		DEFAULTS.replayWindowSeconds,
		LIMITS.replayWindowSeconds,
		'Replay Window',
	);
	if (typeof replayWindow === 'string') return { ok: false, problem: replayWindow };
	const retention = wholeNumber(
		options.duplicateRetention,
		DEFAULTS.duplicateRetentionSeconds,
		LIMITS.duplicateRetentionSeconds,
		'Duplicate Retention',
	);
	if (typeof retention === 'string') return { ok: false, problem: retention };
	const maxDeliveries = wholeNumber(
		options.maxRememberedDeliveries,
		DEFAULTS.maxRememberedDeliveries,
		LIMITS.maxRememberedDeliveries,
		'Maximum Remembered Deliveries',
	);
	if (typeof maxDeliveries === 'string') return { ok: false, problem: maxDeliveries };
	const maxShipments = wholeNumber(
		options.maxRememberedShipments,
		DEFAULTS.maxRememberedShipments,
		LIMITS.maxRememberedShipments,
		'Maximum Remembered Shipments and Returns',
	);
	if (typeof maxShipments === 'string') return { ok: false, problem: maxShipments };

	const schemeWord =
		typeof options.schemeWord === 'string' && options.schemeWord.trim().length > 0
			? options.schemeWord.trim()
			: DEFAULTS.schemeWord;

	const credentials = raw.credentials ?? {};
	const verify = {
		// Trimmed as the token calls trim it: a stray space in the credential must not fail every push.
		appId: typeof credentials.appId === 'string' ? credentials.appId.trim() : '',
		appSecret: typeof credentials.appSecret === 'string' ? credentials.appSecret : '',
		registeredUrl,
		schemeWord,
		replayWindowSeconds: replayWindow,
		acceptRawDateSignature: options.acceptRawDateSignature === true,
	};
	const verifyProblem = verifyOptionsProblem(verify);
	if (verifyProblem !== undefined) return { ok: false, problem: verifyProblem };
	const testUrl = raw.testWebhookUrl;
	const acceptTestUrl =
		testUrl !== undefined &&
		testUrl !== registeredUrl &&
		registeredUrlProblem(testUrl) === undefined;

	return {
		ok: true,
		registeredUrlSource: override.length > 0 ? 'parameter' : 'productionWebhookUrl',
		settings: {
			verify,
			...(acceptTestUrl ? { testUrl } : {}),
			events: events.includes(ALL_EVENTS) ? [ALL_EVENTS] : events,
			dedup: {
				enabled: deduplicates(options),
				retentionSeconds: retention,
				maxEntries: maxDeliveries,
			},
			locations: buildLocationSellerMap(locationRows(options.locationToSeller)),
			sellerMemorySize: maxShipments,
		},
	};
}

/**
 * Whether duplicate deliveries are dropped (on unless switched off): read by buildSettings and by
 * the execute step, which needs no credential to know it.
 */
export function deduplicates(options: TriggerOptions): boolean {
	return options.deduplicate !== false;
}
