/**
 * What the poll trigger can report. Where a change means what a push notification means, the
 * item carries the push trigger's eventType (nodes/shared/events.ts), so one
 * workflow can be fed by either trigger. States the marketplace pushes no event for (Approved
 * again, Packing In Progress) and states this node does not know get poll-only names.
 */
import { ALL_EVENTS, PUSH_EVENT_KINDS } from '../shared/events';

export { ALL_EVENTS };

export type RecordKind = 'shipment' | 'return';

export interface PollEventKind {
	readonly eventType: string;
	readonly displayName: string;
	readonly description: string;
	readonly kind: RecordKind;
	/** The shipment state or return status this event announces, if it announces one. */
	readonly state?: string;
	/** True when the push trigger sends the same eventType. */
	readonly pushed: boolean;
}

/** The push trigger's eventType strings, checked at load time so a renamed one fails loudly. */
function pushed(eventType: string): string {
	if (!PUSH_EVENT_KINDS.some((kind) => kind.eventType === eventType)) {
		throw new Error(`${eventType} is not an event type of the push trigger`);
	}
	return eventType;
}

export const EVENT = {
	shipmentCreated: pushed('shipment_created'),
	shipmentHold: pushed('shipment_hold'),
	shipmentUnhold: pushed('shipment_unhold'),
	shipmentPacked: pushed('shipment_packed'),
	shipmentReadyToDispatch: pushed('shipment_ready_to_dispatch'),
	shipmentPickupComplete: pushed('shipment_pickup_complete'),
	shipmentShipped: pushed('shipment_shipped'),
	shipmentDelivered: pushed('shipment_delivered'),
	shipmentCancelled: pushed('shipment_cancelled'),
	shipmentFormFailed: pushed('shipment_form_failed'),
	returnCreated: pushed('return_created'),
	returnPickedUp: pushed('return_picked_up'),
	returnCompleted: pushed('return_completed'),
	returnCancelled: pushed('return_cancelled'),
	// Poll only: no push notification exists for these.
	shipmentApproved: 'shipment_approved',
	shipmentPackingInProgress: 'shipment_packing_in_progress',
	shipmentStateChanged: 'shipment_state_changed',
	returnStatusChanged: 'return_status_changed',
	// The Deadlines watch (deadlines/): not changes but a dispatch-by date coming near or passing.
	shipmentDispatchDueSoon: 'shipment_dispatch_due_soon',
	shipmentDispatchOverdue: 'shipment_dispatch_overdue',
} as const;

/** The Deadlines watch's events; "All" (every change) does not include them. */
export const DEADLINE_EVENTS: readonly string[] = [
	EVENT.shipmentDispatchDueSoon,
	EVENT.shipmentDispatchOverdue,
];

