/**
 * The 17 push notification kinds (docs/marketplace-api/notifications.md#events), the options
 * of the Events parameter. Event types not listed here (for example legacy v2 names such as
 * `order_item_created`) are still accepted when the user selects "All".
 */

export interface PushEventKind {
	/** The eventType string the marketplace sends. */
	readonly eventType: string;
	/** Name shown in the Events parameter. */
	readonly displayName: string;
	/** When the marketplace sends it (docs/marketplace-api/notifications.md#events). */
	readonly sentWhen: string;
}

/** Value of the Events parameter that selects every event type, known or not. */
export const ALL_EVENTS = '*';

export const PUSH_EVENT_KINDS: readonly PushEventKind[] = [
	{
		eventType: 'shipment_created',
		displayName: 'Shipment Created',
		sentWhen: 'An order is placed',
	},
	{
		eventType: 'shipment_hold',
		displayName: 'Shipment Hold',
		sentWhen: 'An order item is flagged Hold',
	},
	{
		eventType: 'shipment_unhold',
		displayName: 'Shipment Unhold',
		sentWhen: 'A held order item is released',
	},
	{
		eventType: 'shipment_packed',
		displayName: 'Shipment Packed',
		sentWhen: 'An order item becomes Packed',
	},
	{
		eventType: 'shipment_ready_to_dispatch',
		displayName: 'Shipment Ready To Dispatch',
		sentWhen: 'An order item is marked Ready to Dispatch',
	},
	{
		eventType: 'shipment_pickup_complete',
		displayName: 'Shipment Pickup Complete',
		sentWhen: 'Logistics picks up the shipment',
	},
	{
		eventType: 'shipment_shipped',
		displayName: 'Shipment Shipped',
		sentWhen: 'An order item is shipped',
	},
	{
		eventType: 'shipment_delivered',
		displayName: 'Shipment Delivered',
		sentWhen: 'An order item is delivered',
	},
	{
		eventType: 'shipment_dispatch_dates_changed',
		displayName: 'Shipment Dispatch Dates Changed',
		sentWhen: 'The dispatch date is changed',
	},
	{
		eventType: 'shipment_cancelled',
		displayName: 'Shipment Cancelled',
		sentWhen: 'An approved order is cancelled',
	},
	{
		eventType: 'shipment_form_failed',
		displayName: 'Shipment Form Failed',
		sentWhen: 'Form generation fails',
	},
	{
		eventType: 'return_created',
		displayName: 'Return Created',
		sentWhen: 'A return request is created',
	},
	{
		eventType: 'return_item_tracking_id_update',
		displayName: 'Return Tracking ID Update',
		sentWhen: 'Tracking details of a customer return are updated',
	},
	{
		eventType: 'return_expected_date_changed',
		displayName: 'Return Expected Date Changed',
		sentWhen: 'The expected return date of an order item changes',
	},
	{
		eventType: 'return_picked_up',
		displayName: 'Return Picked Up',
		sentWhen: 'A return is picked up',
	},
	{
		eventType: 'return_completed',
		displayName: 'Return Completed',
		sentWhen: 'A return is completed',
	},
	{
		eventType: 'return_cancelled',
		displayName: 'Return Cancelled',
		sentWhen: 'A return request is revoked',
	},
];

/**
 * Decides whether an event passes the Events parameter. `*` selects everything, unknown event
 * types included; otherwise only the listed event types pass.
 */
export function isEventSelected(eventType: string, selected: readonly string[]): boolean {
	return selected.includes(ALL_EVENTS) || selected.includes(eventType);
}
