/**
 * Token > Check Expiry (docs/marketplace-api/authentication.md#token-expiry-check) for the credential's access token, the third party
 * credential's refresh token, or a given token; Authorization > Get Authorization URL (docs/marketplace-api/authentication.md#authorization-code-flow)
 * with a signed state (Complete Authorization: completeAuthorization.test.ts), for third party apps only.
 */
import axios from 'axios';

import { basic } from '../support/fixtures';
import {
	accessToken,
	apiCalls,
	CredentialStore,
	failed,
	ok,
	PARTNER,
	partnerStore,
	runAction,
	SELF,
	tokenCalls,
	useSimulator,
	visibleText,
} from './helpers';
import { partnerCredential } from '../support/fixtures';

const EXPIRY = 'GET /oauth-service/oauth/token/expiry';
const check = (extra: Record<string, unknown> = {}) => ({
	resource: 'token',
	operation: 'checkExpiry',
	...extra,
});
const warmUp = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 1,
};

describe('Token > Check Expiry', () => {
	const env = useSimulator();

	it('checks the access token of the self access credential with GET, token_type=access and HTTP Basic', async () => {
		ok(await runAction(env.store, SELF, warmUp));
		const token = accessToken(env.store);
		env.sim.control.clearCalls();

		const items = ok(await runAction(env.store, SELF, check({ tokenSource: 'credentialAccess' })));

		const calls = env.sim.control.listCalls({ route: EXPIRY }).calls;
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('GET');
		expect(calls[0].path).toBe('/oauth-service/oauth/token/expiry');
		expect(calls[0].query).toEqual({ token_type: 'access', token });
		expect(calls[0].headers.authorization).toBe(basic('demo-self-app', 'demo-self-secret-0001'));
		expect(env.sim.control.listCalls({}).calls).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			expired: false,
			tokenType: 'access_token',
			expiresIn: expect.any(Number),
			tokenSource: 'credentialAccess',
			expiresAt: expect.any(String),
		});
		expect(items[0].json.expiresIn as number).toBeGreaterThan(5_184_000 - 120);
		expect(Date.parse(String(items[0].json.expiresAt)) - Date.now()).toBeGreaterThan(
			(5_184_000 - 120) * 1000,
		);
		// The token itself is never put in the output.
		expect(JSON.stringify(items)).not.toContain(token);
	});

	it('reports an expired access token as expired', async () => {
		ok(await runAction(env.store, SELF, warmUp));
		env.sim.control.expireTokens({ token: accessToken(env.store) });
		const items = ok(await runAction(env.store, SELF, check({ tokenSource: 'credentialAccess' })));
		expect(items[0].json).toMatchObject({ expired: true, tokenType: 'access_token', expiresIn: 0 });
	});

	it('checks the refresh token of the third party credential (token_type=refresh, partner Basic)', async () => {
		const store = await partnerStore(env.sim);
		ok(await runAction(store, PARTNER, warmUp));
		const refresh = String(
			(store.get(PARTNER).oauthTokenData as Record<string, unknown>).refreshToken,
		);
		env.sim.control.clearCalls();

		const items = ok(await runAction(store, PARTNER, check({ tokenSource: 'credentialRefresh' })));

		const calls = env.sim.control.listCalls({}).calls;
		expect(calls).toHaveLength(1);
		expect(calls[0].route).toBe(EXPIRY);
		expect(calls[0].query).toEqual({ token_type: 'refresh', token: refresh });
		expect(calls[0].headers.authorization).toBe(
			basic('demo-partner-app', 'demo-partner-secret-0001'),
		);
		expect(items[0].json).toMatchObject({
			expired: false,
			tokenType: 'refresh_token',
			tokenSource: 'credentialRefresh',
		});
		expect(items[0].json.expiresIn as number).toBeGreaterThan(15_552_000 - 120);
		expect(JSON.stringify(items)).not.toContain(refresh);
	});

	it('checks a given token', async () => {
		const store = await partnerStore(env.sim);
		ok(await runAction(store, PARTNER, warmUp));
		const partnerAccess = accessToken(store, PARTNER);
		env.sim.control.clearCalls();
		const items = ok(
			await runAction(
				store,
				PARTNER,
				check({ tokenSource: 'given', tokenType: 'access', token: `  ${partnerAccess} ` }),
			),
		);
		expect(env.sim.control.listCalls({}).calls.map((call) => call.query)).toEqual([
			{ token_type: 'access', token: partnerAccess },
		]);
		expect(items[0].json).toMatchObject({
			expired: false,
			tokenType: 'access_token',
			tokenSource: 'given',
		});
	});

	it('one check per input item, each paired', async () => {
		ok(await runAction(env.store, SELF, warmUp));
		const items = ok(
			await runAction(env.store, SELF, check({ tokenSource: 'credentialAccess' }), [{}, {}]),
		);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(env.sim.control.listCalls({ route: EXPIRY }).calls).toHaveLength(2);
	});

	it('an unknown given token: the marketplace message, without the token', async () => {
		const secretish = 'given-token-value-that-must-not-be-shown';
		const error = failed(
			await runAction(
				env.store,
				SELF,
				check({ tokenSource: 'given', tokenType: 'refresh', token: secretish }),
			),
		);
		expect(error.message).toBe(
			'Check token expiry failed: invalid_token: Token was not recognised (HTTP 400)',
		);
		expect(visibleText(error)).not.toContain(secretish);
	});

	it('refuses the refresh token of a self access credential before any request', async () => {
		ok(await runAction(env.store, SELF, warmUp));
		env.sim.control.clearCalls();
		const error = failed(
			await runAction(env.store, SELF, check({ tokenSource: 'credentialRefresh' })),
		);
		expect(error.message).toBe('A self access app has no refresh token');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('explains a credential that holds no token yet, before any request', async () => {
		const error = failed(
			await runAction(env.store, SELF, check({ tokenSource: 'credentialAccess' })),
		);
		expect(error.message).toBe('The credential holds no access token yet');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Authorization > Get Authorization URL', () => {
	const env = useSimulator();
	const getUrl = (extra: Record<string, unknown> = {}) => ({
		resource: 'authorization',
		operation: 'getUrl',
		...extra,
	});

	function partnerWithoutCode(): CredentialStore {
		const store = new CredentialStore();
		store.set(PARTNER, partnerCredential(env.sim));
		return store;
	}

	it('builds the consent URL with every query field and a signed state per item, without any request', async () => {
		const items = ok(
			await runAction(
				partnerWithoutCode(),
				PARTNER,
				getUrl({ sellerReference: '={{ $json.ref }}' }),
				[{ ref: 'acme-1' }, { ref: 'acme-2' }],
			),
		);

		expect(items).toHaveLength(2);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		const states = items.map((item) => String(item.json.state));
		for (const [index, item] of items.entries()) {
			const url = new URL(String(item.json.authorizationUrl));
			expect(`${url.origin}${url.pathname}`).toBe(`${env.sim.url}/oauth-service/oauth/authorize`);
			expect(Object.fromEntries(url.searchParams)).toEqual({
				client_id: 'demo-partner-app',
				redirect_uri: 'https://partner.example.com/oauth/callback',
				response_type: 'code',
				scope: 'Seller_Api',
				state: states[index],
			});
			expect(item.json).toEqual({
				authorizationUrl: expect.any(String),
				sellerReference: `acme-${index + 1}`,
				state: expect.stringMatching(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/),
				expiresAt: expect.any(String),
				clientId: 'demo-partner-app',
				redirectUri: 'https://partner.example.com/oauth/callback',
				scope: 'Seller_Api',
			});
			expect(item.pairedItem).toEqual({ item: index });
			expect(JSON.stringify(item.json)).not.toContain('demo-partner-secret-0001');
		}
		expect(states[0]).not.toBe(states[1]);
	});

	it('the URL works: the marketplace redirects with a code and the same state', async () => {
		const items = ok(
			await runAction(partnerWithoutCode(), PARTNER, getUrl({ sellerReference: 'acme-1' })),
		);
		const url = `${String(items[0].json.authorizationUrl)}&seller_id=SELLER-DEMO-1`;
		const response = await axios.get(url, { maxRedirects: 0, validateStatus: () => true });
		expect(response.status).toBe(302);
		const location = new URL(response.headers.location as string);
		expect(`${location.origin}${location.pathname}`).toBe(
			'https://partner.example.com/oauth/callback',
		);
		expect(location.searchParams.get('state')).toBe(items[0].json.state);
		expect(location.searchParams.get('code')).toMatch(/.{8,}/);
		expect(tokenCalls(env.sim)).toHaveLength(0);
	});

	it('is refused for the self access credential, before any request', async () => {
		const error = failed(await runAction(env.store, SELF, getUrl({ sellerReference: 'acme-1' })));
		expect(error.message).toBe('Authorization URLs are for third party apps');
		// n8n 2.x shows the app kind in the credential selector, not as an Authentication field.
		expect(error.description).toMatch(/^Choose a "Marketplace Seller OAuth2 API" credential/);
		expect(error.description).not.toMatch(/Authentication/);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		expect(apiCalls(env.sim)).toHaveLength(0);
	});
});
