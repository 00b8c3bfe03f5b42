/**
 * How runBatches sends a return action (approve, reject, pickup, pickup attempt, complete,
 * cancel): up to 100 returns of one location per request, `locationId` beside the list, each
 * return's own outcome from the per-return answer (docs/marketplace-api/return-actions.md#per-return-results), and a
 * request whose outcome is unknown never sent again: the returns are read instead (returnState.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../../shared/profile';
import { redactSecrets } from '../../../shared/redact';
import {
	apiExchange,
	knownSecrets,
	listOf,
	unconfirmedReason,
	type Exchange,
} from '../../../shared/transport';
import type { BatchSpec, Unit, UnitOutcome } from '../../helpers/execution';
import { currentReturns, RETURN_DONE } from './returnState';

/** Return actions take up to 100 returns per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const RETURN_ACTION_BATCH_SIZE = 100;

export type ReturnActionName =
	| 'approve'
	| 'reject'
	| 'pickup'
	| 'pickupAttempt'
	| 'complete'
	| 'cancel';

/** One return of the request: its location and its entry's fields besides returnId. */
export interface ReturnUnit {
	locationId: string;
	entry: IDataObject;
}

/** What each error code means for the user (docs/marketplace-api/return-actions.md#error-codes). */
const ERROR_CODE_HINTS: Record<string, string> = {
	UNPROCESSABLE_ENTITY:
		'A mandatory field is missing or malformed for this return; check the fields the operation asks for.',
	DEPENDENT_SYSTEM_CALL_FAILED:
		'A marketplace system was temporarily unavailable; check the return with Get, then try again in a few minutes.',
	INVALID_RETURN_STATE:
		'The return is not in a state that allows this action: check it with Get (approve or reject before pickup, pick up before completing).',
	INVALID_RETURNS:
		'The return is unknown, belongs to another seller, or is not a self-ship return the seller acts on.',
	INVALID_LOCATION_ID: 'The return belongs to another location: set Location to its location ID.',
	INVALID_SERVICE_FULFILMENT_ID:
		"The service fulfilment ID is not the return's tech visit service: leave the field empty to use the one the return carries.",
};

/** `status` or `processingStatus` (docs/marketplace-api/discrepancies.md#per-item-status-field). */
export function itemStatus(result: IDataObject): string {
	return String(result.status ?? result.processingStatus ?? '').toUpperCase();
}

function failureOf(
	context: IExecuteFunctions,
	returnId: string,
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
		json: { returnId, errorCode: code, errorMessage: detail },
		error: {
			message: `${what} failed for return ${returnId}: ${code}${detail ? ` (${detail})` : ''}`,
			description: ERROR_CODE_HINTS[code] ?? "See the marketplace's message for what to change.",
		},
	};
}

function answerOutcomes(
	context: IExecuteFunctions,
	batch: Array<Unit<ReturnUnit>>,
	response: IDataObject,
	what: string,
): UnitOutcome[] {
	const byId = new Map<string, IDataObject>();
	for (const result of listOf(response.returns))
		if (typeof result.returnId === 'string') byId.set(result.returnId, result);
	return batch.map((unit) => {
		const result = byId.get(unit.id);
		if (!result)
			return failureOf(context, unit.id, what, {
				errorCode: 'NO_RESULT',
				errorMessage: 'the marketplace did not report a result for this return',
			});
		if (itemStatus(result) === 'SUCCESS')
			return { ok: true, json: { ...result, status: 'SUCCESS' } };
		return failureOf(context, unit.id, what, result);
	});
}

function stateText(current: IDataObject | undefined): string {
	return current === undefined ? 'not found' : String(current.status ?? 'UNKNOWN');
}

/** The outcome of each return of a request whose answer was lost, from what the returns show now. */
async function outcomesFromReturns(
	context: IExecuteFunctions,
	batch: Array<Unit<ReturnUnit>>,
	name: ReturnActionName,
	what: string,
	reason: string,
	original: Error,
): Promise<UnitOutcome[]> {
	let found: Map<string, IDataObject>;
	try {
		found = await currentReturns(
			context,
			batch.map((unit) => unit.id),
			batch[0].itemIndex,
		);
	} catch (error) {
		const failure = original as Error & { description?: string };
		failure.description =
			`${failure.description ?? ''} Their state could not be checked either: ${(error as Error).message}`.trim();
		throw failure;
	}
	return batch.map((unit): UnitOutcome => {
		const current = found.get(unit.id);
		const state = stateText(current);
		if (current !== undefined && RETURN_DONE[name](current, unit.payload.entry)) {
			return {
				ok: true,
				json: {
					returnId: unit.id,
					status: 'SUCCESS',
					state,
					confirmedBy: 'stateCheck',
					note: `The marketplace's answer was lost (${reason}); the return is now ${state}, which shows the request took effect. It was not sent again.`,
				},
			};
		}
		return {
			ok: false,
			json: { returnId: unit.id, errorCode: 'NOT_CONFIRMED', state },
			error: {
				message: `${what} not confirmed for return ${unit.id}: the marketplace's answer was lost (${reason}) and the return is ${state}`,
				description:
					'It was not sent again, so that it is not done twice. The marketplace may still be working on it: check the return with Get in a few minutes, and send it again if it has not changed.',
			},
		};
	});
}

