/**
 * How runBatches sends a service update (attempt, complete) of self-ship assembly and
 * installation services: up to 100 services per request, each service's own outcome from the
 * per-service answer, which says `status` rather than `processingStatus` and gives its reason in
 * `failureReason` (docs/marketplace-api/return-actions.md#service-updates). No call reads a
 * service's state, so a request whose answer was lost is not sent again and fails saying so (the
 * transport's unconfirmed error).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { PATHS } from '../../../shared/profile';
import type { BatchEntity } from '../../helpers/batchEntity';
import type { BatchSpec } from '../../helpers/execution';
import { entityAction } from '../../helpers/results';

/** Service updates take up to 100 services per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const SERVICE_BATCH_SIZE = 100;

const SERVICE: BatchEntity = {
	noun: 'service',
	idField: 'serviceFulfilmentId',
	listField: 'services',
	detailFields: ['failureReason', 'errorMessage'],
	hints: {
		UNPROCESSABLE_ENTITY: 'A mandatory field is missing or malformed for this service.',
		DEPENDENT_SYSTEM_CALL_FAILED:
			'A marketplace system was temporarily unavailable; try again in a few minutes.',
		INVALID_SERVICE_STATE:
			'The service is not in a state that allows this: it starts after delivery and ends when completed.',
		INVALID_SERVICE_FULFILMENT_ID: 'The service is unknown or belongs to another seller.',
	},
	otherHint: "See the marketplace's reason for what to change.",
};

export function serviceAction(
	context: IExecuteFunctions,
	action: { name: 'attempt' | 'complete'; what: string },
): Pick<BatchSpec<IDataObject>, 'size' | 'send' | 'idField' | 'effect'> {
	return entityAction<IDataObject, never>(context, SERVICE, {
		// Services are on version 2, under the same prefix as returns.
		path: `${PATHS.returnsRoot}/services/${action.name}`,
		body: (batch) => ({
			services: batch.map((unit) => ({ serviceFulfilmentId: unit.id, ...unit.payload })),
		}),
		size: SERVICE_BATCH_SIZE,
		operation: action.what,
		what: action.what,
	});
}
