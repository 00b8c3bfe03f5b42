/**
 * The 17 push notification kinds (spec 6.2; eventType strings and id keys from api-facts 9.6).
 *
 * `idKey` names the envelope field that identifies the shipment or return the event is about;
 * `carriesLocation` marks the kinds whose envelope carries a locationId (api-facts 9.6 table).
 * Event types not listed here (for example legacy v2 names such as `order_item_created`) are
 * still accepted when the user selects "All".
 */

export type EventIdKey = 'shipmentId' | 'returnId';

export interface PushEventKind {
	/** The eventType string the marketplace sends. */
	readonly eventType: string;
	/** Name shown in the Events parameter. */
	readonly displayName: string;
	/** When the marketplace sends it (spec 6.2). */
	readonly sentWhen: string;
	readonly idKey: EventIdKey;
	readonly carriesLocation: boolean;
}

/** Value of the Events parameter that selects every event type, known or not. */
export const ALL_EVENTS = '*';

export const PUSH_EVENT_KINDS: readonly PushEventKind[] = [
	{
		eventType: 'shipment_created',
		displayName: 'Shipment Created',
		sentWhen: 'An order is placed',
		idKey: 'shipmentId',
		carriesLocation: true,
	},
	{
		eventType: 'shipment_hold',
		displayName: 'Shipment Hold',
		sentWhen: 'An order item is flagged Hold',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_unhold',
		displayName: 'Shipment Unhold',
		sentWhen: 'A held order item is released',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_packed',
		displayName: 'Shipment Packed',
		sentWhen: 'An order item becomes Packed',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_ready_to_dispatch',
		displayName: 'Shipment Ready To Dispatch',
		sentWhen: 'An order item is marked Ready to Dispatch',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_pickup_complete',
		displayName: 'Shipment Pickup Complete',
		sentWhen: 'Logistics picks up the shipment',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_shipped',
		displayName: 'Shipment Shipped',
		sentWhen: 'An order item is shipped',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_delivered',
		displayName: 'Shipment Delivered',
		sentWhen: 'An order item is delivered',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_dispatch_dates_changed',
		displayName: 'Shipment Dispatch Dates Changed',
		sentWhen: 'The dispatch date is changed',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'shipment_cancelled',
		displayName: 'Shipment Cancelled',
		sentWhen: 'An approved order is cancelled',
		idKey: 'shipmentId',
		carriesLocation: true,
	},
	{
		eventType: 'shipment_form_failed',
		displayName: 'Shipment Form Failed',
		sentWhen: 'Form generation fails',
		idKey: 'shipmentId',
		carriesLocation: false,
	},
	{
		eventType: 'return_created',
		displayName: 'Return Created',
		sentWhen: 'A return request is created',
		idKey: 'returnId',
		carriesLocation: true,
	},
	{
		eventType: 'return_item_tracking_id_update',
		displayName: 'Return Tracking ID Update',
		sentWhen: 'Tracking details of a customer return are updated',
		idKey: 'returnId',
		carriesLocation: false,
	},
	{
		eventType: 'return_expected_date_changed',
		displayName: 'Return Expected Date Changed',
		sentWhen: 'The expected return date of an order item changes',
		idKey: 'returnId',
		carriesLocation: true,
	},
	{
		eventType: 'return_picked_up',
		displayName: 'Return Picked Up',
		sentWhen: 'A return is picked up',
		idKey: 'returnId',
		carriesLocation: true,
	},
	{
		eventType: 'return_completed',
		displayName: 'Return Completed',
		sentWhen: 'A return is completed',
		idKey: 'returnId',
		carriesLocation: true,
	},
	{
		eventType: 'return_cancelled',
		displayName: 'Return Cancelled',
		sentWhen: 'A return request is revoked',
		idKey: 'returnId',
		carriesLocation: true,
	},
];

const BY_EVENT_TYPE: ReadonlyMap<string, PushEventKind> = new Map(
	PUSH_EVENT_KINDS.map((kind) => [kind.eventType, kind]),
);

/** The kind of a known eventType, or undefined for an unknown one. */
export function findEventKind(eventType: string): PushEventKind | undefined {
	return BY_EVENT_TYPE.get(eventType);
}

/**
 * Decides whether an event passes the Events parameter. `*` selects everything, unknown event
 * types included; otherwise only the listed event types pass.
 */
export function isEventSelected(eventType: string, selected: readonly string[]): boolean {
	return selected.includes(ALL_EVENTS) || selected.includes(eventType);
}
