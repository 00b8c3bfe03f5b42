/**
 * The action node and its credentials together: the token is fetched once per lifetime across
 * executions and operations, renewed once when it expires, and no secret or token ever appears
 * in an error message, description or error item, even when the marketplace echoes the token.
 */
import {
	accessToken,
	apiCalls,
	callsOf,
	expectBearer,
	failed,
	LOC_1,
	ok,
	PARTNER,
	partnerStore,
	runAction,
	seedInState,
	SELF,
	SELLER_1,
	TOKEN_ROUTE,
	tokenCalls,
	useSimulator,
	visibleText,
} from './helpers';
import axios from 'axios';

import { basic, CredentialStore, selfAccessCredential } from '../support/fixtures';

const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 2,
};

describe('Credentials in the action node', () => {
	const env = useSimulator();

	it('fetches the token once for many executions of different operations, and sends it as Bearer on every call', async () => {
		const packed = seedInState(env.sim, 2, 'PACKED');
		const skus = env.sim.control.seedListings({ count: 2 }).skus;
		ok(await runAction(env.store, SELF, search));
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: packed.join(','),
			}),
		);
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'downloadLabels',
				shipmentIds: packed.join(','),
			}),
		);
		ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'get',
				skus: skus.join(','),
			}),
		);
		ok(
			await runAction(env.store, SELF, {
				resource: 'notificationSubscription',
				operation: 'update',
				sellerId: SELLER_1,
				locationId: LOC_1,
			}),
		);
		ok(
			await runAction(env.store, SELF, {
				resource: 'return',
				operation: 'getAll',
				source: 'customer_return',
				returnAll: false,
				limit: 1,
			}),
		);

		expect(tokenCalls(env.sim)).toHaveLength(1);
		expect(apiCalls(env.sim)).toHaveLength(6);
		expectBearer(apiCalls(env.sim), accessToken(env.store));
	});

	it('the third party credential exchanges its code once, then reuses the token across executions', async () => {
		const store = await partnerStore(env.sim);
		for (let run = 0; run < 4; run++) ok(await runAction(store, PARTNER, search));
		expect(tokenCalls(env.sim).map((call) => call.query.grant_type)).toEqual([
			'authorization_code',
		]);
		expectBearer(apiCalls(env.sim), accessToken(store, PARTNER));
	});

	it('renews an expired token exactly once and keeps using the new one', async () => {
		ok(await runAction(env.store, SELF, search));
		const first = accessToken(env.store);
		env.sim.control.expireTokens({ token: first });
		for (let run = 0; run < 3; run++) ok(await runAction(env.store, SELF, search));
		const second = accessToken(env.store);
		expect(second).not.toBe(first);
		expect(tokenCalls(env.sim)).toHaveLength(2);
		const searches = callsOf(env.sim, 'POST /sellers/v3/shipments/filter');
		expect(searches.map((call) => call.status)).toEqual([200, 401, 200, 200, 200]);
		expectBearer(searches.slice(2), second);
	});

	it('the third party credential renews with the refresh grant when the access token expires', async () => {
		const store = await partnerStore(env.sim);
		ok(await runAction(store, PARTNER, search));
		env.sim.control.expireTokens({ token: accessToken(store, PARTNER) });
		ok(await runAction(store, PARTNER, search));
		ok(await runAction(store, PARTNER, search));
		expect(tokenCalls(env.sim).map((call) => call.query.grant_type)).toEqual([
			'authorization_code',
			'refresh_token',
		]);
	});

	describe('no secret or token in errors', () => {
		/** Every token the simulator issued, and the app secrets. */
		function secrets(): string[] {
			return [
				...env.sim.control.listTokens({}).tokens.map((token) => token.token),
				env.sim.demo.selfApp.appSecret,
				env.sim.demo.partnerApp.appSecret,
			];
		}

		function expectClean(text: string): void {
			for (const secret of secrets()) expect(text).not.toContain(secret);
		}

		it('a 401 whose body echoes the token ("Access token expired: <token>") on a first execution', async () => {
			// Every token is born expired: the call, the renewal and the retry all fail with the simulator's echo.
			env.sim.control.setConfig({ accessTokenTtlSec: 0 });
			const error = failed(await runAction(env.store, SELF, search));
			const calls = callsOf(env.sim, 'POST /sellers/v3/shipments/filter');
			expect(calls.map((call) => call.status)).toEqual([401, 401]);
			expect(tokenCalls(env.sim)).toHaveLength(2);
			expect(error.message).toMatch(/^Search shipments failed: invalid_token: .*\(HTTP 401\)$/);
			expect(error.message).toContain('[redacted]');
			expect(error.description).toMatch(
				/refused the access token even after n8n fetched a new one/,
			);
			expectClean(visibleText(error));
		});

		it('a 401 body echoing the token in any wording, on a later execution', async () => {
			ok(await runAction(env.store, SELF, search));
			const token = accessToken(env.store);
			env.sim.control.addFault({
				route: 'POST /sellers/v3/shipments/filter',
				status: 401,
				body: {
					error: 'invalid_token',
					error_description: `Token ${token} is no longer accepted`,
					message: token,
				},
				times: -1,
			});
			const error = failed(await runAction(env.store, SELF, search));
			expect(error.message).toMatch(/HTTP 401/);
			expectClean(visibleText(error));
			expect(visibleText(error)).not.toContain(token);
		});

		it('a 401 body echoing the token in any wording, on the execution that fetched the token', async () => {
			// The client credentials grant hands out the live token again: know it before the node does.
			const response = await axios.get(`${env.sim.url}/oauth-service/oauth/token`, {
				params: { grant_type: 'client_credentials', scope: 'Seller_Api' },
				headers: { Authorization: basic('demo-self-app', 'demo-self-secret-0001') },
			});
			const token = String(response.data.access_token);
			env.sim.control.addFault({
				route: 'POST /sellers/v3/shipments/filter',
				status: 401,
				body: { error: 'invalid_token', message: `Rejected ${token} for this resource` },
				times: -1,
			});
			const error = failed(await runAction(env.store, SELF, search));
			expect(accessToken(env.store)).toBe(token);
			expect(error.message).toBe(
				'Search shipments failed: invalid_token: Rejected [redacted] for this resource (HTTP 401)',
			);
			expectClean(visibleText(error));
		});

		it('a download answer that is not a PDF and echoes the token', async () => {
			const [packed] = seedInState(env.sim, 1, 'PACKED');
			ok(await runAction(env.store, SELF, search));
			const token = accessToken(env.store);
			env.sim.control.addFault({
				route: 'GET /sellers/v3/shipments/{ids}/labels',
				status: 200,
				headers: { 'Content-Type': 'text/plain' },
				body: `session ${token} has no label yet`,
			});
			const error = failed(
				await runAction(env.store, SELF, {
					resource: 'shipment',
					operation: 'downloadLabels',
					shipmentIds: packed,
				}),
			);
			expect(error.description).toContain('session [redacted] has no label yet');
			expectClean(visibleText(error));
		});

		it('continueOnFail error items do not carry the token either', async () => {
			ok(await runAction(env.store, SELF, search));
			const token = accessToken(env.store);
			env.sim.control.addFault({
				route: 'POST /sellers/v3/notification/subscription',
				status: 401,
				body: { error: 'invalid_token', error_description: `Access token expired: ${token}` },
				times: -1,
			});
			const items = ok(
				await runAction(
					env.store,
					SELF,
					{
						resource: 'notificationSubscription',
						operation: 'update',
						sellerId: SELLER_1,
						locationId: LOC_1,
					},
					[{}],
					true,
				),
			);
			expect(items[0].json.error).toMatch(/HTTP 401/);
			expectClean(JSON.stringify(items));
		});

		it('a per-shipment errorMessage echoing the token', async () => {
			const [packed] = seedInState(env.sim, 1, 'PACKED');
			ok(await runAction(env.store, SELF, search));
			const token = accessToken(env.store);
			env.sim.control.injectShipmentFailure({
				shipmentIds: [packed],
				operation: 'dispatch',
				errorCode: 'UNAUTHORIZED',
				errorMessage: `Bearer ${token} not allowed`,
			});
			const items = ok(
				await runAction(
					env.store,
					SELF,
					{ resource: 'shipment', operation: 'dispatch', shipmentIds: packed, locationId: LOC_1 },
					[{}],
					true,
				),
			);
			expect(items[0].json.errorCode).toBe('UNAUTHORIZED');
			expectClean(JSON.stringify(items));
			const error = failed(
				await runAction(env.store, SELF, {
					resource: 'shipment',
					operation: 'dispatch',
					shipmentIds: packed,
					locationId: LOC_1,
				}),
			);
			expectClean(visibleText(error));
		});

		it('a wrong app secret: the token service message, without the secret', async () => {
			const store = new CredentialStore();
			const secret = 'wrong-secret-1234567890';
			store.set(SELF, selfAccessCredential(env.sim, { appSecret: secret }));
			const error = failed(await runAction(store, SELF, search));
			expect(error.message).toMatch(/Bad credentials/);
			expect(visibleText(error)).not.toContain(secret);
			expect(apiCalls(env.sim)).toHaveLength(0);
		});

		it('a revoked refresh token: re-authorization asked for, the refresh token not shown', async () => {
			const store = await partnerStore(env.sim);
			ok(await runAction(store, PARTNER, search));
			const refresh = String(
				(store.get(PARTNER).oauthTokenData as Record<string, unknown>).refreshToken,
			);
			env.sim.control.revokeTokens({ appId: 'demo-partner-app' });
			const error = failed(await runAction(store, PARTNER, search));
			expect(error.message).toMatch(/authorize the app again/);
			expect(visibleText(error)).not.toContain(refresh);
			expectClean(visibleText(error));
			expect(tokenCalls(env.sim).map((call) => call.query.grant_type)).toEqual([
				'authorization_code',
				'refresh_token',
			]);
		});
	});

	it('a base URL that is not allowed is refused before anything is sent', async () => {
		const store = new CredentialStore();
		store.set(SELF, selfAccessCredential(env.sim, { productionBaseUrl: 'http://api.example.com' }));
		const error = failed(await runAction(store, SELF, search));
		expect(error.message).toMatch(/plain http:\/\/ for api.example.com/);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		expect(callsOf(env.sim, TOKEN_ROUTE)).toHaveLength(0);
	});
});
