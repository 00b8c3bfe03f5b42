/**
 * Cursor paging, as each API family does it (docs/marketplace-api/paging.md#shipment-search-paging, docs/marketplace-api/returns.md#return-search, docs/marketplace-api/paging.md#listing-search-paging):
 * - shipments: POST the filter, then GET {base}/sellers + nextPageUrl while hasMore;
 * - returns: GET with the query, then GET {base}/sellers/v2 + nextUrl while hasMore (nextUrl may
 *   also carry the version, /v2/returns?...: then it is relative to /sellers);
 * - listings: POST the search with page_id = previous next_page_id while has_more.
 * The loop follows hasMore (a next link may be present on the last page) and stops on a
 * repeated or missing link instead of spinning.
 */
import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { PATHS } from '../profile';
import { apiRequest, listOf, type MarketplaceContext, type MarketplaceRequest } from './index';

/** A safety stop far above any real result set (10,000 pages of 20 = 200,000 shipments). */
const MAX_PAGES = 10_000;

interface Page<T> {
	items: T[];
	next?: MarketplaceRequest;
}

async function collect<T>(
	context: MarketplaceContext,
	first: MarketplaceRequest,
	read: (body: IDataObject, request: MarketplaceRequest) => Page<T>,
	limit: number | undefined,
): Promise<T[]> {
	const results: T[] = [];
	const seen = new Set<string>();
	let request: MarketplaceRequest | undefined = first;
	for (let page = 0; request !== undefined; page++) {
		if (page >= MAX_PAGES) {
			throw new NodeOperationError(
				context.getNode(),
				`${first.operation}: stopped after ${MAX_PAGES} pages`,
				{
					itemIndex: first.itemIndex,
					description: 'Narrow the filters, or use Limit instead of Return All.',
				},
			);
		}
		const body: IDataObject = await apiRequest<IDataObject>(context, request);
		const { items, next } = read(body, request);
		for (const item of items) {
			results.push(item);
			if (limit !== undefined && results.length >= limit) return results;
		}
		if (next !== undefined) {
			const key = `${next.method} ${next.path} ${JSON.stringify(next.qs ?? {})} ${JSON.stringify(next.body ?? {})}`;
			if (seen.has(key)) {
				throw new NodeOperationError(
					context.getNode(),
					`${first.operation}: the marketplace returned the same next-page link twice`,
					{
						itemIndex: first.itemIndex,
						description:
							'Stopped to avoid an endless loop. Try again; if it repeats, narrow the filters.',
					},
				);
			}
			seen.add(key);
		}
		request = next;
	}
	return results;
}

/**
 * Resolves a next-page link given relative to `prefix` (without it, as the marketplace sends
 * it), or already carrying it, into a path under the base URL. Absolute links are refused:
 * following them could send the token elsewhere.
 */
function nextPagePath(link: string, prefix: string): string | undefined {
	if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) return undefined;
	const path = link.startsWith('/') ? link : `/${link}`;
	return path === prefix || path.startsWith(`${prefix}/`) ? path : `${prefix}${path}`;
}

/**
 * A link as an error message names it: origin and path, never the query or fragment, where a
 * hostile or broken server may echo a token (the message also passes the redaction).
 */
