/**
 * Approve and reject are one decision on a self-ship customer return after its tech visit: the
 * same entry (service fulfilment ID, service date, comments), location and checks, sent to
 * another call (docs/marketplace-api/return-actions.md#approve-and-reject). Each operation's file
 * names what differs: the call, the texts, and whether the service date is required (reject) or
 * optional under Additional Fields (approve).
 */
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
	readRequiredDate,
	readRequiredString,
	readReturnUnits,
	returnIdsProperty,
	returnLocationProperty,
} from './returnFields';

export interface TechVisitDecision {
	operation: 'approve' | 'reject';
	/** How messages name the action on one return. */
	what: string;
	/** The older reference pages require the date to reject, not to approve (see the docs section above). */
	serviceDate: { required: boolean; description: string };
	comments: { placeholder: string; description: string };
	additionalFieldsDescription: string;
}

const serviceFulfilmentIdOption: INodeProperties = {
	displayName: 'Service Fulfilment ID',
	name: 'serviceFulfilmentId',
	type: 'string',
	default: '',
	description:
		"The tech visit service of the return. Leave empty to use the one the return's services list (one return ID per item when given).",
};

function decisionProperties(decision: TechVisitDecision): INodeProperties[] {
	const { required } = decision.serviceDate;
	const serviceDate: INodeProperties = {
		displayName: 'Service Date',
		name: 'serviceDate',
		type: 'dateTime',
		...(required ? { required: true } : {}),
		default: '',
		description: decision.serviceDate.description,
	};
	return [
		returnIdsProperty,
		returnLocationProperty,
		...(required ? [serviceDate] : []),
		{
			displayName: 'Comments',
			name: 'comments',
			type: 'string',
			required: true,
			default: '',
			...decision.comments,
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description: decision.additionalFieldsDescription,
			options: required ? [serviceFulfilmentIdOption] : [serviceDate, serviceFulfilmentIdOption],
		},
	];
}

/** The returns of one input item, each with the decision's entry fields. */
function readDecision(
	context: IExecuteFunctions,
	itemIndex: number,
	serviceDateRequired: boolean,
): Array<{ id: string; payload: ReturnUnit }> {
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const serviceDate = serviceDateRequired
		? readRequiredDate(context, 'serviceDate', itemIndex, 'Service Date')
		: readDate(context, additional.serviceDate, itemIndex, 'Service Date');
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

/** The parameters and the run of one decision: up to 100 returns per request, one location per request. */
export function techVisitDecision(decision: TechVisitDecision): {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;
} {
	const { operation, what } = decision;
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['return'], operation: [operation] } },
			decisionProperties(decision),
		),
		async execute(this: IExecuteFunctions, items: INodeExecutionData[]) {
			return await runBatches<ReturnUnit>(this, items, {
				read: (itemIndex) => readDecision(this, itemIndex, decision.serviceDate.required),
				...returnAction(this, {
					name: operation,
					list: 'entries',
					what,
					prepare: async (batch) => await fillServiceFulfilmentIds(this, batch, what),
				}),
			});
		},
	};
}
