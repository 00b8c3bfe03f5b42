import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { readIdList, readRequiredText } from '../../helpers/parameters';
import { shipmentAction } from '../../helpers/results';
import { PATHS } from '../../../shared/profile';
import { locationLocator, shipmentIdsProperty } from '../common.descriptions';

const properties: INodeProperties[] = [
	shipmentIdsProperty,
	locationLocator('The seller location handing the shipments over to logistics'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['dispatch'] } },
	properties,
);

/**
 * Marks packed shipments, whose labels were downloaded, ready to dispatch: up to 25 per request,
 * all of one location (docs/marketplace-api/shipments.md#ready-to-dispatch), so shipments are grouped by location first.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<string>(this, items, {
		read: (itemIndex) => {
			const locationId = readRequiredText(this, 'locationId', itemIndex, 'Location ID');
			return readIdList(this, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({
				id,
				payload: locationId,
			}));
		},
		// One location per request.
		groupBy: (unit) => unit.payload,
		...shipmentAction<string>(this, {
			path: `${PATHS.shipments}/dispatch`,
			body: (batch) => ({
				shipmentIds: batch.map((unit) => unit.id),
				locationId: batch[0].payload,
			}),
			operation: 'Mark ready to dispatch',
		}),
	});
}
