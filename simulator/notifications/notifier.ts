/**
 * Sends signed notifications to the receiver, with the switches a test needs to exercise a
 * receiver's checks (duplicates, wrong secret or app id, stale dates, missing headers, another
 * scheme word or date format, a raw body). The signing app is the owner of the seller/location
 * subscription (docs/marketplace-api/notifications.md#subscription: the subscription names the app id and secret), and the subscription's
 * order/returns switches are honoured (docs/marketplace-api/notifications.md#subscription-switch) unless `force` is set.
 */
import { MARKETPLACE } from '../profile';
import type { HttpDateFormat } from '../util/dates';
import type { Clock } from '../clock';
import type { AppRegistry } from '../oauth/apps';
import type { SubscriptionStore } from '../subscriptions/store';
import type { RuntimeConfig } from '../options';
import { signPush } from './signing';
import { postNotification } from './delivery';
import {
	returnEnvelope,
	shipmentEnvelope,
	type Envelope,
	type ReturnEventType,
	type ShipmentEventDetail,
	type ShipmentEventType,
} from './envelopes';
import type { ShipmentRecord } from '../shipments/model';
import type { ReturnRecord } from '../returns/model';

export type PushHeaderName = 'X_Date' | 'X_Authorization';

export interface PushSwitches {
	/** Deliver the same notification this many times (at-least-once duplicates); default 1. */
	copies?: number;
	/** Send the copies at the same time instead of one after another. */
	concurrent?: boolean;
	/** Sign with a wrong app secret. */
	wrongSecret?: boolean;
	/** Put a wrong app id in X_Authorization (the signature itself stays correct). */
	wrongAppId?: boolean;
	/** X_Date this many seconds in the past (negative: in the future); the signature follows it. */
	staleSeconds?: number;
	/** Leave out both headers (true) or the named ones. */
	omitHeaders?: boolean | PushHeaderName[];
	/** Scheme word of X_Authorization instead of the profile's. */
	schemeWord?: string;
	/** Send this body instead of the envelope (a string as is, anything else as JSON). */
	body?: unknown;
	dateFormat?: HttpDateFormat;
	/** Sign as this app instead of the subscription owner. */
	appId?: string;
	appSecret?: string;
	/** Deliver to this URL instead of the configured receiver. */
	url?: string;
	/** Sign this URL instead of the receiver's registered URL. */
	registeredUrl?: string;
	/** Send even when the subscription has the notification kind disabled. */
	force?: boolean;
}

export interface PushTarget {
	sellerId: string;
	locationId: string;
	kind: 'order' | 'return';
}

export interface DeliveryResult {
	copy: number;
	url: string;
	registeredUrl: string;
	headers: Record<string, string>;
	body: string;
	status: number | null;
	responseBody: string | null;
	error: string | null;
	durationMs: number;
}

export interface SendResult {
	eventType: string;
	shipmentId?: string;
	returnId?: string;
	envelope: Envelope;
	appId: string | null;
	/** Why nothing was sent (no subscription, kind disabled), else null. */
	skipped: string | null;
	deliveries: DeliveryResult[];
}

export interface DeliveryLogEntry extends DeliveryResult {
	seq: number;
	time: string;
	eventType: string;
	shipmentId?: string;
	returnId?: string;
	auto: boolean;
}

export class NotifyError extends Error {}

export interface Receiver {
	url: string;
	registeredUrl: string;
}

const MAX_LOG = 5000;
const MAX_COPIES = 100;

export class Notifier {
	receiver: Receiver | null;
	private log: DeliveryLogEntry[] = [];
	private seq = 0;
	private readonly pending = new Set<Promise<unknown>>();

	constructor(
		private readonly deps: {
			clock: Clock;
			apps: AppRegistry;
			subscriptions: () => SubscriptionStore;
			config: () => RuntimeConfig;
			baseUrl: () => string;
		},
		private readonly initialReceiver: Receiver | null,
	) {
		this.receiver = initialReceiver ? { ...initialReceiver } : null;
	}

	reset(): void {
		this.receiver = this.initialReceiver ? { ...this.initialReceiver } : null;
		this.log = [];
	}

	deliveries(): DeliveryLogEntry[] {
		return [...this.log];
	}

	clearLog(): void {
		this.log = [];
	}

	/** Resolves once every automatic delivery started so far has finished. */
	async flush(): Promise<void> {
		while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
	}

