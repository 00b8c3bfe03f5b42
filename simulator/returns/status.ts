/**
 * A return's status moved by the control interface (the marketplace's own return flow has no
 * seller-side API): the change is stamped with the simulator clock as the return's updatedDate,
 * which the returns search filters on (modifiedAfter / modifiedBefore).
 */
import { invalid, oneOf } from '../control/errors';
import type { ReturnEventType } from '../notifications/envelopes';
import { RETURN_STATUSES, type ReturnRecord, type ReturnStatus } from './model';

const EVENT_OF_STATUS: Record<ReturnStatus, ReturnEventType> = {
	RETURN_CREATED: 'return_created',
	RETURN_PICKED_UP: 'return_picked_up',
	RETURN_COMPLETED: 'return_completed',
	RETURN_CANCELLED: 'return_cancelled',
};

export interface ReturnChange {
	status?: ReturnStatus;
}

/** Applies the change at `now`; returns the event it corresponds to, or undefined when nothing changed. */
export function changeReturn(
	ret: ReturnRecord,
	change: ReturnChange,
	now: number,
): ReturnEventType | undefined {
	const status = oneOf(change.status, 'status', RETURN_STATUSES);
	if (status === undefined) throw invalid(`status is required: ${RETURN_STATUSES.join(', ')}`);
	if (status === ret.status) return undefined;
	ret.status = status;
	ret.updatedMs = now;
	return EVENT_OF_STATUS[status];
}
