import { closingAction } from './closeReturns';

/**
 * Cancels self-ship returns that will not come back: a courier return whose product was
 * delivered after all, or a customer return before pickup. Up to 100 per request, one location
 * per request (docs/marketplace-api/return-actions.md#complete-and-cancel).
 */
export const { description, execute } = closingAction('cancel', 'Cancel return');
