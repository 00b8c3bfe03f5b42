/**
 * How runBatches sends a return action (approve, reject, pickup, pickup attempt, complete,
 * cancel): up to 100 returns of one location per request, `locationId` beside the list, each
 * return's own outcome from the per-return answer (docs/marketplace-api/return-actions.md#per-return-results), and a
 * request whose outcome is unknown never sent again: the returns are read instead (returnState.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../../shared/profile';
import type { BatchEntity } from '../../helpers/batchEntity';
import type { BatchSpec, Unit, UnitOutcome } from '../../helpers/execution';
import { entityAction } from '../../helpers/results';
import { returnStateCheck } from './returnState';

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

const RETURN: BatchEntity = {
	noun: 'return',
	idField: 'returnId',
	listField: 'returns',
	detailFields: ['errorMessage'],
	// docs/marketplace-api/return-actions.md#error-codes
	hints: {
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
	},
	otherHint: "See the marketplace's message for what to change.",
};

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
	const spec = entityAction<ReturnUnit, IDataObject>(context, RETURN, {
		path: `${PATHS.returnsRoot}/returns/${action.name}`,
		body: (batch) => ({
			...(action.list === 'entries'
				? { returns: batch.map((unit) => ({ returnId: unit.id, ...unit.payload.entry })) }
				: { returnIds: batch.map((unit) => unit.id) }),
			locationId: batch[0].payload.locationId,
		}),
		size: RETURN_ACTION_BATCH_SIZE,
		operation: action.what,
		what: action.what,
		check: returnStateCheck(context, action.name),
	});
	return {
		...spec,
		// One location per request: it stands beside the list.
		groupBy: (unit) => unit.payload.locationId,
		send: async (batch) => {
			const refused = action.prepare ? await action.prepare(batch) : batch.map(() => undefined);
			const ready = batch.filter((_, position) => refused[position] === undefined);
			const sent = ready.length > 0 ? await spec.send(ready) : [];
			let next = 0;
			return batch.map((_, position) => refused[position] ?? sent[next++]);
		},
	};
}
