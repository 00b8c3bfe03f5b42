/**
 * What a shipment shows once a shipment action took effect, read from its order items
 * (docs/marketplace-api/shipments.md#shipment-states, docs/marketplace-api/self-ship.md#life-cycle):
 * the state check of stateCheck.ts for shipment actions.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../shared/profile';
import { chunk, listOf } from '../../shared/transport';
import { lookUpShipments } from './shipmentLookup';
import type { StateCheck } from './stateCheck';

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

/** The state check of the shipment action at `path`; none where the state cannot tell. */
export function shipmentStateCheck(
	context: IExecuteFunctions,
	path: string,
): StateCheck<IDataObject[], unknown> | undefined {
	const done = REQUESTED_STATE[path];
	if (done === undefined) return undefined;
	return {
		look: async (ids, itemIndex) => await currentItems(context, ids, itemIndex),
		state: (items) => stateText(items ?? []),
		done: (items, payload) => done(items ?? [], payload),
		words: { tookEffect: 'so the request took effect', unchanged: 'its state' },
	};
}
