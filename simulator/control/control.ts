/**
 * The control interface as methods: what /__control offers over HTTP, with the same inputs,
 * results and errors (ControlError carries the HTTP status). Tests in-process call these; tests
 * out-of-process (and n8n end-to-end runs) call the HTTP twin.
 */
import type { World } from '../world';
import { demoIdentities, type DemoIdentities } from '../demo';
import type {
	FormsMethod,
	PerItemStatusField,
	ReturnsNextUrlForm,
	RuntimeConfig,
} from '../options';
import type { CallFilter, RecordedCall } from '../recorder';
import type { Fault, FaultSpec } from '../faults';
import type { CallAction, CallHookSpec } from '../callHooks';
import {
	FAILABLE_OPERATIONS,
	type FailableOperation,
	type ShipmentFailure,
} from '../shipments/failures';
import { secondsLeft, type TokenKind, type TokenRecord, type TokenSelector } from '../oauth/tokens';
import { authorize, redirectWithCode } from '../oauth/flows';
import { shipmentDetailsToWire, shipmentToWire } from '../shipments/wire';
import { ALL_STATES, stateOf, type ShipmentRecord } from '../shipments/model';
import { returnToWire } from '../returns/routes';
import { changeReturn, type ReturnChange } from '../returns/status';
import type { SubscriptionRecord } from '../subscriptions/store';
import { CONTROL_PREFIX } from '../http/server';
import {
	EVENT_TYPES,
	isReturnEvent,
	isShipmentEvent,
	STATUS_OF_EVENT,
	type EventType,
} from '../notifications/envelopes';
import {
	NotifyError,
	type DeliveryLogEntry,
	type PushSwitches,
	type Receiver,
	type SendResult,
} from '../notifications/notifier';
import {
	runReturnLifecycle,
	runShipmentLifecycle,
	type ReturnLifecycleRequest,
	type ShipmentLifecycleRequest,
} from '../notifications/lifecycle';
import { ControlError, invalid, oneOf, requireInt } from './errors';
import {
	seedListings,
	seedReturns,
	seedShipments,
	type SeedListingsRequest,
	type SeedReturnsRequest,
	type SeedShipmentsRequest,
} from './seeding';
import { changeShipment, shipmentSummary, type ShipmentChange } from './shipmentState';
import { generateHandoverOtcs } from '../selfShip/handover';
import type { HandoverForm } from '../selfShip/store';
import {
	createSelfShipReturn,
	createService,
	getService,
	type SelfShipReturnRequest,
	type ServiceRequest,
} from './selfShipReturns';
import {
	dispatchDateMoves,
	seedDeadlines,
	type MoveDispatchDatesRequest,
	type SeedDeadlinesRequest,
} from './deadlines';

export interface TokenView {
	token: string;
	kind: TokenKind;
	appId: string;
	sellerId: string;
	scopes: string[];
	grant: string;
	issuedAt: string;
	expiresAt: string;
	expiresIn: number;
	expired: boolean;
	revoked: boolean;
}

export interface AuthCodeRequest {
	appId: string;
	sellerId: string;
	redirectUri?: string;
	state?: string;
	scope?: string;
}

export interface SendRequest extends PushSwitches {
	eventType: EventType;
	shipmentId?: string;
	returnId?: string;
	locationId?: string;
}

export interface SendAllRequest extends PushSwitches {
	shipmentId?: string;
	returnId?: string;
	locationId?: string;
}

export interface ShipmentChangeRequest extends ShipmentChange {
	/** Push the notification(s) matching the change. */
	notify?: boolean;
}

export interface SubscriptionRequest {
	sellerId: string;
	locationId: string;
	appId: string;
	disableOrder?: boolean;
	disableReturns?: boolean;
}

export interface ShipmentFailureRequest {
	shipmentIds: string[];
	operation?: FailableOperation;
	errorCode: string;
	errorMessage?: string;
	/** How many times it answers; default unlimited (-1). */
	times?: number;
}

export interface ShipmentListFilter {
	sellerId?: string;
	locationId?: string;
	state?: string;
	limit?: number;
}

