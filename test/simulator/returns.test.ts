/** Returns v2 (docs/marketplace-api/returns.md#return-search). */
import { bearer, useHarness } from './helpers';

interface WireReturn {
	returnId: string;
	locationId: string;
	type: string;
	orderDate: string;
	trackingId: string;
	createdDate: string;
}

describe('returns v2', () => {
	const h = useHarness({}, { selfToken: true });

	const list = (params: Record<string, string>) =>
		h.api.get('/sellers/v2/returns', { params, headers: bearer(h.token) });

	it('requires source', async () => {
		const missing = await list({});
		expect(missing.status).toBe(400);
		expect(missing.data).toEqual({
			error: 'BAD_REQUEST',
			message: 'source is required: customer_return or courier_return',
		});
		expect((await list({ source: 'buyer_return' })).status).toBe(400);
	});

	it("lists the seller's returns of one source", async () => {
		const res = await list({ source: 'customer_return' });
		expect(res.status).toBe(200);
		expect(Object.keys(res.data)).toEqual(['hasMore', 'nextUrl', 'returnItems']);
		expect(res.data).toMatchObject({ hasMore: false, nextUrl: null });
		const items: WireReturn[] = res.data.returnItems;
		expect(items).toHaveLength(8);
		expect(items.every((r) => r.type === 'customer_return')).toBe(true);
		expect(new Set(items.map((r) => r.locationId))).toEqual(new Set(['LOC-DEMO-1', 'LOC-DEMO-2']));
		// The official return item (docs/marketplace-api/returns.md#return-search, docs/marketplace-api/returns.md#return-record), nothing else.
		expect(Object.keys(items[0]).sort()).toEqual(
			[
				'returnId',
				'orderItemId',
				'orderId',
				'orderDate',
				'sellerId',
				'shipmentId',
				'shipmentStatus',
				'locationId',
				'quantity',
				'status',
				'type',
				'reason',
				'subReason',
				'comments',
				'trackingId',
				'courierName',
				'createdDate',
				'updatedDate',
				'approvedOn',
				'expectedDate',
				'serviceProfile',
				'services',
			].sort(),
		);
		expect(items[0]).toMatchObject({ sellerId: 'SELLER-DEMO-1', services: [] });
		expect(items[0].orderDate).toMatch(/\+05:30$/);
		expect(items[0].createdDate).toMatch(/\+05:30$/);
		expect((await list({ source: 'courier_return' })).data.returnItems).toHaveLength(8);
	});

	it('with returnsNextUrlForm versioned, nextUrl carries /v2 and is relative to /sellers', async () => {
		h.sim.control.setConfig({ returnsNextUrlForm: 'versioned' });
		h.sim.control.seedReturns({ locationId: 'LOC-DEMO-1', count: 30, source: 'customer_return' });
		const first = await list({ source: 'customer_return' });
		expect(first.data.nextUrl).toMatch(/^\/v2\/returns\?source=customer_return&next_token=[\w-]+$/);
		const next = await h.api.get(`/sellers${first.data.nextUrl}`, { headers: bearer(h.token) });
		expect(next.status).toBe(200);
		expect(next.data.returnItems.length).toBeGreaterThan(0);
	});

	it('pages 25 at a time with nextUrl relative to /sellers/v2', async () => {
		h.sim.control.seedReturns({ locationId: 'LOC-DEMO-1', count: 60, source: 'customer_return' });
		const sizes: number[] = [];
		const ids = new Set<string>();
		let res = await list({ source: 'customer_return' });
		for (;;) {
			sizes.push(res.data.returnItems.length);
			res.data.returnItems.forEach((r: WireReturn) => ids.add(r.returnId));
			if (!res.data.hasMore) break;
			expect(res.data.nextUrl).toMatch(/^\/returns\?source=customer_return&next_token=[\w-]+$/);
			res = await h.api.get(`/sellers/v2${res.data.nextUrl}`, { headers: bearer(h.token) });
			expect(res.status).toBe(200);
		}
		expect(sizes).toEqual([25, 25, 18]);
		expect(ids.size).toBe(68);
		expect(res.data.nextUrl).toBeNull();
	});

	it('with returnPaging live, a return that leaves the modified range between two pages moves the next one onto the first page', async () => {
		h.sim.control.seedReturns({ locationId: 'LOC-DEMO-1', count: 30, source: 'customer_return' });
		const params = {
			source: 'customer_return',
			modifiedAfter: new Date(Date.now() - 60_000).toISOString(),
			modifiedBefore: new Date(Date.now() + 1).toISOString(),
		};
		const next = (url: string) => h.api.get(`/sellers/v2${url}`, { headers: bearer(h.token) });
		const ids = (items: WireReturn[]) => items.map((r) => r.returnId);
		// Snapshot (default): the second page is the rest of the first answer, whatever changed.
		const stable = await list(params);
		const all = ids(stable.data.returnItems);
		all.push(...ids((await next(stable.data.nextUrl)).data.returnItems));
		expect(all.length).toBeGreaterThan(26);

		h.sim.control.setConfig({ returnPaging: 'live' });
		const first = await list(params);
		expect(ids(first.data.returnItems)).toEqual(all.slice(0, 25));
		// The first return changes after the range's end: it leaves the answer, the 26th moves up.
		h.sim.control.advanceClock({ seconds: 5 });
		await h.sim.control.setReturnStatus(all[0], { status: 'RETURN_PICKED_UP' });
		const second = await next(first.data.nextUrl);
		expect(ids(second.data.returnItems)).toEqual(all.slice(26));
		expect(() => h.sim.control.setConfig({ returnPaging: 'offset' as never })).toThrow(
			/returnPaging must be one of snapshot, live/,
		);
	});

	it('filters by location, ids, tracking ids and dates', async () => {
		const all: WireReturn[] = (await list({ source: 'courier_return' })).data.returnItems;
		expect(
			(await list({ source: 'courier_return', locationId: 'LOC-DEMO-2' })).data.returnItems.every(
				(r: WireReturn) => r.locationId === 'LOC-DEMO-2',
			),
		).toBe(true);
		const byId = await list({
			source: 'courier_return',
			returnIds: `${all[0].returnId},${all[2].returnId}`,
		});
		expect(byId.data.returnItems.map((r: WireReturn) => r.returnId)).toEqual([
			all[0].returnId,
			all[2].returnId,
		]);
		const byTracking = await list({ source: 'courier_return', trackingIds: all[1].trackingId });
		expect(byTracking.data.returnItems.map((r: WireReturn) => r.returnId)).toEqual([
			all[1].returnId,
		]);
		const after = await list({ source: 'courier_return', createdAfter: all[3].createdDate });
		const cutoff = Date.parse(all[3].createdDate);
		const expected = all.filter((r) => Date.parse(r.createdDate) >= cutoff).map((r) => r.returnId);
		expect(expected.length).toBeLessThan(all.length);
		expect(after.data.returnItems.map((r: WireReturn) => r.returnId)).toEqual(expected);
	});

	it('limits returnIds and trackingIds to 25 and checks dates and tokens', async () => {
		const many = Array.from({ length: 26 }, (_, i) => `R${i}`).join(',');
		const res = await list({ source: 'customer_return', returnIds: many });
		expect(res.status).toBe(422);
		expect(res.data).toEqual({
			error: 'TOO_MANY_IDS',
			message: 'At most 25 returnIds are allowed per request; got 26',
		});
		expect((await list({ source: 'customer_return', trackingIds: many })).status).toBe(422);
		expect((await list({ source: 'customer_return', createdAfter: 'last week' })).status).toBe(400);
		expect((await list({ source: 'customer_return', next_token: 'nope' })).data.error).toBe(
			'INVALID_NEXT_TOKEN',
		);
	});
});
