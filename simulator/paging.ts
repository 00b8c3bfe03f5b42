/**
 * Server-side snapshots behind opaque next-page tokens, so that paging is stable while data
 * changes (docs/marketplace-api/paging.md#shipment-search-paging: use the token verbatim; it is opaque). A token names a snapshot and an
 * offset; fetching the same token twice gives the same page. Old tokens are dropped when the
 * store grows past a bound.
 */
import { randomBytes } from 'node:crypto';

export interface Snapshot<T> {
	id: string;
	/** Who may use it: the seller (and the source, for returns). */
	owner: string;
	items: T[];
	pageSize: number;
	/** Live paging: the result as it is now, computed again for every page (offset paging). */
	rerun?: () => T[];
}

export interface PageRef<T> {
	snapshot: Snapshot<T>;
	offset: number;
}

const MAX_TOKENS = 50_000;

export class SnapshotPager<T> {
	private readonly tokens = new Map<string, PageRef<T>>();
	private seq = 0;

	constructor(private readonly prefix: string) {}

	/** Snapshots the items (filtered and sorted once, by the caller) and points at the first page. */
	start(owner: string, items: T[], pageSize: number, rerun?: () => T[]): PageRef<T> {
		return {
			snapshot: { id: `${this.prefix}${++this.seq}`, owner, items, pageSize, rerun },
			offset: 0,
		};
	}

	/** A token for the page at `offset` of the snapshot. */
	tokenFor(snapshot: Snapshot<T>, offset: number): string {
		// base64url of a small JSON document, like the real tokens ("eyJ…"), plus a random nonce
		// so tokens cannot be guessed; the server only trusts its own map.
		const token = Buffer.from(
			JSON.stringify({ s: snapshot.id, o: offset, n: randomBytes(6).toString('hex') }),
		).toString('base64url');
		this.tokens.set(token, { snapshot, offset });
		if (this.tokens.size > MAX_TOKENS) {
			const oldest = this.tokens.keys().next().value;
			if (oldest !== undefined) this.tokens.delete(oldest);
		}
		return token;
	}

	resolve(token: string, owner: string): PageRef<T> | undefined {
		const ref = this.tokens.get(token);
		return ref && ref.snapshot.owner === owner ? ref : undefined;
	}

	page(ref: PageRef<T>): { items: T[]; nextOffset: number; hasMore: boolean } {
		const { snapshot, offset } = ref;
		const all = offset > 0 && snapshot.rerun ? snapshot.rerun() : snapshot.items;
		const items = all.slice(offset, offset + snapshot.pageSize);
		const nextOffset = Math.min(all.length, offset + snapshot.pageSize);
		return { items, nextOffset, hasMore: nextOffset < all.length };
	}

	clear(): void {
		this.tokens.clear();
	}
}
