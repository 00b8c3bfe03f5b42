/**
 * GET /sellers/v2/returns (docs/marketplace-api/paging.md#returns-paging): `source` is required; 25 per page; `nextUrl` is
 * relative to /sellers/v2 (or /sellers, by switch), and null on the last page.
 */
import { badRequest, json, tooManyIds } from '../http/errors';
import { queryList, queryParam } from '../http/query';
import type { Router } from '../http/router';
import type { Query } from '../http/types';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';
import { parseDate, toIst, toIstOrNull } from '../util/dates';
import { RETURN_SOURCES, type ReturnRecord, type ReturnSource } from './model';
import type { PageRef } from '../paging';
import { serviceToWire } from '../services/model';
import { registerReturnActionRoutes } from './actionRoutes';

export const RETURNS_PAGE_SIZE = 25;
export const RETURN_IDS_LIMIT = 25;

/** A return item in the official shape (docs/marketplace-api/returns.md#return-search, docs/marketplace-api/returns.md#return-record; docs/api-choices.md#returns). */
export function returnToWire(r: ReturnRecord): Record<string, unknown> {
	return {
		returnId: r.returnId,
		orderItemId: r.orderItemId,
		orderId: r.orderId,
		orderDate: toIst(r.orderDateMs),
		sellerId: r.sellerId,
		shipmentId: r.shipmentId,
		shipmentStatus: r.shipmentStatus,
		locationId: r.locationId,
		quantity: r.quantity,
		status: r.status,
		type: r.source,
		reason: r.reason,
		subReason: r.subReason,
		comments: r.comments,
		trackingId: r.trackingId,
		courierName: r.courierName,
		createdDate: toIst(r.createdMs),
		updatedDate: toIst(r.updatedMs),
		approvedOn: toIstOrNull(r.approvedMs),
		expectedDate: toIst(r.expectedDateMs),
		serviceProfile: r.serviceProfile,
		services: r.techVisit ? [serviceToWire(r.techVisit)] : [],
	};
}

export function registerReturnRoutes(router: Router, world: World): void {
	registerReturnActionRoutes(router, world);
	router.add('GET', '/sellers/v2/returns', (ctx) => {
		const seller = sellerAuth(ctx).sellerId;
		const source = queryParam(ctx.query, 'source') as ReturnSource | undefined;
		if (!source || !RETURN_SOURCES.includes(source))
			throw badRequest(`source is required: ${RETURN_SOURCES.join(' or ')}`);
		const owner = `${seller}|${source}`;
		const token = queryParam(ctx.query, 'next_token');
		let ref: PageRef<ReturnRecord> | undefined;
		if (token !== undefined) {
			ref = world.returnPages.resolve(token, owner);
			if (!ref) throw badRequest('Invalid or expired next_token', 'INVALID_NEXT_TOKEN');
		} else {
			const query = ctx.query;
			const run = () => filterReturns(world.returns.forSeller(seller), source, query);
			// 'live': each next page runs the query again at its offset (offset paging).
			ref = world.returnPages.start(
				owner,
				run(),
				RETURNS_PAGE_SIZE,
				world.config.returnPaging === 'live' ? run : undefined,
			);
		}
		const { items, nextOffset, hasMore } = world.returnPages.page(ref);
		// The form of nextUrl is unknown (docs/marketplace-api/paging.md#returns-paging): relative to /sellers/v2 by default, or
		// carrying /v2 like the shipments' link (runtime switch returnsNextUrlForm; docs/api-choices.md#returns).
		const prefix = world.config.returnsNextUrlForm === 'versioned' ? '/v2' : '';
		const nextUrl = hasMore
			? `${prefix}/returns?source=${source}&next_token=${world.returnPages.tokenFor(ref.snapshot, nextOffset)}`
			: null;
		return json({ hasMore, nextUrl, returnItems: items.map(returnToWire) });
	});
}

function filterReturns(
	all: readonly ReturnRecord[],
	source: ReturnSource,
	query: Query,
): ReturnRecord[] {
	const date = (name: string) => {
		const raw = queryParam(query, name);
		if (raw === undefined) return undefined;
		const ms = parseDate(raw);
		if (ms === undefined) throw badRequest(`${name} is not an ISO-8601 date: ${raw}`);
		return ms;
	};
	const createdAfter = date('createdAfter');
	const createdBefore = date('createdBefore');
	const modifiedAfter = date('modifiedAfter');
	const modifiedBefore = date('modifiedBefore');
	const locationId = queryParam(query, 'locationId');
	const returnIds = queryList(query, 'returnIds');
	const trackingIds = queryList(query, 'trackingIds');
	if (returnIds && returnIds.length > RETURN_IDS_LIMIT)
		throw tooManyIds(RETURN_IDS_LIMIT, returnIds.length, 'returnIds');
	if (trackingIds && trackingIds.length > RETURN_IDS_LIMIT)
		throw tooManyIds(RETURN_IDS_LIMIT, trackingIds.length, 'trackingIds');
	return all
		.filter(
			(r) =>
				r.source === source &&
				(createdAfter === undefined || r.createdMs >= createdAfter) &&
				(createdBefore === undefined || r.createdMs <= createdBefore) &&
				(modifiedAfter === undefined || r.updatedMs >= modifiedAfter) &&
				(modifiedBefore === undefined || r.updatedMs <= modifiedBefore) &&
				(locationId === undefined || r.locationId === locationId) &&
				(!returnIds || returnIds.includes(r.returnId)) &&
				(!trackingIds || trackingIds.includes(r.trackingId)),
		)
		.sort((a, b) => a.createdMs - b.createdMs || (a.returnId < b.returnId ? -1 : 1));
}
