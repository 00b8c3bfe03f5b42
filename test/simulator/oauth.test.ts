/** Token endpoint, expiry, authorize and bearer validation (docs/marketplace-api/authentication.md#client-credentials-grant, docs/marketplace-api/authentication.md#token-expiry-check, docs/marketplace-api/authentication.md#which-header-a-call-carries, docs/marketplace-api/errors.md#subscription-statuses, docs/marketplace-api/authentication.md#token-endpoint). */
import { basic, bearer, PARTNER, partnerTokens, SELF, selfToken, useHarness } from './helpers';

const TOKEN = '/oauth-service/oauth/token';
const EXPIRY = '/oauth-service/oauth/token/expiry';
const AUTHORIZE = '/oauth-service/oauth/authorize';
const DAY = 86_400;

describe('OAuth server', () => {
	const h = useHarness();

	const token = (params: Record<string, string>, auth?: string) =>
		h.api.get(TOKEN, { params, headers: auth ? { Authorization: auth } : {} });
	const selfBasic = basic(SELF.appId, SELF.secret);
	const partnerBasic = basic(PARTNER.appId, PARTNER.secret);

	describe('client_credentials', () => {
		it('issues a bearer token without refresh token and records the call', async () => {
			const res = await token({ grant_type: 'client_credentials', scope: 'Seller_Api' }, selfBasic);
			expect(res.status).toBe(200);
			expect(Object.keys(res.data).sort()).toEqual([
				'access_token',
				'expires_in',
				'scope',
				'token_type',
			]);
			expect(res.data).toMatchObject({
				token_type: 'bearer',
				expires_in: 5_184_000,
				scope: 'Seller_Api',
			});
			expect(res.data.access_token).toMatch(/^[0-9a-f-]{36}$/);

			const [call] = h.sim.control.listCalls({ route: 'GET /oauth-service/oauth/token' }).calls;
			expect(call).toMatchObject({
				method: 'GET',
				path: TOKEN,
				route: 'GET /oauth-service/oauth/token',
				query: { grant_type: 'client_credentials', scope: 'Seller_Api' },
				headers: { authorization: selfBasic },
				status: 200,
			});
		});

		it('returns the same token with a shrinking expires_in while it is valid', async () => {
			const first = await token(
				{ grant_type: 'client_credentials', scope: 'Seller_Api' },
				selfBasic,
			);
			h.sim.control.advanceClock({ seconds: 1000 });
			const second = await token(
				{ grant_type: 'client_credentials', scope: 'Seller_Api' },
				selfBasic,
			);
			expect(second.data.access_token).toBe(first.data.access_token);
			expect(second.data.expires_in).toBe(5_184_000 - 1000);
		});

		it('issues a new token once the old one expired or was revoked', async () => {
			const first = await token({ grant_type: 'client_credentials' }, selfBasic);
			h.sim.control.advanceClock({ seconds: 5_184_000 });
			const second = await token({ grant_type: 'client_credentials' }, selfBasic);
			expect(second.data.access_token).not.toBe(first.data.access_token);
			expect(second.data.expires_in).toBe(5_184_000);
			h.sim.control.revokeTokens({ token: second.data.access_token });
			const third = await token({ grant_type: 'client_credentials' }, selfBasic);
			expect(third.data.access_token).not.toBe(second.data.access_token);
		});

		it('accepts the comma list Seller_Api,Default and joins the granted scopes', async () => {
			const res = await token(
				{ grant_type: 'client_credentials', scope: 'Seller_Api,Default' },
				selfBasic,
			);
			expect(res.status).toBe(200);
			expect(res.data.scope).toBe('DefaultSeller_Api');
		});

		it('rejects scopes in the wrong case', async () => {
			const res = await token({ grant_type: 'client_credentials', scope: 'seller_api' }, selfBasic);
			expect(res.status).toBe(400);
			expect(res.data).toEqual({
				error: 'invalid_scope',
				error_description: 'Invalid scope: seller_api',
			});
		});
	});

	describe('client authentication and grant checks', () => {
		it('needs HTTP Basic', async () => {
			const res = await token({ grant_type: 'client_credentials' });
			expect(res.status).toBe(401);
			expect(res.data).toEqual({
				error: 'unauthorized',
				error_description: 'Full authentication is required to access this resource',
			});
			expect(res.headers['www-authenticate']).toBe('Basic realm="oauth2/client"');
		});

		it('names an unknown client', async () => {
			const res = await token({ grant_type: 'client_credentials' }, basic('nobody', 'x'));
			expect(res.status).toBe(401);
			expect(res.data).toEqual({
				error: 'unauthorized',
				error_description: 'No client with requested id: nobody',
			});
		});

		it('rejects a wrong secret', async () => {
			const res = await token({ grant_type: 'client_credentials' }, basic(SELF.appId, 'wrong'));
			expect(res.status).toBe(401);
			expect(res.data).toEqual({ error: 'unauthorized', error_description: 'Bad credentials' });
		});

		it('answers POST with 405', async () => {
			const res = await h.api.post(TOKEN, 'grant_type=client_credentials', {
				headers: { Authorization: selfBasic, 'Content-Type': 'application/x-www-form-urlencoded' },
			});
			expect(res.status).toBe(405);
			expect(res.headers.allow).toBe('GET');
			expect(res.data).toEqual({
				error: 'method_not_allowed',
				error_description: "Request method 'POST' not supported",
			});
		});

		it('needs grant_type', async () => {
			const res = await token({}, selfBasic);
			expect(res.status).toBe(400);
			expect(res.data).toEqual({
				error: 'invalid_request',
				error_description: 'Missing grant type',
			});
		});

		it.each(['implicit', 'password', 'magic'])(
			'rejects grant_type %s as unsupported',
			async (grant) => {
				const res = await token({ grant_type: grant }, selfBasic);
				expect(res.status).toBe(400);
				expect(res.data).toEqual({
					error: 'unsupported_grant_type',
					error_description: `Unsupported grant type: ${grant}`,
				});
			},
		);

		it('rejects grants the app is not registered for', async () => {
			const a = await token(
				{ grant_type: 'authorization_code', code: 'x', redirect_uri: PARTNER.redirectUri },
				selfBasic,
			);
			expect(a.status).toBe(401);
			expect(a.data).toEqual({
				error: 'invalid_client',
				error_description: 'Unauthorized grant type: authorization_code',
			});
			const b = await token({ grant_type: 'client_credentials' }, partnerBasic);
			expect(b.status).toBe(401);
			expect(b.data).toEqual({
				error: 'invalid_client',
				error_description: 'Unauthorized grant type: client_credentials',
			});
		});
	});

	describe('authorize', () => {
		const params = {
			client_id: PARTNER.appId,
			redirect_uri: PARTNER.redirectUri,
			response_type: 'code',
			scope: 'Seller_Api',
			state: 'xyz-123',
		};

		it('redirects to the registered URI with code and state', async () => {
			const res = await h.api.get(AUTHORIZE, { params });
			expect(res.status).toBe(302);
			const location = new URL(res.headers.location);
			expect(`${location.origin}${location.pathname}`).toBe(PARTNER.redirectUri);
			expect(location.searchParams.get('state')).toBe('xyz-123');
			expect(location.searchParams.get('code')).toMatch(/^[\w-]{10}$/);
		});

		it.each([
			[{ client_id: 'nobody' }, 'invalid_client', 'No client with requested id: nobody'],
			[
				{ client_id: SELF.appId },
				'unauthorized_client',
				'Unauthorized grant type: authorization_code',
			],
			[
				{ response_type: 'token' },
				'unsupported_response_type',
				'Unsupported response types: [token]',
			],
			[
				{ redirect_uri: 'https://evil.example.com/cb' },
				'invalid_grant',
				'Invalid redirect: https://evil.example.com/cb does not match one of the registered values.',
			],
			[{ scope: 'seller_api' }, 'invalid_scope', 'Invalid scope: seller_api'],
			[{ seller_id: 'SELLER-NOPE' }, 'invalid_request', 'Unknown seller: SELLER-NOPE'],
		])('rejects %j with 400 %s', async (override, error, description) => {
			const res = await h.api.get(AUTHORIZE, { params: { ...params, ...override } });
			expect(res.status).toBe(400);
			expect(res.data).toEqual({ error, error_description: description });
		});
	});

	describe('authorization_code', () => {
		async function codeFor(sellerId = 'SELLER-DEMO-1') {
			const res = await h.api.get(AUTHORIZE, {
				params: {
					client_id: PARTNER.appId,
					redirect_uri: PARTNER.redirectUri,
					response_type: 'code',
					scope: 'Seller_Api',
					state: 'st',
					seller_id: sellerId,
				},
			});
			return new URL(res.headers.location).searchParams.get('code') as string;
		}
		const exchange = (code: string, redirectUri = PARTNER.redirectUri) =>
			token(
				{ grant_type: 'authorization_code', code, redirect_uri: redirectUri, state: 'st' },
				partnerBasic,
			);

		it('exchanges a code for access and refresh tokens (state accepted and recorded)', async () => {
			const code = await codeFor();
			const res = await exchange(code);
			expect(res.status).toBe(200);
			expect(Object.keys(res.data).sort()).toEqual([
				'access_token',
				'expires_in',
				'refresh_token',
				'refresh_token_expires_in',
				'scope',
				'token_type',
			]);
			expect(res.data).toMatchObject({
				token_type: 'bearer',
				expires_in: 5_184_000,
				refresh_token_expires_in: 15_552_000,
				scope: 'Seller_Api',
			});
			const [call] = h.sim.control.listCalls({ route: 'GET /oauth-service/oauth/token' }).calls;
			expect(call.query).toEqual({
				grant_type: 'authorization_code',
				code,
				redirect_uri: PARTNER.redirectUri,
				state: 'st',
			});
			expect(call.headers.authorization).toBe(partnerBasic);
		});

		it('rejects a used, unknown or expired code', async () => {
			const code = await codeFor();
			expect((await exchange(code)).status).toBe(200);
			const again = await exchange(code);
			expect(again.status).toBe(400);
			expect(again.data).toEqual({
				error: 'invalid_grant',
				error_description: `Invalid authorization code: ${code}`,
			});
			const unknown = await exchange('nope');
			expect(unknown.data).toEqual({
				error: 'invalid_grant',
				error_description: 'Invalid authorization code: nope',
			});
			const late = await codeFor();
			h.sim.control.advanceClock({ seconds: 601 });
			expect((await exchange(late)).data).toEqual({
				error: 'invalid_grant',
				error_description: `Invalid authorization code: ${late}`,
			});
		});

		it('requires the same redirect_uri as the authorize step', async () => {
			const code = await codeFor();
			const res = await exchange(code, 'https://partner.example.com/other');
			expect(res.status).toBe(400);
			expect(res.data).toEqual({
				error: 'invalid_grant',
				error_description: 'Redirect URI mismatch.',
			});
		});

		it('binds the token to the seller who authorized', async () => {
			const tokens = await partnerTokens(h, 'SELLER-DEMO-2');
			const res = await h.api.post(
				'/sellers/v3/shipments/filter',
				{ filter: { type: 'preDispatch' } },
				{ headers: bearer(tokens.access_token) },
			);
			expect(res.status).toBe(200);
			expect(res.data.shipments.length).toBeGreaterThan(0);
			expect(new Set(res.data.shipments.map((s: { locationId: string }) => s.locationId))).toEqual(
				new Set(['LOC-DEMO-3']),
			);
		});
	});

	describe('refresh_token', () => {
		const refresh = (rt: string) =>
			token({ grant_type: 'refresh_token', refresh_token: rt }, partnerBasic);

		it('issues a new access token each time, revokes the previous one, keeps the refresh token while > 21 days remain', async () => {
			const first = await partnerTokens(h);
			h.sim.control.advanceClock({ seconds: 158 * DAY });
			const res = await refresh(first.refresh_token);
			expect(res.status).toBe(200);
			expect(res.data.refresh_token).toBe(first.refresh_token);
			expect(res.data.refresh_token_expires_in).toBe(22 * DAY);
			expect(res.data.access_token).not.toBe(first.access_token);
			expect(res.data.expires_in).toBe(5_184_000);
			const old = await h.api.post(
				'/sellers/v3/shipments/filter',
				{ filter: {} },
				{ headers: bearer(first.access_token) },
			);
			expect(old.status).toBe(401);
			expect(old.data).toEqual({
				error: 'invalid_token',
				error_description: `Invalid access token: ${first.access_token}`,
			});
		});

		it('replaces the refresh token once 21 days or less remain (old one becomes invalid)', async () => {
			const first = await partnerTokens(h);
			h.sim.control.advanceClock({ seconds: 159 * DAY });
			const res = await refresh(first.refresh_token);
			expect(res.status).toBe(200);
			expect(res.data.refresh_token).not.toBe(first.refresh_token);
			expect(res.data.refresh_token_expires_in).toBe(180 * DAY);
			const stale = await refresh(first.refresh_token);
			expect(stale.status).toBe(400);
			expect(stale.data).toEqual({
				error: 'invalid_grant',
				error_description: `Invalid refresh token: ${first.refresh_token}`,
			});
		});

		it('rejects unknown and expired refresh tokens', async () => {
			expect((await refresh('nope')).data).toEqual({
				error: 'invalid_grant',
				error_description: 'Invalid refresh token: nope',
			});
			const first = await partnerTokens(h);
			h.sim.control.advanceClock({ seconds: 180 * DAY });
			const res = await refresh(first.refresh_token);
			expect(res.status).toBe(400);
			expect(res.data).toEqual({
				error: 'invalid_grant',
				error_description: `Invalid refresh token (expired): ${first.refresh_token}`,
			});
		});
	});

	describe('token expiry operation', () => {
		const expiry = (params: Record<string, string>, auth = selfBasic) =>
			h.api.get(EXPIRY, {
				params,
				headers: { Authorization: auth, 'Content-Type': 'application/json' },
			});

		it('reports remaining validity of access and refresh tokens', async () => {
			const access = await selfToken(h);
			h.sim.control.advanceClock({ seconds: 19 });
			expect((await expiry({ token_type: 'access', token: access })).data).toEqual({
				expired: false,
				token_type: 'access_token',
				expires_in: 5_184_000 - 19,
			});
			const partner = await partnerTokens(h);
			const res = await expiry(
				{ token_type: 'refresh', token: partner.refresh_token },
				partnerBasic,
			);
			expect(res.data).toEqual({
				expired: false,
				token_type: 'refresh_token',
				expires_in: 15_552_000,
			});
		});

		it('reports an expired token with expires_in 0', async () => {
			const access = await selfToken(h);
			h.sim.control.expireTokens({ token: access });
			expect((await expiry({ token_type: 'access', token: access })).data).toEqual({
				expired: true,
				token_type: 'access_token',
				expires_in: 0,
			});
		});

		it("does not recognise unknown tokens or another app's tokens", async () => {
			const partner = await partnerTokens(h);
			for (const res of [
				await expiry({ token_type: 'access', token: 'nope' }),
				await expiry({ token_type: 'access', token: partner.access_token }),
			]) {
				expect(res.status).toBe(400);
				expect(res.data).toEqual({
					error: 'invalid_token',
					error_description: 'Token was not recognised',
				});
			}
		});

		it('needs both parameters and Basic auth', async () => {
			expect((await expiry({ token: 'x' })).data).toEqual({
				error: 'invalid_request',
				error_description: 'Missing required parameter: token_type',
			});
			expect((await expiry({ token_type: 'access' })).data).toEqual({
				error: 'invalid_request',
				error_description: 'Missing required parameter: token',
			});
			expect((await expiry({ token_type: 'bogus', token: 'x' })).status).toBe(400);
			expect(
				(await h.api.get(EXPIRY, { params: { token_type: 'access', token: 'x' } })).status,
			).toBe(401);
		});
	});

	describe('bearer validation on /sellers', () => {
		const search = (headers: Record<string, string>) =>
			h.api.post('/sellers/v3/shipments/filter', { filter: { type: 'preDispatch' } }, { headers });

		it('requires exactly "Bearer <token>"', async () => {
			const access = await selfToken(h);
			expect((await search(bearer(access))).status).toBe(200);
			for (const header of [
				undefined,
				`Bearer${access}`,
				`bearer ${access}`,
				`Bearer  ${access}`,
				basic(SELF.appId, SELF.secret),
			]) {
				const res = await search(header ? { Authorization: header } : {});
				expect(res.status).toBe(401);
				expect(res.data).toEqual({
					error: 'unauthorized',
					error_description: 'Full authentication is required to access this resource',
				});
			}
		});

		it('echoes unknown, revoked and expired tokens in the error', async () => {
			const unknown = await search(bearer('not-a-token'));
			expect(unknown.status).toBe(401);
			expect(unknown.data).toEqual({
				error: 'invalid_token',
				error_description: 'Invalid access token: not-a-token',
			});
			expect(unknown.headers['www-authenticate']).toContain('error="invalid_token"');

			const access = await selfToken(h);
			h.sim.control.advanceClock({ seconds: 5_184_000 });
			const expired = await search(bearer(access));
			expect(expired.status).toBe(401);
			expect(expired.data).toEqual({
				error: 'invalid_token',
				error_description: `Access token expired: ${access}`,
			});

			const fresh = await selfToken(h);
			h.sim.control.revokeTokens({ appId: SELF.appId });
			expect((await search(bearer(fresh))).data).toEqual({
				error: 'invalid_token',
				error_description: `Invalid access token: ${fresh}`,
			});
		});

		it('refuses a token without the Seller_Api scope', async () => {
			const res = await token({ grant_type: 'client_credentials', scope: 'Default' }, selfBasic);
			const out = await search(bearer(res.data.access_token));
			expect(out.status).toBe(403);
			expect(out.data).toEqual({
				error: 'insufficient_scope',
				error_description: 'Insufficient scope for this resource',
			});
		});

		it('has no token endpoint under /sellers (a common client mistake)', async () => {
			const res = await h.api.get('/sellers/oauth-service/oauth/token', {
				params: { grant_type: 'client_credentials' },
				headers: { Authorization: selfBasic },
			});
			expect(res.status).toBe(401);
			const access = await selfToken(h);
			expect(
				(await h.api.get('/sellers/oauth-service/oauth/token', { headers: bearer(access) })).status,
			).toBe(404);
		});
	});

	describe('a second authorization of the same seller', () => {
		it('returns the existing refresh token while more than the buffer remains', async () => {
			const first = await partnerTokens(h);
			const second = await partnerTokens(h);
			expect(second.refresh_token).toBe(first.refresh_token);
			expect(second.access_token).not.toBe(first.access_token);
		});
	});
});

