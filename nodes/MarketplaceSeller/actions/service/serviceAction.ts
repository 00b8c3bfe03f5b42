/**
 * How runBatches sends a service update (attempt, complete) of self-ship assembly and
 * installation services: up to 100 services per request, each service's own outcome from the
 * per-service answer, which says `status` rather than `processingStatus`
 * (docs/marketplace-api/return-actions.md#service-updates). No call reads a service's state, so a request whose
 * answer was lost is not sent again and fails saying so (the transport's unconfirmed error).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../../shared/profile';
import { redactSecrets } from '../../../shared/redact';
import { apiRequest, knownSecrets, listOf } from '../../../shared/transport';
import type { BatchSpec, UnitOutcome } from '../../helpers/execution';

/** Service updates take up to 100 services per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const SERVICE_BATCH_SIZE = 100;

const ERROR_CODE_HINTS: Record<string, string> = {
	UNPROCESSABLE_ENTITY: 'A mandatory field is missing or malformed for this service.',
	DEPENDENT_SYSTEM_CALL_FAILED:
		'A marketplace system was temporarily unavailable; try again in a few minutes.',
	INVALID_SERVICE_STATE:
		'The service is not in a state that allows this: it starts after delivery and ends when completed.',
	INVALID_SERVICE_FULFILMENT_ID: 'The service is unknown or belongs to another seller.',
};

function outcomeOf(
	context: IExecuteFunctions,
	id: string,
	what: string,
	result: IDataObject | undefined,
): UnitOutcome {
	const status = String(result?.status ?? result?.processingStatus ?? '').toUpperCase();
	if (result !== undefined && status === 'SUCCESS')
		return { ok: true, json: { ...result, status: 'SUCCESS' } };
	const code =
		result === undefined
			? 'NO_RESULT'
			: typeof result.errorCode === 'string' && result.errorCode !== ''
				? result.errorCode
				: 'FAILURE';
	const raw =
		result === undefined
			? 'the marketplace did not report a result for this service'
			: (result.failureReason ?? result.errorMessage);
	const detail = typeof raw === 'string' ? redactSecrets(raw, knownSecrets(context)) : '';
	return {
		ok: false,
		json: { serviceFulfilmentId: id, errorCode: code, failureReason: detail },
		error: {
			message: `${what} failed for service ${id}: ${code}${detail ? ` (${detail})` : ''}`,
			description: ERROR_CODE_HINTS[code] ?? "See the marketplace's reason for what to change.",
		},
	};
}

export function serviceAction(
	context: IExecuteFunctions,
	action: { name: 'attempt' | 'complete'; what: string },
): Pick<BatchSpec<IDataObject>, 'size' | 'send' | 'idField' | 'effect'> {
	// Services are on version 2, under the same prefix as returns.
	const path = `${PATHS.returnsRoot}/services/${action.name}`;
	return {
		size: SERVICE_BATCH_SIZE,
		idField: 'serviceFulfilmentId',
		effect: 'changes',
		send: async (batch) => {
			const response = await apiRequest<IDataObject>(context, {
				method: 'POST',
				path,
				family: 'orders',
				body: {
					services: batch.map((unit) => ({ serviceFulfilmentId: unit.id, ...unit.payload })),
				},
				expect: { services: 'list' },
				operation: action.what,
				itemIndex: batch[0].itemIndex,
			});
			const byId = new Map<string, IDataObject>();
			for (const result of listOf(response.services))
				if (typeof result.serviceFulfilmentId === 'string')
					byId.set(result.serviceFulfilmentId, result);
			return batch.map((unit) => outcomeOf(context, unit.id, action.what, byId.get(unit.id)));
		},
	};
}
