/**
 * Simulator options, their defaults, and the settings that can change while it runs.
 */

export interface AppOverride {
	appId?: string;
	appSecret?: string;
}

export interface SimulatorOptions {
	/** Default '127.0.0.1'; non-loopback hosts are refused (this is a test double, not a server). */
	host?: string;
	/** Default 0 (ephemeral). */
	port?: number;
	/** Default 5_184_000 (60 days, docs/marketplace-api/authentication.md#token-lifetimes). */
	accessTokenTtlSec?: number;
	/** Default 15_552_000 (180 days, docs/marketplace-api/authentication.md#token-lifetimes). */
	refreshTokenTtlSec?: number;
	/** Default 1_814_400 (21 days, docs/marketplace-api/authentication.md#refresh-token-renewal). */
	refreshRenewalBufferSec?: number;
	/** Default 600. */
	authCodeTtlSec?: number;
	/** Label generation APPROVED -> PACKING_IN_PROGRESS -> PACKED; default 2000 (simulator clock). */
	packingDelayMs?: number;
	/** Default 30. */
	seedShipmentsPerLocation?: number;
	/** PRNG seed for deterministic data; default 1. */
	seed?: number;
	/** Default push receiver; `registeredUrl` (the signed URL) defaults to `url`. */
	receiver?: { url: string; registeredUrl?: string };
	/** Request logging to stdout; the library default is quiet (true), the CLI logs. */
	quiet?: boolean;
	/** Replace the demo self access app's id and/or secret. */
	selfApp?: AppOverride;
	/** Replace the demo partner app's id, secret and/or registered redirect URI. */
	partnerApp?: AppOverride & { redirectUri?: string };
	/** Pins the simulator clock's start (ISO string or epoch ms) for fully repeatable dates. */
	startTime?: string | number;
	/** Default 8. */
	seedReturnsPerLocation?: number;
	/** Default 25. */
	seedListingsPerSeller?: number;
	/** Listing search page size, default 500 (docs/marketplace-api/paging.md#listing-search-paging). */
	listingPageSize?: number;
	/** Push events caused by API calls (packed, ready to dispatch, cancelled); default true. */
	autoNotify?: boolean;
	/** Per-item result field name; default 'status' (docs/marketplace-api/discrepancies.md#per-item-status-field). */
	perItemStatusField?: PerItemStatusField;
	/**
	 * Method the forms endpoint answers; default 'POST', the newest reference's and the node's first
	 * request; 'GET' is the older reference's (docs/marketplace-api/discrepancies.md#forms-method).
	 */
	formsMethod?: FormsMethod;
	/** Form of the returns' nextUrl: '/returns?…' (default) or '/v2/returns?…' (docs/marketplace-api/paging.md#returns-paging). */
	returnsNextUrlForm?: ReturnsNextUrlForm;
}

export type PerItemStatusField = 'status' | 'processingStatus';
export type FormsMethod = 'GET' | 'POST';
export type ReturnsNextUrlForm = 'relative' | 'versioned';
/**
 * How next pages of a shipment search are read: from the snapshot taken by the first request
 * (default, stable), or by running the search again at the page's offset ('live'), as offset
 * paging does: a record that changed between two page requests leaves the result and every
 * later record moves one place towards the front.
 */
export type ShipmentPaging = 'snapshot' | 'live';
/**
 * The same choice for the returns list (GET /sellers/v2/returns): 'live' runs the query again for
 * every next page, so a return that changed between two page requests (and left the modified
 * range) moves every later return one place towards the front.
 */
export type ReturnPaging = 'snapshot' | 'live';
/** The order of a shipment search answer: as requested (default), or reversed (a sort ignored). */
export type ShipmentSearchOrder = 'requested' | 'reversed';
/** How a shipment search answer writes hasMore: a boolean (default), the text "true"/"false", 1/0, or not at all. */
export type ShipmentHasMoreForm = 'boolean' | 'string' | 'number' | 'absent';
/** The precision of a shipment's updatedAt in search answers: milliseconds (default) or whole seconds (truncated). */
export type ModifiedDatePrecision = 'millisecond' | 'second';

/** Settings that the control interface may change at runtime. */
export interface RuntimeConfig {
	packingDelayMs: number;
	perItemStatusField: PerItemStatusField;
	formsMethod: FormsMethod;
	listingPageSize: number;
	returnsNextUrlForm: ReturnsNextUrlForm;
	shipmentPaging: ShipmentPaging;
	returnPaging: ReturnPaging;
	shipmentSearchOrder: ShipmentSearchOrder;
	shipmentHasMore: ShipmentHasMoreForm;
	modifiedDatePrecision: ModifiedDatePrecision;
	autoNotify: boolean;
	accessTokenTtlSec: number;
	refreshTokenTtlSec: number;
	refreshRenewalBufferSec: number;
	authCodeTtlSec: number;
}

