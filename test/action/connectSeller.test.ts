/**
 * Authorization > Connect Seller (issue 24): the redirect is checked, the code exchanged with
 * the partner credential (proving it genuine), and the seller's "Marketplace Seller OAuth2 API"
 * credential created, or updated in place for the same seller reference, through n8n's public
 * API with an n8n API credential. The App Secret, tokens and code never reach a workflow
 * parameter or an output item.
 */
import type { IDataObject } from 'n8n-workflow';

import { findSecret } from '../hardening/support/secretGuard';
import {
	CredentialStore,
	failed,
	ok,
	PARTNER,
	runAction,
	tokenCalls,
	useSimulator,
	type Loose,
} from './helpers';
import {
	authorize,
	connect,
	partnerWithN8n,
	runOnboarding,
	stateFor,
	useFakeN8nApi,
} from './onboardingHelpers';

const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 2,
};

describe('Authorization > Connect Seller', () => {
	const env = useSimulator();
	const n8n = useFakeN8nApi();

	function credentialsNamed(name: string) {
		return [...n8n.api.credentials.values()].filter((credential) => credential.name === name);
	}

	it('creates the seller credential from the partner credential after exchanging the code; the output holds no secret', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const { query } = await authorize(env.sim, store, 'acme-store-042');
		env.sim.control.clearCalls();

		const items = ok(await runOnboarding(store, connect(), [{ query }], { staticData: {} }));

		expect(items).toEqual([
			{
				json: {
					sellerReference: 'acme-store-042',
					credentialId: expect.any(String),
					credentialName: 'Marketplace Seller - acme-store-042',
					credentialType: 'marketplaceSellerOAuth2Api',
					credentialAction: 'created',
					accessTokenExpiresAt: expect.any(String),
					refreshTokenExpiresAt: expect.any(String),
				},
				pairedItem: { item: 0 },
			},
		]);
		// The code was exchanged once, with the partner app's keys, before the credential existed.
		expect(tokenCalls(env.sim).map((call) => call.query.grant_type)).toEqual([
			'authorization_code',
		]);
		const posts = n8n.api.requests.filter((request) => request.method === 'POST');
		expect(posts).toHaveLength(1);
		const [created] = credentialsNamed('Marketplace Seller - acme-store-042');
		expect(created.id).toBe(items[0].json.credentialId);
		const app = env.sim.demo.partnerApp;
		expect(created.data).toEqual({
			appId: app.appId,
			appSecret: app.appSecret,
			redirectUrl: app.redirectUri,
			environment: 'production',
			productionBaseUrl: env.sim.url,
			sandboxBaseUrl: '',
			scope: 'Seller_Api',
			authorizationCode: '',
			authorizationState: '',
			connectSellerTokens: expect.stringMatching(/^\{/),
		});
		const handed = JSON.parse(String(created.data.connectSellerTokens)) as Loose;
		// Nothing the credential holds is visible in the output: not the secret, the tokens, the code.
		const secrets = [app.appSecret, handed.accessToken, handed.refreshToken, query.code];
		expect(findSecret(JSON.stringify(items), secrets)).toBeUndefined();

		// The new credential works at once, for the seller who approved, without another grant.
		const seller = new CredentialStore();
		seller.set(PARTNER, created.data as IDataObject as never);
		env.sim.control.clearCalls();
		ok(await runAction(seller, PARTNER, search));
		expect(tokenCalls(env.sim)).toHaveLength(0);
		const stored = seller.get(PARTNER);
		expect(stored.accessToken).toBe(handed.accessToken);
		expect(stored.connectSellerTokens).toBe('');
		const [token] = env.sim.control.listTokens({ appId: app.appId, kind: 'access' })
			.tokens as Loose[];
		expect(token.sellerId).toBe('SELLER-DEMO-2');
		// Its refresh token is kept for later renewals.
		expect(JSON.parse(String(stored.tokenState)).refreshToken).toBe(handed.refreshToken);
	});

	it('a second approval for the same seller reference updates the same credential in place', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const first = await authorize(env.sim, store, 'acme-2');
		const [one] = ok(
			await runOnboarding(store, connect(), [{ query: first.query }], { staticData: {} }),
		);
		const before = JSON.parse(
			String(credentialsNamed('Marketplace Seller - acme-2')[0].data.connectSellerTokens),
		) as Loose;

		const second = await authorize(env.sim, store, 'acme-2', 'SELLER-DEMO-1');
		const [two] = ok(
			await runOnboarding(store, connect(), [{ query: second.query }], { staticData: {} }),
		);

		expect(two.json.credentialAction).toBe('updated');
		expect(two.json.credentialId).toBe(one.json.credentialId);
		const named = credentialsNamed('Marketplace Seller - acme-2');
		expect(named).toHaveLength(1);
		const after = JSON.parse(String(named[0].data.connectSellerTokens)) as Loose;
		expect(after.refreshToken).not.toBe(before.refreshToken);
		const patch = n8n.api.requests.filter((request) => request.method === 'PATCH');
		expect(patch.map((request) => request.path)).toEqual([
			`/api/v1/credentials/${String(one.json.credentialId)}`,
		]);
		// A full replacement: the old credential's stored tokens do not survive it.
		expect((patch[0].body as Loose).isPartialData).toBeUndefined();
	});

	it('finds the existing credential on a later page of the list', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const first = await authorize(env.sim, store, 'acme-3');
		ok(await runOnboarding(store, connect(), [{ query: first.query }], { staticData: {} }));
		// 300 newer credentials push it past the first page (n8n lists newest first, 250 at most).
		for (let index = 0; index < 300; index++) {
			n8n.api.credentials.set(`filler${index}`, {
				id: `filler${index}`,
				name: `Other ${index}`,
				type: 'marketplaceSellerOAuth2Api',
				data: {},
				createdAt: new Date().toISOString(),
				updatedAt: new Date().toISOString(),
			});
		}
		const second = await authorize(env.sim, store, 'acme-3');
		const [item] = ok(
			await runOnboarding(store, connect(), [{ query: second.query }], { staticData: {} }),
		);
		expect(item.json.credentialAction).toBe('updated');
		expect(credentialsNamed('Marketplace Seller - acme-3')).toHaveLength(1);
	});

	it('refuses, before exchanging the code, when two credentials already carry the seller name', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		for (const id of ['dup1', 'dup2']) {
			n8n.api.credentials.set(id, {
				id,
				name: 'Marketplace Seller - acme-4',
				type: 'marketplaceSellerOAuth2Api',
				data: {},
				createdAt: '2026-01-01T00:00:00.000Z',
				updatedAt: '2026-01-01T00:00:00.000Z',
			});
		}
		const { query } = await authorize(env.sim, store, 'acme-4');
		env.sim.control.clearCalls();
		const error = failed(await runOnboarding(store, connect(), [{ query }], { staticData: {} }));
		expect(error.message).toBe(
			'2 credentials are named "Marketplace Seller - acme-4": Connect Seller cannot tell which to update',
		);
		expect(error.description).toMatch(/Delete or rename all but one/);
		expect(tokenCalls(env.sim)).toHaveLength(0);
	});

	it('a code the marketplace refuses creates nothing: the code is proven genuine before any credential exists', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const { query } = await authorize(env.sim, store, 'acme-8');
		// A well-formed code the marketplace never issued, with the genuine state.
		const result = await runOnboarding(
			store,
			connect(),
			[{ query: { ...query, code: 'AbC123xyz' } }],
			{
				staticData: {},
			},
		);
		const error = failed(result);
		expect(result.items).toHaveLength(0);
		expect(error.message).toMatch(/^The marketplace did not accept the seller's code: /);
		expect(error.description).toMatch(/^No credential was created or changed\./);
		expect(tokenCalls(env.sim).map((call) => call.status)).toEqual([400]);
		expect(n8n.api.requests.map((request) => request.method)).toEqual(['GET']);
		expect(n8n.api.credentials.size).toBe(0);
	});

	it('a failing n8n API: a clear error naming the n8n API credential, no output', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const { query } = await authorize(env.sim, store, 'acme-5');
		store.set('n8nApi', { apiKey: 'wrong-key-0123456789', baseUrl: n8n.api.baseUrl });
		env.sim.control.clearCalls();
		const result = await runOnboarding(store, connect(), [{ query }], { staticData: {} });
		const error = failed(result);
		expect(result.items).toHaveLength(0);
		expect(error.message).toBe("n8n's API refused the n8n API credential (401)");
		expect(error.description).toMatch(/API key/);
		expect(tokenCalls(env.sim)).toHaveLength(0);
	});

	it('the seller reference chooses the name; a prefix option changes it', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const { query } = await authorize(env.sim, store, 'acme-6');
		const [item] = ok(
			await runOnboarding(
				store,
				connect({ options: { credentialNamePrefix: 'Shop: ' } }),
				[{ query }],
				{ staticData: {} },
			),
		);
		expect(item.json.credentialName).toBe('Shop: acme-6');
		expect(credentialsNamed('Shop: acme-6')).toHaveLength(1);
	});

	it('continueOnFail: a refused redirect is an error item for its own item; the other seller is connected', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const { query } = await authorize(env.sim, store, 'acme-7');
		const expired = {
			code: 'AbC123',
			state: stateFor(env.sim, 'acme-x', Date.now() - 20 * 60_000),
		};
		const items = ok(
			await runOnboarding(store, connect(), [{ query: expired }, { query }], {
				staticData: {},
				continueOnFail: true,
			}),
		);
		expect(
			items.map((item) => [item.json.sellerReference, item.json.error, item.pairedItem]),
		).toEqual([
			[undefined, expect.stringMatching(/^The authorization link expired/), { item: 0 }],
			['acme-7', undefined, { item: 1 }],
		]);
	});
});
