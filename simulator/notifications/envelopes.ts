/**
 * Event envelopes (docs/marketplace-api/notifications.md#envelope) for the 17 eventTypes of docs/marketplace-api/notifications.md#events, built from the
 * simulator's records so that what a receiver gets agrees with what the API then returns.
 */
import { MARKETPLACE } from '../profile';
import { toIst, toIstSeconds } from '../util/dates';
import { orderItemToWire, shipmentToWire } from '../shipments/wire';
import { liveItems, stateOf, type OrderItemRecord, type ShipmentRecord } from '../shipments/model';
import type { ReturnRecord } from '../returns/model';

export const SHIPMENT_EVENT_TYPES = [
	'shipment_created',
	'shipment_hold',
	'shipment_unhold',
	'shipment_packed',
	'shipment_ready_to_dispatch',
	'shipment_pickup_complete',
	'shipment_shipped',
	'shipment_delivered',
	'shipment_dispatch_dates_changed',
	'shipment_cancelled',
	'shipment_form_failed',
] as const;

export const RETURN_EVENT_TYPES = [
	'return_created',
	'return_item_tracking_id_update',
	'return_expected_date_changed',
	'return_picked_up',
	'return_completed',
	'return_cancelled',
] as const;

export const EVENT_TYPES = [...SHIPMENT_EVENT_TYPES, ...RETURN_EVENT_TYPES] as const;

export type ShipmentEventType = (typeof SHIPMENT_EVENT_TYPES)[number];
export type ReturnEventType = (typeof RETURN_EVENT_TYPES)[number];
export type EventType = ShipmentEventType | ReturnEventType;

export function isShipmentEvent(type: string): type is ShipmentEventType {
	return (SHIPMENT_EVENT_TYPES as readonly string[]).includes(type);
}

export function isReturnEvent(type: string): type is ReturnEventType {
	return (RETURN_EVENT_TYPES as readonly string[]).includes(type);
}

export interface Envelope {
	eventType: EventType;
	source: string;
	version: 'v3';
	timestamp: string;
	shipmentId?: string;
	returnId?: string;
	locationId?: string;
	attributes: Record<string, unknown>;
}

/** The status attribute of the plain status events: the state (or return status) they announce. */
export const STATUS_OF_EVENT: Partial<Record<EventType, string>> = {
	shipment_packed: 'PACKED',
	shipment_ready_to_dispatch: 'READY_TO_DISPATCH',
	shipment_pickup_complete: 'PICKUP_COMPLETE',
	shipment_shipped: 'SHIPPED',
	shipment_delivered: 'DELIVERED',
	shipment_cancelled: 'CANCELLED',
	shipment_form_failed: 'FORM_FAILED',
	return_created: 'RETURN_CREATED',
	return_picked_up: 'RETURN_PICKED_UP',
	return_completed: 'RETURN_COMPLETED',
	return_cancelled: 'RETURN_CANCELLED',
};

/** The shipment event announcing a state (STATUS_OF_EVENT read the other way). */
export const SHIPMENT_EVENT_OF_STATE: ReadonlyMap<string, ShipmentEventType> = new Map(
	SHIPMENT_EVENT_TYPES.flatMap((eventType) => {
		const state = STATUS_OF_EVENT[eventType];
		return state ? [[state, eventType] as const] : [];
	}),
);

/** Events whose envelope carries locationId (docs/marketplace-api/notifications.md#events). */
const WITH_LOCATION: ReadonlySet<EventType> = new Set<EventType>([
	'shipment_created',
	'shipment_cancelled',
	'return_created',
	'return_expected_date_changed',
	'return_picked_up',
	'return_completed',
	'return_cancelled',
]);

export interface ShipmentEventDetail {
	/** shipment_cancelled: the items this cancellation covered (default: every cancelled item). */
	cancelledItems?: OrderItemRecord[];
	/** shipment_form_failed: the failed form codes (default: the shipment's failed forms). */
	failedForms?: string[];
}

function envelope(
	eventType: EventType,
	now: number,
	id: { shipmentId?: string; returnId?: string },
	locationId: string,
	attributes: Record<string, unknown>,
): Envelope {
	return {
		eventType,
		source: MARKETPLACE.sourceName,
		version: 'v3',
		timestamp: toIstSeconds(now),
		...id,
		...(WITH_LOCATION.has(eventType) ? { locationId } : {}),
		attributes,
	};
}