export const POLL_EVENT_KINDS: readonly PollEventKind[] = [
	{
		eventType: EVENT.shipmentCreated,
		displayName: 'Shipment Created',
		description: 'A new order, the first time the poll sees it',
		kind: 'shipment',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentApproved,
		displayName: 'Shipment Approved',
		description: 'A shipment seen before went back to Approved (poll only)',
		kind: 'shipment',
		state: 'APPROVED',
		pushed: false,
	},
	{
		eventType: EVENT.shipmentPackingInProgress,
		displayName: 'Shipment Packing In Progress',
		description: 'Labels were requested; packing runs (poll only)',
		kind: 'shipment',
		state: 'PACKING_IN_PROGRESS',
		pushed: false,
	},
	{
		eventType: EVENT.shipmentPacked,
		displayName: 'Shipment Packed',
		description: 'The shipment became Packed',
		kind: 'shipment',
		state: 'PACKED',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentFormFailed,
		displayName: 'Shipment Form Failed',
		description: 'Form generation failed',
		kind: 'shipment',
		state: 'FORM_FAILED',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentReadyToDispatch,
		displayName: 'Shipment Ready To Dispatch',
		description: 'The shipment was marked Ready to Dispatch',
		kind: 'shipment',
		state: 'READY_TO_DISPATCH',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentPickupComplete,
		displayName: 'Shipment Pickup Complete',
		description: 'Logistics picked the shipment up',
		kind: 'shipment',
		state: 'PICKUP_COMPLETE',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentShipped,
		displayName: 'Shipment Shipped',
		description: 'The shipment was shipped',
		kind: 'shipment',
		state: 'SHIPPED',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentDelivered,
		displayName: 'Shipment Delivered',
		description: 'The shipment was delivered',
		kind: 'shipment',
		state: 'DELIVERED',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentCancelled,
		displayName: 'Shipment Cancelled',
		description: 'Some or all order items were cancelled',
		kind: 'shipment',
		state: 'CANCELLED',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentHold,
		displayName: 'Shipment Hold',
		description: 'The shipment was put on hold',
		kind: 'shipment',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentUnhold,
		displayName: 'Shipment Unhold',
		description: 'The hold was released',
		kind: 'shipment',
		pushed: true,
	},
	{
		eventType: EVENT.returnCreated,
		displayName: 'Return Created',
		description: 'A new return, the first time the poll sees it',
		kind: 'return',
		state: 'RETURN_CREATED',
		pushed: true,
	},
	{
		eventType: EVENT.returnPickedUp,
		displayName: 'Return Picked Up',
		description: 'The return was picked up',
		kind: 'return',
		state: 'RETURN_PICKED_UP',
		pushed: true,
	},
	{
		eventType: EVENT.returnCompleted,
		displayName: 'Return Completed',
		description: 'The return was completed',
		kind: 'return',
		state: 'RETURN_COMPLETED',
		pushed: true,
	},
	{
		eventType: EVENT.returnCancelled,
		displayName: 'Return Cancelled',
		description: 'The return was cancelled',
		kind: 'return',
		state: 'RETURN_CANCELLED',
		pushed: true,
	},
	{
		eventType: EVENT.shipmentDispatchDueSoon,
		displayName: 'Shipment Dispatch Due Soon',
		description:
			'Deadlines: a shipment not yet Ready to Dispatch whose dispatch-by date is within the lead time (poll only, not in All)',
		kind: 'shipment',
		pushed: false,
	},
	{
		eventType: EVENT.shipmentDispatchOverdue,
		displayName: 'Shipment Dispatch Overdue',
		description:
			'Deadlines: a shipment still not Ready to Dispatch after its dispatch-by date (poll only, not in All)',
		kind: 'shipment',
		pushed: false,
	},
];

/** The event a shipment entering `state` gives (a poll-only name for states nobody pushes). */
export function shipmentStateEvent(state: string): string {
	return (
		POLL_EVENT_KINDS.find((kind) => kind.kind === 'shipment' && kind.state === state)?.eventType ??
		EVENT.shipmentStateChanged
	);
}

/** The event a return entering `status` gives. */
export function returnStatusEvent(status: string): string {
	return (
		POLL_EVENT_KINDS.find((kind) => kind.kind === 'return' && kind.state === status)?.eventType ??
		EVENT.returnStatusChanged
	);
}

/** Push events whose envelope carries locationId (docs/marketplace-api/notifications.md#events); poll-only events always carry it. */
const PUSHED_WITH_LOCATION: ReadonlySet<string> = new Set([
	EVENT.shipmentCreated,
	EVENT.shipmentCancelled,
	EVENT.returnCreated,
	EVENT.returnPickedUp,
	EVENT.returnCompleted,
	EVENT.returnCancelled,
]);

export function carriesLocation(eventType: string): boolean {
	const kind = POLL_EVENT_KINDS.find((k) => k.eventType === eventType);
	return kind === undefined || !kind.pushed || PUSHED_WITH_LOCATION.has(eventType);
}

/** The Events selection as a predicate; "*" selects everything, poll-only catch-alls included. */
export function eventFilter(selected: readonly string[]): (eventType: string) => boolean {
	if (selected.includes(ALL_EVENTS)) return () => true;
	const set = new Set(selected);
	return (eventType) => set.has(eventType);
}
