/**
 * Shipment > Search against the simulator: the filter body, paging (POST first, then GET
 * {base}/sellers + nextPageUrl while hasMore), Return All and Limit, a 401 in the middle of the
 * paging, and the bounded retries on 5xx / 429.
 */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import { Container } from '@n8n/di';
import { ErrorReporter } from 'n8n-core';
import { takeSleeps } from '../support/instantSleep';
import {
	accessToken,
	apiCalls,
	callsOf,
	expectBearer,
	failed,
	ids,
	LOC_2,
	ok,
	pairedIndexes,
	PARTNER,
	partnerStore,
	runAction,
	SELF,
	tokenCalls,
	until,
	useSimulator,
	type Loose,
} from './helpers';

const FILTER_POST = 'POST /sellers/v3/shipments/filter';
const FILTER_GET = 'GET /sellers/v3/shipments/filter';

const search = (extra: Record<string, unknown> = {}) => ({
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: true,
	// These tests read the marketplace's record; Simplify has its own tests (editorExperience).
	simplify: false,
	...extra,
});

describe('Shipment > Search', () => {
	const env = useSimulator();

	/** N shipments only this filter finds (a SKU no other shipment has). */
	function seedSku(count: number, sku = 'PAGING-SKU-1'): string[] {
		return env.sim.control.seedShipments({
			count,
			locationId: LOC_2,
			state: 'APPROVED',
			sku,
			itemCount: 1,
		}).shipmentIds;
	}

	it("filters by service profile and sends a partner's seller ID at the top level", async () => {
		const items = ok(
			await runAction(
				env.store,
				SELF,
				search({ filters: { serviceProfiles: ['FBM', 'NON_FBM'], sellerId: 'SELLER-DEMO-1' } }),
			),
		);
		const body = apiCalls(env.sim)[0].body as Loose;
		expect(body.filter.serviceProfiles).toEqual(['FBM', 'NON_FBM']);
		expect(body.sellerId).toBe('SELLER-DEMO-1');
		expect(items.length).toBeGreaterThan(0);
		// A shipment matches when one of its order items has a chosen profile.
		for (const item of items) {
			const profiles = ((item.json as Loose).orderItems as Loose[]).map(
				(orderItem) => orderItem.serviceProfile,
			);
			expect(profiles.some((profile) => profile === 'FBM' || profile === 'NON_FBM')).toBe(true);
		}
	});

	it('pages with Return All: POST the filter, then GET /sellers + nextPageUrl while hasMore (65 = 4 pages)', async () => {
		const seeded = seedSku(65);
		const items = ok(
			await runAction(env.store, SELF, search({ filters: { skus: 'PAGING-SKU-1' } })),
		);

		expect(items).toHaveLength(65);
		expect(new Set(ids(items))).toEqual(new Set(seeded));
		expect(pairedIndexes(items)).toEqual(new Array(65).fill(0));
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'POST /sellers/v3/shipments/filter',
			'GET /sellers/v3/shipments/filter',
			'GET /sellers/v3/shipments/filter',
			'GET /sellers/v3/shipments/filter',
		]);
		expect(calls[0].body).toEqual({
			filter: { type: 'preDispatch', sku: ['PAGING-SKU-1'] },
			pagination: { pageSize: 20 },
		});
		expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
		const tokens = calls.slice(1).map((call) => call.query.next_token);
		for (const call of calls.slice(1)) {
			// The relative link, verbatim, under /sellers; no body, no other query.
			expect(Object.keys(call.query)).toEqual(['next_token']);
			expect(call.body).toBeUndefined();
		}
		expect(new Set(tokens).size).toBe(3);
		expect(calls.every((call) => call.status === 200)).toBe(true);
		expectBearer(calls, accessToken(env.store));
	});

	it('makes ceil(N/20) page requests and stops on hasMore=false even though nextPageUrl is present (60 = 3 pages)', async () => {
		seedSku(60);
		const items = ok(
			await runAction(env.store, SELF, search({ filters: { skus: 'PAGING-SKU-1' } })),
		);
		expect(items).toHaveLength(60);
		expect(callsOf(env.sim, FILTER_POST)).toHaveLength(1);
		expect(callsOf(env.sim, FILTER_GET)).toHaveLength(2);
	});

	it('with a Limit asks only for the pages needed (45 of 65 = 3 pages) and returns exactly the limit', async () => {
		const seeded = seedSku(65);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				search({ returnAll: false, limit: 45, filters: { skus: 'PAGING-SKU-1' } }),
			),
		);
		expect(items).toHaveLength(45);
		expect(ids(items).every((id) => seeded.includes(id))).toBe(true);
		expect(new Set(ids(items)).size).toBe(45);
		expect(callsOf(env.sim, FILTER_POST)).toHaveLength(1);
		expect(callsOf(env.sim, FILTER_GET)).toHaveLength(2);
	});

	it('with a Limit below 20 asks for a page of that size only', async () => {
		seedSku(30);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				search({ returnAll: false, limit: 7, filters: { skus: 'PAGING-SKU-1' } }),
			),
		);
		expect(items).toHaveLength(7);
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].body).toEqual({
			filter: { type: 'preDispatch', sku: ['PAGING-SKU-1'] },
			pagination: { pageSize: 7 },
		});
	});

	it('runs one search per input item, each output item paired to its input', async () => {
		seedSku(3, 'SKU-A');
		seedSku(2, 'SKU-B');
		const items = ok(
			await runAction(env.store, SELF, search({ filters: { skus: '={{ $json.sku }}' } }), [
				{ sku: 'SKU-A' },
				{ sku: 'SKU-B' },
			]),
		);
		expect(pairedIndexes(items)).toEqual([0, 0, 0, 1, 1]);
		expect(
			items
				.slice(0, 3)
				.every((item) => (item.json.orderItems as Array<{ sku: string }>)[0].sku === 'SKU-A'),
		).toBe(true);
		expect(callsOf(env.sim, FILTER_POST).map((call) => (call.body as Loose).filter.sku)).toEqual([
			['SKU-A'],
			['SKU-B'],
		]);
	});

	it('sends every filter in the v3 shape: states, location, SKUs, {from, to} ranges with offsets, types, tiers, sort', async () => {
		ok(
			await runAction(
				env.store,
				SELF,
				search({
					preDispatchStates: ['APPROVED', 'PACKED'],
					filters: {
						locationId: ' LOC-DEMO-1 ',
						skus: 'SKU-1, SKU-2',
						orderDateFrom: '2025-03-01T00:00:00+05:30',
						orderDateTo: '2025-03-05T10:00:00Z',
						dispatchAfterDateFrom: '2025-03-02T09:30:00+0530',
						dispatchByDateTo: '2025-03-09T00:00:00-02:00',
						modifiedDateFrom: '2025-03-01T00:00:00+05:30',
						modifiedDateTo: '2025-03-02T00:00:00+05:30',
						shipmentTypes: ['NORMAL', 'SELF'],
						dispatchServiceTiers: ['EXPRESS'],
					},
					sort: { rule: { field: 'orderDate', order: 'desc' } },
				}),
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].body).toEqual({
			filter: {
				type: 'preDispatch',
				states: ['APPROVED', 'PACKED'],
				locationId: 'LOC-DEMO-1',
				sku: ['SKU-1', 'SKU-2'],
				orderDate: { from: '2025-03-01T00:00:00+05:30', to: '2025-03-05T10:00:00+00:00' },
				dispatchAfterDate: { from: '2025-03-02T09:30:00+05:30' },
				dispatchByDate: { to: '2025-03-09T00:00:00-02:00' },
				modifiedDate: { from: '2025-03-01T00:00:00+05:30', to: '2025-03-02T00:00:00+05:30' },
				shipmentTypes: ['NORMAL', 'SELF'],
				dispatchServiceTiers: ['EXPRESS'],
			},
			pagination: { pageSize: 20 },
			sort: { field: 'orderDate', order: 'desc' },
		});
		expect(calls[0].status).toBe(200);
	});

	it('searches cancelled shipments with the required cancellation type, and post-dispatch states', async () => {
		const cancelled = ok(
			await runAction(
				env.store,
				SELF,
				search({ filterType: 'cancelled', cancellationType: 'buyerCancellation' }),
			),
		);
		expect(cancelled.length).toBeGreaterThan(0);
		for (const item of cancelled) {
			expect(
				(item.json.orderItems as Array<{ status: string }>).some(
					(orderItem) => orderItem.status === 'CANCELLED',
				),
			).toBe(true);
		}
		const shipped = ok(
			await runAction(
				env.store,
				SELF,
				search({ filterType: 'postDispatch', postDispatchStates: ['SHIPPED'] }),
			),
		);
		expect(shipped.length).toBeGreaterThan(0);
		for (const item of shipped)
			expect((item.json.orderItems as Array<{ status: string }>)[0].status).toBe('SHIPPED');
		const bodies = callsOf(env.sim, FILTER_POST).map((call) => call.body);
		expect(bodies).toEqual([
			{
				filter: { type: 'cancelled', states: ['CANCELLED'], cancellationType: 'buyerCancellation' },
				pagination: { pageSize: 20 },
			},
			{ filter: { type: 'postDispatch', states: ['SHIPPED'] }, pagination: { pageSize: 20 } },
		]);
	});

	it('refuses bad input before any request: a state of another filter type, a non-date', async () => {
		const wrongState = failed(
			await runAction(env.store, SELF, search({ preDispatchStates: ['SHIPPED'] })),
		);
		expect(wrongState.message).toMatch(
			/State SHIPPED cannot be searched with the preDispatch filter/,
		);
		const date = failed(
			await runAction(env.store, SELF, search({ filters: { orderDateFrom: 'last tuesday' } })),
		);
		expect(date.message).toMatch(/Order Date From "last tuesday" is not a date/);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('survives a 401 in the middle of the paging: the token expires between pages, n8n renews it once and the page is fetched again', async () => {
		const seeded = seedSku(65);
		ok(await runAction(env.store, SELF, search({ returnAll: false, limit: 1 })));
		const oldToken = accessToken(env.store);
		env.sim.control.clearCalls();
		// Hold the second page at the gateway, expire the token meanwhile: it then reaches the API with a dead token.
		const fault = env.sim.control.addFault({ route: FILTER_GET, delayMs: 400, times: 1 });
		const running = runAction(env.store, SELF, search({ filters: { skus: 'PAGING-SKU-1' } }));
		await until(
			() => env.sim.control.listFaults().faults.find((f) => f.id === fault.id)!.hits === 1,
		);
		env.sim.control.expireTokens({ token: oldToken });
		const items = ok(await running);

		expect(items).toHaveLength(65);
		expect(new Set(ids(items))).toEqual(new Set(seeded));
		const calls = env.sim.control.listCalls({}).calls;
		expect(calls.map((call) => `${call.route} ${call.status}`)).toEqual([
			`${FILTER_POST} 200`,
			`${FILTER_GET} 401`,
			'GET /oauth-service/oauth/token 200',
			`${FILTER_GET} 200`,
			`${FILTER_GET} 200`,
			`${FILTER_GET} 200`,
		]);
		const newToken = accessToken(env.store);
		expect(newToken).not.toBe(oldToken);
		expect(calls[1].headers.authorization).toBe(`Bearer ${oldToken}`);
		// The retried page is the same page (same next_token); later pages carry the new token.
		expect(calls[3].query.next_token).toBe(calls[1].query.next_token);
		for (const call of calls.slice(3))
			expect(call.headers.authorization).toBe(`Bearer ${newToken}`);
		expect(tokenCalls(env.sim)).toHaveLength(1);
	});

	it('retries a 429 and a 503, honouring Retry-After, then carries on paging', async () => {
		seedSku(45);
		// The first retry would back off about 1 s; Retry-After asks for 2 s.
		env.sim.control.addFault({
			route: FILTER_GET,
			status: 429,
			headers: { 'Retry-After': '2' },
			body: { error: 'TOO_MANY_REQUESTS' },
			times: 1,
		});
		env.sim.control.addFault({
			route: FILTER_GET,
			status: 503,
			headers: { 'Retry-After': '0' },
			times: 1,
		});
		ok(await runAction(env.store, SELF, search({ returnAll: false, limit: 1 })));
		env.sim.control.clearCalls();
		takeSleeps();

		const items = ok(
			await runAction(env.store, SELF, search({ filters: { skus: 'PAGING-SKU-1' } })),
		);

		expect(items).toHaveLength(45);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.status}`)).toEqual([
			'POST 200',
			'GET 429',
			'GET 503',
			'GET 200',
			'GET 200',
		]);
		// Every retry is the same page.
		expect(calls[2].query.next_token).toBe(calls[1].query.next_token);
		expect(calls[3].query.next_token).toBe(calls[1].query.next_token);
		expect(calls[4].query.next_token).not.toBe(calls[1].query.next_token);
		// Retry-After was honoured: 2 s before the retry of the 429, none before that of the 503.
		expect(takeSleeps()).toEqual([2000, 0]);
	});

	it('retries a 500 (with backoff) and succeeds', async () => {
		seedSku(3);
		env.sim.control.addFault({
			route: FILTER_POST,
			status: 500,
			body: { error: 'INTERNAL_ERROR', message: 'DEPENDENT_SYSTEM_CALL_FAILED' },
			times: 1,
		});
		takeSleeps();
		const items = ok(
			await runAction(env.store, SELF, search({ filters: { skus: 'PAGING-SKU-1' } })),
		);
		expect(items).toHaveLength(3);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.status}`)).toEqual(['POST 500', 'POST 200']);
		expect(calls[1].body).toEqual(calls[0].body);
		// One backoff of about 1 s (1 s with +-25 % jitter) before the retry.
		const [backoff, ...more] = takeSleeps();
		expect(more).toEqual([]);
		expect(backoff).toBeGreaterThanOrEqual(750);
		expect(backoff).toBeLessThanOrEqual(1250);
	});

	it('gives up after a bounded number of retries (1 + 3 attempts) with the marketplace message and the attempt count', async () => {
		env.sim.control.addFault({
			route: FILTER_POST,
			status: 503,
			headers: { 'Retry-After': '0' },
			body: { error: 'SERVICE_UNAVAILABLE', message: 'Upstream unavailable' },
			times: -1,
		});
		const error = failed(await runAction(env.store, SELF, search()));
		expect(callsOf(env.sim, FILTER_POST)).toHaveLength(4);
		expect(error.message).toBe(
			'Search shipments failed: SERVICE_UNAVAILABLE: Upstream unavailable (HTTP 503)',
		);
		expect(error.description).toMatch(/tried 4 times/);
	});

	it('does not retry a 400 and shows the marketplace message', async () => {
		env.sim.control.addFault({
			route: FILTER_POST,
			status: 400,
			body: { error: 'BAD_REQUEST', message: 'filter.type is invalid' },
			times: -1,
		});
		const error = failed(await runAction(env.store, SELF, search()));
		expect(callsOf(env.sim, FILTER_POST)).toHaveLength(1);
		expect(error.message).toBe(
			'Search shipments failed: BAD_REQUEST: filter.type is invalid (HTTP 400)',
		);
		expect(error.httpCode).toBe('400');
	});

	it("keeps n8n's own error, annotated: its wrapped HTTP error stays its cause, without the exchange", async () => {
		env.sim.control.addFault({
			route: FILTER_POST,
			status: 400,
			body: { error: 'BAD_REQUEST', message: 'filter.type is invalid' },
			times: -1,
		});
		const reported = jest.spyOn(Container.get(ErrorReporter), 'error');
		const error = failed(await runAction(env.store, SELF, search()));
		expect(error.message).toBe(
			'Search shipments failed: BAD_REQUEST: filter.type is invalid (HTTP 400)',
		);
		expect(error.description).toBe(
			'The marketplace rejected the request as invalid. Check the parameters named in the message.',
		);
		// n8n reports the node's error with the error it wrapped as its cause: what n8n's request
		// helper threw stays there, without its exchange (headers with the token, sockets, answer).
		const report = reported.mock.calls.at(-1)?.[0] as Error | undefined;
		reported.mockRestore();
		expect(report?.message).toBe(error.message);
		const cause = report?.cause as Record<string, unknown> | undefined;
		expect(cause).toBeInstanceOf(Error);
		expect(String(cause?.message)).toMatch(/400/);
		for (const key of ['config', 'request', 'response']) expect(cause).not.toHaveProperty(key);
	});

	it('works with the third party credential (its own Bearer token)', async () => {
		const store = await partnerStore(env.sim);
		const items = ok(await runAction(store, PARTNER, search({ returnAll: false, limit: 3 })));
		expect(items).toHaveLength(3);
		const token = accessToken(store, PARTNER);
		expectBearer(apiCalls(env.sim), token);
		expect(tokenCalls(env.sim).map((call) => call.query.grant_type)).toEqual([
			'authorization_code',
		]);
	});
});