export function linkForMessage(link: string): string {
	if (URL.canParse(link)) {
		const url = new URL(link);
		if (url.origin !== 'null') return `${url.origin}${url.pathname}`;
	}
	return link.split(/[?#]/, 1)[0];
}

/** The path of a next-page link, or an error naming what was wrong with it. */
export function followLink(
	context: MarketplaceContext,
	request: MarketplaceRequest,
	field: string,
	link: unknown,
	prefix: string,
): string {
	const path = typeof link === 'string' && link !== '' ? nextPagePath(link, prefix) : undefined;
	if (path === undefined) {
		const problem =
			typeof link === 'string' && link !== ''
				? `an absolute ${field} (${linkForMessage(link)}), which is not followed`
				: `no ${field}`;
		throw new NodeOperationError(
			context.getNode(),
			`${request.operation}: the marketplace said more results exist but sent ${problem}`,
			{
				itemIndex: request.itemIndex,
				description: 'The results so far were not returned. Try again, or narrow the filters.',
			},
		);
	}
	return path;
}

/** Shipment search (docs/marketplace-api/paging.md#shipment-search-paging). */
export async function searchShipmentPages(
	context: MarketplaceContext,
	body: IDataObject,
	options: { limit?: number; itemIndex?: number; operation: string },
): Promise<IDataObject[]> {
	const first: MarketplaceRequest = {
		method: 'POST',
		path: `${PATHS.shipments}/filter`,
		family: 'orders',
		body,
		// A search changes nothing: safe to send again.
		repeatable: true,
		expect: { shipments: 'list' },
		operation: options.operation,
		itemIndex: options.itemIndex,
	};
	return await collect<IDataObject>(
		context,
		first,
		(page, request) => {
			const items = listOf(page.shipments);
			if (page.hasMore !== true) return { items };
			const path = followLink(context, request, 'nextPageUrl', page.nextPageUrl, PATHS.sellers);
			return { items, next: { ...first, method: 'GET', path, body: undefined } };
		},
		options.limit,
	);
}

/**
 * The path of a returns nextUrl (docs/marketplace-api/paging.md#returns-paging): relative to /sellers/v2 ("/returns?..."), or,
 * in the form of the shipments' link, to /sellers ("/v2/returns?..."); the official client leaves
 * the form open, so both are followed (docs/api-choices.md#returns).
 */
export function returnsNextPath(
	context: MarketplaceContext,
	request: MarketplaceRequest,
	link: unknown,
): string {
	const versioned = typeof link === 'string' && /^\/?v2\//.test(link);
	return followLink(
		context,
		request,
		'nextUrl',
		link,
		versioned ? PATHS.sellers : PATHS.returnsRoot,
	);
}

/** Returns search (docs/marketplace-api/paging.md#returns-paging): GET with the query, then the nextUrl links while hasMore. */
export async function searchReturnPages(
	context: MarketplaceContext,
	qs: IDataObject,
	options: { limit?: number; itemIndex?: number; operation: string },
): Promise<IDataObject[]> {
	const first: MarketplaceRequest = {
		method: 'GET',
		path: `${PATHS.returnsRoot}/returns`,
		family: 'orders',
		qs,
		expect: { returnItems: 'list' },
		operation: options.operation,
		itemIndex: options.itemIndex,
	};
	return await collect<IDataObject>(
		context,
		first,
		(page, request) => {
			const items = listOf(page.returnItems);
			if (page.hasMore !== true) return { items };
			// The link carries the whole query; a second qs would duplicate parameters.
			const path = returnsNextPath(context, request, page.nextUrl);
			return { items, next: { ...first, path, qs: undefined } };
		},
		options.limit,
	);
}

/** Listing search (docs/marketplace-api/paging.md#listing-search-paging): page_id cursor in the body. */
export async function searchListingPages(
	context: MarketplaceContext,
	filters: IDataObject,
	options: { limit?: number; itemIndex?: number; operation: string },
): Promise<IDataObject[]> {
	const first: MarketplaceRequest = {
		method: 'POST',
		path: `${PATHS.listings}/search`,
		family: 'listings',
		body: { filters, page_id: null },
		repeatable: true,
		expect: { listings: 'list' },
		operation: options.operation,
		itemIndex: options.itemIndex,
	};
	return await collect<IDataObject>(
		context,
		first,
		(page, request) => {
			const items = listOf(page.listings);
			if (page.has_more !== true) return { items };
			const cursor = page.next_page_id;
			if (typeof cursor !== 'string' || cursor === '') {
				throw new NodeOperationError(
					context.getNode(),
					`${request.operation}: the marketplace said more listings exist but sent no next_page_id`,
					{
						itemIndex: request.itemIndex,
					},
				);
			}
			return { items, next: { ...first, body: { filters, page_id: cursor } } };
		},
		options.limit,
	);
}