/** After a request sent more than once: a return reported failed but already done was done by an earlier attempt. */
async function recheckAfterRetry(
	context: IExecuteFunctions,
	batch: Array<Unit<ReturnUnit>>,
	outcomes: UnitOutcome[],
	name: ReturnActionName,
): Promise<UnitOutcome[]> {
	const failedIds = batch.filter((_, position) => !outcomes[position].ok).map((unit) => unit.id);
	if (failedIds.length === 0) return outcomes;
	let found: Map<string, IDataObject>;
	try {
		found = await currentReturns(context, failedIds, batch[0].itemIndex);
	} catch {
		return outcomes;
	}
	return outcomes.map((outcome, position) => {
		const unit = batch[position];
		const current = found.get(unit.id);
		if (outcome.ok || current === undefined || !RETURN_DONE[name](current, unit.payload.entry))
			return outcome;
		return {
			ok: true,
			json: {
				returnId: unit.id,
				status: 'SUCCESS',
				state: stateText(current),
				confirmedBy: 'stateCheck',
				note: `The request had to be sent again and the marketplace then reported ${String(outcome.json?.errorCode ?? 'a failure')}, but the return is already ${stateText(current)}: an earlier attempt took effect.`,
			},
		};
	});
}

/**
 * The batch part of a return action's spec. `list` says how the request names the returns:
 * entries with fields (`returns[]`) or bare IDs (`returnIds[]`). `prepare` may complete the
 * entries before sending (the tech visit's service fulfilment ID) and refuse some returns:
 * those are not sent.
 */
export function returnAction(
	context: IExecuteFunctions,
	action: {
		name: ReturnActionName;
		list: 'entries' | 'ids';
		/** How messages name the action on one return. */
		what: string;
		prepare?: (batch: Array<Unit<ReturnUnit>>) => Promise<Array<UnitOutcome | undefined>>;
	},
): Pick<BatchSpec<ReturnUnit>, 'size' | 'send' | 'idField' | 'effect' | 'groupBy'> {
	const path = `${PATHS.returnsRoot}/returns/${action.name}`;
	const sendBatch = async (batch: Array<Unit<ReturnUnit>>): Promise<UnitOutcome[]> => {
		const body: IDataObject =
			action.list === 'entries'
				? { returns: batch.map((unit) => ({ returnId: unit.id, ...unit.payload.entry })) }
				: { returnIds: batch.map((unit) => unit.id) };
		body.locationId = batch[0].payload.locationId;
		let exchange: Exchange<IDataObject> | undefined;
		let failure: unknown;
		try {
			exchange = await apiExchange<IDataObject>(context, {
				method: 'POST',
				path,
				family: 'orders',
				body,
				expect: { returns: 'list' },
				operation: action.what,
				itemIndex: batch[0].itemIndex,
			});
		} catch (error) {
			failure = error;
		}
		if (exchange === undefined) {
			const reason = unconfirmedReason(failure);
			if (reason === undefined) throw failure;
			return await outcomesFromReturns(
				context,
				batch,
				action.name,
				action.what,
				reason,
				failure as Error,
			);
		}
		const outcomes = answerOutcomes(context, batch, exchange.body, action.what);
		return exchange.attempts > 1
			? await recheckAfterRetry(context, batch, outcomes, action.name)
			: outcomes;
	};
	return {
		size: RETURN_ACTION_BATCH_SIZE,
		idField: 'returnId',
		effect: 'changes',
		// One location per request: it stands beside the list.
		groupBy: (unit) => unit.payload.locationId,
		send: async (batch) => {
			const refused = action.prepare ? await action.prepare(batch) : batch.map(() => undefined);
			const ready = batch.filter((_, position) => refused[position] === undefined);
			const sent = ready.length > 0 ? await sendBatch(ready) : [];
			let next = 0;
			return batch.map((_, position) => refused[position] ?? sent[next++]);
		},
	};
}