const CONFIG_KEYS: ReadonlyArray<keyof RuntimeConfig> = [
	'packingDelayMs',
	'perItemStatusField',
	'formsMethod',
	'listingPageSize',
	'returnsNextUrlForm',
	'shipmentPaging',
	'returnPaging',
	'shipmentSearchOrder',
	'shipmentHasMore',
	'modifiedDatePrecision',
	'autoNotify',
	'accessTokenTtlSec',
	'refreshTokenTtlSec',
	'refreshRenewalBufferSec',
	'authCodeTtlSec',
];

const SWITCH_KEYS: ReadonlyArray<keyof PushSwitches> = [
	'copies',
	'concurrent',
	'wrongSecret',
	'wrongAppId',
	'staleSeconds',
	'omitHeaders',
	'schemeWord',
	'body',
	'dateFormat',
	'appId',
	'appSecret',
	'url',
	'registeredUrl',
	'force',
];

function switchesOf(req: PushSwitches): PushSwitches {
	const out: Record<string, unknown> = {};
	for (const key of SWITCH_KEYS) if (req[key] !== undefined) out[key] = req[key];
	const s = out as PushSwitches;
	oneOf(s.dateFormat, 'dateFormat', ['imf', 'rfc850', 'asctime'] as const);
	if (s.copies !== undefined) requireInt(s.copies, 'copies', 1, 100);
	if (
		s.staleSeconds !== undefined &&
		(typeof s.staleSeconds !== 'number' || !Number.isFinite(s.staleSeconds))
	)
		throw invalid('staleSeconds must be a number');
	if (
		s.omitHeaders !== undefined &&
		typeof s.omitHeaders !== 'boolean' &&
		!(
			Array.isArray(s.omitHeaders) &&
			s.omitHeaders.every((h) => h === 'X_Date' || h === 'X_Authorization')
		)
	) {
		throw invalid('omitHeaders must be true/false or a list of X_Date, X_Authorization');
	}
	return s;
}

/** Runs a notifier call, turning "no receiver" into a 409. */
async function notifying<T>(fn: () => Promise<T>): Promise<T> {
	try {
		return await fn();
	} catch (e) {
		if (e instanceof NotifyError) throw new ControlError(409, e.message);
		throw e;
	}
}

export class SimulatorControl {
	constructor(private readonly world: World) {}

	// ----------------------------------------------------------------- basics

	health(): { ok: true; shipments: number; returns: number; now: string } {
		const w = this.world;
		return {
			ok: true,
			shipments: w.shipments.size,
			returns: w.returns.size,
			now: new Date(w.now()).toISOString(),
		};
	}

	info(): {
		url: string;
		controlUrl: string;
		demo: DemoIdentities;
		options: Record<string, unknown>;
		config: RuntimeConfig;
	} {
		const w = this.world;
		const { runtime: _runtime, ...options } = w.options;
		return {
			url: w.baseUrl,
			controlUrl: `${w.baseUrl}${CONTROL_PREFIX}`,
			demo: demoIdentities(w, w.baseUrl),
			options: { ...options },
			config: { ...w.config },
		};
	}

	reset(opts: { keepTokens?: boolean } = {}): { ok: true } {
		this.world.reset({ keepTokens: opts.keepTokens === true });
		return { ok: true };
	}

	// ----------------------------------------------------------------- data

	seedShipments(req: SeedShipmentsRequest): { count: number; shipmentIds: string[] } {
		return seedShipments(this.world, req);
	}

	seedReturns(req: SeedReturnsRequest): { count: number; returnIds: string[] } {
		return seedReturns(this.world, req);
	}

	seedListings(req: SeedListingsRequest): { count: number; skus: string[] } {
		return seedListings(this.world, req);
	}

	/** Shipments not yet ready, due over the next hours (control/deadlines.ts). */
	seedDeadlines(req: SeedDeadlinesRequest): { count: number; shipmentIds: string[] } {
		return seedDeadlines(this.world, req);
	}

