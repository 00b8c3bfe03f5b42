import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { returnAction, type ReturnUnit } from './returnAction';
import {
	readRequiredDate,
	readReturnUnits,
	returnIdsProperty,
	returnLocationProperty,
} from './returnFields';

const properties: INodeProperties[] = [
	returnIdsProperty,
	returnLocationProperty,
	{
		displayName: 'Pickup Date',
		name: 'pickupDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When the item was picked up from the buyer; sent with the workflow time zone offset',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['return'], operation: ['markPickedUp'] } },
	properties,
);

/**
 * Confirms that approved self-ship returns were picked up from the buyer: up to 100 per request,
 * one location per request (docs/marketplace-api/return-actions.md#pickup-and-pickup-attempt).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<ReturnUnit>(this, items, {
		read: (itemIndex) =>
			readReturnUnits(this, itemIndex, {
				pickupDate: readRequiredDate(this, 'pickupDate', itemIndex, 'Pickup Date'),
			}),
		...returnAction(this, { name: 'pickup', list: 'entries', what: 'Mark return picked up' }),
	});
}
