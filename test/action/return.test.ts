/**
 * Return > Search (returns are still v2): source required, date / location / ID filters, and
 * paging via nextUrl, which is relative to /sellers/v2 (not /sellers like shipment search).
 */
import {
	accessToken,
	apiCalls,
	expectBearer,
	failed,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	SELF,
	useSimulator,
} from './helpers';

const search = (extra: Record<string, unknown> = {}) => ({
	resource: 'return',
	operation: 'getAll',
	source: 'customer_return',
	returnAll: true,
	...extra,
});

describe('Return > Search', () => {
	const env = useSimulator();

	function customerReturnsAt(locationId: string): number {
		return env.sim.control
			.listReturns({ locationId })
			.returns.filter((r) => r.source === 'customer_return').length;
	}

	it('pages with Return All: GET /sellers/v2/returns, then GET /sellers/v2 + nextUrl while hasMore (3+ pages)', async () => {
		env.sim.control.seedReturns({ count: 60, locationId: LOC_2, source: 'customer_return' });
		const expected = customerReturnsAt(LOC_2);
		expect(expected).toBeGreaterThan(50);
		const items = ok(await runAction(env.store, SELF, search({ filters: { locationId: LOC_2 } })));

		expect(items).toHaveLength(expected);
		expect(new Set(items.map((item) => item.json.returnId)).size).toBe(expected);
		expect(
			items.every((item) => item.json.locationId === LOC_2 && item.json.type === 'customer_return'),
		).toBe(true);
		expect(pairedIndexes(items).every((index) => index === 0)).toBe(true);
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(Math.ceil(expected / 25));
		expect(calls.length).toBeGreaterThanOrEqual(3);
		expect(
			calls.every(
				(call) =>
					call.method === 'GET' && call.path === '/sellers/v2/returns' && call.status === 200,
			),
		).toBe(true);
		expect(calls[0].query).toEqual({ source: 'customer_return', locationId: LOC_2 });
		for (const call of calls.slice(1)) {
			// The link is used verbatim (it carries the query); nothing is added twice.
			expect(Object.keys(call.query).sort()).toEqual(['next_token', 'source']);
		}
		expect(new Set(calls.slice(1).map((call) => call.query.next_token)).size).toBe(
			calls.length - 1,
		);
		expectBearer(calls, accessToken(env.store));
	});

	it('with a Limit stops after the pages it needs', async () => {
		env.sim.control.seedReturns({ count: 60, locationId: LOC_2, source: 'courier_return' });
		const items = ok(
			await runAction(
				env.store,
				SELF,
				search({ source: 'courier_return', returnAll: false, limit: 30 }),
			),
		);
		expect(items).toHaveLength(30);
		expect(items.every((item) => item.json.type === 'courier_return')).toBe(true);
		expect(apiCalls(env.sim)).toHaveLength(2);
	});

	it('sends the date filters with offsets, the location and the ID lists', async () => {
		const returns = env.sim.control
			.listReturns({})
			.returns.filter((r) => r.source === 'customer_return');
		const wanted = returns.slice(0, 2);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				search({
					filters: {
						createdAfter: '2020-01-01T00:00:00+05:30',
						createdBefore: '2100-01-01T00:00:00Z',
						modifiedAfter: '2020-01-01T00:00:00+05:30',
						modifiedBefore: '2100-01-01T00:00:00+05:30',
						locationId: String(wanted[0].locationId),
						returnIds: wanted.map((r) => r.returnId).join(', '),
						trackingIds: wanted.map((r) => r.trackingId).join(','),
					},
				}),
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].query).toEqual({
			source: 'customer_return',
			createdAfter: '2020-01-01T00:00:00+05:30',
			createdBefore: '2100-01-01T00:00:00+00:00',
			modifiedAfter: '2020-01-01T00:00:00+05:30',
			modifiedBefore: '2100-01-01T00:00:00+05:30',
			locationId: String(wanted[0].locationId),
			returnIds: wanted.map((r) => r.returnId).join(','),
			trackingIds: wanted.map((r) => r.trackingId).join(','),
		});
		const expected = wanted
			.filter((r) => r.locationId === wanted[0].locationId)
			.map((r) => r.returnId);
		expect(items.map((item) => item.json.returnId)).toEqual(expected);
	});

	it('refuses more than 25 return IDs before any request', async () => {
		const many = Array.from({ length: 26 }, (_, i) => `R${i}`).join(',');
		const error = failed(
			await runAction(env.store, SELF, search({ filters: { returnIds: many } })),
		);
		expect(error.message).toBe('At most 25 returnIds per search, got 26');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('one search per input item (source from the item), each output paired', async () => {
		const items = ok(
			await runAction(
				env.store,
				SELF,
				search({ source: '={{ $json.source }}', returnAll: false, limit: 2 }),
				[{ source: 'customer_return' }, { source: 'courier_return' }],
			),
		);
		expect(items.map((item) => [item.json.type, item.pairedItem])).toEqual([
			['customer_return', { item: 0 }],
			['customer_return', { item: 0 }],
			['courier_return', { item: 1 }],
			['courier_return', { item: 1 }],
		]);
		expect(apiCalls(env.sim).map((call) => call.query.source)).toEqual([
			'customer_return',
			'courier_return',
		]);
	});

	it('a marketplace error is shown with its message', async () => {
		env.sim.control.addFault({
			route: 'GET /sellers/v2/returns',
			status: 422,
			body: { errorCode: 'TOO_MANY_IDS', errorMessage: 'At most 25 returnIds' },
		});
		const error = failed(await runAction(env.store, SELF, search()));
		expect(error.message).toBe(
			'Search returns failed: TOO_MANY_IDS: At most 25 returnIds (HTTP 422)',
		);
	});
});
