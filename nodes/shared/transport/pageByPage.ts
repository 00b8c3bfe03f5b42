/**
 * Shipment and return search one page at a time, for a caller that must act on each page before
 * asking for the next (the poll trigger moves its watermark page by page, so a 429 on page 7
 * keeps what pages 1-6 gave). Same requests, links, retries and errors as paging.ts, which
 * collects all pages before returning.
 */
import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { PATHS } from '../profile';
import { apiRequest, listOf, type MarketplaceContext, type MarketplaceRequest } from './index';
import { followLink, returnsNextPath } from './paging';

/** The same safety stop as paging.ts: 10,000 pages. */
const MAX_PAGES = 10_000;

async function* pageByPage(
	context: MarketplaceContext,
	first: MarketplaceRequest,
	read: (
		body: IDataObject,
		request: MarketplaceRequest,
	) => { items: IDataObject[]; next?: MarketplaceRequest },
): AsyncGenerator<IDataObject[]> {
	const seen = new Set<string>();
	let request: MarketplaceRequest | undefined = first;
	for (let page = 0; request !== undefined; page++) {
		if (page >= MAX_PAGES) {
			throw new NodeOperationError(
				context.getNode(),
				`${first.operation}: stopped after ${MAX_PAGES} pages`,
			);
		}
		const { items, next }: { items: IDataObject[]; next?: MarketplaceRequest } = read(
			await apiRequest<IDataObject>(context, request),
			request,
		);
		yield items;
		if (next !== undefined) {
			const key = `${next.method} ${next.path}`;
			if (seen.has(key)) {
				throw new NodeOperationError(
					context.getNode(),
					`${first.operation}: the marketplace returned the same next-page link twice`,
					{
						description: 'Stopped to avoid an endless loop. The next poll tries again.',
					},
				);
			}
			seen.add(key);
		}
		request = next;
	}
}

/**
 * A hasMore that is neither true nor false beside a next-page link leaves open whether more
 * pages exist: the read stops with an error rather than taking the page for the last one.
 */
function checkHasMore(
	context: MarketplaceContext,
	request: MarketplaceRequest,
	hasMore: unknown,
	link: unknown,
): void {
	if (typeof hasMore === 'boolean' || typeof link !== 'string' || link === '') return;
	const shown =
		hasMore === undefined
			? 'no hasMore'
			: `hasMore ${String(JSON.stringify(hasMore)).slice(0, 40)}`;
	throw new NodeOperationError(
		context.getNode(),
		`${request.operation}: the marketplace answered ${shown} (not true or false) beside a next-page link`,
		{ description: 'The read stopped here; the next poll reads this window again.' },
	);
}

/** POST the filter, then GET {base}/sellers + nextPageUrl while hasMore (docs/marketplace-api/paging.md#shipment-search-paging). */
export function shipmentSearchPageByPage(
	context: MarketplaceContext,
	body: IDataObject,
	operation: string,
): AsyncGenerator<IDataObject[]> {
	// A search changes nothing: safe to send again (repeatable), and it must answer its list.
	const first: MarketplaceRequest = {
		method: 'POST',
		path: `${PATHS.shipments}/filter`,
		family: 'orders',
		body,
		operation,
		repeatable: true,
		expect: { shipments: 'list' },
	};
	return pageByPage(context, first, (page, request) => {
		const items = listOf(page.shipments);
		checkHasMore(context, request, page.hasMore, page.nextPageUrl);
		if (page.hasMore !== true) return { items };
		const path = followLink(context, request, 'nextPageUrl', page.nextPageUrl, PATHS.sellers);
		return { items, next: { ...first, method: 'GET', path, body: undefined } };
	});
}

/** GET with the query, then the nextUrl links (either form, paging.ts) while hasMore (docs/marketplace-api/paging.md#returns-paging). */
export function returnSearchPageByPage(
	context: MarketplaceContext,
	qs: IDataObject,
	operation: string,
): AsyncGenerator<IDataObject[]> {
	const first: MarketplaceRequest = {
		method: 'GET',
		path: `${PATHS.returnsRoot}/returns`,
		family: 'orders',
		qs,
		operation,
		expect: { returnItems: 'list' },
	};
	return pageByPage(context, first, (page, request) => {
		const items = listOf(page.returnItems);
		checkHasMore(context, request, page.hasMore, page.nextUrl);
		if (page.hasMore !== true) return { items };
		// The link carries the whole query; a second qs would duplicate parameters.
		const path = returnsNextPath(context, request, page.nextUrl);
		return { items, next: { ...first, path, qs: undefined } };
	});
}
