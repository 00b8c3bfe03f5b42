import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readIdList } from '../../helpers/parameters';
import { runBatches } from '../../helpers/execution';
import { apiRequest, idsInPath, listOf } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { shipmentIdsProperty } from '../common.descriptions';

const properties: INodeProperties[] = [shipmentIdsProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getDetails'] } },
	properties,
);

/** Addresses, buyer details, courier and tracking, dimensions: 100 shipments per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches(this, items, {
		read: (itemIndex) => readIdList(this, 'shipmentIds', itemIndex, 'shipment ID'),
		size: 100,
		send: async (batch) => {
			const response = await apiRequest<IDataObject>(this, {
				method: 'GET',
				path: `${PATHS.shipments}/${idsInPath(batch.map((unit) => unit.id))}`,
				family: 'orders',
				expect: { shipments: 'list' },
				operation: 'Get shipment details',
				itemIndex: batch[0].itemIndex,
			});
			const details = listOf(response.shipments);
			return batch.map((unit) => {
				const found = details.find((shipment) => shipment.shipmentId === unit.id);
				if (found) return { ok: true, json: found };
				return {
					ok: false,
					json: { shipmentId: unit.id },
					error: {
						message: `No details found for shipment ${unit.id}`,
						description:
							'Check the shipment ID and the environment; the marketplace returned nothing for it.',
					},
				};
			});
		},
	});
}
