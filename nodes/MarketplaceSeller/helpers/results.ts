/**
 * Per-shipment (and per-SKU) results of batch actions: HTTP 200 even when some fail
 * (api-facts 5.5, 7). Each unit gets its own outcome; a unit the marketplace did not mention
 * is an error too, so nothing is dropped silently.
 */
import { NodeApiError, type IDataObject, type IExecuteFunctions, type JsonObject } from 'n8n-workflow';

import { redactSecrets } from '../../shared/redact';
import { knownSecrets } from '../transport';
import type { Unit, UnitOutcome } from './execution';

/** What each documented errorCode means for the user (api-facts 5.2, 5.4). */
const ERROR_CODE_HINTS: Record<string, string> = {
	INVALID_SHIPMENTS: 'The shipment is unknown, belongs to another seller or location, or is in a state that does not allow this.',
	OPERATION_NOT_ALLOWED: 'The shipment is not in a state that allows this operation.',
	DEPENDENT_SYSTEM_CALL_FAILED: 'A marketplace system was temporarily unavailable; try again in a few minutes.',
	EMPTY_OR_INVALID_REASON_FOR_CANCELLATION: 'Use one of the documented reasons: cannot_procure_item, not_enough_inventory, b2b_order.',
};

/** `status` in the reference, `processingStatus` in older pages (api-facts 10.1 #1). */
export function resultStatus(result: IDataObject): string {
	return String(result.status ?? result.processingStatus ?? '').toUpperCase();
}

export function unitFailure(
	context: IExecuteFunctions,
	unit: Unit<unknown>,
	what: string,
	fields: { errorCode?: unknown; errorMessage?: unknown },
	subject = 'Shipment',
): UnitOutcome {
	const code = typeof fields.errorCode === 'string' && fields.errorCode !== '' ? fields.errorCode : 'FAILURE';
	const detail = typeof fields.errorMessage === 'string' ? redactSecrets(fields.errorMessage, knownSecrets(context)) : '';
	const message = `${what} failed for ${subject.toLowerCase()} ${unit.id}: ${code}${detail ? ` (${detail})` : ''}`;
	const error = new NodeApiError(
		context.getNode(),
		{ [subject === 'Shipment' ? 'shipmentId' : 'id']: unit.id, errorCode: code, errorMessage: detail } as JsonObject,
		{
			message,
			description: ERROR_CODE_HINTS[code] ?? 'See the marketplace\'s message for what to change.',
			itemIndex: unit.itemIndex,
		},
	);
	return { ok: false, error, json: { [subject === 'Shipment' ? 'shipmentId' : 'sku']: unit.id, errorCode: code, errorMessage: detail } };
}

/**
 * Maps a `{shipments: [{shipmentId, status|processingStatus, errorCode, errorMessage}]}` answer
 * onto the units of the batch.
 */
export function shipmentOutcomes(
	context: IExecuteFunctions,
	batch: Array<Unit<unknown>>,
	response: IDataObject,
	what: string,
): UnitOutcome[] {
	const results = Array.isArray(response.shipments) ? (response.shipments as IDataObject[]) : [];
	const byId = new Map<string, IDataObject>();
	for (const result of results) {
		if (typeof result.shipmentId === 'string') byId.set(result.shipmentId, result);
	}
	return batch.map((unit) => {
		const result = byId.get(unit.id);
		if (!result) {
			return unitFailure(context, unit, what, {
				errorCode: 'NO_RESULT',
				errorMessage: 'the marketplace did not report a result for this shipment',
			});
		}
		if (resultStatus(result) === 'SUCCESS') return { ok: true, json: { ...result, status: 'SUCCESS' } };
		return unitFailure(context, unit, what, result);
	});
}

/**
 * The outcome of a lookup-style call for one shipment: what the marketplace returned for it, or
 * an error of that shipment alone when it returned nothing (nothing is dropped silently).
 */
export function foundOrMissing(
	context: IExecuteFunctions,
	unit: Unit<unknown>,
	found: IDataObject | IDataObject[] | undefined,
	missing: { message: string; description: string },
): UnitOutcome {
	if (found !== undefined && (!Array.isArray(found) || found.length > 0)) return { ok: true, json: found };
	return {
		ok: false,
		json: { shipmentId: unit.id },
		error: new NodeApiError(context.getNode(), { shipmentId: unit.id } as JsonObject, {
			message: missing.message,
			description: missing.description,
			itemIndex: unit.itemIndex,
		}),
	};
}