	/** Moves dispatch-by dates, as the marketplace does, with the push when `notify` is set. */
	async moveDispatchDates(
		req: MoveDispatchDatesRequest,
	): Promise<{ moved: string[]; notifications: SendResult[] }> {
		const moves = dispatchDateMoves(this.world, req);
		const notifications: SendResult[] = [];
		for (const move of moves) {
			const result = await this.setShipmentState(move.shipmentId, {
				dispatchByDate: move.dispatchByMs,
				notify: req.notify === true,
			});
			notifications.push(...result.notifications);
		}
		return { moved: moves.map((move) => move.shipmentId), notifications };
	}

	listShipments(filter: ShipmentListFilter = {}): {
		total: number;
		shipments: Record<string, unknown>[];
	} {
		const w = this.world;
		const state = oneOf(filter.state, 'state', ALL_STATES);
		const limit =
			filter.limit === undefined ? 1000 : requireInt(filter.limit, 'limit', 1, 1_000_000);
		const source = filter.sellerId
			? w.shipments.forSeller(filter.sellerId)
			: [...w.shipments.all()];
		const hits = source.filter(
			(s) =>
				(!filter.locationId || s.locationId === filter.locationId) &&
				(!state || stateOf(s) === state),
		);
		return { total: hits.length, shipments: hits.slice(0, limit).map(shipmentSummary) };
	}

	getShipment(shipmentId: string): Record<string, unknown> {
		const s = this.shipment(shipmentId);
		return {
			...shipmentSummary(s),
			shipment: shipmentToWire(s, this.world.baseUrl),
			details: shipmentDetailsToWire(s, this.world.sellers.location(s.locationId)),
		};
	}

	async setShipmentState(
		shipmentId: string,
		req: ShipmentChangeRequest,
	): Promise<{ shipment: Record<string, unknown>; notifications: SendResult[] }> {
		const s = this.shipment(shipmentId);
		const events = changeShipment(this.world, s, req);
		const notifications: SendResult[] = [];
		if (req.notify)
			for (const event of events)
				notifications.push(await notifying(() => this.world.notifier.sendShipmentEvent(event, s)));
		return { shipment: shipmentSummary(s), notifications };
	}

	listReturns(filter: { sellerId?: string; locationId?: string } = {}): {
		total: number;
		returns: Record<string, unknown>[];
	} {
		const w = this.world;
		const source = filter.sellerId ? w.returns.forSeller(filter.sellerId) : [...w.returns.all()];
		const hits = source.filter((r) => !filter.locationId || r.locationId === filter.locationId);
		return {
			total: hits.length,
			returns: hits.map((r) => ({ ...returnToWire(r), source: r.source })),
		};
	}

	/** The buyer asks for a return of a self-ship order (a customer return gets its tech visit); return_created is pushed unless notify is false. */
	async createSelfShipReturn(req: SelfShipReturnRequest = {}): Promise<{
		return: Record<string, unknown>;
		serviceFulfilmentId: string | null;
		notifications: SendResult[];
	}> {
		const created = createSelfShipReturn(this.world, req);
		const notifications: SendResult[] = [];
		if (req.notify !== false && this.world.notifier.receiver)
			notifications.push(
				await notifying(() =>
					this.world.notifier.sendReturnEvent('return_created', created.record),
				),
			);
		return {
			return: { sellerId: created.record.sellerId, ...returnToWire(created.record) },
			serviceFulfilmentId: created.serviceFulfilmentId,
			notifications,
		};
	}

	/** An installation or assembly service of a self-ship shipment. */
	createService(req: ServiceRequest): Record<string, unknown> {
		return createService(this.world, req);
	}

	getService(serviceFulfilmentId: string): Record<string, unknown> {
		return getService(this.world, serviceFulfilmentId);
	}

	async setReturnStatus(
		returnId: string,
		req: ReturnChange & { notify?: boolean },
	): Promise<{ return: Record<string, unknown>; notifications: SendResult[] }> {
		const ret = this.world.returns.get(returnId);
		if (!ret) throw new ControlError(404, `Unknown return ${returnId}`);
		const event = changeReturn(ret, req, this.world.now());
		const notifications: SendResult[] = [];
		if (req.notify && event)
			notifications.push(await notifying(() => this.world.notifier.sendReturnEvent(event, ret)));
		return { return: { sellerId: ret.sellerId, ...returnToWire(ret) }, notifications };
	}

