/**
 * The listing lookup by SKU, GET /sellers/listings/v3/{skuIds}: up to 10 SKUs per request,
 * answered as {available: {sku: listing}, unavailable: [...], invalid: [...]} (docs/marketplace-api/listings.md#lookup-by-sku).
 * Used by Get and by the writes that need the current listing.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, idsInPath } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';

export interface ListingLookup {
	available: Record<string, IDataObject>;
	invalid: string[];
}

/** Why a SKU is not in `available`: the marketplace calls it invalid, or it has no such listing. */
export function whyMissing(lookup: ListingLookup, sku: string): 'invalid' | 'unavailable' {
	return lookup.invalid.includes(sku) ? 'invalid' : 'unavailable';
}

export async function lookUpListings(
	context: IExecuteFunctions,
	skus: string[],
	itemIndex: number,
	operation: string,
): Promise<ListingLookup> {
	const response = await apiRequest<IDataObject>(context, {
		method: 'GET',
		path: `${PATHS.listings}/${idsInPath(skus)}`,
		family: 'listings',
		expect: { available: 'object', unavailable: 'value', invalid: 'value' },
		operation,
		itemIndex,
	});
	const available: Record<string, IDataObject> = {};
	const listed = (response.available ?? {}) as IDataObject;
	for (const sku of skus) {
		const listing = listed[sku];
		if (listing !== null && typeof listing === 'object' && !Array.isArray(listing))
			available[sku] = listing as IDataObject;
	}
	return {
		available,
		invalid: Array.isArray(response.invalid) ? response.invalid.map(String) : [],
	};
}
