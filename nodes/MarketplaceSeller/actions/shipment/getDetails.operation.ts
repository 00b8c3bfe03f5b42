import {
	NodeApiError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

import { collectUnits, executeInBatches, inInputOrder, type UnitOutcome } from '../../helpers/execution';
import { readIdList } from '../../helpers/ids';
import { apiRequest } from '../../transport';
import { PATHS } from '../../../shared/profile';
import { shipmentIdsProperty } from '../common.descriptions';

const properties: INodeProperties[] = [shipmentIdsProperty];

export const description = updateDisplayOptions({ show: { resource: ['shipment'], operation: ['getDetails'] } }, properties);

/** Addresses, buyer details, courier and tracking, dimensions: 100 shipments per request (api-facts 4). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<null>(this, items, (itemIndex) =>
		readIdList(this, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({ id, payload: null })),
	);
	const results = await executeInBatches(this, units, 100, async (batch) => {
		const ids = batch.map((unit) => encodeURIComponent(unit.id)).join(',');
		const response = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: `${PATHS.sellers}/v3/shipments/${ids}`,
			family: 'orders',
			operation: 'Get shipment details',
			itemIndex: batch[0].itemIndex,
		});
		const details = Array.isArray(response.shipments) ? (response.shipments as IDataObject[]) : [];
		return batch.map((unit): UnitOutcome => {
			const found = details.find((shipment) => shipment.shipmentId === unit.id);
			if (found) return { ok: true, json: found };
			return {
				ok: false,
				json: { shipmentId: unit.id },
				error: new NodeApiError(this.getNode(), { shipmentId: unit.id } as JsonObject, {
					message: `No details found for shipment ${unit.id}`,
					description: 'Check the shipment ID and the environment; the marketplace returned nothing for it.',
					itemIndex: unit.itemIndex,
				}),
			};
		});
	});
	return inInputOrder(rejected, results);
}
