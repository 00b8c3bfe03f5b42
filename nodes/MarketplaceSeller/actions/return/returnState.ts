/**
 * Return actions whose answer is unknown (a timeout, a dropped connection, a 5xx after the
 * marketplace may have acted) are not sent again (docs/marketplace-api/return-actions.md#unknown-outcomes):
 * the returns are read instead, and what they show decides each return's item: the state check
 * (helpers/stateCheck.ts) the shipment actions use too.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { chunk } from '../../../shared/transport';
import { searchAll } from '../../../shared/transport/paging';
import type { StateCheck } from '../../helpers/stateCheck';

/** GET returns takes up to 25 return IDs (docs/marketplace-api/batch-limits.md#limits-per-call). */
const LOOKUP_SIZE = 25;

/** `source` is required by the search, so both kinds are asked for (docs/marketplace-api/returns.md#return-search). */
const SOURCES = ['customer_return', 'courier_return'] as const;

/** The return items of these returns as the marketplace reports them now, by return ID. */
export async function currentReturns(
	context: IExecuteFunctions,
	returnIds: string[],
	itemIndex: number,
): Promise<Map<string, IDataObject>> {
	const found = new Map<string, IDataObject>();
	for (const source of SOURCES) {
		const missing = returnIds.filter((id) => !found.has(id));
		for (const part of chunk(missing, LOOKUP_SIZE)) {
			if (part.length === 0) continue;
			const items = await searchAll(
				context,
				'returns',
				{ source, returnIds: part.join(',') },
				{ itemIndex, operation: 'Check the returns' },
			);
			for (const item of items)
				if (typeof item.returnId === 'string' && !found.has(item.returnId))
					found.set(item.returnId, item);
		}
	}
	return found;
}

/** Whether a return item shows that the action took effect; the unit's payload is the request entry. */
export type ReturnDone = (current: IDataObject, entry: IDataObject) => boolean;

const statusIn =
	(...statuses: string[]): ReturnDone =>
	(current) =>
		statuses.includes(String(current.status));

function sameInstant(a: unknown, b: unknown): boolean {
	const at = Date.parse(String(a ?? ''));
	return !Number.isNaN(at) && at === Date.parse(String(b ?? ''));
}

/**
 * Per action: what the return shows once the action took effect. Approval is seen in
 * `approvedOn`; a rejection as RETURN_REJECTED or RETURN_CANCELLED; a pickup attempt in the
 * expected date it moved (docs/marketplace-api/return-actions.md#return-states-after-each-action).
 */
const RETURN_DONE: Record<string, ReturnDone> = {
	approve: (current) =>
		(current.approvedOn !== null && current.approvedOn !== undefined) ||
		['RETURN_PICKED_UP', 'RETURN_COMPLETED'].includes(String(current.status)),
	reject: statusIn('RETURN_REJECTED', 'RETURN_CANCELLED'),
	pickup: statusIn('RETURN_PICKED_UP', 'RETURN_COMPLETED'),
	pickupAttempt: (current, entry) => sameInstant(current.expectedDate, entry.newPickupDate),
	complete: statusIn('RETURN_COMPLETED'),
	cancel: statusIn('RETURN_CANCELLED'),
};

/** The state check of a return action: the return as the search finds it now. */
export function returnStateCheck(
	context: IExecuteFunctions,
	name: string,
): StateCheck<IDataObject, { entry: IDataObject }> {
	return {
		look: async (ids, itemIndex) => await currentReturns(context, ids, itemIndex),
		state: (current) => (current === undefined ? 'not found' : String(current.status ?? 'UNKNOWN')),
		done: (current, payload) => current !== undefined && RETURN_DONE[name](current, payload.entry),
		words: { tookEffect: 'which shows the request took effect', unchanged: 'it' },
	};
}
