import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { attemptReason } from '../common.descriptions';
import { runBatches } from '../../helpers/execution';
import { readRequiredDate, readRequiredString } from '../return/returnFields';
import { serviceAction } from './serviceAction';
import { readServiceUnits, serviceIdsProperty } from './serviceFields';

const properties: INodeProperties[] = [
	serviceIdsProperty,
	{
		displayName: 'Attempt Date',
		name: 'deliveryDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When the service was attempted; sent with the workflow time zone offset',
	},
	{
		displayName: 'New Service Date',
		name: 'newDeliveryDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When the service will be tried again; it becomes the new due date. Must be after the attempt.',
	},
	attemptReason(
		'e.g. Customer unavailable',
		'Why the service did not happen; the marketplace requires it',
	),
	{
		displayName: 'Sub-Reason',
		name: 'subReason',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Door locked',
		description: 'The detail of the reason; the marketplace requires it',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Optional fields of the attempt',
		options: [
			{
				displayName: 'Comments',
				name: 'comments',
				type: 'string',
				default: '',
				description: 'A note for the marketplace',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['service'], operation: ['recordAttempt'] } },
	properties,
);

/**
 * Records a failed service visit, which moves the service's due date: up to 100 per request
 * (docs/marketplace-api/return-actions.md#service-updates).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<IDataObject>(this, items, {
		read: (itemIndex) => {
			const deliveryDate = readRequiredDate(this, 'deliveryDate', itemIndex, 'Attempt Date');
			const newDeliveryDate = readRequiredDate(
				this,
				'newDeliveryDate',
				itemIndex,
				'New Service Date',
			);
			if (Date.parse(newDeliveryDate) <= Date.parse(deliveryDate)) {
				throw new NodeOperationError(
					this.getNode(),
					`New Service Date ${newDeliveryDate} is not after the Attempt Date ${deliveryDate}`,
					{
						itemIndex,
						description: 'The next visit must come after the failed one. Nothing was sent.',
					},
				);
			}
			const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
			const comments = String(additional.comments ?? '').trim();
			return readServiceUnits(this, itemIndex, {
				deliveryDate,
				newDeliveryDate,
				reason: readRequiredString(this, 'reason', itemIndex, 'Reason'),
				subReason: readRequiredString(this, 'subReason', itemIndex, 'Sub-Reason'),
				...(comments ? { comments } : {}),
			});
		},
		...serviceAction(this, { name: 'attempt', what: 'Record service attempt' }),
	});
}
