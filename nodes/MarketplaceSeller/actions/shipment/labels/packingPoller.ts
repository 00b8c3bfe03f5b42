/**
 * Wait Until Packed: label generation is asynchronous, APPROVED -> PACKING_IN_PROGRESS -> PACKED
 * (docs/marketplace-api/shipments.md#generate-labels), so the shipments are looked up again until each is packed or the time is up.
 */
import { sleep, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { chunk, listOf } from '../../../../shared/transport';
import { LOOKUP_BATCH_SIZE, lookUpShipments } from '../../../helpers/shipmentLookup';

/** States at or past PACKED: the label exists. */
export const PACKED_OR_LATER = new Set([
	'PACKED',
	'READY_TO_DISPATCH',
	'PICKUP_COMPLETE',
	'SHIPPED',
	'DELIVERED',
]);

function stateOf(shipment: IDataObject): string {
	const states = [...new Set(listOf(shipment.orderItems).map((item) => String(item.status ?? '')))];
	return states.length === 1 ? states[0] : states.join(',');
}

/** Polls with a backoff from 2 s to 30 s; returns the last state seen of each shipment. */
export async function waitUntilPacked(
	context: IExecuteFunctions,
	shipmentIds: string[],
	maxWaitMs: number,
	itemIndex: number,
): Promise<Map<string, string>> {
	const states = new Map<string, string>();
	const deadline = Date.now() + maxWaitMs;
	let delay = 2_000;
	let pending = [...shipmentIds];
	while (pending.length > 0) {
		for (const ids of chunk(pending, LOOKUP_BATCH_SIZE)) {
			for (const shipment of await lookUpShipments(context, 'shipmentIds', ids, itemIndex)) {
				if (typeof shipment.shipmentId === 'string')
					states.set(shipment.shipmentId, stateOf(shipment));
			}
		}
		pending = pending.filter(
			(id) => !PACKED_OR_LATER.has(states.get(id) ?? '') && states.get(id) !== 'FORM_FAILED',
		);
		const remaining = deadline - Date.now();
		if (pending.length === 0 || remaining <= 0) break;
		await sleep(Math.min(delay, remaining));
		delay = Math.min(delay * 2, 30_000);
	}
	return states;
}
