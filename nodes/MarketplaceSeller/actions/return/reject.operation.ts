import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { readDecision } from './approve.operation';
import { returnAction, type ReturnUnit } from './returnAction';
import {
	fillServiceFulfilmentIds,
	readRequiredDate,
	returnIdsProperty,
	returnLocationProperty,
} from './returnFields';

const properties: INodeProperties[] = [
	returnIdsProperty,
	returnLocationProperty,
	{
		displayName: 'Service Date',
		name: 'serviceDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When the tech visit took place; the marketplace requires it to reject. Sent with the workflow time zone offset.',
	},
	{
		displayName: 'Comments',
		name: 'comments',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Tech visit found the product working',
		description: 'Why the return is rejected; the marketplace requires a comment',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The tech visit service, when the return does not tell it',
		options: [
			{
				displayName: 'Service Fulfilment ID',
				name: 'serviceFulfilmentId',
				type: 'string',
				default: '',
				description:
					"The tech visit service of the return. Leave empty to use the one the return's services list (one return ID per item when given).",
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['return'], operation: ['reject'] } },
	properties,
);

/**
 * Rejects self-ship customer returns after the tech visit, which the marketplace requires: up
 * to 100 per request, one location per request (docs/marketplace-api/return-actions.md#approve-and-reject).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const what = 'Reject return';
	return await runBatches<ReturnUnit>(this, items, {
		read: (itemIndex) =>
			readDecision(
				this,
				itemIndex,
				readRequiredDate(this, 'serviceDate', itemIndex, 'Service Date'),
			),
		...returnAction(this, {
			name: 'reject',
			list: 'entries',
			what,
			prepare: async (batch) => await fillServiceFulfilmentIds(this, batch, what),
		}),
	});
}