export interface ResolvedOptions {
	host: string;
	port: number;
	seed: number;
	seedShipmentsPerLocation: number;
	seedReturnsPerLocation: number;
	seedListingsPerSeller: number;
	receiver: { url: string; registeredUrl: string } | null;
	quiet: boolean;
	startMs?: number;
	selfApp: { appId: string; appSecret: string };
	partnerApp: { appId: string; appSecret: string; redirectUri: string };
	runtime: RuntimeConfig;
}

export const DEFAULTS = {
	host: '127.0.0.1',
	port: 0,
	accessTokenTtlSec: 5_184_000,
	refreshTokenTtlSec: 15_552_000,
	refreshRenewalBufferSec: 1_814_400,
	authCodeTtlSec: 600,
	packingDelayMs: 2000,
	seedShipmentsPerLocation: 30,
	seedReturnsPerLocation: 8,
	seedListingsPerSeller: 25,
	seed: 1,
	listingPageSize: 500,
	selfApp: { appId: 'demo-self-app', appSecret: 'demo-self-secret-0001' },
	partnerApp: {
		appId: 'demo-partner-app',
		appSecret: 'demo-partner-secret-0001',
		redirectUri: 'https://partner.example.com/oauth/callback',
	},
} as const;

export function isLoopbackHost(host: string): boolean {
	return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
	if (value === undefined) return fallback;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
		throw new Error(`${name} must be a non-negative number`);
	}
	return value;
}

export function resolveOptions(options: SimulatorOptions = {}): ResolvedOptions {
	const host = options.host ?? DEFAULTS.host;
	if (!isLoopbackHost(host)) throw new Error(`Refusing to listen on non-loopback host "${host}"`);
	let startMs: number | undefined;
	if (options.startTime !== undefined) {
		startMs =
			typeof options.startTime === 'number' ? options.startTime : Date.parse(options.startTime);
		if (Number.isNaN(startMs))
			throw new Error(`startTime is not a date: ${String(options.startTime)}`);
	}
	const receiver = options.receiver
		? {
				url: options.receiver.url,
				registeredUrl: options.receiver.registeredUrl ?? options.receiver.url,
			}
		: null;
	return {
		host,
		port: nonNegative('port', options.port, DEFAULTS.port),
		seed: options.seed ?? DEFAULTS.seed,
		seedShipmentsPerLocation: nonNegative(
			'seedShipmentsPerLocation',
			options.seedShipmentsPerLocation,
			DEFAULTS.seedShipmentsPerLocation,
		),
		seedReturnsPerLocation: nonNegative(
			'seedReturnsPerLocation',
			options.seedReturnsPerLocation,
			DEFAULTS.seedReturnsPerLocation,
		),
		seedListingsPerSeller: nonNegative(
			'seedListingsPerSeller',
			options.seedListingsPerSeller,
			DEFAULTS.seedListingsPerSeller,
		),
		receiver,
		quiet: options.quiet ?? true,
		startMs,
		selfApp: {
			appId: options.selfApp?.appId ?? DEFAULTS.selfApp.appId,
			appSecret: options.selfApp?.appSecret ?? DEFAULTS.selfApp.appSecret,
		},
		partnerApp: {
			appId: options.partnerApp?.appId ?? DEFAULTS.partnerApp.appId,
			appSecret: options.partnerApp?.appSecret ?? DEFAULTS.partnerApp.appSecret,
			redirectUri: options.partnerApp?.redirectUri ?? DEFAULTS.partnerApp.redirectUri,
		},
		runtime: {
			packingDelayMs: nonNegative(
				'packingDelayMs',
				options.packingDelayMs,
				DEFAULTS.packingDelayMs,
			),
			perItemStatusField: options.perItemStatusField ?? 'status',
			formsMethod: options.formsMethod ?? 'POST',
			listingPageSize:
				nonNegative('listingPageSize', options.listingPageSize, DEFAULTS.listingPageSize) ||
				DEFAULTS.listingPageSize,
			returnsNextUrlForm: options.returnsNextUrlForm ?? 'relative',
			shipmentPaging: 'snapshot',
			returnPaging: 'snapshot',
			shipmentSearchOrder: 'requested',
			shipmentHasMore: 'boolean',
			modifiedDatePrecision: 'millisecond',
			autoNotify: options.autoNotify ?? true,
			accessTokenTtlSec: nonNegative(
				'accessTokenTtlSec',
				options.accessTokenTtlSec,
				DEFAULTS.accessTokenTtlSec,
			),
			refreshTokenTtlSec: nonNegative(
				'refreshTokenTtlSec',
				options.refreshTokenTtlSec,
				DEFAULTS.refreshTokenTtlSec,
			),
			refreshRenewalBufferSec: nonNegative(
				'refreshRenewalBufferSec',
				options.refreshRenewalBufferSec,
				DEFAULTS.refreshRenewalBufferSec,
			),
			authCodeTtlSec: nonNegative(
				'authCodeTtlSec',
				options.authCodeTtlSec,
				DEFAULTS.authCodeTtlSec,
			),
		},
	};
}
