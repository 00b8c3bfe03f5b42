/** Returns by id and per seller. */
import type { ReturnRecord } from './model';

export class ReturnStore {
	private readonly byId = new Map<string, ReturnRecord>();
	private readonly bySeller = new Map<string, ReturnRecord[]>();

	add(record: ReturnRecord): void {
		if (this.byId.has(record.returnId)) throw new Error(`duplicate return ${record.returnId}`);
		this.byId.set(record.returnId, record);
		const list = this.bySeller.get(record.sellerId);
		if (list) list.push(record);
		else this.bySeller.set(record.sellerId, [record]);
	}

	get(returnId: string): ReturnRecord | undefined {
		return this.byId.get(returnId);
	}

	forSeller(sellerId: string): readonly ReturnRecord[] {
		return this.bySeller.get(sellerId) ?? [];
	}

	all(): IterableIterator<ReturnRecord> {
		return this.byId.values();
	}

	get size(): number {
		return this.byId.size;
	}
}
