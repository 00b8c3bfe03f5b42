/**
 * Self access app credential (client credentials grant) against the running simulator over real
 * loopback HTTP, through n8n-core's HTTP stack and execution engine.
 */
import { MarketplaceSellerApi } from '../../credentials/MarketplaceSellerApi.credentials';
import type { Simulator } from '../../simulator';
import {
	basic,
	CredentialStore,
	n8nHttp,
	runAction,
	selfAccessCredential,
	SELF,
	simulator,
} from '../support/fixtures';

const credential = new MarketplaceSellerApi();
const tokenRoute = 'GET /oauth-service/oauth/token';

describe('Marketplace Seller API credential (client credentials)', () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await simulator();
	});
	afterAll(async () => {
		await sim.close();
	});
	beforeEach(() => {
		sim.control.reset();
	});

	it('fetches the token with GET, the client credentials query and HTTP Basic appid:app-secret', async () => {
		const output = await credential.preAuthentication.call(n8nHttp, selfAccessCredential(sim));

		const calls = sim.control.listCalls({ route: tokenRoute }).calls;
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('GET');
		expect(calls[0].path).toBe('/oauth-service/oauth/token');
		expect(calls[0].query).toEqual({ grant_type: 'client_credentials', scope: 'Seller_Api' });
		expect(calls[0].headers.authorization).toBe(basic('demo-self-app', 'demo-self-secret-0001'));
		expect(typeof output.accessToken).toBe('string');
		expect((output.accessToken as string).length).toBeGreaterThan(10);
		const stored = output.oauthTokenData as Record<string, string>;
		expect(stored.grant).toBe('client_credentials');
		// 60 days by default; the expiry is computed from expires_in of this very answer.
		const expiresIn = (Date.parse(stored.accessTokenExpiresAt) - Date.now()) / 1000;
		expect(expiresIn).toBeGreaterThan(5_184_000 - 120);
		expect(expiresIn).toBeLessThanOrEqual(5_184_000 + 1);
	});

	it('sends a comma-separated scope list unchanged', async () => {
		await credential.preAuthentication.call(
			n8nHttp,
			selfAccessCredential(sim, { scope: 'Seller_Api,Default' }),
		);
		expect(sim.control.listCalls({ route: tokenRoute }).calls[0].query.scope).toBe(
			'Seller_Api,Default',
		);
	});

	it('explains a wrong secret without showing it', async () => {
		const secret = 'wrong-secret-that-must-not-leak';
		const attempt = credential.preAuthentication.call(
			n8nHttp,
			selfAccessCredential(sim, { appSecret: secret }),
		);
		await expect(attempt).rejects.toThrow(
			'Getting an access token (client credentials grant) failed (HTTP 401): unauthorized: Bad credentials',
		);
		const error = await attempt.catch((caught: Error & { hint?: string }) => caught);
		expect(error.hint).toMatch(/App ID and App Secret/);
		expect(JSON.stringify({ message: error.message, hint: error.hint })).not.toContain(secret);
	});

	it('names an unknown App ID', async () => {
		await expect(
			credential.preAuthentication.call(
				n8nHttp,
				selfAccessCredential(sim, { appId: 'no-such-app' }),
			),
		).rejects.toThrow(/No client with requested id: no-such-app/);
	});

	it('refuses plain http to a non-loopback host before sending anything', async () => {
		await expect(
			credential.preAuthentication.call(
				n8nHttp,
				selfAccessCredential(sim, { productionBaseUrl: 'http://api.example.com' }),
			),
		).rejects.toThrow(/plain http:\/\/ for api.example.com.*HTTPS only/);
		await expect(
			credential.preAuthentication.call(
				n8nHttp,
				selfAccessCredential(sim, { productionBaseUrl: '{base_url}' }),
			),
		).rejects.toThrow(/still the placeholder \{base_url\}/);
		expect(sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('uses the sandbox base URL when the environment is sandbox', async () => {
		const data = selfAccessCredential(sim, {
			environment: 'sandbox',
			productionBaseUrl: 'https://production.invalid',
			sandboxBaseUrl: sim.url,
		});
		await credential.preAuthentication.call(n8nHttp, data);
		expect(sim.control.listCalls({ route: tokenRoute }).calls).toHaveLength(1);
	});

	it('fetches the token once for many executions and sends it as Bearer', async () => {
		const store = new CredentialStore();
		store.set(SELF, selfAccessCredential(sim));
		const search = {
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			returnAll: false,
			limit: 1,
		};
		for (let run = 0; run < 3; run++) {
			const result = await runAction(store, SELF, search);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
		}
		expect(sim.control.listCalls({ route: tokenRoute }).calls).toHaveLength(1);
		const token = store.get(SELF).accessToken as string;
		const searches = sim.control.listCalls({ route: 'POST /sellers/v3/shipments/filter' }).calls;
		expect(searches).toHaveLength(3);
		for (const call of searches) expect(call.headers.authorization).toBe(`Bearer ${token}`);
	});

	it('fetches a new token once when the stored one has expired, and the call succeeds', async () => {
		const store = new CredentialStore();
		store.set(SELF, selfAccessCredential(sim));
		const search = {
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			returnAll: false,
			limit: 1,
		};
		await runAction(store, SELF, search);
		const oldToken = store.get(SELF).accessToken as string;
		sim.control.expireTokens({ token: oldToken });
		sim.control.clearCalls();

		const result = await runAction(store, SELF, search);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const calls = sim.control.listCalls({}).calls.map((call) => `${call.route} ${call.status}`);
		expect(calls).toEqual([
			'POST /sellers/v3/shipments/filter 401',
			`${tokenRoute} 200`,
			'POST /sellers/v3/shipments/filter 200',
		]);
		const newToken = store.get(SELF).accessToken as string;
		expect(newToken).not.toBe(oldToken);
		expect(
			sim.control.listCalls({ route: 'POST /sellers/v3/shipments/filter' }).calls[1].headers
				.authorization,
		).toBe(`Bearer ${newToken}`);
	});

	it('gives the same token back while it is valid, with a shrinking lifetime', async () => {
		const first = await credential.preAuthentication.call(n8nHttp, selfAccessCredential(sim));
		sim.control.advanceClock({ seconds: 3600 });
		const second = await credential.preAuthentication.call(
			n8nHttp,
			selfAccessCredential(sim, { accessToken: 'another' }),
		);
		expect(second.accessToken).toBe(first.accessToken);
		const firstExpiry = Date.parse(
			(first.oauthTokenData as Record<string, string>).accessTokenExpiresAt,
		);
		const secondExpiry = Date.parse(
			(second.oauthTokenData as Record<string, string>).accessTokenExpiresAt,
		);
		// Same instant on the simulator's clock: ~3600 s less remaining, computed from this answer.
		expect(firstExpiry - secondExpiry).toBeGreaterThan(3_500_000);
	});
});
