import { techVisitDecision } from './techVisitDecision';

/**
 * Approves self-ship customer returns after the tech visit: up to 100 per request, one location
 * per request (docs/marketplace-api/return-actions.md#approve-and-reject).
 */
export const { description, execute } = techVisitDecision({
	operation: 'approve',
	what: 'Approve return',
	serviceDate: {
		required: false,
		description: 'When the tech visit took place; sent with the workflow time zone offset',
	},
	comments: {
		placeholder: 'e.g. Tech visit confirmed the defect',
		description: 'What the tech visit found; the marketplace requires a comment',
	},
	additionalFieldsDescription:
		'The tech visit service and its date, when the return does not tell them',
});
