/**
 * Shipment actions whose answer is unknown. A label, dispatch, cancel or form acknowledgement
 * request that timed out, lost its connection or got a 5xx may have been carried out; sending it
 * again could do it twice and then fail with INVALID_SHIPMENT_STATE although the shipment is
 * where it should be. So it is not sent again (transport/retry.ts); instead the shipments are
 * looked up, and the state decides: a shipment already in the requested state succeeded (the
 * item says how this was found out), any other fails as "not confirmed".
 *
 * The same check turns a per-shipment failure into a success when the request had been sent
 * more than once (after a 429 or 503 that should have meant "not done") and the shipment is in
 * the requested state: the earlier attempt did it.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../shared/profile';
import { chunk, listOf } from '../../shared/transport';
import type { Unit, UnitOutcome } from './execution';
import { lookUpShipments } from './shipmentLookup';

const AFTER_PACKING = [
	'PACKING_IN_PROGRESS',
	'PACKED',
	'FORM_FAILED',
	'READY_TO_DISPATCH',
	'PICKUP_COMPLETE',
	'SHIPPED',
	'DELIVERED',
];
const AFTER_DISPATCH = ['READY_TO_DISPATCH', 'PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED'];
const AFTER_FORMS = ['PACKED', 'READY_TO_DISPATCH', 'PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED'];

type Done = (items: IDataObject[], payload: unknown) => boolean;

function live(items: IDataObject[]): IDataObject[] {
	return items.filter((item) => item.status !== 'CANCELLED');
}

function allIn(states: string[]): Done {
	return (items) =>
		live(items).length > 0 && live(items).every((item) => states.includes(String(item.status)));
}

/** Per action path: when the shipment's order items show that the action took effect. */
const REQUESTED_STATE: Record<string, Done> = {
	[`${PATHS.shipments}/labels`]: allIn(AFTER_PACKING),
	[`${PATHS.shipments}/dispatch`]: allIn(AFTER_DISPATCH),
	[`${PATHS.shipments}/forms/updateAck`]: allIn(AFTER_FORMS),
	[`${PATHS.shipments}/cancel`]: (items, payload) => {
		const groups = listOf((payload as IDataObject | null)?.cancellationGroupIds).map(String);
		const inGroups = items.filter((item) => groups.includes(String(item.cancellationGroupId)));
		return inGroups.length > 0 && inGroups.every((item) => item.status === 'CANCELLED');
	},
	// Self-ship (docs/marketplace-api/self-ship.md#life-cycle): a delivery attempt leaves the state as it was, so it cannot be confirmed this way.
	[`${PATHS.shipments}/selfShip/dispatch`]: allIn(['SHIPPED', 'DELIVERED', 'COMPLETED']),
	[`${PATHS.shipments}/selfShip/delivery`]: allIn(['DELIVERED', 'COMPLETED']),
};

export function canCheckState(path: string): boolean {
	return REQUESTED_STATE[path] !== undefined;
}

function stateText(items: IDataObject[]): string {
	const states = [...new Set(items.map((item) => String(item.status ?? 'UNKNOWN')))];
	return states.join(', ') || 'UNKNOWN';
}

/** The order items of each of these shipments, as the marketplace reports them now. */
async function currentItems(
	context: IExecuteFunctions,
	ids: string[],
	itemIndex: number,
): Promise<Map<string, IDataObject[]>> {
	const found = new Map<string, IDataObject[]>();
	for (const part of chunk(ids, 100)) {
		for (const shipment of await lookUpShipments(context, 'shipmentIds', part, itemIndex)) {
			if (typeof shipment.shipmentId === 'string')
				found.set(shipment.shipmentId, listOf(shipment.orderItems));
		}
	}
	return found;
}

/**
 * The outcome of each unit whose request's answer is unknown (`reason`, e.g. "no answer
 * (ECONNRESET)"), from the state the marketplace reports now. When the state cannot be read
 * either, `original` is thrown with that second problem added.
 */
export async function outcomesFromState<P>(
	context: IExecuteFunctions,
	batch: Array<Unit<P>>,
	path: string,
	what: string,
	reason: string,
	original: Error,
): Promise<UnitOutcome[]> {
	let states: Map<string, IDataObject[]>;
	try {
		states = await currentItems(
			context,
			batch.map((unit) => unit.id),
			batch[0].itemIndex,
		);
	} catch (error) {
		// Every shipment of the batch then fails with the first error, which already says its outcome is unknown.
		const failure = original as Error & { description?: string };
		failure.description =
			`${failure.description ?? ''} Their state could not be checked either: ${(error as Error).message}`.trim();
		throw failure;
	}
	const done = REQUESTED_STATE[path];
	return batch.map((unit): UnitOutcome => {
		const items = states.get(unit.id) ?? [];
		const state = stateText(items);
		if (done(items, unit.payload)) {
			return {
				ok: true,
				json: {
					shipmentId: unit.id,
					status: 'SUCCESS',
					state,
					confirmedBy: 'stateCheck',
					note: `The marketplace's answer was lost (${reason}); the shipment is now ${state}, so the request took effect. It was not sent again.`,
				},
			};
		}
		return {
			ok: false,
			json: { shipmentId: unit.id, errorCode: 'NOT_CONFIRMED', state },
			error: {
				message: `${what} not confirmed for shipment ${unit.id}: the marketplace's answer was lost (${reason}) and the shipment is ${state}`,
				description:
					'It was not sent again, so that it is not done twice. The marketplace may still be working on it: check the shipment with Get in a few minutes, and send it again if its state has not changed.',
			},
		};
	});
}

/**
 * After a request that had to be sent more than once: a shipment reported as failed but already
 * in the requested state succeeded with an earlier attempt.
 */
export async function recheckAfterRetry<P>(
	context: IExecuteFunctions,
	batch: Array<Unit<P>>,
	outcomes: UnitOutcome[],
	path: string,
): Promise<UnitOutcome[]> {
	const failedIds = batch.filter((_, position) => !outcomes[position].ok).map((unit) => unit.id);
	if (failedIds.length === 0) return outcomes;
	let states: Map<string, IDataObject[]>;
	try {
		states = await currentItems(context, failedIds, batch[0].itemIndex);
	} catch {
		return outcomes;
	}
	const done = REQUESTED_STATE[path];
	return outcomes.map((outcome, position) => {
		const unit = batch[position];
		const items = states.get(unit.id);
		if (outcome.ok || items === undefined || !done(items, unit.payload)) return outcome;
		const reported =
			typeof outcome.json?.errorCode === 'string' ? outcome.json.errorCode : 'a failure';
		return {
			ok: true,
			json: {
				shipmentId: unit.id,
				status: 'SUCCESS',
				state: stateText(items),
				confirmedBy: 'stateCheck',
				note: `The request had to be sent again and the marketplace then reported ${reported}, but the shipment is already ${stateText(items)}: an earlier attempt took effect.`,
			},
		};
	});
}
