import { closingAction } from './closeReturns';

/**
 * Completes self-ship returns: a picked-up customer return received back, or a courier return
 * acknowledged (the product was kept from the buyer). Up to 100 per request, one location per
 * request (docs/marketplace-api/return-actions.md#complete-and-cancel).
 */
export const { description, execute } = closingAction('complete', 'Complete return');
