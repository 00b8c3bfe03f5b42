/**
 * The value the trigger writes as its remembered deliveries: a text made when n8n saves the
 * static data, not when the execute step wrote it. n8n turns the static data into JSON at the
 * save (its JSON column), and JSON.stringify asks this object for its text then. So an execution
 * that ends after a newer one stores this process's memory as it is at that moment, newer keys
 * included, instead of the older text it had when it ran (docs/trigger-durability.md#the-stored-text).
 * Read back from the database it is a plain string again.
 */
export class DeliveriesAtSave {
	constructor(private readonly textNow: () => string) {}

	toJSON(): string {
		return this.textNow();
	}
}

/** The stored text of a static data value: a string as read from the database, or the text now. */
export function deliveriesTextOf(value: unknown): unknown {
	return value instanceof DeliveriesAtSave ? value.toJSON() : value;
}
