/**
 * Third party app credential (authorization code + refresh) against the running simulator:
 * the code exchange, refresh with a rotating refresh token, and re-authorization messages.
 */
import axios from 'axios';

import { MarketplaceSellerOAuth2Api } from '../../credentials/MarketplaceSellerOAuth2Api.credentials';
import type { Simulator } from '../../simulator';
import {
	basic,
	CredentialStore,
	n8nHttp,
	PARTNER,
	partnerCredential,
	runAction,
	simulator,
} from '../support/fixtures';

const credential = new MarketplaceSellerOAuth2Api();
const tokenRoute = 'GET /oauth-service/oauth/token';
const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 1,
};

function newCode(sim: Simulator, sellerId = 'SELLER-DEMO-1', state = 'state-123') {
	return sim.control.issueAuthCode({
		appId: 'demo-partner-app',
		sellerId,
		redirectUri: sim.demo.partnerApp.redirectUri,
		state,
	});
}

function expectAuthorizationUrl(message: string, sim: Simulator) {
	const match = /[Oo]pen (\S+) /.exec(message);
	expect(match).not.toBeNull();
	const url = new URL(match![1]);
	expect(`${url.origin}${url.pathname}`).toBe(`${sim.url}/oauth-service/oauth/authorize`);
	expect(url.searchParams.get('client_id')).toBe('demo-partner-app');
	expect(url.searchParams.get('redirect_uri')).toBe(sim.demo.partnerApp.redirectUri);
	expect(url.searchParams.get('response_type')).toBe('code');
	expect(url.searchParams.get('scope')).toBe('Seller_Api');
	expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
}

