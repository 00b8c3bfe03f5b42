/** Order management v3 routes under /sellers/v3/shipments (docs/marketplace-api/shipments.md). */
import { badRequest, json, tooManyIds } from '../http/errors';
import { isRecord, pathIds, queryList, queryParam } from '../http/query';
import type { Router } from '../http/router';
import type { RequestContext } from '../http/types';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';
import { acknowledgeForms, cancelShipments, generateLabels, markReadyToDispatch } from './actions';
import { perItemBody } from './results';
import { parseSearch, searchShipments } from './search';
import type { ShipmentRecord } from './model';
import { shipmentDetailsToWire, shipmentToWire } from './wire';
import type { PageRef } from '../paging';
import type { ShipmentHasMoreForm } from '../options';
import { toIstSeconds } from '../util/dates';

export const LOOKUP_LIMIT = 100;

/** hasMore in the form the runtime switch shipmentHasMore asks for (options.ts). */
function hasMoreField(form: ShipmentHasMoreForm, hasMore: boolean): Record<string, unknown> {
	switch (form) {
		case 'string':
			return { hasMore: String(hasMore) };
		case 'number':
			return { hasMore: hasMore ? 1 : 0 };
		case 'absent':
			return {};
		default:
			return { hasMore };
	}
}
const NEXT_PAGE_PATH = '/v3/shipments/filter';

export function registerShipmentRoutes(router: Router, world: World): void {
	const page = (ref: PageRef<string>) => {
		const { items, nextOffset, hasMore } = world.shipmentPages.page(ref);
		const next = world.shipmentPages.tokenFor(ref.snapshot, nextOffset);
		const shipments = items
			.map((id) => world.shipments.get(id))
			.filter((s): s is ShipmentRecord => s !== undefined);
		const config = world.config;
		const wire = shipments.map((s) => {
			const out = shipmentToWire(s, world.baseUrl);
			if (config.modifiedDatePrecision === 'second') out.updatedAt = toIstSeconds(s.updatedMs);
			return out;
		});
		// nextPageUrl is relative and lacks /sellers; it is present on the last page too (docs/marketplace-api/paging.md#shipment-search-paging).
		return json({
			...hasMoreField(config.shipmentHasMore, hasMore),
			nextPageUrl: `${NEXT_PAGE_PATH}?next_token=${next}`,
			shipments: wire,
		});
	};

	router.add('POST', '/sellers/v3/shipments/filter', (ctx) => {
		if (ctx.query.next_token !== undefined) {
			throw badRequest(
				'Next pages are fetched with GET /sellers/v3/shipments/filter?next_token=… (no body), not POST',
				'INVALID_REQUEST',
			);
		}
		const seller = sellerAuth(ctx).sellerId;
		const body = ctx.json();
		if (isRecord(body) && body.sellerId !== undefined && body.sellerId !== seller) {
			throw badRequest(`sellerId ${String(body.sellerId)} does not match the token's seller`);
		}
		const criteria = parseSearch(body);
		const run = () => {
			const ids = searchShipments(world.shipments.forSeller(seller), criteria);
			return world.config.shipmentSearchOrder === 'reversed' ? ids.reverse() : ids;
		};
		return page(
			world.shipmentPages.start(
				seller,
				run(),
				criteria.pageSize,
				world.config.shipmentPaging === 'live' ? run : undefined,
			),
		);
	});

	router.add('GET', '/sellers/v3/shipments/filter', (ctx) => {
		const token = queryParam(ctx.query, 'next_token');
		if (!token)
			throw badRequest(
				'next_token is required; start a search with POST /sellers/v3/shipments/filter',
			);
		const ref = world.shipmentPages.resolve(token, sellerAuth(ctx).sellerId);
		if (!ref) throw badRequest('Invalid or expired next_token', 'INVALID_NEXT_TOKEN');
		return page(ref);
	});

	router.add('GET', '/sellers/v3/shipments', (ctx) => {
		const seller = sellerAuth(ctx).sellerId;
		const given = (['shipmentIds', 'orderItemIds', 'orderIds'] as const)
			.map((kind) => ({ kind, ids: [...new Set(queryList(ctx.query, kind) ?? [])] }))
			.filter((g) => g.ids.length > 0);
		if (given.length !== 1)
			throw badRequest('Exactly one of shipmentIds, orderItemIds or orderIds is required');
		const [{ kind, ids }] = given;
		if (ids.length > LOOKUP_LIMIT) throw tooManyIds(LOOKUP_LIMIT, ids.length, kind);
		const found: ShipmentRecord[] = [];
		const add = (s: ShipmentRecord | undefined) => {
			if (s && s.sellerId === seller && !found.includes(s)) found.push(s);
		};
		for (const id of ids) {
			if (kind === 'shipmentIds') add(world.shipments.get(id));
			else if (kind === 'orderItemIds') add(world.shipments.byOrderItem(id));
			else for (const s of world.shipments.byOrder(id)) add(s);
		}
		return json({ shipments: found.map((s) => shipmentToWire(s, world.baseUrl)) });
	});

	router.add('GET', '/sellers/v3/shipments/{ids}', (ctx) => {
		const seller = sellerAuth(ctx).sellerId;
		const ids = pathIds(ctx.params.ids);
		if (ids.length > LOOKUP_LIMIT) throw tooManyIds(LOOKUP_LIMIT, ids.length);
		const shipments = ids
			.map((id) => world.shipments.getForSeller(seller, id))
			.filter((s): s is ShipmentRecord => s !== undefined);
		return json({
			shipments: shipments.map((s) =>
				shipmentDetailsToWire(s, world.sellers.location(s.locationId)),
			),
		});
	});

	const batch = (fn: typeof generateLabels) => (ctx: RequestContext) =>
		json(perItemBody(fn(world, sellerAuth(ctx), ctx.json()), world.config.perItemStatusField));
	router.add('POST', '/sellers/v3/shipments/labels', batch(generateLabels));
	router.add('POST', '/sellers/v3/shipments/dispatch', batch(markReadyToDispatch));
	router.add('POST', '/sellers/v3/shipments/cancel', batch(cancelShipments));
	router.add('POST', '/sellers/v3/shipments/forms/updateAck', batch(acknowledgeForms));
}
