/**
 * Per-unit results of batch actions: shipment, return and service actions answer HTTP 200 even
 * when some units fail (docs/marketplace-api/errors.md#per-item-results), and may leave a unit
 * out. Each unit gets its own outcome; a unit the marketplace did not mention is an error too, so
 * nothing is dropped silently. (Listing writes report per SKU instead: listing.fields.ts.)
 *
 * The entity (shipment, return, service) is a parameter: its ID and list fields, the words of its
 * messages and its error hints. A request whose outcome is unknown is never sent again: the
 * units are read back instead (stateCheck.ts) when the entity can be read, also after a request
 * that had to be sent more than once.
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
import type { BatchEntity } from './batchEntity';
import type { BatchSpec, Unit, UnitOutcome } from './execution';
import { shipmentStateCheck } from './shipmentState';
import { outcomesFromState, recheckAfterRetry, type StateCheck } from './stateCheck';

/** Labels, dispatch, cancel and form acknowledgements take up to 25 shipments per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
const SHIPMENT_ACTION_BATCH_SIZE = 25;

export const SHIPMENT: BatchEntity = {
	noun: 'shipment',
	idField: 'shipmentId',
	listField: 'shipments',
	detailFields: ['errorMessage'],
	// docs/marketplace-api/errors.md#per-item-error-codes, docs/marketplace-api/shipments.md#ready-to-dispatch
	hints: {
		INVALID_SHIPMENTS:
			'The shipment is unknown, belongs to another seller or location, or is in a state that does not allow this.',
		OPERATION_NOT_ALLOWED: 'The shipment is not in a state that allows this operation.',
		DEPENDENT_SYSTEM_CALL_FAILED:
			'A marketplace system was temporarily unavailable; try again in a few minutes.',
		EMPTY_OR_INVALID_REASON_FOR_CANCELLATION:
			'Use one of the documented reasons: cannot_procure_item, not_enough_inventory, b2b_order.',
		UNPROCESSABLE_ENTITY:
			'A mandatory field is missing or a value breaks a rule (see the message). For a self-ship dispatch the marketplace may also require the Delivery Partner Code.',
	},
	otherHint: "See the marketplace's message for what to change.",
};

/** `status` in the reference, `processingStatus` in older pages (docs/marketplace-api/discrepancies.md#per-item-status-field). */
function resultStatus(result: IDataObject): string {
	return String(result.status ?? result.processingStatus ?? '').toUpperCase();
}

function unitFailure(
	context: IExecuteFunctions,
	entity: BatchEntity,
	id: string,
	what: string,
	code: string,
	raw: unknown,
): UnitOutcome {
	const detail = typeof raw === 'string' ? redactSecrets(raw, knownSecrets(context)) : '';
	return {
		ok: false,
		json: { [entity.idField]: id, errorCode: code, [entity.detailFields[0]]: detail },
		error: {
			message: `${what} failed for ${entity.noun} ${id}: ${code}${detail ? ` (${detail})` : ''}`,
			description: entity.hints[code] ?? entity.otherHint,
		},
	};
}

/**
 * Maps a `{<list>: [{<id>, status|processingStatus, errorCode, <detail>}]}` answer onto the units
 * of the batch.
 */
function unitOutcomes(
	context: IExecuteFunctions,
	entity: BatchEntity,
	batch: Array<Unit<unknown>>,
	response: IDataObject,
	what: string,
): UnitOutcome[] {
	const byId = new Map<string, IDataObject>();
	for (const result of listOf(response[entity.listField])) {
		const id = result[entity.idField];
		if (typeof id === 'string') byId.set(id, result);
	}
	return batch.map((unit) => {
		const result = byId.get(unit.id);
		if (!result) {
			const missing = `the marketplace did not report a result for this ${entity.noun}`;
			return unitFailure(context, entity, unit.id, what, 'NO_RESULT', missing);
		}
		if (resultStatus(result) === 'SUCCESS')
			return { ok: true, json: { ...result, status: 'SUCCESS' } };
		const code =
			typeof result.errorCode === 'string' && result.errorCode !== ''
				? result.errorCode
				: 'FAILURE';
		const raw = entity.detailFields
			.map((field) => result[field])
			.find((value) => value !== undefined && value !== null);
		return unitFailure(context, entity, unit.id, what, code, raw);
	});
}

/**
 * How runBatches sends one batch action of an entity: one POST per batch, each unit's own
 * outcome from the per-unit answer, and a request whose outcome is unknown never sent again.
 * With a state check the units are then read back (stateCheck.ts); without one the request fails
 * saying its outcome is unknown (the transport's unconfirmed error).
 */
export function entityAction<P, S>(
	context: IExecuteFunctions,
	entity: BatchEntity,
	action: {
		path: string;
		body: (batch: Array<Unit<P>>) => IDataObject;
		size: number;
		/** How the request is named in transport errors. */
		operation: string;
		/** How messages name the action on one unit. */
		what: string;
		check?: StateCheck<S, P>;
	},
): Pick<BatchSpec<P>, 'size' | 'send' | 'idField' | 'effect'> {
	const { check, what } = action;
	return {
		size: action.size,
		idField: entity.idField,
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
					expect: { [entity.listField]: 'list' },
					operation: action.operation,
					itemIndex: batch[0].itemIndex,
				});
			} catch (error) {
				failure = error;
			}
			if (exchange === undefined) {
				// The request may have been carried out: what the units show now tells (stateCheck.ts).
				const reason = unconfirmedReason(failure);
				if (reason === undefined || check === undefined) throw failure;
				return await outcomesFromState(entity, check, batch, what, reason, failure as Error);
			}
			const outcomes = unitOutcomes(context, entity, batch, exchange.body, what);
			return exchange.attempts > 1 && check !== undefined
				? await recheckAfterRetry(entity, check, batch, outcomes)
				: outcomes;
		},
	};
}

/**
 * How runBatches sends a shipment action (labels, dispatch, cancel, form acknowledgements,
 * self-ship calls): 25 shipments per request unless the call says otherwise, the shipments'
 * state read back when the answer is unknown (shipmentState.ts).
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
	return entityAction<P, IDataObject[]>(context, SHIPMENT, {
		path: action.path,
		body: action.body,
		size: action.size ?? SHIPMENT_ACTION_BATCH_SIZE,
		operation: action.operation,
		what: action.what ?? action.operation,
		check: shipmentStateCheck(context, action.path),
	});
}
