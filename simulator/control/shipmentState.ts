/**
 * Direct changes to a shipment from the control interface: its state (with the side effects the
 * state implies: label data from PACKED on, a failed form for FORM_FAILED, cancellation fields),
 * hold, and dispatch dates; optionally pushing the matching notification.
 */
import type { World } from '../world';
import { CANCELLATION_REASONS } from '../data/factory';
import {
	ALL_STATES,
	CANCELLATION_TYPES,
	LABELLED_STATES,
	cancelItems,
	liveItems,
	setLiveState,
	stateOf,
	type ShipmentRecord,
	type ShipmentState,
} from '../shipments/model';
import { SHIPMENT_EVENT_OF_STATE, type ShipmentEventType } from '../notifications/envelopes';
import { invalid, oneOf, optionalDate } from './errors';

export interface ShipmentChange {
	state?: ShipmentState;
	hold?: boolean;
	cancellationType?: 'sellerCancellation' | 'buyerCancellation' | 'marketplaceCancellation';
	dispatchAfterDate?: string | number;
	dispatchByDate?: string | number;
}

/** Applies the change and returns the events it corresponds to (for `notify`). */
export function changeShipment(
	world: World,
	shipment: ShipmentRecord,
	change: ShipmentChange,
): ShipmentEventType[] {
	const events: ShipmentEventType[] = [];
	const now = world.now();
	const state = oneOf(change.state, 'state', ALL_STATES);
	const cancellationType =
		oneOf(change.cancellationType, 'cancellationType', CANCELLATION_TYPES) ?? 'buyerCancellation';
	if (change.hold !== undefined && typeof change.hold !== 'boolean')
		throw invalid('hold must be a boolean');
	const after = optionalDate(change.dispatchAfterDate, 'dispatchAfterDate');
	const by = optionalDate(change.dispatchByDate, 'dispatchByDate');

	if (state !== undefined) {
		applyState(world, shipment, state, cancellationType, now);
		const event = SHIPMENT_EVENT_OF_STATE.get(state);
		if (event) events.push(event);
	}
	if (change.hold !== undefined && change.hold !== shipment.hold) {
		shipment.hold = change.hold;
		shipment.updatedMs = now;
		events.push(change.hold ? 'shipment_hold' : 'shipment_unhold');
	}
	if (after !== undefined || by !== undefined) {
		if (after !== undefined) shipment.dispatchAfterMs = after;
		if (by !== undefined) shipment.dispatchByMs = by;
		shipment.updatedMs = now;
		events.push('shipment_dispatch_dates_changed');
	}
	return events;
}

function applyState(
	world: World,
	shipment: ShipmentRecord,
	state: ShipmentState,
	cancellationType: (typeof CANCELLATION_TYPES)[number],
	now: number,
): void {
	if (state === 'CANCELLED') {
		const { reason, subReason } = CANCELLATION_REASONS[cancellationType];
		cancelItems(shipment, liveItems(shipment), cancellationType, reason, subReason, now);
		return;
	}
	// Setting a non-cancelled state applies to the whole shipment, so cancelled items come back.
	for (const item of shipment.items) {
		if (item.status === 'CANCELLED') {
			item.status = state;
			item.cancellationType = null;
			item.cancellationReason = null;
			item.cancellationSubReason = null;
			item.cancellationDateMs = null;
		}
	}
	if (state === 'APPROVED') {
		shipment.labelsGeneratedMs = null;
		shipment.invoices = [];
		shipment.taxItems = [];
		shipment.packingDueMs = null;
		for (const sub of shipment.subShipments) {
			sub.trackingId = null;
			sub.vendorName = null;
		}
	}
	if (LABELLED_STATES.includes(state) && shipment.labelsGeneratedMs === null)
		world.factory.completeLabel(shipment, now);
	if (state === 'FORM_FAILED') world.factory.failForm(shipment);
	else for (const form of shipment.forms) form.failed = false;
	setLiveState(shipment, state, now);
	if (state === 'PACKING_IN_PROGRESS')
		world.packing.schedule(shipment, world.config.packingDelayMs);
}

export function shipmentSummary(shipment: ShipmentRecord): Record<string, unknown> {
	return {
		shipmentId: shipment.shipmentId,
		sellerId: shipment.sellerId,
		locationId: shipment.locationId,
		orderId: shipment.orderId,
		state: stateOf(shipment),
		itemStates: shipment.items.map((i) => ({
			orderItemId: i.orderItemId,
			cancellationGroupId: i.cancellationGroupId,
			status: i.status,
		})),
		shipmentType: shipment.shipmentType,
		hold: shipment.hold,
		mps: shipment.mps,
		labelsGenerated: shipment.labelsGeneratedMs !== null,
		// Per sub-shipment dimensions and tracking (the shipping details have one courierDetails).
		subShipments: shipment.subShipments.map((s) => ({
			subShipmentId: s.subShipmentId,
			dimensions: { ...s.dimensions },
			trackingId: s.trackingId,
			vendorName: s.vendorName,
		})),
		packingDueAt:
			shipment.packingDueMs === null ? null : new Date(shipment.packingDueMs).toISOString(),
	};
}
