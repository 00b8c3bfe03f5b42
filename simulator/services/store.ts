/** Services by fulfilment id. */
import type { ServiceRecord } from './model';

export class ServiceStore {
	private readonly byId = new Map<string, ServiceRecord>();
	private seq = 0;

	/** A new fulfilment id, reproducible after a reset. */
	nextId(): string {
		return `SF${String(++this.seq).padStart(12, '0')}`;
	}

	add(record: ServiceRecord): void {
		this.byId.set(record.serviceFulfilmentId, record);
	}

	get(id: string): ServiceRecord | undefined {
		return this.byId.get(id);
	}

	all(): IterableIterator<ServiceRecord> {
		return this.byId.values();
	}
}
