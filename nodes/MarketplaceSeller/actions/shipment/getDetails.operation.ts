import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { collectUnits, executeInBatches, inInputOrder } from '../../helpers/execution';
import { readIdList } from '../../helpers/ids';
import { foundOrMissing } from '../../helpers/results';
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
		return batch.map((unit) =>
			foundOrMissing(this, unit, details.find((shipment) => shipment.shipmentId === unit.id), {
				message: `No details found for shipment ${unit.id}`,
				description: 'Check the shipment ID and the environment; the marketplace returned nothing for it.',
			}),
		);
	});
	return inInputOrder(rejected, results);
}