	// ----------------------------------------------------------------- clock

	getClock(): { now: string; epochMs: number; offsetMs: number } {
		const now = this.world.now();
		return { now: new Date(now).toISOString(), epochMs: now, offsetMs: this.world.clock.offset };
	}

	advanceClock(req: { seconds: number }): { now: string; epochMs: number; offsetMs: number } {
		if (typeof req?.seconds !== 'number' || !Number.isFinite(req.seconds))
			throw invalid('seconds must be a number');
		this.world.clock.advance(req.seconds);
		return this.getClock();
	}

	// ----------------------------------------------------------------- tokens

	listTokens(filter: { appId?: string; sellerId?: string; kind?: TokenKind } = {}): {
		tokens: TokenView[];
	} {
		const now = this.world.now();
		const tokens = this.world.tokens
			.list()
			.filter(
				(t) =>
					(!filter.appId || t.appId === filter.appId) &&
					(!filter.sellerId || t.sellerId === filter.sellerId) &&
					(!filter.kind || t.kind === filter.kind),
			);
		return { tokens: tokens.map((t) => tokenView(t, now)) };
	}

	expireTokens(selector: TokenSelector): { affected: number; tokens: string[] } {
		const now = this.world.now();
		return this.affect(selector, (t) => {
			t.expiresMs = Math.min(t.expiresMs, now);
		});
	}

	revokeTokens(selector: TokenSelector): { affected: number; tokens: string[] } {
		return this.affect(selector, (t) => {
			t.revoked = true;
		});
	}

	issueAuthCode(req: AuthCodeRequest): {
		code: string;
		appId: string;
		sellerId: string;
		redirectUri: string;
		state: string | null;
		redirectUrl: string;
		expiresIn: number;
	} {
		if (!req || typeof req.appId !== 'string' || typeof req.sellerId !== 'string')
			throw invalid('appId and sellerId are required');
		const app = this.world.apps.get(req.appId);
		const code = authorize(this.world, {
			clientId: req.appId,
			redirectUri: req.redirectUri ?? app?.redirectUris[0],
			scope: req.scope,
			state: req.state,
			sellerId: req.sellerId,
		});
		return {
			code: code.code,
			appId: code.appId,
			sellerId: code.sellerId,
			redirectUri: code.redirectUri,
			state: code.state,
			redirectUrl: redirectWithCode(code.redirectUri, code.code, code.state),
			expiresIn: secondsLeft(code.expiresMs, this.world.now()),
		};
	}

	// ----------------------------------------------------------------- calls and faults

	listCalls(filter: CallFilter = {}): { calls: RecordedCall[] } {
		return { calls: this.world.recorder.list(filter) };
	}

	clearCalls(): { ok: true } {
		this.world.recorder.clear();
		return { ok: true };
	}

	counters(): { counters: Record<string, number> } {
		return { counters: this.world.recorder.counters() };
	}

	addFault(spec: FaultSpec): Fault {
		try {
			return this.world.faults.add(spec);
		} catch (e) {
			throw invalid((e as Error).message);
		}
	}

	/**
	 * Runs `action` when the `call`-th matching request arrives, before it is handled: the data
	 * moves while a client pages. In-process only (callHooks.ts).
	 */
	onCall(spec: CallHookSpec, action: CallAction): void {
		this.world.callHooks.add(spec, action);
	}

	listFaults(): { faults: Fault[] } {
		return { faults: this.world.faults.list() };
	}

	clearFaults(): { ok: true } {
		this.world.faults.clear();
		return { ok: true };
	}

	injectShipmentFailure(req: ShipmentFailureRequest): { failures: ShipmentFailure[] } {
		if (
			!req ||
			!Array.isArray(req.shipmentIds) ||
			req.shipmentIds.length === 0 ||
			req.shipmentIds.some((id) => typeof id !== 'string')
		) {
			throw invalid('shipmentIds must be a non-empty array of strings');
		}
		if (typeof req.errorCode !== 'string' || req.errorCode === '')
			throw invalid('errorCode is required');
		const operation = oneOf(req.operation, 'operation', FAILABLE_OPERATIONS);
		const times =
			req.times === undefined
				? -1
				: req.times === -1
					? -1
					: requireInt(req.times, 'times', 1, 1_000_000);
		return {
			failures: this.world.failures.add(
				req.shipmentIds,
				operation,
				req.errorCode,
				req.errorMessage ?? `Injected failure ${req.errorCode}`,
				times,
			),
		};
	}