describe('OAuth server with short lifetimes', () => {
	const h = useHarness({
		accessTokenTtlSec: 10,
		refreshTokenTtlSec: 100,
		refreshRenewalBufferSec: 30,
		authCodeTtlSec: 5,
	});

	const refresh = (rt: string) =>
		h.api.get(TOKEN, {
			params: { grant_type: 'refresh_token', refresh_token: rt },
			headers: { Authorization: basic(PARTNER.appId, PARTNER.secret) },
		});

	it('applies the renewal buffer rule with the configured lifetimes', async () => {
		const first = await partnerTokens(h);
		expect(first.expires_in).toBe(10);
		expect(first.refresh_token_expires_in).toBe(100);

		h.sim.control.advanceClock({ seconds: 69 }); // 31 s left: more than the buffer
		const kept = await refresh(first.refresh_token);
		expect(kept.data.refresh_token).toBe(first.refresh_token);
		expect(kept.data.refresh_token_expires_in).toBe(31);

		h.sim.control.advanceClock({ seconds: 1 }); // exactly 30 s left: renewed
		const renewed = await refresh(first.refresh_token);
		expect(renewed.data.refresh_token).not.toBe(first.refresh_token);
		expect(renewed.data.refresh_token_expires_in).toBe(100);
		expect(renewed.data.expires_in).toBe(10);
		expect((await refresh(first.refresh_token)).data.error_description).toBe(
			`Invalid refresh token: ${first.refresh_token}`,
		);
	});

	it('expires access tokens after accessTokenTtlSec', async () => {
		const tokens = await partnerTokens(h);
		h.sim.control.advanceClock({ seconds: 10 });
		const res = await h.api.post(
			'/sellers/v3/shipments/filter',
			{ filter: {} },
			{ headers: bearer(tokens.access_token) },
		);
		expect(res.status).toBe(401);
		expect(res.data.error_description).toBe(`Access token expired: ${tokens.access_token}`);
		const refreshed = await refresh(tokens.refresh_token);
		expect(refreshed.status).toBe(200);
		expect(
			(
				await h.api.post(
					'/sellers/v3/shipments/filter',
					{ filter: {} },
					{ headers: bearer(refreshed.data.access_token) },
				)
			).status,
		).toBe(200);
	});
});
