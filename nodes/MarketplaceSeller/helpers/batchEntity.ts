/**
 * What a batch action acts on (a shipment, a return, a service), as its request, its answer and
 * its messages name it: the parameter of the shared per-unit results (results.ts) and state
 * check (stateCheck.ts).
 */
export interface BatchEntity {
	/** How messages name one unit: shipment, return, service. */
	noun: string;
	/** The unit's ID in the answer and in output items: shipmentId, returnId, serviceFulfilmentId. */
	idField: string;
	/** The answer's list of per-unit results: shipments, returns, services. */
	listField: string;
	/** The answer's fields that may carry the marketplace's reason, first found wins; the first names it in error items. */
	detailFields: string[];
	/** What each documented error code means for the user, and the hint for any other code. */
	hints: Record<string, string>;
	otherHint: string;
}
