/**
 * Cursor paging, as each API family does it (docs/marketplace-api/paging.md#shipment-search-paging, docs/marketplace-api/returns.md#return-search, docs/marketplace-api/paging.md#listing-search-paging):
 * - shipments: POST the filter, then GET {base}/sellers + nextPageUrl while hasMore;
 * - returns: GET with the query, then GET {base}/sellers/v2 + nextUrl while hasMore (nextUrl may
 *   also carry the version, /v2/returns?...: then it is relative to /sellers);
 * - listings: POST the search with page_id = previous next_page_id while has_more.
 * One loop, `searchPages`, yields page after page, for a caller that acts on each page before
 * asking for the next (the poll trigger moves its watermark page by page, so a 429 on page 7
 * keeps what pages 1-6 gave); `searchAll` is its consumer for Return All and Limit. The loop
 * follows hasMore (a next link may be present on the last page) and stops on a repeated or
 * missing link instead of spinning.
 */
import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { PATHS } from '../profile';
import { apiRequest, listOf, type MarketplaceContext, type MarketplaceRequest } from './index';

/** A safety stop far above any real result set (10,000 pages of 20 = 200,000 shipments). */
const MAX_PAGES = 10_000;

export type SearchFamily = 'shipments' | 'returns' | 'listings';

export interface PageOptions {
	/** How the user would name this search in an error message. */
	operation: string;
	itemIndex?: number;
	/**
	 * Who tries again after a stop: the user (the action node, default) or the next poll (the
	 * poll trigger, which also stops on a hasMore that is neither true nor false beside a link,
	 * rather than take the page for the last one and move its watermark past unread records).
	 */
	retriedBy?: 'user' | 'nextPoll';
}

interface Page {
	items: IDataObject[];
	next?: MarketplaceRequest;
}

type ReadPage = (body: IDataObject, request: MarketplaceRequest) => Page;

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

/** The first request of a search and how to read each of its pages. */
function searchOf(
	context: MarketplaceContext,
	family: SearchFamily,
	query: IDataObject,
	options: PageOptions,
): { first: MarketplaceRequest; read: ReadPage } {
	const strict = options.retriedBy === 'nextPoll';
	const common = { operation: options.operation, itemIndex: options.itemIndex };
	if (family === 'shipments') {
		// A search changes nothing: safe to send again (repeatable), and it must answer its list.
		const first: MarketplaceRequest = {
			...common,
			method: 'POST',
			path: `${PATHS.shipments}/filter`,
			family: 'orders',
			body: query,
			repeatable: true,
			expect: { shipments: 'list' },
		};
		return {
			first,
			read: (page, request) => {
				const items = listOf(page.shipments);
				if (strict) checkHasMore(context, request, page.hasMore, page.nextPageUrl);
				if (page.hasMore !== true) return { items };
				const path = followLink(context, request, 'nextPageUrl', page.nextPageUrl, PATHS.sellers);
				return { items, next: { ...first, method: 'GET', path, body: undefined } };
			},
		};
	}
	if (family === 'returns') {
		const first: MarketplaceRequest = {
			...common,
			method: 'GET',
			path: `${PATHS.returnsRoot}/returns`,
			family: 'orders',
			qs: query,
			expect: { returnItems: 'list' },
		};
		return {
			first,
			read: (page, request) => {
				const items = listOf(page.returnItems);
				if (strict) checkHasMore(context, request, page.hasMore, page.nextUrl);
				if (page.hasMore !== true) return { items };
				// The link carries the whole query; a second qs would duplicate parameters.
				const path = returnsNextPath(context, request, page.nextUrl);
				return { items, next: { ...first, path, qs: undefined } };
			},
		};
	}
	const first: MarketplaceRequest = {
		...common,
		method: 'POST',
		path: `${PATHS.listings}/search`,
		family: 'listings',
		body: { filters: query, page_id: null },
		repeatable: true,
		expect: { listings: 'list' },
	};
	return {
		first,
		read: (page, request) => {
			const items = listOf(page.listings);
			if (page.has_more !== true) return { items };
			const cursor = page.next_page_id;
			if (typeof cursor !== 'string' || cursor === '') {
				throw new NodeOperationError(
					context.getNode(),
					`${request.operation}: the marketplace said more listings exist but sent no next_page_id`,
					{ itemIndex: request.itemIndex },
				);
			}
			return { items, next: { ...first, body: { filters: query, page_id: cursor } } };
		},
	};
}

/**
 * A search page by page: `query` is the shipment filter body, the returns query or the listing
 * filters. The next page is asked for only when the caller wants it.
 */
export async function* searchPages(
	context: MarketplaceContext,
	family: SearchFamily,
	query: IDataObject,
	options: PageOptions,
): AsyncGenerator<IDataObject[]> {
	const { first, read } = searchOf(context, family, query, options);
	const byUser = options.retriedBy !== 'nextPoll';
	const seen = new Set<string>();
	let request: MarketplaceRequest | undefined = first;
	for (let page = 0; request !== undefined; page++) {
		if (page >= MAX_PAGES) {
			throw new NodeOperationError(
				context.getNode(),
				`${first.operation}: stopped after ${MAX_PAGES} pages`,
				byUser
					? {
							itemIndex: first.itemIndex,
							description: 'Narrow the filters, or use Limit instead of Return All.',
						}
					: {},
			);
		}
		const { items, next }: Page = read(await apiRequest<IDataObject>(context, request), request);
		yield items;
		if (next !== undefined) {
			const key = `${next.method} ${next.path} ${JSON.stringify(next.qs ?? {})} ${JSON.stringify(next.body ?? {})}`;
			if (seen.has(key)) {
				throw new NodeOperationError(
					context.getNode(),
					`${first.operation}: the marketplace returned the same next-page link twice`,
					{
						itemIndex: first.itemIndex,
						description: byUser
							? 'Stopped to avoid an endless loop. Try again; if it repeats, narrow the filters.'
							: 'Stopped to avoid an endless loop. The next poll tries again.',
					},
				);
			}
			seen.add(key);
		}
		request = next;
	}
}

/** Every page of a search, or its first `limit` results: no page is asked for beyond them. */
export async function searchAll(
	context: MarketplaceContext,
	family: SearchFamily,
	query: IDataObject,
	options: PageOptions & { limit?: number },
): Promise<IDataObject[]> {
	const results: IDataObject[] = [];
	for await (const items of searchPages(context, family, query, options)) {
		for (const item of items) {
			results.push(item);
			if (options.limit !== undefined && results.length >= options.limit) return results;
		}
	}
	return results;
}
