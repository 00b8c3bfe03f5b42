/**
 * The value the trigger writes as its remembered deliveries: a text made when n8n saves the
 * static data (docs/n8n-internals.md#static-data-serialised-at-save), not when the execute step
 * wrote it. So an execution that ends after a newer one stores this process's memory as it is at
 * that moment, newer keys included (docs/trigger-durability.md#the-stored-text). Read back from
 * the database it is a plain string again.
 */
export class DeliveriesAtSave {
	constructor(
		private readonly textNow: () => string,
		/** Called at every save, before the text is made (the run's end in queue mode). */
		private readonly onSave?: () => void,
	) {}

	/** The text as n8n would store it now, without counting as a save. */
	text(): string {
		return this.textNow();
	}

	toJSON(): string {
		this.onSave?.();
		return this.textNow();
	}
}

/** The stored text of a static data value: a string as read from the database, or the text now. */
export function deliveriesTextOf(value: unknown): unknown {
	return value instanceof DeliveriesAtSave ? value.text() : value;
}
