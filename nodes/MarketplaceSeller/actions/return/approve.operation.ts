import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readDate } from '../../helpers/dates';
import { runBatches } from '../../helpers/execution';
import { returnAction, type ReturnUnit } from './returnAction';
import {
	fillServiceFulfilmentIds,
	readRequiredString,
	readReturnUnits,
	returnIdsProperty,
	returnLocationProperty,
} from './returnFields';

const properties: INodeProperties[] = [
	returnIdsProperty,
	returnLocationProperty,
	{
		displayName: 'Comments',
		name: 'comments',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Tech visit confirmed the defect',
		description: 'What the tech visit found; the marketplace requires a comment',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The tech visit service and its date, when the return does not tell them',
		options: [
			{
				displayName: 'Service Date',
				name: 'serviceDate',
				type: 'dateTime',
				default: '',
				description: 'When the tech visit took place; sent with the workflow time zone offset',
			},
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
	{ show: { resource: ['return'], operation: ['approve'] } },
	properties,
);

/** The entry fields of approve and reject (docs/marketplace-api/return-actions.md#approve-and-reject). */
export function readDecision(
	context: IExecuteFunctions,
	itemIndex: number,
	serviceDate: string | undefined,
): Array<{ id: string; payload: ReturnUnit }> {
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const comments = readRequiredString(context, 'comments', itemIndex, 'Comments');
	const serviceFulfilmentId = String(additional.serviceFulfilmentId ?? '').trim();
	const entry: IDataObject = {
		...(serviceFulfilmentId ? { serviceFulfilmentId } : {}),
		...(serviceDate ? { serviceDate } : {}),
		comments,
	};
	const units = readReturnUnits(context, itemIndex, entry);
	if (serviceFulfilmentId && units.length > 1) {
		throw new NodeOperationError(
			context.getNode(),
			`Service Fulfilment ID given for ${units.length} returns`,
			{
				itemIndex,
				description:
					'Each return has its own tech visit service: give one return ID per item, or leave the Service Fulfilment ID empty to use the one each return carries. Nothing was sent.',
			},
		);
	}
	return units;
}

/**
 * Approves self-ship customer returns after the tech visit: up to 100 per request, one location
 * per request (docs/marketplace-api/return-actions.md#approve-and-reject).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const what = 'Approve return';
	return await runBatches<ReturnUnit>(this, items, {
		read: (itemIndex) => {
			const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
			const serviceDate = readDate(this, additional.serviceDate, itemIndex, 'Service Date');
			return readDecision(this, itemIndex, serviceDate);
		},
		...returnAction(this, {
			name: 'approve',
			list: 'entries',
			what,
			prepare: async (batch) => await fillServiceFulfilmentIds(this, batch, what),
		}),
	});
}
