/**
 * Scripted lifecycles for push tests: a shipment from created to delivered, and a return from
 * created to completed. Each step changes the simulator's state first and then pushes the event,
 * so a receiver that calls back into the API sees the state the event announces.
 */
import type { World } from '../world';
import { MINUTE, DAY } from '../util/dates';
import { setLiveState, stateOf, type ShipmentRecord, type ShipmentState } from '../shipments/model';
import type { ReturnRecord, ReturnSource, ReturnStatus } from '../returns/model';
import type { PushSwitches, SendResult } from './notifier';
import type { ReturnEventType, ShipmentEventType } from './envelopes';
import { ControlError } from '../control/errors';
import { resolveLocation } from '../control/seeding';

export interface LifecycleStep {
	eventType: string;
	state: string;
	result: SendResult;
}

export interface ShipmentLifecycleRequest extends PushSwitches {
	shipmentId?: string;
	sellerId?: string;
	locationId?: string;
	/** Real milliseconds to wait between steps. */
	stepDelayMs?: number;
}

export interface ReturnLifecycleRequest extends PushSwitches {
	/** A DELIVERED shipment to return; default: a new delivered shipment. */
	shipmentId?: string;
	sellerId?: string;
	locationId?: string;
	source?: ReturnSource;
	stepDelayMs?: number;
}

const SHIPMENT_STEPS: ReadonlyArray<{ eventType: ShipmentEventType; state: ShipmentState }> = [
	{ eventType: 'shipment_packed', state: 'PACKED' },
	{ eventType: 'shipment_ready_to_dispatch', state: 'READY_TO_DISPATCH' },
	{ eventType: 'shipment_pickup_complete', state: 'PICKUP_COMPLETE' },
	{ eventType: 'shipment_shipped', state: 'SHIPPED' },
	{ eventType: 'shipment_delivered', state: 'DELIVERED' },
];

const RETURN_STEPS: ReadonlyArray<{ eventType: ReturnEventType; status: ReturnStatus }> = [
	{ eventType: 'return_picked_up', status: 'RETURN_PICKED_UP' },
	{ eventType: 'return_completed', status: 'RETURN_COMPLETED' },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A new dispatchable shipment, ordered minutes ago, in `state` (APPROVED: an order just placed). */
function newShipment(
	world: World,
	sellerId?: string,
	locationId?: string,
	state: ShipmentState = 'APPROVED',
): ShipmentRecord {
	const where = resolveLocation(world, sellerId, locationId);
	const now = world.now();
	const shipment = world.factory.shipment(
		{
			...where,
			state,
			shipmentType: 'NORMAL',
			orderDateMs: now - 5 * MINUTE,
			dispatchAfterMs: now - MINUTE,
			dispatchByMs: now + 2 * DAY,
		},
		world.listings.forSeller(where.sellerId),
	);
	shipment.updatedMs = now;
	world.shipments.add(shipment);
	return shipment;
}

export async function runShipmentLifecycle(
	world: World,
	req: ShipmentLifecycleRequest,
): Promise<{ shipmentId: string; steps: LifecycleStep[] }> {
	let shipment: ShipmentRecord;
	if (req.shipmentId !== undefined) {
		const found = world.shipments.get(req.shipmentId);
		if (!found) throw new ControlError(404, `Unknown shipment ${req.shipmentId}`);
		if (stateOf(found) !== 'APPROVED' || found.hold)
			throw new ControlError(
				409,
				`The lifecycle starts from an APPROVED shipment not on hold; ${found.shipmentId} is ${stateOf(found)}${found.hold ? ' (on hold)' : ''}`,
			);
		shipment = found;
	} else {
		shipment = newShipment(world, req.sellerId, req.locationId);
	}
	const delay = Math.max(0, req.stepDelayMs ?? 0);
	const steps: LifecycleStep[] = [];
	steps.push({
		eventType: 'shipment_created',
		state: 'APPROVED',
		result: await world.notifier.sendShipmentEvent('shipment_created', shipment, req),
	});
	for (const step of SHIPMENT_STEPS) {
		if (delay > 0) await sleep(delay);
		const now = world.now();
		if (step.state === 'PACKED') world.factory.completeLabel(shipment, now);
		setLiveState(shipment, step.state, now);
		steps.push({
			eventType: step.eventType,
			state: step.state,
			result: await world.notifier.sendShipmentEvent(step.eventType, shipment, req),
		});
	}
	return { shipmentId: shipment.shipmentId, steps };
}

export async function runReturnLifecycle(
	world: World,
	req: ReturnLifecycleRequest,
): Promise<{ returnId: string; shipmentId: string; steps: LifecycleStep[] }> {
	let shipment: ShipmentRecord;
	if (req.shipmentId !== undefined) {
		const found = world.shipments.get(req.shipmentId);
		if (!found) throw new ControlError(404, `Unknown shipment ${req.shipmentId}`);
		shipment = found;
	} else {
		shipment = newShipment(world, req.sellerId, req.locationId, 'DELIVERED');
	}
	const source = req.source ?? 'customer_return';
	if (source !== 'customer_return' && source !== 'courier_return')
		throw new ControlError(400, 'source must be customer_return or courier_return');
	const ret: ReturnRecord = world.factory.return({
		sellerId: shipment.sellerId,
		locationId: shipment.locationId,
		source,
		status: 'RETURN_CREATED',
		shipment,
		createdMs: world.now(),
	});
	world.returns.add(ret);
	const delay = Math.max(0, req.stepDelayMs ?? 0);
	const steps: LifecycleStep[] = [];
	steps.push({
		eventType: 'return_created',
		state: 'RETURN_CREATED',
		result: await world.notifier.sendReturnEvent('return_created', ret, req),
	});
	for (const step of RETURN_STEPS) {
		if (delay > 0) await sleep(delay);
		ret.status = step.status;
		ret.updatedMs = world.now();
		if (ret.approvedMs === null && step.status !== 'RETURN_CANCELLED')
			ret.approvedMs = ret.updatedMs;
		steps.push({
			eventType: step.eventType,
			state: step.status,
			result: await world.notifier.sendReturnEvent(step.eventType, ret, req),
		});
	}
	return { returnId: ret.returnId, shipmentId: shipment.shipmentId, steps };
}