describe('Marketplace Seller OAuth2 API credential (authorization code)', () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await simulator();
	});
	afterAll(async () => {
		await sim.close();
	});
	beforeEach(() => {
		sim.control.reset();
		sim.control.setConfig({ accessTokenTtlSec: 5_184_000, refreshTokenTtlSec: 15_552_000 });
	});

	it('exchanges the code once with GET, the documented query and HTTP Basic', async () => {
		const { code } = newCode(sim);
		const output = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: code, authorizationState: 'state-123' }),
		);

		const calls = sim.control.listCalls({ route: tokenRoute }).calls;
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('GET');
		expect(calls[0].query).toEqual({
			grant_type: 'authorization_code',
			redirect_uri: 'https://partner.example.com/oauth/callback',
			code,
			state: 'state-123',
		});
		expect(calls[0].headers.authorization).toBe(
			basic('demo-partner-app', 'demo-partner-secret-0001'),
		);
		const stored = output.oauthTokenData as Record<string, string>;
		expect(typeof output.accessToken).toBe('string');
		expect(stored.refreshToken).toMatch(/.{16,}/);
		expect(stored.codeFingerprint).toMatch(/^[0-9a-f]{32}$/);
		expect(JSON.stringify(stored)).not.toContain(code);
	});

	it('takes the code and state from a pasted redirect address', async () => {
		const { code } = newCode(sim, 'SELLER-DEMO-1', 'from-url');
		const pasted = `https://partner.example.com/oauth/callback?code=${encodeURIComponent(code)}&state=from-url`;
		await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: pasted }),
		);
		const query = sim.control.listCalls({ route: tokenRoute }).calls[0].query;
		expect(query.code).toBe(code);
		expect(query.state).toBe('from-url');
	});

	it('uses the refresh grant afterwards, not the code again', async () => {
		const { code } = newCode(sim);
		const first = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: code }),
		);
		sim.control.clearCalls();

		const second = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, {
				authorizationCode: code,
				accessToken: first.accessToken as string,
				oauthTokenData: first.oauthTokenData as never,
			}),
		);

		const calls = sim.control.listCalls({ route: tokenRoute }).calls;
		expect(calls).toHaveLength(1);
		expect(calls[0].query).toEqual({
			grant_type: 'refresh_token',
			refresh_token: (first.oauthTokenData as Record<string, string>).refreshToken,
		});
		expect(calls[0].headers.authorization).toBe(
			basic('demo-partner-app', 'demo-partner-secret-0001'),
		);
		expect(second.accessToken).not.toBe(first.accessToken);
		// More than 21 days left: the same refresh token comes back and stays stored.
		expect((second.oauthTokenData as Record<string, string>).refreshToken).toBe(
			(first.oauthTokenData as Record<string, string>).refreshToken,
		);
	});

	it('persists a rotated refresh token and uses it next time', async () => {
		// A refresh token with 20 days left is replaced on refresh (21-day renewal buffer, docs/marketplace-api/authentication.md#refresh-token-renewal).
		sim.control.setConfig({ refreshTokenTtlSec: 20 * 86_400 });
		const store = new CredentialStore();
		store.set(PARTNER, partnerCredential(sim, { authorizationCode: newCode(sim).code }));
		expect((await runAction(store, PARTNER, search)).error).toBeUndefined();
		const firstRefresh = (store.get(PARTNER).oauthTokenData as Record<string, string>).refreshToken;

		sim.control.expireTokens({ token: store.get(PARTNER).accessToken as string });
		expect((await runAction(store, PARTNER, search)).error).toBeUndefined();
		const secondRefresh = (store.get(PARTNER).oauthTokenData as Record<string, string>)
			.refreshToken;
		expect(secondRefresh).not.toBe(firstRefresh);
		expect(
			sim.control.listTokens({ kind: 'refresh' }).tokens.find((t) => t.token === firstRefresh)
				?.revoked,
		).toBe(true);

		// The stored (rotated) token is the one presented at the next refresh, and it works.
		sim.control.clearCalls();
		sim.control.expireTokens({ token: store.get(PARTNER).accessToken as string });
		const third = await runAction(store, PARTNER, search);
		expect(third.error).toBeUndefined();
		const refreshCall = sim.control.listCalls({ route: tokenRoute }).calls[0];
		expect(refreshCall.query.refresh_token).toBe(secondRefresh);
		expect(refreshCall.status).toBe(200);
	});

	it('answers a used code with the authorization URL to open', async () => {
		const { code } = newCode(sim);
		// Someone else (another tool, an earlier setup) already exchanged this single-use code.
		const used = await axios.get(`${sim.url}/oauth-service/oauth/token`, {
			params: {
				grant_type: 'authorization_code',
				code,
				redirect_uri: sim.demo.partnerApp.redirectUri,
			},
			headers: { Authorization: basic('demo-partner-app', 'demo-partner-secret-0001') },
		});
		expect(used.status).toBe(200);
		const error = await credential.preAuthentication
			.call(n8nHttp, partnerCredential(sim, { authorizationCode: code }))
			.catch((caught: Error & { authorizationUrl?: string }) => caught);
		expect(error).toBeInstanceOf(Error);
		expect(error.message).toMatch(/authorization code was refused/);
		expect(error.message).toMatch(/invalid_grant/);
		expect(error.message).not.toContain(code);
		expectAuthorizationUrl(String(error.message), sim);
		expect(error.authorizationUrl).toBeDefined();
	});

	it('answers an expired refresh token with the authorization URL', async () => {
		sim.control.setConfig({ refreshTokenTtlSec: 3600 });
		const { code } = newCode(sim);
		const first = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: code }),
		);
		sim.control.advanceClock({ seconds: 7200 });
		const error = await credential.preAuthentication
			.call(
				n8nHttp,
				partnerCredential(sim, {
					authorizationCode: code,
					oauthTokenData: first.oauthTokenData as never,
				}),
			)
			.catch((caught: Error) => caught);
		expect(error.message).toMatch(/refresh token was refused: it has expired/);
		expect(error.message).not.toContain(
			(first.oauthTokenData as Record<string, string>).refreshToken,
		);
		expectAuthorizationUrl(String(error.message), sim);
	});

	it('asks for a code, with the authorization URL, when none was given', async () => {
		const error = await credential.preAuthentication
			.call(n8nHttp, partnerCredential(sim))
			.catch((caught: Error) => caught);
		expect(error.message).toMatch(
			/^The credential has no authorization code yet\. Next step: the seller approves your app\. Open /,
		);
		// First setup: nothing to do "again".
		expect(error.message).not.toMatch(/again/);
		expectAuthorizationUrl(String(error.message), sim);
		expect(sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('clears the used code and state from the credential once exchanged (n8n stores the returned fields)', async () => {
		const { code } = newCode(sim);
		const output = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: code, authorizationState: 'state-123' }),
		);
		expect(output).toMatchObject({ authorizationCode: '', authorizationState: '' });
		// A stale copy of the code saved again from the editor's form is not sent twice.
		await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, {
				authorizationCode: code,
				oauthTokenData: output.oauthTokenData as never,
			}),
		);
		expect(
			sim.control.listCalls({ route: tokenRoute }).calls.map((call) => call.query.grant_type),
		).toEqual(['authorization_code', 'refresh_token']);
	});

	it('exchanges a newly pasted code even when an old refresh token is stored', async () => {
		const first = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: newCode(sim).code }),
		);
		const { code } = newCode(sim, 'SELLER-DEMO-2');
		sim.control.clearCalls();
		await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, {
				authorizationCode: code,
				oauthTokenData: first.oauthTokenData as never,
			}),
		);
		expect(sim.control.listCalls({ route: tokenRoute }).calls[0].query.grant_type).toBe(
			'authorization_code',
		);
	});

	it('refuses a redirect URL that is not https', async () => {
		await expect(
			credential.preAuthentication.call(
				n8nHttp,
				partnerCredential(sim, {
					redirectUrl: 'http://partner.example.com/cb',
					authorizationCode: 'x',
				}),
			),
		).rejects.toThrow(/must be the https:\/\/ link/);
		expect(sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('shares one refresh among concurrent callers holding the same refresh token', async () => {
		sim.control.setConfig({ refreshTokenTtlSec: 20 * 86_400 });
		const first = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: newCode(sim).code }),
		);
		sim.control.clearCalls();
		const holders = Array.from({ length: 5 }, () =>
			credential.preAuthentication.call(
				n8nHttp,
				partnerCredential(sim, { oauthTokenData: first.oauthTokenData as never }),
			),
		);
		const results = await Promise.all(holders);
		expect(sim.control.listCalls({ route: tokenRoute }).calls).toHaveLength(1);
		expect(new Set(results.map((result) => result.accessToken)).size).toBe(1);
	});
});

describe("token state as the editor's credential test sees it", () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await simulator();
	});
	afterAll(async () => {
		await sim.close();
	});

	it("refreshes from the tokenState copy when oauthTokenData is only the editor's placeholder", async () => {
		const { code } = sim.control.issueAuthCode({
			appId: 'demo-partner-app',
			sellerId: 'SELLER-DEMO-1',
			redirectUri: sim.demo.partnerApp.redirectUri,
		});
		const first = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, { authorizationCode: code }),
		);
		expect(JSON.parse(first.tokenState as string)).toEqual(first.oauthTokenData);
		sim.control.clearCalls();

		// n8n's GET of a saved credential gives `oauthTokenData: true`; the test receives that.
		const second = await credential.preAuthentication.call(
			n8nHttp,
			partnerCredential(sim, {
				authorizationCode: code,
				oauthTokenData: true,
				tokenState: first.tokenState as string,
			}),
		);
		const calls = sim.control.listCalls({ route: tokenRoute }).calls;
		expect(calls.map((call) => call.query.grant_type)).toEqual(['refresh_token']);
		expect(second.accessToken).toEqual(expect.any(String));
	});
});