export function shipmentEnvelope(
	eventType: ShipmentEventType,
	shipment: ShipmentRecord,
	now: number,
	baseUrl: string,
	detail: ShipmentEventDetail = {},
): Envelope {
	return envelope(
		eventType,
		now,
		{ shipmentId: shipment.shipmentId },
		shipment.locationId,
		shipmentAttributes(eventType, shipment, baseUrl, detail),
	);
}

function shipmentAttributes(
	eventType: ShipmentEventType,
	shipment: ShipmentRecord,
	baseUrl: string,
	detail: ShipmentEventDetail,
): Record<string, unknown> {
	switch (eventType) {
		case 'shipment_created': {
			// The search shape (docs/marketplace-api/notifications.md#events), items APPROVED, packages with their title and dimensions.
			const wire = shipmentToWire(shipment, baseUrl);
			return {
				...wire,
				subShipments: shipment.subShipments.map((s) => ({
					subShipmentId: s.subShipmentId,
					packages: s.packages.map((p) => ({
						packageId: p.packageId,
						packageSku: p.packageSku,
						packageTitle: p.packageTitle,
						dimensions: { ...p.dimensions },
					})),
				})),
				orderItems: shipment.items.map((i) => ({ ...orderItemToWire(i), status: 'APPROVED' })),
				dispatchLocation: { locationId: shipment.locationId },
			};
		}
		case 'shipment_hold':
			return {
				orderItems: liveItems(shipment).map((i) => ({
					orderItemId: i.orderItemId,
					holdQuantity: i.quantity,
				})),
			};
		case 'shipment_unhold':
			return { status: stateOf(shipment) === 'PACKED' ? 'PACKED' : 'APPROVED' };
		case 'shipment_dispatch_dates_changed':
			return {
				dispatchAfterDate: toIst(shipment.dispatchAfterMs),
				dispatchByDate: toIst(shipment.dispatchByMs),
			};
		case 'shipment_cancelled': {
			const items = detail.cancelledItems ?? shipment.items.filter((i) => i.status === 'CANCELLED');
			return {
				status: 'CANCELLED',
				orderItems: (items.length > 0 ? items : shipment.items).map((i) => ({
					orderItemId: i.orderItemId,
					quantity: i.quantity,
					reason: i.cancellationReason,
					subReason: i.cancellationSubReason,
				})),
			};
		}
		case 'shipment_form_failed': {
			const failed =
				detail.failedForms ?? shipment.forms.filter((f) => f.failed).map((f) => f.name);
			return {
				status: 'FORM_FAILED',
				forms: failed.length > 0 ? failed : shipment.forms.map((f) => f.name),
			};
		}
		default:
			return { status: STATUS_OF_EVENT[eventType] };
	}
}

export function returnEnvelope(
	eventType: ReturnEventType,
	ret: ReturnRecord,
	now: number,
): Envelope {
	return envelope(
		eventType,
		now,
		{ returnId: ret.returnId },
		ret.locationId,
		returnAttributes(eventType, ret),
	);
}

function returnAttributes(eventType: ReturnEventType, ret: ReturnRecord): Record<string, unknown> {
	switch (eventType) {
		case 'return_created':
			return {
				status: 'RETURN_CREATED',
				returnItems: [
					{
						returnId: ret.returnId,
						orderItemId: ret.orderItemId,
						source: ret.source,
						action: ret.action,
						quantity: ret.quantity,
						reason: ret.reason,
						subReason: ret.subReason,
						trackingId: ret.trackingId,
						shipmentId: ret.shipmentId,
						expectedDate: toIst(ret.expectedDateMs),
						createdDate: toIst(ret.createdMs),
					},
				],
			};
		case 'return_item_tracking_id_update':
			return {
				returnItems: [
					{
						orderItemId: ret.orderItemId,
						trackingId: ret.trackingId,
						courierName: ret.courierName,
					},
				],
			};
		case 'return_expected_date_changed':
			return {
				returnItems: [{ orderItemId: ret.orderItemId, expectedDate: toIst(ret.expectedDateMs) }],
			};
		default:
			return {
				status: STATUS_OF_EVENT[eventType],
				returnItems: [{ orderItemId: ret.orderItemId }],
			};
	}
}