	listShipmentFailures(): { failures: ShipmentFailure[] } {
		return { failures: this.world.failures.list() };
	}

	clearShipmentFailures(): { ok: true } {
		this.world.failures.clear();
		return { ok: true };
	}

	// ----------------------------------------------------------------- runtime config

	getConfig(): RuntimeConfig {
		return { ...this.world.config };
	}

	setConfig(patch: Partial<RuntimeConfig>): RuntimeConfig {
		if (!patch || typeof patch !== 'object') throw invalid('expected an object of settings');
		const next = { ...this.world.config };
		for (const [key, value] of Object.entries(patch)) {
			if (!CONFIG_KEYS.includes(key as keyof RuntimeConfig))
				throw invalid(`Unknown setting ${key} (known: ${CONFIG_KEYS.join(', ')})`);
			if (key === 'perItemStatusField')
				next.perItemStatusField = oneOf(value, key, [
					'status',
					'processingStatus',
				] as const) as PerItemStatusField;
			else if (key === 'formsMethod')
				next.formsMethod = oneOf(value, key, ['GET', 'POST'] as const) as FormsMethod;
			else if (key === 'returnsNextUrlForm')
				next.returnsNextUrlForm = oneOf(value, key, [
					'relative',
					'versioned',
				] as const) as ReturnsNextUrlForm;
			else if (key === 'shipmentPaging')
				next.shipmentPaging =
					oneOf(value, key, ['snapshot', 'live'] as const) ?? next.shipmentPaging;
			else if (key === 'returnPaging')
				next.returnPaging = oneOf(value, key, ['snapshot', 'live'] as const) ?? next.returnPaging;
			else if (key === 'shipmentSearchOrder')
				next.shipmentSearchOrder =
					oneOf(value, key, ['requested', 'reversed'] as const) ?? next.shipmentSearchOrder;
			else if (key === 'shipmentHasMore')
				next.shipmentHasMore =
					oneOf(value, key, ['boolean', 'string', 'number', 'absent'] as const) ??
					next.shipmentHasMore;
			else if (key === 'modifiedDatePrecision')
				next.modifiedDatePrecision =
					oneOf(value, key, ['millisecond', 'second'] as const) ?? next.modifiedDatePrecision;
			else if (key === 'autoNotify') {
				if (typeof value !== 'boolean') throw invalid('autoNotify must be a boolean');
				next.autoNotify = value;
			} else if (key === 'listingPageSize')
				next.listingPageSize = requireInt(value, key, 1, 100_000);
			else {
				if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
					throw invalid(`${key} must be a non-negative number`);
				(next as unknown as Record<string, number>)[key] = value;
			}
		}
		this.world.config = next;
		return { ...next };
	}

	// ----------------------------------------------------------------- subscriptions

	listSubscriptions(): { subscriptions: SubscriptionRecord[] } {
		return { subscriptions: this.world.subscriptions.list() };
	}

	putSubscription(req: SubscriptionRequest): SubscriptionRecord {
		if (
			!req ||
			typeof req.sellerId !== 'string' ||
			typeof req.locationId !== 'string' ||
			typeof req.appId !== 'string'
		) {
			throw invalid('sellerId, locationId and appId are required');
		}
		if (!this.world.sellers.seller(req.sellerId)) throw invalid(`Unknown seller ${req.sellerId}`);
		if (!this.world.apps.get(req.appId)) throw invalid(`Unknown app ${req.appId}`);
		const known = this.world.sellers.location(req.locationId);
		if (known && known.sellerId !== req.sellerId)
			throw invalid(`Location ${req.locationId} belongs to ${known.sellerId}`);
		const record = this.world.subscriptions.put({
			sellerId: req.sellerId,
			locationId: req.locationId,
			appId: req.appId,
			disableOrder: req.disableOrder === true,
			disableReturns: req.disableReturns === true,
			updatedMs: this.world.now(),
		});
		return { ...record };
	}

