/** Listing v3 routes under /sellers/listings/v3 (docs/marketplace-api/listings.md). */
import { badRequest, json, tooManyIds } from '../http/errors';
import { isRecord, pathIds } from '../http/query';
import type { Router } from '../http/router';
import type { RequestContext } from '../http/types';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';
import { LISTING_STATUSES } from './model';
import { listingDetailToWire, listingToWire, writeListing, type SkuResult } from './operations';
import { isValidSku, type ListingMode } from './validate';

export const LISTING_BATCH_LIMIT = 10;
/** The lookup limit is not documented; the simulator assumes the batch limit. */
export const LISTING_LOOKUP_LIMIT = 10;

export function registerListingRoutes(router: Router, world: World): void {
	const write = (mode: ListingMode) => (ctx: RequestContext) => {
		const body = ctx.json();
		if (!isRecord(body) || Object.keys(body).length === 0)
			throw badRequest('The request body must be an object keyed by seller SKU');
		const skus = Object.keys(body);
		if (skus.length > LISTING_BATCH_LIMIT)
			throw tooManyIds(LISTING_BATCH_LIMIT, skus.length, 'SKUs');
		const seller = sellerAuth(ctx).sellerId;
		const out: Record<string, SkuResult> = {};
		for (const sku of skus) out[sku] = writeListing(world, seller, sku, body[sku], mode);
		return json(out);
	};
	router.add('POST', '/sellers/listings/v3', write('create'));
	router.add('POST', '/sellers/listings/v3/update', write('update'));
	router.add('POST', '/sellers/listings/v3/update/price', write('price'));
	router.add('POST', '/sellers/listings/v3/update/inventory', write('inventory'));
	// Hyperlocal listings: one package and one location each (docs/marketplace-api/listings.md#hyperlocal-listings).
	router.add('POST', '/sellers/listings/v3/hyperlocal', write('hyperlocalCreate'));
	router.add('POST', '/sellers/listings/v3/hyperlocal/update', write('hyperlocalUpdate'));

	router.add('POST', '/sellers/listings/v3/search', (ctx) => {
		const body = ctx.rawBody.length === 0 ? {} : ctx.json();
		if (!isRecord(body)) throw badRequest('The request body must be an object {filters, page_id}');
		const seller = sellerAuth(ctx).sellerId;
		const filters = body.filters ?? {};
		if (!isRecord(filters)) throw badRequest('filters must be an object');
		const unknown = Object.keys(filters).filter((k) => k !== 'listing_status');
		if (unknown.length > 0)
			throw badRequest(
				`Unknown filter ${unknown.join(', ')}; the supported filter is listing_status`,
			);
		const status = filters.listing_status;
		if (
			status !== undefined &&
			status !== null &&
			!(LISTING_STATUSES as readonly unknown[]).includes(status)
		) {
			throw badRequest(`filters.listing_status must be one of ${LISTING_STATUSES.join(', ')}`);
		}
		let ref;
		if (body.page_id !== undefined && body.page_id !== null) {
			if (typeof body.page_id !== 'string') throw badRequest('page_id must be a string or null');
			ref = world.listingPages.resolve(body.page_id, seller);
			if (!ref) throw badRequest('Invalid or expired page_id', 'INVALID_PAGE_ID');
		} else {
			const items = world.listings
				.forSeller(seller)
				.filter((l) => !status || l.body.listing_status === status);
			ref = world.listingPages.start(seller, items, world.config.listingPageSize);
		}
		const { items, nextOffset, hasMore } = world.listingPages.page(ref);
		return json({
			next_page_id: hasMore ? world.listingPages.tokenFor(ref.snapshot, nextOffset) : null,
			has_more: hasMore,
			listings: items.map(listingToWire),
		});
	});

	router.add('GET', '/sellers/listings/v3/{skuIds}', (ctx) => {
		const skus = pathIds(ctx.params.skuIds);
		if (skus.length === 0) throw badRequest('No SKU ids given');
		if (skus.length > LISTING_LOOKUP_LIMIT)
			throw tooManyIds(LISTING_LOOKUP_LIMIT, skus.length, 'SKU ids');
		const seller = sellerAuth(ctx).sellerId;
		const available: Record<string, unknown> = {};
		const unavailable: string[] = [];
		const invalid: string[] = [];
		for (const sku of skus) {
			if (!isValidSku(sku)) invalid.push(sku);
			else {
				const listing = world.listings.get(seller, sku);
				if (listing) available[sku] = listingDetailToWire(listing);
				else unavailable.push(sku);
			}
		}
		return json({ available, unavailable, invalid });
	});
}
