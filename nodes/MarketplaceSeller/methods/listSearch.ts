/**
 * Searchable lists for resource locators: the seller's listings, to pick a SKU from instead of
 * typing it. Uses the listing search (500 per page, page_id cursor) through the one transport.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { apiRequest, listOf } from '../../shared/transport';
import { PATHS } from '../../shared/profile';

function skuOf(listing: IDataObject): string | undefined {
	const sku = listing.sku ?? listing.sku_id ?? listing.seller_sku_id;
	return typeof sku === 'string' && sku !== '' ? sku : undefined;
}

export async function searchListings(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await apiRequest<IDataObject>(this, {
		method: 'POST',
		path: `${PATHS.listings}/search`,
		family: 'listings',
		body: { filters: { listing_status: 'ACTIVE' }, page_id: paginationToken ?? null },
		repeatable: true,
		expect: { listings: 'list' },
		operation: 'Search listings',
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = [];
	for (const listing of listOf(page.listings)) {
		const sku = skuOf(listing);
		if (sku === undefined) continue;
		const title =
			typeof listing.title === 'string'
				? listing.title
				: typeof listing.product_id === 'string'
					? listing.product_id
					: '';
		const name = title ? `${sku} (${title})` : sku;
		if (needle === '' || name.toLowerCase().includes(needle)) results.push({ name, value: sku });
	}
	const next =
		page.has_more === true && typeof page.next_page_id === 'string' ? page.next_page_id : undefined;
	return { results, paginationToken: next };
}