	// ----------------------------------------------------------------- notifications

	getReceiver(): { receiver: Receiver | null } {
		return { receiver: this.world.notifier.receiver ? { ...this.world.notifier.receiver } : null };
	}

	setReceiver(req: { url: string | null; registeredUrl?: string } | null): {
		receiver: Receiver | null;
	} {
		if (!req || req.url === null || req.url === undefined) {
			this.world.notifier.receiver = null;
			return this.getReceiver();
		}
		for (const [name, value] of [
			['url', req.url],
			['registeredUrl', req.registeredUrl ?? req.url],
		] as const) {
			try {
				const parsed = new URL(value);
				if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
			} catch {
				throw invalid(`${name} must be an http(s) URL`);
			}
		}
		this.world.notifier.receiver = { url: req.url, registeredUrl: req.registeredUrl ?? req.url };
		return this.getReceiver();
	}

	async sendNotification(req: SendRequest): Promise<SendResult> {
		const eventType = oneOf(req?.eventType, 'eventType', EVENT_TYPES);
		if (!eventType) throw invalid(`eventType is required (one of ${EVENT_TYPES.join(', ')})`);
		const switches = switchesOf(req);
		return notifying(() => this.sendOne(eventType, req, switches));
	}

	async sendAllNotifications(req: SendAllRequest = {}): Promise<{ results: SendResult[] }> {
		const switches = switchesOf(req);
		const results: SendResult[] = [];
		for (const eventType of EVENT_TYPES)
			results.push(await notifying(() => this.sendOne(eventType, req, switches)));
		return { results };
	}

	runShipmentLifecycle(
		req: ShipmentLifecycleRequest = {},
	): ReturnType<typeof runShipmentLifecycle> {
		const switches = switchesOf(req);
		return notifying(() => runShipmentLifecycle(this.world, { ...req, ...switches }));
	}

	runReturnLifecycle(req: ReturnLifecycleRequest = {}): ReturnType<typeof runReturnLifecycle> {
		const switches = switchesOf(req);
		return notifying(() => runReturnLifecycle(this.world, { ...req, ...switches }));
	}

	listDeliveries(): { deliveries: DeliveryLogEntry[] } {
		return { deliveries: this.world.notifier.deliveries() };
	}

	clearDeliveries(): { ok: true } {
		this.world.notifier.clearLog();
		return { ok: true };
	}

	/** Waits until automatic pushes (packed, ready to dispatch, cancelled) have been delivered. */
	async flushNotifications(): Promise<{ ok: true }> {
		this.world.packing.settle();
		await this.world.notifier.flush();
		return { ok: true };
	}

	// ----------------------------------------------------------------- handover and self-ship

	/** The marketplace generates the handover OTCs of a location's vendor groups (until then: OTC_UNAVAILABLE). */
	generateHandoverOtcs(req: { locationId?: string }): {
		otcs: Array<{ vendorGroupCode: string; code: string }>;
	} {
		if (typeof req?.locationId !== 'string' || !this.world.sellers.location(req.locationId))
			throw invalid('locationId must name a known location');
		return { otcs: generateHandoverOtcs(this.world, req.locationId) };
	}

	/** A logistics vendor brings returns to a location: one return OTC for it. */
	generateReturnOtc(req: { locationId?: string; vendor?: string }): {
		otc: { code: string; type: string; vendor: string };
	} {
		if (typeof req?.locationId !== 'string' || !this.world.sellers.location(req.locationId))
			throw invalid('locationId must name a known location');
		const otc = {
			code: this.world.selfShip.nextOtc(),
			type: 'RETURN_PICKUP',
			vendor: typeof req.vendor === 'string' ? req.vendor : 'SwiftShip Couriers',
		};
		const list = this.world.selfShip.returnOtcs.get(req.locationId) ?? [];
		list.push(otc);
		this.world.selfShip.returnOtcs.set(req.locationId, list);
		return { otc };
	}

