/** Listings per seller, keyed by seller SKU. */
import type { ListingRecord } from './model';

export class ListingStore {
	private readonly bySeller = new Map<string, Map<string, ListingRecord>>();

	put(listing: ListingRecord): void {
		let skus = this.bySeller.get(listing.sellerId);
		if (!skus) {
			skus = new Map();
			this.bySeller.set(listing.sellerId, skus);
		}
		skus.set(listing.sku, listing);
	}

	get(sellerId: string, sku: string): ListingRecord | undefined {
		return this.bySeller.get(sellerId)?.get(sku);
	}

	/** The seller's listings in SKU order (search pages are stable in this order). */
	forSeller(sellerId: string): ListingRecord[] {
		return [...(this.bySeller.get(sellerId)?.values() ?? [])].sort((a, b) =>
			a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0,
		);
	}

	count(sellerId: string): number {
		return this.bySeller.get(sellerId)?.size ?? 0;
	}
}
