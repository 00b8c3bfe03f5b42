/**
 * Batch actions whose answer is unknown. A request that timed out, lost its connection or got a
 * 5xx may have been carried out; sending it again could do it twice and then fail although the
 * shipment or return is where it should be. So it is not sent again (transport/retry.ts);
 * instead the units are read back, and what they show decides: a unit already where the action
 * puts it succeeded (the item says how this was found out), any other fails as "not confirmed"
 * (docs/marketplace-api/return-actions.md#unknown-outcomes).
 *
 * The same check turns a per-unit failure into a success when the request had been sent more
 * than once (after a 429 or 503 that should have meant "not done") and the unit shows the action
 * done: the earlier attempt did it.
 *
 * What is read back, and what counts as done, is the entity's (shipmentState.ts for shipments,
 * actions/return/returnState.ts for returns); the messages are the same for all.
 */
import type { BatchEntity } from './batchEntity';
import type { Unit, UnitOutcome } from './execution';

/** How the units of one action are read back: S is what a lookup finds of one unit. */
export interface StateCheck<S, P> {
	/** The units as the marketplace reports them now, by ID; a unit it does not know is absent. */
	look: (ids: string[], itemIndex: number) => Promise<Map<string, S>>;
	/** The state to show in messages. */
	state: (current: S | undefined) => string;
	/** Whether what the unit shows now means the action took effect. */
	done: (current: S | undefined, payload: P) => boolean;
	/** The words of its messages: how a state shows the request took effect, what has not changed. */
	words: { tookEffect: string; unchanged: string };
}

/**
 * The outcome of each unit whose request's answer is unknown (`reason`, e.g. "no answer
 * (ECONNRESET)"), from the state the marketplace reports now. When the state cannot be read
 * either, `original` is thrown with that second problem added.
 */
export async function outcomesFromState<S, P>(
	entity: BatchEntity,
	check: StateCheck<S, P>,
	batch: Array<Unit<P>>,
	what: string,
	reason: string,
	original: Error,
): Promise<UnitOutcome[]> {
	let found: Map<string, S>;
	try {
		found = await check.look(
			batch.map((unit) => unit.id),
			batch[0].itemIndex,
		);
	} catch (error) {
		// Every unit of the batch then fails with the first error, which already says its outcome is unknown.
		const failure = original as Error & { description?: string };
		failure.description =
			`${failure.description ?? ''} Their state could not be checked either: ${(error as Error).message}`.trim();
		throw failure;
	}
	const { noun, idField } = entity;
	return batch.map((unit): UnitOutcome => {
		const current = found.get(unit.id);
		const state = check.state(current);
		if (check.done(current, unit.payload)) {
			return {
				ok: true,
				json: {
					[idField]: unit.id,
					status: 'SUCCESS',
					state,
					confirmedBy: 'stateCheck',
					note: `The marketplace's answer was lost (${reason}); the ${noun} is now ${state}, ${check.words.tookEffect}. It was not sent again.`,
				},
			};
		}
		return {
			ok: false,
			json: { [idField]: unit.id, errorCode: 'NOT_CONFIRMED', state },
			error: {
				message: `${what} not confirmed for ${noun} ${unit.id}: the marketplace's answer was lost (${reason}) and the ${noun} is ${state}`,
				description: `It was not sent again, so that it is not done twice. The marketplace may still be working on it: check the ${noun} with Get in a few minutes, and send it again if ${check.words.unchanged} has not changed.`,
			},
		};
	});
}

/**
 * After a request that had to be sent more than once: a unit reported as failed but already
 * showing the action done succeeded with an earlier attempt.
 */
export async function recheckAfterRetry<S, P>(
	entity: BatchEntity,
	check: StateCheck<S, P>,
	batch: Array<Unit<P>>,
	outcomes: UnitOutcome[],
): Promise<UnitOutcome[]> {
	const failedIds = batch.filter((_, position) => !outcomes[position].ok).map((unit) => unit.id);
	if (failedIds.length === 0) return outcomes;
	let found: Map<string, S>;
	try {
		found = await check.look(failedIds, batch[0].itemIndex);
	} catch {
		return outcomes;
	}
	return outcomes.map((outcome, position) => {
		const unit = batch[position];
		const current = found.get(unit.id);
		if (outcome.ok || current === undefined || !check.done(current, unit.payload)) return outcome;
		const reported =
			typeof outcome.json?.errorCode === 'string' ? outcome.json.errorCode : 'a failure';
		const state = check.state(current);
		return {
			ok: true,
			json: {
				[entity.idField]: unit.id,
				status: 'SUCCESS',
				state,
				confirmedBy: 'stateCheck',
				note: `The request had to be sent again and the marketplace then reported ${reported}, but the ${entity.noun} is already ${state}: an earlier attempt took effect.`,
			},
		};
	});
}
