/**
 * Which lists a poll reads ("streams") for the selected events, and the request of each for a
 * window: shipment search v3 sorted by modifiedDate (docs/marketplace-api/shipments.md#search-filter; one stream per filter type,
 * and per cancellation type since the marketplace requires one for cancelled shipments) and
 * returns v2 with modifiedAfter/modifiedBefore (docs/marketplace-api/returns.md#return-search; one stream per return source).
 */
import type { IDataObject } from 'n8n-workflow';

import { eventFilter, EVENT, POLL_EVENT_KINDS, shipmentStateEvent } from './pollEvents';
import type { Window } from './change/window';

export const PRE_DISPATCH_STATES = [
	'APPROVED',
	'PACKING_IN_PROGRESS',
	'PACKED',
	'FORM_FAILED',
	'READY_TO_DISPATCH',
] as const;
export const POST_DISPATCH_STATES = ['PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED'] as const;
export const CANCELLATION_TYPES = [
	'sellerCancellation',
	'buyerCancellation',
	'marketplaceCancellation',
] as const;
export const RETURN_SOURCES = ['customer_return', 'courier_return'] as const;

/** Shipment search pages hold 20 (docs/marketplace-api/paging.md#shipment-search-paging), return pages 25 (docs/marketplace-api/returns.md#return-search). */
export const SHIPMENT_PAGE_SIZE = 20;

export interface PollFilters {
	locationId?: string;
	/** Partners: the seller whose shipments to search (top-level sellerId, docs/marketplace-api/shipments.md#search-filter). */
	sellerId?: string;
	shipmentTypes?: string[];
	serviceProfiles?: string[];
	dispatchServiceTiers?: string[];
	cancellationTypes?: string[];
	returnSources?: string[];
}

export interface StreamSpec {
	/** Stable name: the key of the stream's watermark in the static data. */
	key: string;
	kind: 'shipments' | 'returns';
	/** How the user would name the list in a message. */
	label: string;
	/** Whether pages come sorted by modifiedDate, ascending (a cut-short read may then resume mid-window). */
	sortedByModified: boolean;
	/** Shipments: the filter without modifiedDate. Returns: the query without the modified range. */
	filter: IDataObject;
}

function nonEmpty(list: string[] | undefined): string[] | undefined {
	return list !== undefined && list.length > 0 ? list : undefined;
}

function shipmentFilter(
	type: string,
	states: readonly string[],
	filters: PollFilters,
	extra: IDataObject = {},
): IDataObject {
	return {
		type,
		states: [...states],
		...(filters.locationId ? { locationId: filters.locationId } : {}),
		...(nonEmpty(filters.shipmentTypes) ? { shipmentTypes: filters.shipmentTypes } : {}),
		...(nonEmpty(filters.serviceProfiles) ? { serviceProfiles: filters.serviceProfiles } : {}),
		...(nonEmpty(filters.dispatchServiceTiers)
			? { dispatchServiceTiers: filters.dispatchServiceTiers }
			: {}),
		...extra,
	};
}

/**
 * The streams the selected events need; each costs at least one call per poll. Shipment
 * Created, Approved and hold changes need every pre-dispatch state (a new order may already be
 * packed when first seen); other state events need only their own states.
 */
export function planStreams(selected: readonly string[], filters: PollFilters): StreamSpec[] {
	const want = eventFilter(selected);
	const streams: StreamSpec[] = [];
	const everyPre = [
		EVENT.shipmentCreated,
		EVENT.shipmentApproved,
		EVENT.shipmentHold,
		EVENT.shipmentUnhold,
		EVENT.shipmentStateChanged,
	].some(want);
	const pre = everyPre
		? [...PRE_DISPATCH_STATES]
		: PRE_DISPATCH_STATES.filter((state) => want(shipmentStateEvent(state)));
	if (pre.length > 0) {
		streams.push({
			key: 'preDispatch',
			kind: 'shipments',
			label: 'pre-dispatch shipments',
			sortedByModified: true,
			filter: shipmentFilter('preDispatch', pre, filters),
		});
	}
	const post = want(EVENT.shipmentStateChanged)
		? [...POST_DISPATCH_STATES]
		: POST_DISPATCH_STATES.filter((state) => want(shipmentStateEvent(state)));
	if (post.length > 0) {
		streams.push({
			key: 'postDispatch',
			kind: 'shipments',
			label: 'post-dispatch shipments',
			sortedByModified: true,
			filter: shipmentFilter('postDispatch', post, filters),
		});
	}
	if (want(EVENT.shipmentCancelled) || want(EVENT.shipmentStateChanged)) {
		for (const type of nonEmpty(filters.cancellationTypes) ?? CANCELLATION_TYPES) {
			streams.push({
				key: `cancelled:${type}`,
				kind: 'shipments',
				label: `cancelled shipments (${type})`,
				sortedByModified: true,
				filter: shipmentFilter('cancelled', ['CANCELLED'], filters, { cancellationType: type }),
			});
		}
	}
	if (
		POLL_EVENT_KINDS.some((kind) => kind.kind === 'return' && want(kind.eventType)) ||
		want(EVENT.returnStatusChanged)
	) {
		for (const source of nonEmpty(filters.returnSources) ?? RETURN_SOURCES) {
			streams.push({
				key: `returns:${source}`,
				kind: 'returns',
				label: `returns (${source})`,
				// The returns API documents no sort order: only a completely read window moves on.
				sortedByModified: false,
				filter: { source, ...(filters.locationId ? { locationId: filters.locationId } : {}) },
			});
		}
	}
	return streams;
}

/** The marketplace's own date form (docs/marketplace-api/conventions.md#dates): milliseconds and the +05:30 offset. */
export function marketplaceTime(ms: number): string {
	return `${new Date(ms + 330 * 60_000).toISOString().slice(0, 23)}+05:30`;
}

/** The search body of a shipment stream for a window, oldest change first. */
export function shipmentSearchBody(
	stream: StreamSpec,
	window: Window,
	filters: PollFilters,
	order: 'asc' | 'desc' = 'asc',
	pageSize = SHIPMENT_PAGE_SIZE,
): IDataObject {
	return {
		filter: {
			...stream.filter,
			modifiedDate: { from: marketplaceTime(window.from), to: marketplaceTime(window.to) },
		},
		pagination: { pageSize },
		sort: { field: 'modifiedDate', order },
		...(filters.sellerId ? { sellerId: filters.sellerId } : {}),
	};
}

/** The query of a return stream for a window. */
export function returnQuery(stream: StreamSpec, window: Window): IDataObject {
	return {
		...stream.filter,
		modifiedAfter: marketplaceTime(window.from),
		modifiedBefore: marketplaceTime(window.to),
	};
}