	async send(
		envelope: Envelope,
		target: PushTarget,
		switches: PushSwitches = {},
		auto = false,
	): Promise<SendResult> {
		const receiver = this.resolveReceiver(switches);
		const subscription = this.deps.subscriptions().get(target.sellerId, target.locationId);
		const appId = switches.appId ?? subscription?.appId ?? null;
		const appSecret =
			switches.appSecret ?? (appId ? this.deps.apps.get(appId)?.appSecret : undefined);
		const ids = { shipmentId: envelope.shipmentId, returnId: envelope.returnId };
		const result: SendResult = {
			eventType: envelope.eventType,
			...ids,
			envelope,
			appId,
			skipped: null,
			deliveries: [],
		};
		if (!appId || appSecret === undefined) {
			result.skipped = switches.appId
				? `Unknown app ${switches.appId}: pass appSecret as well`
				: `No subscription for seller ${target.sellerId} and location ${target.locationId}`;
			return result;
		}
		if (subscription && !switches.force) {
			if (target.kind === 'order' && subscription.disableOrder)
				result.skipped = `Order notifications are disabled for ${target.sellerId}/${target.locationId}`;
			if (target.kind === 'return' && subscription.disableReturns)
				result.skipped = `Return notifications are disabled for ${target.sellerId}/${target.locationId}`;
			if (result.skipped) return result;
		}

		const headers = this.headers(appId, appSecret, receiver.registeredUrl, switches);
		const body =
			switches.body === undefined
				? JSON.stringify(envelope)
				: typeof switches.body === 'string'
					? switches.body
					: JSON.stringify(switches.body);
		const copies = Math.min(MAX_COPIES, Math.max(1, Math.floor(switches.copies ?? 1)));
		const deliverOne = async (copy: number): Promise<DeliveryResult> => {
			const outcome = await postNotification(receiver.url, headers, body);
			const delivery: DeliveryResult = {
				copy,
				url: receiver.url,
				registeredUrl: receiver.registeredUrl,
				headers,
				body,
				...outcome,
			};
			this.remember(delivery, envelope, auto);
			return delivery;
		};
		if (switches.concurrent) {
			result.deliveries = await Promise.all(
				Array.from({ length: copies }, (_, i) => deliverOne(i + 1)),
			);
		} else {
			for (let i = 1; i <= copies; i++) result.deliveries.push(await deliverOne(i));
		}
		return result;
	}

	sendShipmentEvent(
		eventType: ShipmentEventType,
		shipment: ShipmentRecord,
		switches: PushSwitches = {},
		detail: ShipmentEventDetail = {},
		auto = false,
	): Promise<SendResult> {
		const envelope = shipmentEnvelope(
			eventType,
			shipment,
			this.deps.clock.now(),
			this.deps.baseUrl(),
			detail,
		);
		return this.send(
			envelope,
			{ sellerId: shipment.sellerId, locationId: shipment.locationId, kind: 'order' },
			switches,
			auto,
		);
	}

	sendReturnEvent(
		eventType: ReturnEventType,
		ret: ReturnRecord,
		switches: PushSwitches = {},
		auto = false,
	): Promise<SendResult> {
		const envelope = returnEnvelope(eventType, ret, this.deps.clock.now());
		return this.send(
			envelope,
			{ sellerId: ret.sellerId, locationId: ret.locationId, kind: 'return' },
			switches,
			auto,
		);
	}

	/**
	 * Pushes an event caused by an API call when auto-notify is on and a receiver is set. The
	 * envelope is built now (state at the moment of the change); delivery runs in the background.
	 */
	autoShipmentEvent(
		eventType: ShipmentEventType,
		shipment: ShipmentRecord,
		detail: ShipmentEventDetail = {},
	): void {
		if (!this.deps.config().autoNotify || !this.receiver) return;
		const promise = this.sendShipmentEvent(eventType, shipment, {}, detail, true).catch(
			() => undefined,
		);
		this.pending.add(promise);
		void promise.finally(() => this.pending.delete(promise));
	}

	/** As autoShipmentEvent, for a return changed by a seller's return action. */
	autoReturnEvent(eventType: ReturnEventType, ret: ReturnRecord): void {
		if (!this.deps.config().autoNotify || !this.receiver) return;
		const promise = this.sendReturnEvent(eventType, ret, {}, true).catch(() => undefined);
		this.pending.add(promise);
		void promise.finally(() => this.pending.delete(promise));
	}

	private resolveReceiver(switches: PushSwitches): Receiver {
		if (switches.url)
			return { url: switches.url, registeredUrl: switches.registeredUrl ?? switches.url };
		if (!this.receiver)
			throw new NotifyError(
				'No receiver configured: set one with POST /__control/notifications/receiver or pass "url"',
			);
		return {
			url: this.receiver.url,
			registeredUrl: switches.registeredUrl ?? this.receiver.registeredUrl,
		};
	}

	private headers(
		appId: string,
		appSecret: string,
		registeredUrl: string,
		switches: PushSwitches,
	): Record<string, string> {
		const signed = signPush({
			appId: switches.wrongAppId ? `${appId}-wrong` : appId,
			appSecret: switches.wrongSecret ? `${appSecret}-wrong` : appSecret,
			registeredUrl,
			dateMs: this.deps.clock.now() - (switches.staleSeconds ?? 0) * 1000,
			scheme: switches.schemeWord ?? MARKETPLACE.signatureScheme,
			dateFormat: switches.dateFormat,
		});
		const omit =
			switches.omitHeaders === true
				? ['X_Date', 'X_Authorization']
				: Array.isArray(switches.omitHeaders)
					? switches.omitHeaders
					: [];
		const headers: Record<string, string> = {};
		if (!omit.includes('X_Date')) headers.X_Date = signed.xDate;
		if (!omit.includes('X_Authorization')) headers.X_Authorization = signed.xAuthorization;
		return headers;
	}

	private remember(delivery: DeliveryResult, envelope: Envelope, auto: boolean): void {
		this.log.push({
			seq: ++this.seq,
			time: new Date(this.deps.clock.now()).toISOString(),
			eventType: envelope.eventType,
			shipmentId: envelope.shipmentId,
			returnId: envelope.returnId,
			auto,
			...delivery,
		});
		if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
	}
}
