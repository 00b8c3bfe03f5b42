import {
	NodeOperationError,
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { attemptReason } from '../common.descriptions';
import { returnAction, type ReturnUnit } from './returnAction';
import {
	readRequiredDate,
	readRequiredString,
	readReturnUnits,
	returnIdsProperty,
	returnLocationProperty,
} from './returnFields';

const properties: INodeProperties[] = [
	returnIdsProperty,
	returnLocationProperty,
	{
		displayName: 'Attempt Date',
		name: 'pickupDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When the pickup was attempted; sent with the workflow time zone offset',
	},
	{
		displayName: 'New Pickup Date',
		name: 'newPickupDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			"When the next pickup will be tried; it becomes the return's new due date. Must be after the attempt.",
	},
	attemptReason(
		'e.g. Buyer not available',
		'Why the pickup did not happen; the marketplace requires it',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['return'], operation: ['recordPickupAttempt'] } },
	properties,
);

/**
 * Records a failed pickup of approved self-ship returns, which moves their due date: up to 100
 * per request, one location per request (docs/marketplace-api/return-actions.md#pickup-and-pickup-attempt).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<ReturnUnit>(this, items, {
		read: (itemIndex) => {
			const pickupDate = readRequiredDate(this, 'pickupDate', itemIndex, 'Attempt Date');
			const newPickupDate = readRequiredDate(this, 'newPickupDate', itemIndex, 'New Pickup Date');
			if (Date.parse(newPickupDate) <= Date.parse(pickupDate)) {
				throw new NodeOperationError(
					this.getNode(),
					`New Pickup Date ${newPickupDate} is not after the Attempt Date ${pickupDate}`,
					{
						itemIndex,
						description: 'The next pickup must come after the failed attempt. Nothing was sent.',
					},
				);
			}
			const reason = readRequiredString(this, 'reason', itemIndex, 'Reason');
			return readReturnUnits(this, itemIndex, { pickupDate, newPickupDate, reason });
		},
		...returnAction(this, {
			name: 'pickupAttempt',
			list: 'entries',
			what: 'Record return pickup attempt',
		}),
	});
}