	/** Which documented form handover counts are answered in: array, wrapper, afterBefore. */
	setHandoverForm(req: { form?: string }): { form: HandoverForm } {
		const form = oneOf(req?.form, 'form', ['array', 'wrapper', 'afterBefore'] as const);
		if (form === undefined) throw invalid('form is required');
		this.world.selfShip.handoverForm = form;
		return { form };
	}

	/** What the simulator recorded of a self-ship shipment's dispatch, attempts and delivery. */
	getSelfShip(shipmentId: string): Record<string, unknown> {
		const shipment = this.shipment(shipmentId);
		const record = this.world.selfShip.records.get(shipmentId);
		return {
			shipmentId,
			state: stateOf(shipment),
			record: record
				? {
						...record,
						dispatchDate: new Date(record.dispatchDateMs).toISOString(),
						tentativeDeliveryDate: new Date(record.tentativeDeliveryMs).toISOString(),
					}
				: null,
		};
	}

	// ----------------------------------------------------------------- helpers

	private shipment(shipmentId: string): ShipmentRecord {
		const s = this.world.shipments.get(shipmentId);
		if (!s) throw new ControlError(404, `Unknown shipment ${shipmentId}`);
		return s;
	}

	private sendOne(
		eventType: EventType,
		req: { shipmentId?: string; returnId?: string; locationId?: string },
		switches: PushSwitches,
	): Promise<SendResult> {
		const w = this.world;
		const locationId = req.locationId ?? 'LOC-DEMO-1';
		if (isShipmentEvent(eventType)) {
			const shipment =
				req.shipmentId !== undefined
					? this.shipment(req.shipmentId)
					: this.defaultShipment(locationId, eventType);
			return w.notifier.sendShipmentEvent(eventType, shipment, switches);
		}
		if (!isReturnEvent(eventType)) throw invalid(`Unknown eventType ${eventType}`);
		const ret =
			req.returnId !== undefined
				? w.returns.get(req.returnId)
				: [...w.returns.all()].find((r) => r.locationId === locationId);
		if (!ret)
			throw new ControlError(
				404,
				req.returnId !== undefined
					? `Unknown return ${req.returnId}`
					: `No return at location ${locationId}`,
			);
		return w.notifier.sendReturnEvent(eventType, ret, switches);
	}

	/** The first shipment of the location in the state the event announces (else its first shipment). */
	private defaultShipment(locationId: string, eventType: EventType): ShipmentRecord {
		const location = this.world.sellers.location(locationId);
		if (!location) throw invalid(`Unknown location ${locationId}`);
		const candidates = this.world.shipments
			.forSeller(location.sellerId)
			.filter((s) => s.locationId === locationId);
		if (candidates.length === 0)
			throw new ControlError(404, `No shipment at location ${locationId}`);
		const state = STATUS_OF_EVENT[eventType] ?? 'APPROVED';
		return candidates.find((s) => stateOf(s) === state) ?? candidates[0];
	}

	private affect(
		selector: TokenSelector,
		fn: (t: TokenRecord) => void,
	): { affected: number; tokens: string[] } {
		if (
			!selector ||
			(selector.token === undefined &&
				selector.appId === undefined &&
				selector.sellerId === undefined &&
				selector.all !== true)
		) {
			throw invalid('Select tokens by token, appId, sellerId, or all: true');
		}
		if (selector.kind !== undefined) oneOf(selector.kind, 'kind', ['access', 'refresh'] as const);
		const hits = this.world.tokens.select(selector);
		hits.forEach(fn);
		return { affected: hits.length, tokens: hits.map((t) => t.value) };
	}
}

function tokenView(t: TokenRecord, now: number): TokenView {
	return {
		token: t.value,
		kind: t.kind,
		appId: t.appId,
		sellerId: t.sellerId,
		scopes: [...t.scopes],
		grant: t.grant,
		issuedAt: new Date(t.issuedMs).toISOString(),
		expiresAt: new Date(t.expiresMs).toISOString(),
		expiresIn: secondsLeft(t.expiresMs, now),
		expired: now >= t.expiresMs,
		revoked: t.revoked,
	};
}
