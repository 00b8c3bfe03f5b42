/**
 * Per-shipment results: shipment actions answer HTTP 200 even when some shipments fail
 * (docs/marketplace-api/errors.md#per-item-results), and lookups may leave a shipment out. Each unit gets its own outcome; a unit
 * the marketplace did not mention is an error too, so nothing is dropped silently. (Listing
 * writes report per SKU instead: listing.fields.ts.)
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { redactSecrets } from '../../shared/redact';
import {
	apiExchange,
	knownSecrets,
	listOf,
	unconfirmedReason,
	type Exchange,
} from '../../shared/transport';
import type { BatchSpec, Unit, UnitOutcome } from './execution';
import { canCheckState, outcomesFromState, recheckAfterRetry } from './stateCheck';

/** Labels, dispatch, cancel and form acknowledgements take up to 25 shipments per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
const SHIPMENT_ACTION_BATCH_SIZE = 25;

/** What each documented errorCode means for the user (docs/marketplace-api/errors.md#per-item-error-codes, docs/marketplace-api/shipments.md#ready-to-dispatch). */
const ERROR_CODE_HINTS: Record<string, string> = {
	INVALID_SHIPMENTS:
		'The shipment is unknown, belongs to another seller or location, or is in a state that does not allow this.',
	OPERATION_NOT_ALLOWED: 'The shipment is not in a state that allows this operation.',
	DEPENDENT_SYSTEM_CALL_FAILED:
		'A marketplace system was temporarily unavailable; try again in a few minutes.',
	EMPTY_OR_INVALID_REASON_FOR_CANCELLATION:
		'Use one of the documented reasons: cannot_procure_item, not_enough_inventory, b2b_order.',
	UNPROCESSABLE_ENTITY:
		'A mandatory field is missing or a value breaks a rule (see the message). For a self-ship dispatch the marketplace may also require the Delivery Partner Code.',
};

/** `status` in the reference, `processingStatus` in older pages (docs/marketplace-api/discrepancies.md#per-item-status-field). */
function resultStatus(result: IDataObject): string {
	return String(result.status ?? result.processingStatus ?? '').toUpperCase();
}

function shipmentFailure(
	context: IExecuteFunctions,
	unit: Unit<unknown>,
	what: string,
	fields: { errorCode?: unknown; errorMessage?: unknown },
): UnitOutcome {
	const code =
		typeof fields.errorCode === 'string' && fields.errorCode !== '' ? fields.errorCode : 'FAILURE';
	const detail =
		typeof fields.errorMessage === 'string'
			? redactSecrets(fields.errorMessage, knownSecrets(context))
			: '';
	return {
		ok: false,
		json: { shipmentId: unit.id, errorCode: code, errorMessage: detail },
		error: {
			message: `${what} failed for shipment ${unit.id}: ${code}${detail ? ` (${detail})` : ''}`,
			description: ERROR_CODE_HINTS[code] ?? "See the marketplace's message for what to change.",
		},
	};
}

/**
 * Maps a `{shipments: [{shipmentId, status|processingStatus, errorCode, errorMessage}]}` answer
 * onto the units of the batch.
 */
function shipmentOutcomes(
	context: IExecuteFunctions,
	batch: Array<Unit<unknown>>,
	response: IDataObject,
	what: string,
): UnitOutcome[] {
	const byId = new Map<string, IDataObject>();
	for (const result of listOf(response.shipments)) {
		if (typeof result.shipmentId === 'string') byId.set(result.shipmentId, result);
	}
	return batch.map((unit) => {
		const result = byId.get(unit.id);
		if (!result) {
			return shipmentFailure(context, unit, what, {
				errorCode: 'NO_RESULT',
				errorMessage: 'the marketplace did not report a result for this shipment',
			});
		}
		if (resultStatus(result) === 'SUCCESS')
			return { ok: true, json: { ...result, status: 'SUCCESS' } };
		return shipmentFailure(context, unit, what, result);
	});
}

/**
 * How runBatches sends a shipment action (labels, dispatch, cancel, form acknowledgements): 25
 * shipments per request, each shipment's own outcome from the per-item answer, and a request
 * whose outcome is unknown never sent again: the shipments' state is read instead
 * (stateCheck.ts), also after a request that had to be sent more than once.
 */
export function shipmentAction<P>(
	context: IExecuteFunctions,
	action: {
		path: string;
		body: (batch: Array<Unit<P>>) => IDataObject;
		/** How messages name the request. */
		operation: string;
		/** How messages name the action on one shipment, when it differs from `operation`. */
		what?: string;
		/** Shipments per request when the call's limit is not 25 (self-ship calls: 100). */
		size?: number;
	},
): Pick<BatchSpec<P>, 'size' | 'send' | 'idField' | 'effect'> {
	const what = action.what ?? action.operation;
	const checkable = canCheckState(action.path);
	return {
		size: action.size ?? SHIPMENT_ACTION_BATCH_SIZE,
		idField: 'shipmentId',
		effect: 'changes',
		send: async (batch) => {
			let exchange: Exchange<IDataObject> | undefined;
			let failure: unknown;
			try {
				exchange = await apiExchange<IDataObject>(context, {
					method: 'POST',
					path: action.path,
					family: 'orders',
					body: action.body(batch),
					expect: { shipments: 'list' },
					operation: action.operation,
					itemIndex: batch[0].itemIndex,
				});
			} catch (error) {
				failure = error;
			}
			if (exchange === undefined) {
				// The request may have been carried out: the shipments' state tells (stateCheck.ts).
				const reason = unconfirmedReason(failure);
				if (reason === undefined || !checkable) throw failure;
				return await outcomesFromState(context, batch, action.path, what, reason, failure as Error);
			}
			const outcomes = shipmentOutcomes(context, batch, exchange.body, what);
			return exchange.attempts > 1 && checkable
				? await recheckAfterRetry(context, batch, outcomes, action.path)
				: outcomes;
		},
	};
}
