/**
 * Shipments looked up by IDs of one kind (shipment, order item or order IDs), 100 per request
 * (docs/marketplace-api/batch-limits.md#limits-per-call): used by Shipment > Get, the label wait
 * and the state check after a state-changing request whose answer was lost.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../shared/profile';
import { apiRequest, listOf } from '../../shared/transport';

/** Lookups take up to 100 IDs of one kind per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const LOOKUP_BATCH_SIZE = 100;

export const LOOKUP_KINDS = {
	shipmentIds: {
		label: 'shipment ID',
		matches: (shipment: IDataObject, id: string) => shipment.shipmentId === id,
	},
	orderItemIds: {
		label: 'order item ID',
		matches: (shipment: IDataObject, id: string) =>
			listOf(shipment.orderItems).some((item) => item.orderItemId === id),
	},
	orderIds: {
		label: 'order ID',
		matches: (shipment: IDataObject, id: string) =>
			listOf(shipment.orderItems).some((item) => item.orderId === id),
	},
} as const;

export type LookupKind = keyof typeof LOOKUP_KINDS;

/**
 * Looks shipments up by IDs of one kind, 100 per request, and returns for each asked ID the
 * shipments that match it. Used by Get and by the label wait.
 */
export async function lookUpShipments(
	context: IExecuteFunctions,
	kind: LookupKind,
	ids: string[],
	itemIndex: number,
): Promise<IDataObject[]> {
	const response = await apiRequest<IDataObject>(context, {
		method: 'GET',
		path: PATHS.shipments,
		family: 'orders',
		qs: { [kind]: ids.join(',') },
		expect: { shipments: 'list' },
		operation: 'Get shipments',
		itemIndex,
	});
	return listOf(response.shipments);
}
