/**
 * The seller's actions on self-ship returns (docs/marketplace-api/return-actions.md#return-actions): approve or reject
 * a customer return after the tech visit, pick it up (attempts move the due date), complete it,
 * or cancel it; a courier return is completed (acknowledged) or cancelled. Each return of a
 * request is answered on its own, under `processingStatus`; only a request that is not a list,
 * or longer than 100, fails as a whole. Written from the docs, not from the node's code.
 */
import { badRequest, tooManyIds } from '../http/errors';
import { isRecord } from '../http/query';
import type { AuthContext } from '../http/types';
import type { ReturnEventType } from '../notifications/envelopes';
import { parseDate } from '../util/dates';
import type { World } from '../world';
import { RETURN_REJECTED, type ReturnRecord } from './model';

export const RETURN_ACTION_LIMIT = 100;

export const RETURN_ACTIONS = [
	'approve',
	'reject',
	'pickup',
	'pickupAttempt',
	'complete',
	'cancel',
] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** Error codes: the first two are documented, the others this simulator's (docs/marketplace-api/return-actions.md#error-codes). */
export const RETURN_ERRORS = {
	missing: 'UNPROCESSABLE_ENTITY',
	unknown: 'INVALID_RETURNS',
	location: 'INVALID_LOCATION_ID',
	state: 'INVALID_RETURN_STATE',
	service: 'INVALID_SERVICE_FULFILMENT_ID',
} as const;

export interface ReturnOutcome {
	returnId: string | null;
	errorCode?: string;
	errorMessage?: string;
}

const fail = (returnId: string | null, errorCode: string, errorMessage: string): ReturnOutcome => ({
	returnId,
	errorCode,
	errorMessage,
});

/** The answer body: `{"returns":[{returnId, processingStatus, errorCode, errorMessage}]}`. */
export function returnActionBody(outcomes: ReturnOutcome[]): {
	returns: Record<string, unknown>[];
} {
	return {
		returns: outcomes.map((o) => ({
			returnId: o.returnId,
			processingStatus: o.errorCode ? 'FAILURE' : 'SUCCESS',
			errorCode: o.errorCode ?? null,
			errorMessage: o.errorMessage ?? null,
		})),
	};
}

/** A date field: required or not, parseable, and (for what already happened) not in the future. */
function dateField(
	entry: Record<string, unknown>,
	name: string,
	now: number,
	rule: { required: boolean; past?: boolean },
): number | string | undefined {
	const raw = entry[name];
	if (raw === undefined || raw === null || raw === '')
		return rule.required ? `${name} is mandatory` : undefined;
	const ms = parseDate(raw);
	if (ms === undefined) return `${name} is not an ISO-8601 date-time: ${String(raw)}`;
	if (rule.past && ms > now + 60_000) return `${name} must not be in the future`;
	return ms;
}

