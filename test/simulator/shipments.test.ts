/** Shipment search, paging, lookups and shipping details (docs/marketplace-api/shipments.md#search, docs/marketplace-api/batch-limits.md#limits-per-call). */
import { bearer, partnerTokens, startHarness, useHarness } from './helpers';

const FILTER = '/sellers/v3/shipments/filter';
const PRE_DISPATCH = [
	'APPROVED',
	'PACKING_IN_PROGRESS',
	'PACKED',
	'FORM_FAILED',
	'READY_TO_DISPATCH',
];

interface WireShipment {
	shipmentId: string;
	locationId: string;
	dispatchByDate: string;
	dispatchAfterDate: string;
	hold: boolean;
	shipmentType: string;
	orderItems: Array<{
		orderItemId: string;
		orderId: string;
		status: string;
		sku: string;
		orderDate: string;
	}>;
	subShipments: Array<{
		subShipmentId: string;
		packages: Array<{ packageId: string; packageSku: string }>;
	}>;
}

describe('shipments', () => {
	const h = useHarness({}, { selfToken: true });

	const search = (body: unknown, t = h.token) => h.api.post(FILTER, body, { headers: bearer(t) });
	const ids = (list: WireShipment[]) => list.map((s) => s.shipmentId);

	describe('search', () => {
		it('finds pre-dispatch NORMAL shipments by default, held ones included (v3 has no hold filter), sorted by dispatchByDate', async () => {
			const res = await search({ filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1' } });
			expect(res.status).toBe(200);
			expect(Object.keys(res.data)).toEqual(['hasMore', 'nextPageUrl', 'shipments']);
			const shipments: WireShipment[] = res.data.shipments;
			// Seeded pattern per location: 18 pre-dispatch, minus 2 EXPRESS and 2 SELF; one of them is held.
			expect(shipments).toHaveLength(14);
			expect(shipments.filter((s) => s.hold)).toHaveLength(1);
			expect(res.data.hasMore).toBe(false);
			expect(res.data.nextPageUrl).toMatch(/^\/v3\/shipments\/filter\?next_token=[\w-]+$/);
			for (const s of shipments) {
				expect(s.locationId).toBe('LOC-DEMO-1');
				expect(s.shipmentType).toBe('NORMAL');
				expect(PRE_DISPATCH).toContain(s.orderItems[0].status);
				expect(s.dispatchByDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:30$/);
			}
			const dates = shipments.map((s) => Date.parse(s.dispatchByDate));
			expect(dates).toEqual([...dates].sort((a, b) => a - b));
		});

		it('accepts an empty filter (pre-dispatch for every location of the seller)', async () => {
			const res = await search({ filter: {} });
			expect(res.status).toBe(200);
			expect(res.data.shipments).toHaveLength(20);
			expect(res.data.hasMore).toBe(true);
			const rest = await h.api.get(`/sellers${res.data.nextPageUrl}`, { headers: bearer(h.token) });
			expect(rest.data.shipments).toHaveLength(8);
			expect(rest.data.hasMore).toBe(false);
			const all: WireShipment[] = [...res.data.shipments, ...rest.data.shipments];
			expect(new Set(all.map((s) => s.locationId))).toEqual(new Set(['LOC-DEMO-1', 'LOC-DEMO-2']));
		});

		it('returns SELF and EXPRESS shipments only when asked for', async () => {
			const self = await search({
				filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1', shipmentTypes: ['SELF'] },
			});
			expect(self.data.shipments.map((s: WireShipment) => s.shipmentType)).toEqual([
				'SELF',
				'SELF',
			]);
			const all = await search({
				filter: {
					type: 'preDispatch',
					locationId: 'LOC-DEMO-1',
					shipmentTypes: ['NORMAL', 'EXPRESS', 'SELF'],
				},
			});
			expect(all.data.shipments).toHaveLength(18);
			const tiers = await search({
				filter: {
					type: 'preDispatch',
					locationId: 'LOC-DEMO-1',
					shipmentTypes: ['NORMAL', 'EXPRESS', 'SELF'],
					dispatchServiceTiers: ['EXPRESS'],
				},
			});
			expect(tiers.data.shipments.map((s: WireShipment) => s.shipmentType)).toEqual([
				'EXPRESS',
				'EXPRESS',
			]);
		});

		it('refuses hold and mps: not fields of the v3 filter (older docs had them)', async () => {
			for (const field of ['hold', 'mps']) {
				const res = await search({
					filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1', [field]: false },
				});
				expect(res.status).toBe(400);
				expect(res.data.message).toMatch(
					new RegExp(`^filter\\.${field} is not a field of the v3 filter`),
				);
			}
		});

		it('searches RETURN_REQUESTED, RETURNED and COMPLETED as post-dispatch states', async () => {
			const res = await search({
				filter: { type: 'postDispatch', states: ['RETURN_REQUESTED', 'RETURNED', 'COMPLETED'] },
			});
			expect(res.status).toBe(200);
			expect(res.data.shipments).toEqual([]);
		});

		it('filters post-dispatch and cancelled shipments', async () => {
			const post = await search({ filter: { type: 'postDispatch', locationId: 'LOC-DEMO-1' } });
			expect(post.data.shipments).toHaveLength(3);
			const allPost = await search({
				filter: {
					type: 'postDispatch',
					locationId: 'LOC-DEMO-1',
					shipmentTypes: ['NORMAL', 'EXPRESS', 'SELF'],
				},
			});
			expect(allPost.data.shipments).toHaveLength(6);
			const delivered = await search({
				filter: {
					type: 'postDispatch',
					states: ['DELIVERED'],
					locationId: 'LOC-DEMO-1',
					shipmentTypes: ['NORMAL', 'EXPRESS', 'SELF'],
				},
			});
			expect(delivered.data.shipments.map((s: WireShipment) => s.orderItems[0].status)).toEqual([
				'DELIVERED',
				'DELIVERED',
			]);

			const buyer = await search({
				filter: {
					type: 'cancelled',
					cancellationType: 'buyerCancellation',
					locationId: 'LOC-DEMO-1',
				},
			});
			expect(buyer.data.shipments).toHaveLength(1);
			const buyerAll = await search({
				filter: {
					type: 'cancelled',
					cancellationType: 'buyerCancellation',
					locationId: 'LOC-DEMO-1',
					shipmentTypes: ['NORMAL', 'SELF'],
				},
			});
			expect(buyerAll.data.shipments).toHaveLength(2);
			const seller = await search({
				filter: {
					type: 'cancelled',
					cancellationType: 'sellerCancellation',
					locationId: 'LOC-DEMO-1',
				},
			});
			expect(seller.data.shipments).toHaveLength(2);
			expect(seller.data.shipments[0].orderItems[0]).toMatchObject({
				status: 'CANCELLED',
				cancellationReason: 'not_enough_inventory',
			});
		});

		it.each([
			[
				{ filter: { type: 'preDispatch', states: ['SHIPPED'] } },
				'State SHIPPED is not valid for filter type preDispatch (allowed: APPROVED, PACKING_IN_PROGRESS, PACKED, FORM_FAILED, READY_TO_DISPATCH)',
			],
			[
				{ filter: { type: 'postDispatch', states: ['APPROVED'] } },
				'State APPROVED is not valid for filter type postDispatch (allowed: PICKUP_COMPLETE, SHIPPED, DELIVERED, RETURN_REQUESTED, RETURNED, COMPLETED)',
			],
			[
				{ filter: { type: 'preDispatch', states: ['COMPLETED'] } },
				'State COMPLETED is not valid for filter type preDispatch (allowed: APPROVED, PACKING_IN_PROGRESS, PACKED, FORM_FAILED, READY_TO_DISPATCH)',
			],
			[
				{ filter: { type: 'cancelled' } },
				'filter.cancellationType is required for filter type cancelled (sellerCancellation, buyerCancellation, marketplaceCancellation)',
			],
			[
				{ filter: { type: 'cancelled', cancellationType: 'customerCancellation' } },
				'filter.cancellationType must be one of sellerCancellation, buyerCancellation, marketplaceCancellation',
			],
			[
				{ filter: { type: 'later' } },
				'filter.type must be one of preDispatch, postDispatch, cancelled; got "later"',
			],
			[
				{
					filter: {
						type: 'preDispatch',
						orderDate: {
							fromDate: '2025-01-01T00:00:00+05:30',
							toDate: '2025-02-01T00:00:00+05:30',
						},
					},
				},
				'filter.orderDate uses {fromDate, toDate}, the v2 form; v3 ranges are {from, to}',
			],
			[
				{ filter: { type: 'preDispatch', dispatchByDate: { from: 'yesterday' } } },
				'filter.dispatchByDate.from is not an ISO-8601 date: "yesterday"',
			],
			[
				{ filter: { type: 'preDispatch', shipmentTypes: ['FAST'] } },
				'filter.shipmentTypes contains an unknown value "FAST" (allowed: NORMAL, EXPRESS, SELF)',
			],
			[
				{ filter: { type: 'preDispatch' }, sort: { field: 'price' } },
				'sort.field must be one of orderDate, dispatchByDate, modifiedDate, dispatchAfterDate',
			],
			[
				{ states: ['APPROVED'] },
				'"filter" is required and must be an object (filter.type: preDispatch | postDispatch | cancelled)',
			],
		])('rejects %j', async (body, message) => {
			const res = await search(body);
			expect(res.status).toBe(400);
			expect(res.data.message).toBe(message);
		});

		it('answers malformed JSON with 400 and a non-JSON content type with 415', async () => {
			const bad = await h.api.post(FILTER, '{"filter": {', {
				headers: { ...bearer(h.token), 'Content-Type': 'application/json' },
				transformRequest: [(d) => d],
			});
			expect(bad.status).toBe(400);
			expect(bad.data.error).toBe('MALFORMED_JSON');
			const text = await h.api.post(FILTER, 'filter=1', {
				headers: { ...bearer(h.token), 'Content-Type': 'text/plain' },
			});
			expect(text.status).toBe(415);
		});

		it('filters by date ranges, sku and sorts descending', async () => {
			const all: WireShipment[] = (
				await search({ filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1' } })
			).data.shipments;
			const target = all[4];
			const orderDate = target.orderItems[0].orderDate;
			const byDate = await search({
				filter: {
					type: 'preDispatch',
					locationId: 'LOC-DEMO-1',
					orderDate: { from: orderDate, to: orderDate },
				},
			});
			expect(ids(byDate.data.shipments)).toContain(target.shipmentId);
			expect(
				byDate.data.shipments.every((s: WireShipment) =>
					s.orderItems.some((i) => i.orderDate === orderDate),
				),
			).toBe(true);

			const sku = target.orderItems[0].sku;
			const bySku = await search({
				filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1', sku: [sku] },
			});
			expect(
				bySku.data.shipments.every((s: WireShipment) => s.orderItems.some((i) => i.sku === sku)),
			).toBe(true);

			const desc = await search({
				filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1' },
				sort: { field: 'dispatchByDate', order: 'desc' },
			});
			expect(ids(desc.data.shipments)).toEqual(ids(all).reverse());
		});

		it('clamps pageSize to 1..20', async () => {
			const small = await search({ filter: {}, pagination: { pageSize: 0 } });
			expect(small.data.shipments).toHaveLength(1);
			const large = await search({ filter: {}, pagination: { pageSize: 500 } });
			expect(large.data.shipments).toHaveLength(20);
			expect(large.data.hasMore).toBe(true);
		});
	});

	describe('paging', () => {
		it('pages a snapshot with GET /sellers + nextPageUrl; the last page keeps nextPageUrl with hasMore false', async () => {
			const partner = await partnerTokens(h, 'SELLER-DEMO-2');
			h.sim.control.seedShipments({ locationId: 'LOC-DEMO-3', count: 45, state: 'APPROVED' });
			const first = await search(
				{
					filter: {
						type: 'preDispatch',
						states: ['APPROVED', 'PACKED', 'FORM_FAILED', 'READY_TO_DISPATCH'],
					},
				},
				partner.access_token,
			);
			expect(first.data.hasMore).toBe(true);
			const pages = [first.data];
			while (pages[pages.length - 1].hasMore) {
				const res = await h.api.get(`/sellers${pages[pages.length - 1].nextPageUrl}`, {
					headers: bearer(partner.access_token),
				});
				expect(res.status).toBe(200);
				pages.push(res.data);
			}
			expect(pages.map((p) => p.shipments.length)).toEqual([20, 20, 19]);
			expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
			expect(pages[2].nextPageUrl).toMatch(/^\/v3\/shipments\/filter\?next_token=/);
			const all = pages.flatMap((p) => ids(p.shipments));
			expect(new Set(all).size).toBe(59);

			// The same token gives the same page again; the token past the end gives an empty last page.
			const again = await h.api.get(`/sellers${pages[0].nextPageUrl}`, {
				headers: bearer(partner.access_token),
			});
			expect(ids(again.data.shipments)).toEqual(ids(pages[1].shipments));
			const beyond = await h.api.get(`/sellers${pages[2].nextPageUrl}`, {
				headers: bearer(partner.access_token),
			});
			expect(beyond.data).toMatchObject({ hasMore: false, shipments: [] });

			const calls = h.sim.control.listCalls({ route: 'GET /sellers/v3/shipments/filter' }).calls;
			expect(calls[0].query.next_token).toBe(
				new URL(`http://x${pages[0].nextPageUrl}`).searchParams.get('next_token'),
			);
			expect(calls[0].body).toBeUndefined();
		});

		it('poller hazards on request: offset paging, a change between two page requests, an ignored sort, odd hasMore, seconds-only dates', async () => {
			const body = {
				filter: { type: 'preDispatch', locationId: 'LOC-DEMO-1' },
				pagination: { pageSize: 5 },
				sort: { field: 'modifiedDate', order: 'asc' },
			};
			const next = (url: string) => h.api.get(`/sellers${url}`, { headers: bearer(h.token) });
			const snapshot = await search(body);
			const all: string[] = [];
			for (let page = snapshot.data; ; page = (await next(page.nextPageUrl)).data) {
				all.push(...ids(page.shipments));
				if (!page.hasMore) break;
			}
			expect(all.length).toBeGreaterThan(10);

			// Live paging: the first shipment changes between page 1 and page 2 (a call hook), so the
			// 6th moves onto page 1 and page 2 starts with the 7th.
			h.sim.control.setConfig({ shipmentPaging: 'live' });
			const first = await search(body);
			expect(ids(first.data.shipments)).toEqual(all.slice(0, 5));
			h.sim.control.onCall({ route: 'GET /sellers/v3/shipments/filter' }, async () => {
				await h.sim.control.setShipmentState(all[0], { hold: true });
			});
			const second = await next(first.data.nextPageUrl);
			expect(ids(second.data.shipments)).toEqual(all.slice(6, 11));

			h.sim.control.setConfig({
				shipmentPaging: 'snapshot',
				shipmentSearchOrder: 'reversed',
				shipmentHasMore: 'string',
				modifiedDatePrecision: 'second',
			});
			const odd = await search(body);
			expect(odd.data.hasMore).toBe('true');
			const times = (odd.data.shipments as Array<{ updatedAt: string }>).map((s) => s.updatedAt);
			for (const time of times) expect(time).toMatch(/T\d\d:\d\d:\d\d\+05:30$/);
			expect(times.map(Date.parse)).toEqual([...times.map(Date.parse)].sort((a, b) => b - a));
			h.sim.control.setConfig({ shipmentHasMore: 'number' });
			expect((await search(body)).data.hasMore).toBe(1);
			h.sim.control.setConfig({ shipmentHasMore: 'absent' });
			expect((await search(body)).data).not.toHaveProperty('hasMore');
			expect(() => h.sim.control.setConfig({ shipmentPaging: 'offset' as never })).toThrow(
				/shipmentPaging must be one of snapshot, live/,
			);
		});

		it('keeps paging stable while the data changes', async () => {
			const first = await search({ filter: {}, pagination: { pageSize: 10 } });
			h.sim.control.seedShipments({
				locationId: 'LOC-DEMO-1',
				count: 5,
				dispatchByDate: '2000-01-01T00:00:00+05:30',
				orderDate: '1999-12-30T00:00:00+05:30',
				dispatchAfterDate: '1999-12-31T00:00:00+05:30',
			});
			const second = await h.api.get(`/sellers${first.data.nextPageUrl}`, {
				headers: bearer(h.token),
			});
			const fresh = await search({ filter: {}, pagination: { pageSize: 10 } });
			expect(ids(second.data.shipments)).not.toEqual(
				expect.arrayContaining(ids(fresh.data.shipments).slice(0, 5)),
			);
			expect(fresh.data.shipments[0].dispatchByDate).toBe('2000-01-01T00:00:00.000+05:30');
		});

		it('rejects POST with next_token, unknown tokens, tokens of another seller, and paths without /sellers', async () => {
			const first = await search({ filter: {}, pagination: { pageSize: 5 } });
			const nextToken = new URL(`http://x${first.data.nextPageUrl}`).searchParams.get('next_token');
			const post = await h.api.post(
				`${FILTER}?next_token=${nextToken}`,
				{ filter: {} },
				{ headers: bearer(h.token) },
			);
			expect(post.status).toBe(400);
			expect(post.data.message).toBe(
				'Next pages are fetched with GET /sellers/v3/shipments/filter?next_token=… (no body), not POST',
			);

			const unknown = await h.api.get(`${FILTER}?next_token=eyJub3BlIjoxfQ`, {
				headers: bearer(h.token),
			});
			expect(unknown.status).toBe(400);
			expect(unknown.data).toEqual({
				error: 'INVALID_NEXT_TOKEN',
				message: 'Invalid or expired next_token',
			});

			const other = await partnerTokens(h, 'SELLER-DEMO-2');
			expect(
				(
					await h.api.get(`/sellers${first.data.nextPageUrl}`, {
						headers: bearer(other.access_token),
					})
				).status,
			).toBe(400);

			const noPrefix = await h.api.get(first.data.nextPageUrl, { headers: bearer(h.token) });
			expect(noPrefix.status).toBe(404);
			expect(noPrefix.data).toEqual({
				error: 'NOT_FOUND',
				message: 'No route for GET /v3/shipments/filter',
			});

			expect((await h.api.get(FILTER, { headers: bearer(h.token) })).status).toBe(400);
		});

		it('pages thousands of shipments to the end', async () => {
			h.sim.control.seedShipments({ locationId: 'LOC-DEMO-2', count: 3_000 });
			let res = await search({ filter: { type: 'preDispatch', locationId: 'LOC-DEMO-2' } });
			let total = res.data.shipments.length;
			let pages = 1;
			while (res.data.hasMore) {
				res = await h.api.get(`/sellers${res.data.nextPageUrl}`, { headers: bearer(h.token) });
				total += res.data.shipments.length;
				pages++;
			}
			expect(total).toBe(3_014);
			expect(pages).toBe(151);
		});
	});

	describe('lookups', () => {
		it('looks up by shipmentIds, orderItemIds or orderIds, omitting unknown and foreign ids', async () => {
			const [a, b] = h.sim.control.listShipments({ locationId: 'LOC-DEMO-1', limit: 2 })
				.shipments as Array<{
				shipmentId: string;
				orderId: string;
				itemStates: Array<{ orderItemId: string }>;
			}>;
			const [foreign] = h.sim.control.listShipments({ locationId: 'LOC-DEMO-3', limit: 1 })
				.shipments as Array<{ shipmentId: string }>;
			const byShipment = await h.api.get('/sellers/v3/shipments', {
				params: { shipmentIds: [a.shipmentId, 'nope', foreign.shipmentId, b.shipmentId].join(',') },
				headers: bearer(h.token),
			});
			expect(byShipment.status).toBe(200);
			expect(ids(byShipment.data.shipments)).toEqual([a.shipmentId, b.shipmentId]);

			const byItem = await h.api.get('/sellers/v3/shipments', {
				params: { orderItemIds: b.itemStates[0].orderItemId },
				headers: bearer(h.token),
			});
			expect(ids(byItem.data.shipments)).toEqual([b.shipmentId]);
			const byOrder = await h.api.get('/sellers/v3/shipments', {
				params: { orderIds: a.orderId },
				headers: bearer(h.token),
			});
			expect(ids(byOrder.data.shipments)).toEqual([a.shipmentId]);
			expect(byOrder.data.shipments[0].orderItems[0].orderId).toBe(a.orderId);
		});

		it('needs exactly one id kind and at most 100 ids', async () => {
			const both = await h.api.get('/sellers/v3/shipments', {
				params: { shipmentIds: 'a', orderIds: 'b' },
				headers: bearer(h.token),
			});
			expect(both.status).toBe(400);
			expect(both.data.message).toBe(
				'Exactly one of shipmentIds, orderItemIds or orderIds is required',
			);
			expect((await h.api.get('/sellers/v3/shipments', { headers: bearer(h.token) })).status).toBe(
				400,
			);
			const many = Array.from({ length: 101 }, (_, i) => `id-${i}`).join(',');
			const tooMany = await h.api.get('/sellers/v3/shipments', {
				params: { shipmentIds: many },
				headers: bearer(h.token),
			});
			expect(tooMany.status).toBe(422);
			expect(tooMany.data).toEqual({
				error: 'TOO_MANY_IDS',
				message: 'At most 100 shipmentIds are allowed per request; got 101',
			});
		});

		it('returns shipping details in the official shape: order items, weighingRequired, addresses, a top-level courierDetails; contact details for self-ship only', async () => {
			const packed = (
				h.sim.control.listShipments({ locationId: 'LOC-DEMO-1', state: 'PACKED' })
					.shipments as Array<{ shipmentId: string; shipmentType: string }>
			).find((s) => s.shipmentType === 'NORMAL') as { shipmentId: string; shipmentType: string };
			const self = (
				h.sim.control.listShipments({ locationId: 'LOC-DEMO-1' }).shipments as Array<{
					shipmentId: string;
					shipmentType: string;
				}>
			).find((s) => s.shipmentType === 'SELF');
			const res = await h.api.get(
				`/sellers/v3/shipments/${packed.shipmentId},${self?.shipmentId},unknown-id`,
				{ headers: bearer(h.token) },
			);
			expect(res.status).toBe(200);
			expect(res.data.shipments).toHaveLength(2);
			const [details, selfDetails] = res.data.shipments;
			expect(details.shipmentId).toBe(packed.shipmentId);
			expect(Object.keys(details.deliveryAddress).sort()).toEqual(
				[
					'addressLine1',
					'addressLine2',
					'city',
					'contactNumber',
					'firstName',
					'landmark',
					'lastName',
					'pinCode',
					'state',
				].sort(),
			);
			expect(details.deliveryAddress.pinCode).toMatch(/^\d{6}$/);
			expect(details.sellerAddress).toMatchObject({ city: 'Bengaluru', pinCode: '560058' });
			expect(details.returnAddress).toEqual(details.sellerAddress);
			expect(Object.keys(details).sort()).toEqual(
				[
					'billingAddress',
					'buyerDetails',
					'courierDetails',
					'deliveryAddress',
					'orderId',
					'orderItems',
					'returnAddress',
					'sellerAddress',
					'shipmentId',
					'weighingRequired',
				].sort(),
			);
			expect(details.courierDetails.deliveryDetails.trackingId).toMatch(/^[A-Z]{3}\d{10}$/);
			expect(details.courierDetails.pickupDetails).toEqual(details.courierDetails.deliveryDetails);
			expect(details.orderItems.map((i: { orderItemId: string }) => i.orderItemId)).toEqual(
				(
					h.sim.control.getShipment(packed.shipmentId).itemStates as Array<{ orderItemId: string }>
				).map((i) => i.orderItemId),
			);
			expect(typeof details.weighingRequired).toBe('boolean');
			expect(details.deliveryAddress.contactNumber).toBeNull();
			expect(details.buyerDetails.email).toBeNull();
			expect(selfDetails.deliveryAddress.contactNumber).toMatch(/^9\d{9}$/);
			expect(selfDetails.buyerDetails.email).toMatch(/@example\.com$/);

			const many = Array.from({ length: 101 }, (_, i) => `id-${i}`).join(',');
			expect(
				(await h.api.get(`/sellers/v3/shipments/${many}`, { headers: bearer(h.token) })).status,
			).toBe(422);
		});
	});

	describe('seeded data', () => {
		it('is deterministic for a seed and covers every state, type, hold, multi-item and multi-package', async () => {
			const other = await startHarness({ seed: 1 });
			try {
				const mine = h.sim.control.listShipments({}).shipments.map((s) => s.shipmentId);
				const theirs = other.sim.control.listShipments({}).shipments.map((s) => s.shipmentId);
				expect(theirs).toEqual(mine);
			} finally {
				await other.sim.close();
			}
			const res = await h.sim.control.listShipments({ locationId: 'LOC-DEMO-1' });
			expect(res.total).toBe(30);
			const states = res.shipments.map((s) => s.state);
			for (const state of [
				'APPROVED',
				'PACKED',
				'FORM_FAILED',
				'READY_TO_DISPATCH',
				'PICKUP_COMPLETE',
				'SHIPPED',
				'DELIVERED',
				'CANCELLED',
			])
				expect(states).toContain(state);
			const wire = res.shipments.map(
				(s) =>
					h.sim.control.getShipment(s.shipmentId as string).shipment as WireShipment & {
						mps: boolean;
					},
			);
			expect(wire.some((s) => s.orderItems.length > 1)).toBe(true);
			expect(wire.some((s) => s.mps && s.subShipments.length === 2)).toBe(true);
			expect(new Set(wire.map((s) => s.shipmentType))).toEqual(
				new Set(['NORMAL', 'EXPRESS', 'SELF']),
			);
			expect(wire.filter((s) => s.hold)).toHaveLength(2);
			expect(wire[0].shipmentId).toMatch(
				/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
			);
		});
	});
});
