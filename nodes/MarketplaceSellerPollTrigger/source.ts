/**
 * The poller's pages, read through the transport the action node uses too: base URL and credential, token
 * renewal, retries with backoff (429, 499, 5xx, dropped connections), error mapping and paging
 * links all come from nodes/shared/transport. The context is the poll's own, the one
 * redactedPoll.ts makes for each poll: the transport reads the credential once per context, so
 * every poll reads it as it is now (an edit applies at the next poll), and the secrets it learns
 * join that poll's redaction.
 */
import type { IDataObject } from 'n8n-workflow';

import type { MarketplaceContext } from '../shared/transport';
import { searchPages } from '../shared/transport/paging';
import type { Window } from './change/window';
import type { PageSource } from './poller';
import { deadlineSearchBody } from './deadlines/search';
import { returnQuery, shipmentSearchBody, type PollFilters, type StreamSpec } from './plan';

/** A 429 that outlasted the transport's retries (n8n's NodeApiError carries the status as httpCode). */
export function isRateLimited(error: unknown): boolean {
	return (
		typeof error === 'object' &&
		error !== null &&
		(error as { httpCode?: unknown }).httpCode === '429'
	);
}

export function transportSource(
	context: MarketplaceContext,
	filters: PollFilters,
): Required<PageSource> {
	const pagesOf = (stream: StreamSpec, query: IDataObject) =>
		searchPages(context, stream.kind, query, {
			operation: `Polling ${stream.label}`,
			retriedBy: 'nextPoll',
		});
	return {
		pages(stream: StreamSpec, window: Window): AsyncIterable<IDataObject[]> {
			return pagesOf(
				stream,
				stream.kind === 'shipments'
					? shipmentSearchBody(stream, window, filters)
					: returnQuery(stream, window),
			);
		},
		async latest(stream: StreamSpec, window: Window, size: number): Promise<IDataObject[]> {
			const pages = pagesOf(
				stream,
				stream.kind === 'shipments'
					? shipmentSearchBody(stream, window, filters, 'desc', Math.min(size, 20))
					: returnQuery(stream, window),
			);
			// Only the first page: shipments come newest first; returns in the marketplace's order.
			const first = await pages.next();
			await pages.return(undefined);
			return first.done ? [] : first.value;
		},
		deadlinePages(now: number, leadMs: number): AsyncIterable<IDataObject[]> {
			return searchPages(context, 'shipments', deadlineSearchBody(now, leadMs, filters), {
				operation: 'Polling shipments due for dispatch (Deadlines)',
				retriedBy: 'nextPoll',
			});
		},
	};
}