function text(entry: Record<string, unknown>, name: string): string | undefined {
	const value = entry[name];
	return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

interface Step {
	/** What happened, or why it was refused. */
	outcome: ReturnOutcome;
	event?: ReturnEventType;
}

/** Approve or reject: after the tech visit, named by its service fulfilment id. */
function decide(
	ret: ReturnRecord,
	entry: Record<string, unknown>,
	now: number,
	approve: boolean,
): Step {
	const id = ret.returnId;
	if (ret.source !== 'customer_return')
		return {
			outcome: fail(
				id,
				RETURN_ERRORS.state,
				`Return ${id} is a courier return: complete or cancel it`,
			),
		};
	if (ret.status !== 'RETURN_CREATED' || ret.approvedMs !== null)
		return {
			outcome: fail(
				id,
				RETURN_ERRORS.state,
				`Return ${id} is ${ret.status}${ret.approvedMs !== null ? ' and approved' : ''}`,
			),
		};
	const serviceId = text(entry, 'serviceFulfilmentId');
	if (serviceId === undefined)
		return { outcome: fail(id, RETURN_ERRORS.missing, 'serviceFulfilmentId is mandatory') };
	if (!ret.techVisit || ret.techVisit.serviceFulfilmentId !== serviceId)
		return {
			outcome: fail(
				id,
				RETURN_ERRORS.service,
				`${serviceId} is not the tech visit service of return ${id}`,
			),
		};
	const comments = text(entry, 'comments');
	if (comments === undefined)
		return { outcome: fail(id, RETURN_ERRORS.missing, 'comments is mandatory') };
	const serviceDate = dateField(entry, 'serviceDate', now, { required: !approve, past: true });
	if (typeof serviceDate === 'string')
		return { outcome: fail(id, RETURN_ERRORS.missing, serviceDate) };
	ret.comments = comments;
	ret.techVisit.status = 'COMPLETED';
	ret.techVisit.completedMs = serviceDate ?? now;
	if (approve) ret.approvedMs = now;
	else ret.status = RETURN_REJECTED;
	ret.updatedMs = now;
	return { outcome: { returnId: id } };
}

/** Pickup and pickup attempts: approved customer returns not yet picked up. */
function pickupCheck(ret: ReturnRecord): ReturnOutcome | undefined {
	const id = ret.returnId;
	if (ret.source !== 'customer_return')
		return fail(
			id,
			RETURN_ERRORS.state,
			`Return ${id} is a courier return: the courier brings it back`,
		);
	if (ret.status !== 'RETURN_CREATED' || ret.approvedMs === null)
		return fail(
			id,
			RETURN_ERRORS.state,
			`Return ${id} must be approved and not picked up; it is ${ret.status}${ret.approvedMs === null ? ', not approved' : ''}`,
		);
	return undefined;
}

function act(
	action: ReturnAction,
	ret: ReturnRecord,
	entry: Record<string, unknown>,
	now: number,
): Step {
	const id = ret.returnId;
	switch (action) {
		case 'approve':
		case 'reject':
			return decide(ret, entry, now, action === 'approve');
		case 'pickup': {
			const refused = pickupCheck(ret);
			if (refused) return { outcome: refused };
			const date = dateField(entry, 'pickupDate', now, { required: true, past: true });
			if (typeof date === 'string') return { outcome: fail(id, RETURN_ERRORS.missing, date) };
			ret.status = 'RETURN_PICKED_UP';
			ret.updatedMs = now;
			return { outcome: { returnId: id }, event: 'return_picked_up' };
		}
		case 'pickupAttempt': {
			const refused = pickupCheck(ret);
			if (refused) return { outcome: refused };
			const date = dateField(entry, 'pickupDate', now, { required: true, past: true });
			if (typeof date === 'string') return { outcome: fail(id, RETURN_ERRORS.missing, date) };
			const next = dateField(entry, 'newPickupDate', now, { required: true });
			if (typeof next === 'string') return { outcome: fail(id, RETURN_ERRORS.missing, next) };
			if (text(entry, 'reason') === undefined)
				return { outcome: fail(id, RETURN_ERRORS.missing, 'reason is mandatory') };
			if (next! <= date!)
				return {
					outcome: fail(id, RETURN_ERRORS.missing, 'newPickupDate must be after pickupDate'),
				};
			ret.expectedDateMs = next!;
			ret.pickupAttempts = (ret.pickupAttempts ?? 0) + 1;
			ret.updatedMs = now;
			return { outcome: { returnId: id }, event: 'return_expected_date_changed' };
		}
		case 'complete': {
			const ready =
				ret.source === 'customer_return'
					? ret.status === 'RETURN_PICKED_UP'
					: ret.status === 'RETURN_CREATED';
			if (!ready)
				return {
					outcome: fail(
						id,
						RETURN_ERRORS.state,
						ret.source === 'customer_return'
							? `Return ${id} must be picked up before it is completed; it is ${ret.status}`
							: `Return ${id} is ${ret.status}`,
					),
				};
			ret.status = 'RETURN_COMPLETED';
			ret.updatedMs = now;
			return { outcome: { returnId: id }, event: 'return_completed' };
		}
		case 'cancel': {
			if (ret.status !== 'RETURN_CREATED')
				return { outcome: fail(id, RETURN_ERRORS.state, `Return ${id} is ${ret.status}`) };
			ret.status = 'RETURN_CANCELLED';
			ret.updatedMs = now;
			return { outcome: { returnId: id }, event: 'return_cancelled' };
		}
	}
}

/** One return action request, answered per return; the pushes that follow go out through the notifier. */
export function runReturnAction(
	world: World,
	auth: AuthContext,
	action: ReturnAction,
	body: unknown,
): ReturnOutcome[] {
	const listName = action === 'complete' || action === 'cancel' ? 'returnIds' : 'returns';
	if (!isRecord(body) || !Array.isArray(body[listName]))
		throw badRequest(`The request body must be an object with a "${listName}" array`);
	const list: unknown[] = body[listName] as unknown[];
	if (list.length === 0) throw badRequest(`"${listName}" must not be empty`);
	if (list.length > RETURN_ACTION_LIMIT)
		throw tooManyIds(RETURN_ACTION_LIMIT, list.length, 'returns');
	const locationId = body.locationId;
	const now = world.now();
	return list.map((raw) => {
		const entry = listName === 'returnIds' ? { returnId: raw } : isRecord(raw) ? raw : {};
		const returnId =
			typeof entry.returnId === 'string' && entry.returnId !== '' ? entry.returnId : null;
		if (returnId === null) return fail(null, RETURN_ERRORS.missing, 'returnId is mandatory');
		if (typeof locationId !== 'string' || locationId === '')
			return fail(returnId, RETURN_ERRORS.missing, 'locationId is mandatory');
		const ret = world.returns.get(returnId);
		if (!ret || ret.sellerId !== auth.sellerId)
			return fail(
				returnId,
				RETURN_ERRORS.unknown,
				`Return ${returnId} does not exist for seller ${auth.sellerId}`,
			);
		if (ret.locationId !== locationId)
			return fail(
				returnId,
				RETURN_ERRORS.location,
				`Return ${returnId} belongs to location ${ret.locationId}, not ${locationId}`,
			);
		if (!ret.selfShip)
			return fail(
				returnId,
				RETURN_ERRORS.unknown,
				`Return ${returnId} is handled by the marketplace's logistics, not a self-ship return`,
			);
		const step = act(action, ret, entry, now);
		if (step.event) world.notifier.autoReturnEvent(step.event, ret);
		return step.outcome;
	});
}
