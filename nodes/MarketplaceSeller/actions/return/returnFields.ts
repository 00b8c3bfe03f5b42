/** Parameters and readers shared by the return actions (docs/marketplace-api/return-actions.md#return-actions). */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { listOf } from '../../../shared/transport';
import { readDate } from '../../helpers/dates';
import type { Unit, UnitOutcome } from '../../helpers/execution';
import { readIdList, readRequiredText } from '../../helpers/parameters';
import { locationLocator } from '../common.descriptions';
import type { ReturnUnit } from './returnAction';
import { currentReturns } from './returnState';

export const returnIdsProperty: INodeProperties = {
	displayName: 'Return IDs',
	name: 'returnIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. {{ $json.returnId }}',
	description:
		'One or more return IDs, comma-separated, usually an expression reading the return ID of the input item. Input items are batched, up to 100 returns per request.',
};

export const returnLocationProperty = locationLocator(
	'The seller location the returns belong to; the marketplace takes one location per request',
);

/** A date-time parameter that must be given, sent with the workflow's offset. */
export function readRequiredDate(
	context: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	label: string,
): string {
	const date = readDate(
		context,
		context.getNodeParameter(parameter, itemIndex, ''),
		itemIndex,
		label,
	);
	if (date === undefined) {
		throw new NodeOperationError(context.getNode(), `${label} is empty`, {
			itemIndex,
			description: `Enter the ${label}; the marketplace requires it. Nothing was sent.`,
		});
	}
	return date;
}

/** A text parameter that must be given (the marketplace's reference marks it mandatory). */
export function readRequiredString(
	context: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	label: string,
): string {
	const value = String(context.getNodeParameter(parameter, itemIndex, '') ?? '').trim();
	if (value === '') {
		throw new NodeOperationError(context.getNode(), `${label} is empty`, {
			itemIndex,
			description: `Enter the ${label}; the marketplace requires it. Nothing was sent.`,
		});
	}
	return value;
}

/** The returns of one input item, each with the same entry fields and location. */
export function readReturnUnits(
	context: IExecuteFunctions,
	itemIndex: number,
	entry: IDataObject,
): Array<{ id: string; payload: ReturnUnit }> {
	const locationId = readRequiredText(context, 'locationId', itemIndex, 'Location');
	return readIdList(context, 'returnIds', itemIndex, 'return ID').map((id) => ({
		id,
		payload: { locationId, entry: { ...entry } },
	}));
}

/**
 * Approve and reject name the return's tech visit service (docs/marketplace-api/return-actions.md#approve-and-reject):
 * when the input does not give it, it is read from the return's `services`. A return without
 * exactly one service is refused here, before anything is sent for it.
 */
export async function fillServiceFulfilmentIds(
	context: IExecuteFunctions,
	batch: Array<Unit<ReturnUnit>>,
	what: string,
): Promise<Array<UnitOutcome | undefined>> {
	const missing = batch.filter((unit) => !unit.payload.entry.serviceFulfilmentId);
	if (missing.length === 0) return batch.map(() => undefined);
	const found = await currentReturns(
		context,
		missing.map((unit) => unit.id),
		batch[0].itemIndex,
	);
	return batch.map((unit): UnitOutcome | undefined => {
		if (unit.payload.entry.serviceFulfilmentId) return undefined;
		const current = found.get(unit.id);
		const services = listOf(current?.services).filter(
			(service) =>
				typeof service.serviceFulfilmentId === 'string' && service.serviceFulfilmentId !== '',
		);
		if (current !== undefined && services.length === 1) {
			unit.payload.entry.serviceFulfilmentId = services[0].serviceFulfilmentId;
			return undefined;
		}
		const problem =
			current === undefined
				? 'the marketplace does not know this return'
				: services.length === 0
					? 'the return carries no service (the tech visit)'
					: `the return carries ${services.length} services`;
		return {
			ok: false,
			json: { returnId: unit.id, errorCode: 'NO_SERVICE_FULFILMENT_ID' },
			error: {
				message: `${what} not sent for return ${unit.id}: no service fulfilment ID given and ${problem}`,
				description:
					"Give the tech visit's Service Fulfilment ID under Additional Fields (the return's services list it), or check the return ID with Get.",
			},
		};
	});
}
