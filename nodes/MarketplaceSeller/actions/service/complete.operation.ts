import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { readRequiredDate } from '../return/returnFields';
import { serviceAction } from './serviceAction';
import { readServiceUnits, serviceIdsProperty } from './serviceFields';

const properties: INodeProperties[] = [
	serviceIdsProperty,
	{
		displayName: 'Completion Date',
		name: 'deliveryDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When the service was done; sent with the workflow time zone offset',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['service'], operation: ['complete'] } },
	properties,
);

/**
 * Completes assembly or installation services after delivery, which completes their order: up
 * to 100 per request (docs/marketplace-api/return-actions.md#service-updates).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<IDataObject>(this, items, {
		read: (itemIndex) =>
			readServiceUnits(this, itemIndex, {
				deliveryDate: readRequiredDate(this, 'deliveryDate', itemIndex, 'Completion Date'),
			}),
		...serviceAction(this, { name: 'complete', what: 'Complete service' }),
	});
}
