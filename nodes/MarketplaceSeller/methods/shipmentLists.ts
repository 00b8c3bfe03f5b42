/**
 * Searchable lists for the resource locators of shipments and seller locations ("From List"),
 * read with the shipment search (docs/marketplace-api/shipments.md#search) through the one
 * transport: the shipments still to be worked on (pre-dispatch, every shipment type), and the
 * locations those shipments and the seller's active listings name.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { simplifyShipment } from '../actions/shipment/simplify';
import { apiRequest, listOf, type MarketplaceRequest } from '../../shared/transport';
import { followLink } from '../../shared/transport/paging';
import { PATHS } from '../../shared/profile';
import { optionValues, SHIPMENT_TYPE_OPTIONS } from '../../shared/shipmentFilterOptions';

const FIRST_PAGE: MarketplaceRequest = {
	method: 'POST',
	path: `${PATHS.shipments}/filter`,
	family: 'orders',
	// Self-ship shipments appear only when asked for (docs/marketplace-api/shipments.md#search-filter).
	body: {
		filter: { type: 'preDispatch', shipmentTypes: optionValues(SHIPMENT_TYPE_OPTIONS) },
		pagination: { pageSize: 20 },
	},
	repeatable: true,
	expect: { shipments: 'list' },
	operation: 'List shipments',
};

/** One page of pre-dispatch shipments; the token is the next page's path, checked again when it comes back. */
async function shipmentPage(
	context: ILoadOptionsFunctions,
	token?: string,
): Promise<{ shipments: IDataObject[]; next?: string }> {
	const request: MarketplaceRequest =
		token === undefined
			? FIRST_PAGE
			: {
					...FIRST_PAGE,
					method: 'GET',
					path: followLink(context, FIRST_PAGE, 'nextPageUrl', token, PATHS.sellers),
					body: undefined,
				};
	const page = await apiRequest<IDataObject>(context, request);
	const next =
		page.hasMore === true
			? followLink(context, request, 'nextPageUrl', page.nextPageUrl, PATHS.sellers)
			: undefined;
	return { shipments: listOf(page.shipments), next };
}

function matches(filter: string | undefined, ...texts: string[]): boolean {
	const needle = (filter ?? '').trim().toLowerCase();
	return needle === '' || texts.some((text) => text.toLowerCase().includes(needle));
}

/** Pages read per call while a typed text finds few matches (the text is matched here, not by the API). */
const PAGES_PER_SEARCH = 5;

/** Shipments to pick, e.g. "SKU-1 × 2 · APPROVED · 5f0c…", filtered by what was typed. */
export async function searchShipments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const results: INodeListSearchItems[] = [];
	let token = paginationToken;
	for (let page = 0; page < PAGES_PER_SEARCH; page++) {
		const { shipments, next } = await shipmentPage(this, token);
		for (const shipment of shipments) {
			const simple = simplifyShipment(shipment);
			const id = String(simple.shipmentId ?? '');
			if (id === '') continue;
			const name = `${String(simple.items)} · ${String(simple.state)}${simple.hold === true ? ' (on hold)' : ''} · ${id}`;
			if (matches(filter, name, ...(simple.orderIds as string[])))
				results.push({ name, value: id });
		}
		token = next;
		// Without a typed text every page fills the list; with one, read on until a page's worth matched.
		if (token === undefined || (filter ?? '').trim() === '' || results.length >= 20) break;
	}
	return { results, paginationToken: token };
}

/** Locations to pick: those of the first pre-dispatch shipments and of the first page of active listings. */
export async function searchLocations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const locations = new Set<string>();
	const { shipments } = await shipmentPage(this);
	for (const shipment of shipments)
		if (typeof shipment.locationId === 'string' && shipment.locationId !== '')
			locations.add(shipment.locationId);
	const listings = await apiRequest<IDataObject>(this, {
		method: 'POST',
		path: `${PATHS.listings}/search`,
		family: 'listings',
		body: { filters: { listing_status: 'ACTIVE' }, page_id: null },
		repeatable: true,
		expect: { listings: 'list' },
		operation: 'List locations',
	});
	for (const listing of listOf(listings.listings)) {
		for (const location of listOf(listing.locations))
			if (typeof location.id === 'string' && location.id !== '') locations.add(location.id);
	}
	const results = [...locations]
		.sort()
		.filter((id) => matches(filter, id))
		.map((id) => ({ name: id, value: id }));
	return { results };
}
