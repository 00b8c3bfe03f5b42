/** The control interface over HTTP and as methods, the public API and the CLI arguments. */
import { startSimulator } from '../../simulator';
import { banner } from '../../simulator/cli';
import { parseCliArgs } from '../../simulator/cli-args';
import {
	basic,
	bearer,
	PARTNER,
	SELF,
	selfToken,
	startHarness,
	TestReceiver,
	useHarness,
} from './helpers';

describe('control interface', () => {
	const h = useHarness();

	it('health and info describe the running simulator and the demo identities', async () => {
		const health = await h.ctl.get('/health');
		expect(health.status).toBe(200);
		expect(health.data).toMatchObject({ ok: true, shipments: 90, returns: 24 });
		const info = await h.ctl.get('/info');
		expect(info.data.url).toBe(h.sim.url);
		expect(info.data.controlUrl).toBe(`${h.sim.url}/__control`);
		expect(h.sim.controlUrl).toBe(`${h.sim.url}/__control`);
		expect(info.data.demo).toEqual(h.sim.demo);
		expect(h.sim.demo).toMatchObject({
			sellers: [
				{ sellerId: 'SELLER-DEMO-1', locationIds: ['LOC-DEMO-1', 'LOC-DEMO-2'] },
				{ sellerId: 'SELLER-DEMO-2', locationIds: ['LOC-DEMO-3'] },
			],
			selfApp: {
				appId: 'demo-self-app',
				appSecret: 'demo-self-secret-0001',
				sellerId: 'SELLER-DEMO-1',
				grantTypes: ['client_credentials'],
			},
			partnerApp: {
				appId: 'demo-partner-app',
				appSecret: 'demo-partner-secret-0001',
				redirectUri: 'https://partner.example.com/oauth/callback',
				grantTypes: ['authorization_code', 'refresh_token'],
			},
			subscriptions: [
				{ sellerId: 'SELLER-DEMO-1', locationId: 'LOC-DEMO-1', appId: 'demo-self-app' },
				{ sellerId: 'SELLER-DEMO-1', locationId: 'LOC-DEMO-2', appId: 'demo-partner-app' },
				{ sellerId: 'SELLER-DEMO-2', locationId: 'LOC-DEMO-3', appId: 'demo-partner-app' },
			],
		});
		expect(h.sim.demo.partnerAuthorizeUrl).toBe(
			`${h.sim.url}/oauth-service/oauth/authorize?client_id=demo-partner-app&redirect_uri=https%3A%2F%2Fpartner.example.com%2Foauth%2Fcallback&response_type=code&scope=Seller_Api&state=demo-state`,
		);
		expect(info.data.config).toEqual({
			packingDelayMs: 0,
			perItemStatusField: 'status',
			formsMethod: 'POST',
			listingPageSize: 500,
			returnsNextUrlForm: 'relative',
			shipmentPaging: 'snapshot',
			returnPaging: 'snapshot',
			shipmentSearchOrder: 'requested',
			shipmentHasMore: 'boolean',
			modifiedDatePrecision: 'millisecond',
			autoNotify: true,
			accessTokenTtlSec: 5_184_000,
			refreshTokenTtlSec: 15_552_000,
			refreshRenewalBufferSec: 1_814_400,
			authCodeTtlSec: 600,
		});
	});

	it('answers 404 and 405 on unknown control routes', async () => {
		expect((await h.ctl.get('/nothing')).status).toBe(404);
		expect((await h.ctl.delete('/health')).status).toBe(405);
	});

	describe('reset', () => {
		it('restores the seeded state and drops tokens unless keepTokens', async () => {
			const id = (
				h.sim.control.listShipments({ locationId: 'LOC-DEMO-1', state: 'APPROVED' })
					.shipments[0] as { shipmentId: string }
			).shipmentId;
			await h.ctl.post(`/shipments/${id}/state`, { state: 'DELIVERED' });
			h.sim.control.seedShipments({ count: 5 });
			const token = await selfToken(h);
			expect((await h.ctl.post('/reset', { keepTokens: true })).data).toEqual({ ok: true });
			expect(h.sim.control.getShipment(id).state).toBe('APPROVED');
			expect(h.sim.control.health().shipments).toBe(90);
			expect(
				(
					await h.api.post(
						'/sellers/v3/shipments/filter',
						{ filter: {} },
						{ headers: bearer(token) },
					)
				).status,
			).toBe(200);
			await h.ctl.post('/reset');
			expect(
				(
					await h.api.post(
						'/sellers/v3/shipments/filter',
						{ filter: {} },
						{ headers: bearer(token) },
					)
				).status,
			).toBe(401);
		});
	});

	describe('seeding', () => {
		it('seeds ten thousand shipments in one call', async () => {
			const res = await h.ctl.post('/seed/shipments', {
				locationId: 'LOC-DEMO-2',
				count: 10_000,
				state: 'APPROVED',
				shipmentType: 'NORMAL',
			});
			expect(res.status).toBe(200);
			expect(res.data.count).toBe(10_000);
			expect(new Set(res.data.shipmentIds).size).toBe(10_000);
			expect(
				h.sim.control.listShipments({ locationId: 'LOC-DEMO-2', state: 'APPROVED' }).total,
			).toBe(10_010);
		});

		it('seeds shipments with the requested properties', async () => {
			const { shipmentIds } = h.sim.control.seedShipments({
				sellerId: 'SELLER-DEMO-2',
				count: 2,
				state: 'CANCELLED',
				cancellationType: 'marketplaceCancellation',
				shipmentType: 'SELF',
				itemCount: 3,
			});
			const s = h.sim.control.getShipment(shipmentIds[0]) as {
				locationId: string;
				state: string;
				shipmentType: string;
				itemStates: unknown[];
			};
			expect(s).toMatchObject({
				locationId: 'LOC-DEMO-3',
				state: 'CANCELLED',
				shipmentType: 'SELF',
			});
			expect(s.itemStates).toHaveLength(3);
			const mps = h.sim.control.seedShipments({ count: 1, packageCount: 3 }).shipmentIds[0];
			expect(
				(
					h.sim.control.getShipment(mps).shipment as {
						subShipments: Array<{ subShipmentId: string }>;
					}
				).subShipments.map((x) => x.subShipmentId),
			).toEqual(['SS-1', 'SS-2', 'SS-3']);
		});

		it.each([
			[{ count: 0 }, 'count must be an integer from 1 to 200000'],
			[{ count: 1, locationId: 'LOC-X' }, 'Unknown location LOC-X'],
			[
				{ count: 1, sellerId: 'SELLER-DEMO-2', locationId: 'LOC-DEMO-1' },
				'Location LOC-DEMO-1 does not belong to seller SELLER-DEMO-2',
			],
			[{ count: 1, state: 'LOST' }, expect.stringMatching(/^state must be one of APPROVED, /)],
		])('rejects %j', async (body, message) => {
			const res = await h.ctl.post('/seed/shipments', body);
			expect(res.status).toBe(400);
			expect(res.data).toEqual({ error: 'BAD_REQUEST', message });
		});

		it('seeds returns and listings', async () => {
			const returns = await h.ctl.post('/seed/returns', {
				locationId: 'LOC-DEMO-3',
				count: 4,
				source: 'courier_return',
				status: 'RETURN_PICKED_UP',
			});
			expect(returns.data.returnIds).toHaveLength(4);
			const listed = h.sim.control
				.listReturns({ locationId: 'LOC-DEMO-3' })
				.returns.filter((r) => returns.data.returnIds.includes(r.returnId));
			expect(listed.map((r) => [r.source, r.status])).toEqual(
				Array(4).fill(['courier_return', 'RETURN_PICKED_UP']),
			);
			const listings = await h.ctl.post('/seed/listings', {
				sellerId: 'SELLER-DEMO-2',
				count: 3,
				listingStatus: 'INACTIVE',
			});
			expect(listings.data.skus).toHaveLength(3);
			const token = (
				await h.api.get('/oauth-service/oauth/token', {
					params: { grant_type: 'client_credentials' },
					headers: { Authorization: basic(SELF.appId, SELF.secret) },
				})
			).data.access_token;
			// Listings of SELLER-DEMO-2 are not visible to SELLER-DEMO-1.
			expect(
				(
					await h.api.get(`/sellers/listings/v3/${listings.data.skus[0]}`, {
						headers: bearer(token),
					})
				).data.unavailable,
			).toEqual([listings.data.skus[0]]);
		});
	});

	describe('shipments', () => {
		it('gets and sets a shipment state, hold and dispatch dates, optionally pushing the matching events', async () => {
			const receiver = await new TestReceiver().start();
			try {
				h.sim.control.setReceiver({ url: receiver.url });
				const id = h.sim.control.seedShipments({ locationId: 'LOC-DEMO-1', count: 1 })
					.shipmentIds[0];
				const got = await h.ctl.get(`/shipments/${id}`);
				expect(got.data).toMatchObject({
					shipmentId: id,
					state: 'APPROVED',
					labelsGenerated: false,
				});
				expect(got.data.shipment.shipmentId).toBe(id);
				expect(got.data.details.shipmentId).toBe(id);
				const res = await h.ctl.post(`/shipments/${id}/state`, {
					state: 'PACKED',
					hold: true,
					dispatchByDate: '2030-01-01T10:00:00+05:30',
					notify: true,
				});
				expect(res.status).toBe(200);
				expect(res.data.shipment).toMatchObject({
					state: 'PACKED',
					hold: true,
					labelsGenerated: true,
				});
				expect(res.data.notifications.map((n: { eventType: string }) => n.eventType)).toEqual([
					'shipment_packed',
					'shipment_hold',
					'shipment_dispatch_dates_changed',
				]);
				const pushes = await receiver.waitFor(3);
				expect(
					(pushes[2].json as { attributes: { dispatchByDate: string } }).attributes.dispatchByDate,
				).toBe('2030-01-01T10:00:00.000+05:30');
				const failed = await h.ctl.post(`/shipments/${id}/state`, { state: 'FORM_FAILED' });
				expect(failed.data.shipment.state).toBe('FORM_FAILED');
				expect((await h.ctl.get(`/shipments/nope`)).status).toBe(404);
				expect((await h.ctl.post(`/shipments/${id}/state`, { state: 'LOST' })).status).toBe(400);
			} finally {
				await receiver.close();
			}
		});

		it('lists shipments by seller, location and state', async () => {
			const res = await h.ctl.get('/shipments', {
				params: { sellerId: 'SELLER-DEMO-1', state: 'DELIVERED' },
			});
			expect(res.data.total).toBe(4);
			expect(
				res.data.shipments.every(
					(s: { state: string; sellerId: string }) =>
						s.state === 'DELIVERED' && s.sellerId === 'SELLER-DEMO-1',
				),
			).toBe(true);
		});
	});

	describe('clock', () => {
		it('reports and advances the simulator clock', async () => {
			const before = (await h.ctl.get('/clock')).data;
			expect(Object.keys(before)).toEqual(['now', 'epochMs', 'offsetMs']);
			const after = (await h.ctl.post('/clock/advance', { seconds: 86_400 })).data;
			expect(after.offsetMs - before.offsetMs).toBe(86_400_000);
			expect((await h.ctl.post('/clock/advance', {})).status).toBe(400);
		});
	});

	describe('tokens and codes', () => {
		it('lists, expires and revokes tokens by token, app or all', async () => {
			const token = await selfToken(h);
			const list = await h.ctl.get('/tokens', { params: { appId: SELF.appId } });
			expect(list.data.tokens).toHaveLength(1);
			expect(list.data.tokens[0]).toMatchObject({
				token,
				kind: 'access',
				appId: SELF.appId,
				sellerId: 'SELLER-DEMO-1',
				scopes: ['Seller_Api'],
				grant: 'client_credentials',
				expiresIn: 5_184_000,
				expired: false,
				revoked: false,
			});
			expect((await h.ctl.post('/tokens/expire', { token })).data).toEqual({
				affected: 1,
				tokens: [token],
			});
			expect(
				(
					await h.api.post(
						'/sellers/v3/shipments/filter',
						{ filter: {} },
						{ headers: bearer(token) },
					)
				).data.error_description,
			).toBe(`Access token expired: ${token}`);
			const second = await selfToken(h);
			expect((await h.ctl.post('/tokens/revoke', { all: true })).data.affected).toBe(2);
			expect(
				(
					await h.api.post(
						'/sellers/v3/shipments/filter',
						{ filter: {} },
						{ headers: bearer(second) },
					)
				).data.error_description,
			).toBe(`Invalid access token: ${second}`);
			expect((await h.ctl.post('/tokens/revoke', {})).status).toBe(400);
		});

		it('issues an authorization code without a browser', async () => {
			const res = await h.ctl.post('/auth-codes', {
				appId: PARTNER.appId,
				sellerId: 'SELLER-DEMO-2',
				state: 'abc',
			});
			expect(res.status).toBe(200);
			expect(res.data).toMatchObject({
				appId: PARTNER.appId,
				sellerId: 'SELLER-DEMO-2',
				redirectUri: PARTNER.redirectUri,
				state: 'abc',
				expiresIn: 600,
			});
			expect(res.data.redirectUrl).toBe(`${PARTNER.redirectUri}?code=${res.data.code}&state=abc`);
			const exchange = await h.api.get('/oauth-service/oauth/token', {
				params: {
					grant_type: 'authorization_code',
					code: res.data.code,
					redirect_uri: PARTNER.redirectUri,
				},
				headers: { Authorization: basic(PARTNER.appId, PARTNER.secret) },
			});
			expect(exchange.status).toBe(200);
			const bad = await h.ctl.post('/auth-codes', { appId: SELF.appId, sellerId: 'SELLER-DEMO-1' });
			expect(bad.status).toBe(400);
			expect(bad.data.error).toBe('unauthorized_client');
		});
	});

	describe('calls, counters and faults', () => {
		it('records API calls (not control calls) and counts them per route template', async () => {
			const token = await selfToken(h);
			const ids = h.sim.control
				.listShipments({ locationId: 'LOC-DEMO-1', state: 'PACKED' })
				.shipments.map((s) => s.shipmentId as string);
			await h.api.get(`/sellers/v3/shipments/${ids[0]}/labels`, {
				headers: { ...bearer(token), Accept: 'application/pdf' },
			});
			await h.api.get(`/sellers/v3/shipments/${ids[1]}/labels`, { headers: bearer(token) });
			await h.api.get('/nowhere');
			await h.ctl.get('/health');
			const calls = (
				await h.ctl.get('/calls', { params: { route: 'GET /sellers/v3/shipments/{ids}/labels' } })
			).data.calls;
			expect(calls).toHaveLength(2);
			expect(calls[0]).toMatchObject({
				method: 'GET',
				path: `/sellers/v3/shipments/${ids[0]}/labels`,
				route: 'GET /sellers/v3/shipments/{ids}/labels',
				query: {},
				status: 200,
			});
			expect(calls[0].headers).toEqual({
				authorization: `Bearer ${token}`,
				accept: 'application/pdf',
			});
			expect(
				(
					await h.ctl.get('/calls', {
						params: { route: '/sellers/v3/shipments/{ids}/labels', since: calls[0].seq },
					})
				).data.calls,
			).toHaveLength(1);
			expect((await h.ctl.get('/calls', { params: { method: 'POST' } })).data.calls).toHaveLength(
				0,
			);
			expect((await h.ctl.get('/counters')).data.counters).toEqual({
				'GET (unmatched)': 1,
				'GET /oauth-service/oauth/token': 1,
				'GET /sellers/v3/shipments/{ids}/labels': 2,
			});
			await h.ctl.delete('/calls');
			expect((await h.ctl.get('/calls')).data.calls).toEqual([]);
			expect((await h.ctl.get('/counters')).data.counters).toEqual({});
		});

		it('injects faults by route or path prefix, a number of times, with headers and body', async () => {
			const token = await selfToken(h);
			const fault = await h.ctl.post('/faults', {
				route: 'POST /sellers/v3/shipments/filter',
				status: 503,
				headers: { 'Retry-After': '2' },
				times: 2,
			});
			expect(fault.status).toBe(200);
			expect(fault.data).toMatchObject({ id: 'fault-1', status: 503, times: 2, hits: 0 });
			const search = () =>
				h.api.post('/sellers/v3/shipments/filter', { filter: {} }, { headers: bearer(token) });
			const first = await search();
			expect(first.status).toBe(503);
			expect(first.headers['retry-after']).toBe('2');
			expect(first.data).toEqual({
				error: 'INJECTED_FAULT',
				message: 'Injected fault fault-1 (HTTP 503)',
			});
			expect((await search()).status).toBe(503);
			expect((await search()).status).toBe(200);
			expect(
				h.sim.control
					.listCalls({ route: 'POST /sellers/v3/shipments/filter' })
					.calls.map((c) => [c.status, c.faultId]),
			).toEqual([
				[503, 'fault-1'],
				[503, 'fault-1'],
				[200, undefined],
			]);

			await h.ctl.post('/faults', {
				pathPrefix: '/oauth-service/',
				status: 500,
				body: '<html>gateway</html>',
				times: -1,
			});
			const html = await h.api.get('/oauth-service/oauth/token', {
				params: { grant_type: 'client_credentials' },
				headers: { Authorization: basic(SELF.appId, SELF.secret) },
			});
			expect(html.status).toBe(500);
			expect(html.data).toBe('<html>gateway</html>');
			expect((await h.ctl.get('/faults')).data.faults).toHaveLength(2);
			await h.ctl.delete('/faults');
			expect((await h.ctl.get('/faults')).data.faults).toEqual([]);

			await h.ctl.post('/faults', { route: 'GET /sellers/v2/returns', delayMs: 30 });
			const delayed = await h.api.get('/sellers/v2/returns', {
				params: { source: 'customer_return' },
				headers: bearer(token),
			});
			expect(delayed.status).toBe(200);
			expect((await h.ctl.post('/faults', { status: 500 })).status).toBe(400);
			expect((await h.ctl.post('/faults', { route: 'GET /x', status: 42 })).status).toBe(400);
		});

		it('injects per-shipment failures over HTTP', async () => {
			const res = await h.ctl.post('/shipment-failures', {
				shipmentIds: ['a', 'b'],
				operation: 'dispatch',
				errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
			});
			expect(
				res.data.failures.map((f: { shipmentId: string; times: number }) => [
					f.shipmentId,
					f.times,
				]),
			).toEqual([
				['a', -1],
				['b', -1],
			]);
			expect((await h.ctl.get('/shipment-failures')).data.failures).toHaveLength(2);
			expect(
				(
					await h.ctl.post('/shipment-failures', {
						shipmentIds: ['a'],
						operation: 'pack',
						errorCode: 'X',
					})
				).status,
			).toBe(400);
			await h.ctl.delete('/shipment-failures');
			expect((await h.ctl.get('/shipment-failures')).data.failures).toEqual([]);
		});
	});

	describe('runtime config, subscriptions, receiver', () => {
		it('changes runtime settings and validates them', async () => {
			const res = await h.ctl.patch('/config', {
				perItemStatusField: 'processingStatus',
				formsMethod: 'POST',
				listingPageSize: 50,
				autoNotify: false,
				accessTokenTtlSec: 100,
			});
			expect(res.data).toMatchObject({
				perItemStatusField: 'processingStatus',
				formsMethod: 'POST',
				listingPageSize: 50,
				autoNotify: false,
				accessTokenTtlSec: 100,
			});
			const token = await selfToken(h);
			expect((await h.sim.control.listTokens({ appId: SELF.appId })).tokens[0].expiresIn).toBe(100);
			expect(token).toBeTruthy();
			expect((await h.ctl.patch('/config', { speed: 1 })).data.message).toMatch(
				/^Unknown setting speed/,
			);
			expect((await h.ctl.patch('/config', { formsMethod: 'PUT' })).status).toBe(400);
			expect((await h.ctl.patch('/config', { packingDelayMs: -1 })).status).toBe(400);
		});

		it('lists and creates subscriptions', async () => {
			expect((await h.ctl.get('/subscriptions')).data.subscriptions).toHaveLength(3);
			const created = await h.ctl.post('/subscriptions', {
				sellerId: 'SELLER-DEMO-1',
				locationId: 'LOC-DEMO-NEW',
				appId: SELF.appId,
				disableReturns: true,
			});
			expect(created.data).toMatchObject({
				sellerId: 'SELLER-DEMO-1',
				locationId: 'LOC-DEMO-NEW',
				appId: SELF.appId,
				disableOrder: false,
				disableReturns: true,
			});
			const token = await selfToken(h);
			const res = await h.api.post(
				'/sellers/v3/notification/subscription',
				{ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-NEW', disable_returns: false },
				{ headers: bearer(token) },
			);
			expect(res.status).toBe(200);
			expect(
				(
					await h.ctl.post('/subscriptions', {
						sellerId: 'SELLER-DEMO-2',
						locationId: 'LOC-DEMO-1',
						appId: SELF.appId,
					})
				).status,
			).toBe(400);
		});

		it('sets and clears the receiver', async () => {
			expect((await h.ctl.get('/notifications/receiver')).data).toEqual({ receiver: null });
			const set = await h.ctl.post('/notifications/receiver', {
				url: 'http://127.0.0.1:9/hook',
				registeredUrl: 'https://hooks.example.org/hook',
			});
			expect(set.data).toEqual({
				receiver: {
					url: 'http://127.0.0.1:9/hook',
					registeredUrl: 'https://hooks.example.org/hook',
				},
			});
			const result = await h.ctl.post('/notifications/send', { eventType: 'shipment_packed' });
			expect(result.data.deliveries[0]).toMatchObject({
				status: null,
				error: expect.stringMatching(/ECONNREFUSED/),
			});
			expect((await h.ctl.get('/notifications/deliveries')).data.deliveries).toHaveLength(1);
			await h.ctl.delete('/notifications/deliveries');
			expect((await h.ctl.get('/notifications/deliveries')).data.deliveries).toEqual([]);
			expect((await h.ctl.post('/notifications/receiver', { url: 'ftp://x' })).status).toBe(400);
			expect((await h.ctl.post('/notifications/receiver', { url: null })).data).toEqual({
				receiver: null,
			});
		});
	});
});

describe('public API', () => {
	it('refuses non-loopback hosts', async () => {
		await expect(startSimulator({ host: '0.0.0.0' })).rejects.toThrow(
			'Refusing to listen on non-loopback host "0.0.0.0"',
		);
	});

	it('accepts other app ids and secrets', async () => {
		const h = await startHarness({
			selfApp: { appId: 'my-self', appSecret: 'my-secret' },
			partnerApp: {
				appId: 'my-partner',
				appSecret: 'p-secret',
				redirectUri: 'https://me.example.org/cb',
			},
		});
		try {
			expect(h.sim.demo.selfApp).toMatchObject({ appId: 'my-self', appSecret: 'my-secret' });
			expect(h.sim.demo.subscriptions[0]).toEqual({
				sellerId: 'SELLER-DEMO-1',
				locationId: 'LOC-DEMO-1',
				appId: 'my-self',
			});
			const res = await h.api.get('/oauth-service/oauth/token', {
				params: { grant_type: 'client_credentials' },
				headers: { Authorization: basic('my-self', 'my-secret') },
			});
			expect(res.status).toBe(200);
			expect(
				(
					await h.api.get('/oauth-service/oauth/token', {
						params: { grant_type: 'client_credentials' },
						headers: { Authorization: basic(SELF.appId, SELF.secret) },
					})
				).status,
			).toBe(401);
			expect(
				h.sim.control.issueAuthCode({ appId: 'my-partner', sellerId: 'SELLER-DEMO-1' }).redirectUri,
			).toBe('https://me.example.org/cb');
		} finally {
			await h.sim.close();
		}
	});
});

describe('CLI', () => {
	it('reads flags and environment variables (flags win)', () => {
		const { options, help } = parseCliArgs(
			[
				'--port',
				'0',
				'--packing-delay-ms=500',
				'--receiver-url',
				'http://127.0.0.1:5678/webhook/a',
				'--registered-url',
				'https://x.example.org/webhook/a',
				'--quiet',
			],
			{
				MKT_SIM_PORT: '9999',
				MKT_SIM_SELF_APP_ID: 'env-self',
				MKT_SIM_SELF_APP_SECRET: 'env-secret',
				MKT_SIM_PARTNER_APP_ID: 'env-partner',
				MKT_SIM_ACCESS_TOKEN_TTL: '60',
			},
		);
		expect(help).toBe(false);
		expect(options).toEqual({
			port: 0,
			quiet: true,
			packingDelayMs: 500,
			receiver: {
				url: 'http://127.0.0.1:5678/webhook/a',
				registeredUrl: 'https://x.example.org/webhook/a',
			},
			selfApp: { appId: 'env-self', appSecret: 'env-secret' },
			partnerApp: { appId: 'env-partner' },
			accessTokenTtlSec: 60,
		});
		expect(parseCliArgs([], {}).options).toEqual({ port: 8787, quiet: false });
		expect(parseCliArgs(['--help'], {}).help).toBe(true);
		expect(() => parseCliArgs(['--port', 'abc'], {})).toThrow('--port expects a number, got "abc"');
		expect(() => parseCliArgs(['--colour'], {})).toThrow('Unknown argument --colour (see --help)');
	});

	it('prints the addresses, both apps with secrets, the authorize URL and the control actions', async () => {
		const sim = await startSimulator({ packingDelayMs: 0 });
		try {
			const text = banner(sim);
			for (const expected of [
				sim.url,
				sim.controlUrl,
				'demo-self-app',
				'demo-self-secret-0001',
				'demo-partner-app',
				'demo-partner-secret-0001',
				sim.demo.partnerAuthorizeUrl,
				'/seed/shipments',
				'/clock/advance',
				'/faults',
				'/notifications/send',
			]) {
				expect(text).toContain(expected);
			}
		} finally {
			await sim.close();
		}
	});
});
