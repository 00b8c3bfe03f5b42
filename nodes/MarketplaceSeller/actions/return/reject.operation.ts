import { techVisitDecision } from './techVisitDecision';

/**
 * Rejects self-ship customer returns after the tech visit, which the marketplace requires: up
 * to 100 per request, one location per request (docs/marketplace-api/return-actions.md#approve-and-reject).
 */
export const { description, execute } = techVisitDecision({
	operation: 'reject',
	what: 'Reject return',
	serviceDate: {
		required: true,
		description:
			'When the tech visit took place; the marketplace requires it to reject. Sent with the workflow time zone offset.',
	},
	comments: {
		placeholder: 'e.g. Tech visit found the product working',
		description: 'Why the return is rejected; the marketplace requires a comment',
	},
	additionalFieldsDescription: 'The tech visit service, when the return does not tell it',
});
