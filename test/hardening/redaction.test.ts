/**
 * Encoded secrets (issue 11, point 5): a hostile server echoes the app secret and the tokens in
 * every encoding it can think of. None may reach a message, a description or an output item.
 * The apps of this simulator are chosen for it: the self app's appid:secret encodes to base64
 * without a digit (so "Basic <it>" looks like a word), the partner secret has characters that
 * URL encoding changes (+ / =).
 */
import { Container } from '@n8n/di';
import { ErrorReporter } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { MarketplaceSellerOAuth2Api } from '../../credentials/MarketplaceSellerOAuth2Api.credentials';
import {
	accessToken,
	CredentialStore,
	failed,
	ok,
	PARTNER,
	partnerStore,
	runAction,
	SELF,
	TOKEN_ROUTE,
	useSimulator,
	visibleText,
	wireShipment,
} from '../action/helpers';
import { loggedLines, PollTriggerRunner } from '../poll/pollHarness';
import { usePollSession } from '../poll/support/pollSession';
import { actionNode, n8nHttp, partnerCredential } from '../support/fixtures';
import { runListSearch } from '../support/n8nHarness';
import { assertNoSecret, encodingsOf, findSecret } from './support/secretGuard';

const SELF_APP = { appId: 'abfRLLaAd', appSecret: 'lTQsFmeTtckbggDJTfUL' };
const PARTNER_APP = { appId: 'hostile-partner', appSecret: 'pArtner+secret/with=signs' };
const SEARCH = 'POST /sellers/v3/shipments/filter';
const EXPIRY = 'GET /oauth-service/oauth/token/expiry';
const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 1,
	simplify: false,
};

function b64(text: string): string {
	return Buffer.from(text, 'utf8').toString('base64');
}

describe('encoded secrets are redacted everywhere', () => {
	const env = useSimulator({ selfApp: SELF_APP, partnerApp: PARTNER_APP });
	const selfPair = `${SELF_APP.appId}:${SELF_APP.appSecret}`;

	it('the chosen apps are what the tests need', () => {
		expect(b64(selfPair)).not.toMatch(/\d/);
		expect(encodeURIComponent(PARTNER_APP.appSecret)).toBe('pArtner%2Bsecret%2Fwith%3Dsigns');
	});

	function tokenServiceEchoes(text: string): void {
		env.sim.control.addFault({
			route: TOKEN_ROUTE,
			status: 401,
			body: { error: 'unauthorized', error_description: text },
			times: -1,
		});
	}

	it('base64 of appid:secret without the Basic prefix, in a token service error', async () => {
		tokenServiceEchoes(`Bad credentials in header ${b64(selfPair)}`);
		const error = failed(await runAction(env.store, SELF, search));
		// The message leads with the field to fix (issue 29); the token service's words stay, redacted.
		expect(error.message).toBe(
			'Wrong App Secret: the token service knows the App ID but refused the App Secret. Copy the app-secret again from the developer admin portal (regenerate it if it was changed). (Getting an access token (client credentials grant) failed (HTTP 401): unauthorized: Bad credentials in header [redacted])',
		);
	});

	it('"Basic <base64 without a digit>" in a token service error', async () => {
		tokenServiceEchoes(`Rejected Authorization: Basic ${b64(selfPair)}`);
		const error = failed(await runAction(env.store, SELF, search));
		expect(error.message).toContain('Rejected Authorization: Basic [redacted]');
		assertNoSecret(visibleText(error), [SELF_APP.appSecret, selfPair], 'the error');
	});

	it('the secret base64-encoded alone, in an API error', async () => {
		ok(await runAction(env.store, SELF, search));
		env.sim.control.addFault({
			route: SEARCH,
			status: 403,
			body: { error: 'FORBIDDEN', message: `client ${b64(SELF_APP.appSecret)} not allowed` },
			times: -1,
		});
		const error = failed(await runAction(env.store, SELF, search));
		expect(error.message).toBe(
			'Search shipments failed: FORBIDDEN: client [redacted] not allowed (HTTP 403)',
		);
	});

	it('the partner secret URL-encoded (%2B, %2F) and the refresh token URL-encoded, in a refresh error', async () => {
		const store = await partnerStore(env.sim);
		ok(await runAction(store, PARTNER, search));
		const refresh = String(
			(store.get(PARTNER).oauthTokenData as Record<string, unknown>).refreshToken,
		);
		env.sim.control.expireTokens({ appId: PARTNER_APP.appId, kind: 'access' });
		env.sim.control.addFault({
			route: TOKEN_ROUTE,
			status: 400,
			body: {
				error: 'invalid_request',
				error_description: `GET /oauth/token?client_secret=${encodeURIComponent(PARTNER_APP.appSecret)}&refresh_token=${encodeURIComponent(refresh)} rejected; also ${encodeURIComponent(PARTNER_APP.appSecret).toLowerCase()}`,
			},
			times: -1,
		});
		const error = failed(await runAction(store, PARTNER, search));
		expect(error.message).toContain('client_secret=[redacted]&refresh_token=[redacted] rejected');
		assertNoSecret(visibleText(error), [PARTNER_APP.appSecret, refresh], 'the error');
	});

	it('the token given to Check Expiry, echoed as "Token was not recognised: <token>"', async () => {
		const given = 'given-token-0123456789abcdef';
		env.sim.control.addFault({
			route: EXPIRY,
			status: 400,
			body: { error: 'invalid_token', error_description: `Token was not recognised: ${given}` },
			times: -1,
		});
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'token',
				operation: 'checkExpiry',
				tokenSource: 'given',
				tokenType: 'access',
				token: given,
			}),
		);
		expect(error.message).toBe(
			'Check token expiry failed: invalid_token: Token was not recognised: [redacted] (HTTP 400)',
		);
	});

	it('the given token URL-encoded or base64-encoded in the error', async () => {
		const given = 'given+token/0123456789=';
		env.sim.control.addFault({
			route: EXPIRY,
			status: 400,
			body: {
				error: 'invalid_token',
				error_description: `unknown ${encodeURIComponent(given)} (${b64(given)})`,
			},
			times: -1,
		});
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'token',
				operation: 'checkExpiry',
				tokenSource: 'given',
				tokenType: 'access',
				token: given,
			}),
		);
		expect(error.message).toBe(
			'Check token expiry failed: invalid_token: unknown [redacted] ([redacted]) (HTTP 400)',
		);
	});

	it('a secret learned during the run (a token given to check) joins the credential seed: echoed in a copied field, it is redacted', async () => {
		const given = 'given-token-learned-0123456789';
		env.sim.control.addFault({
			route: EXPIRY,
			status: 200,
			body: { expired: false, token_type: `access for ${given}`, expires_in: 60 },
			times: -1,
		});
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'token',
				operation: 'checkExpiry',
				tokenSource: 'given',
				tokenType: 'access',
				token: given,
			}),
		);
		expect(items[0].json.tokenType).toBe('access for [redacted]');
	});

	it('a whole expiry answer echoing the token is not copied into the output', async () => {
		ok(await runAction(env.store, SELF, search));
		const token = accessToken(env.store);
		env.sim.control.addFault({
			route: EXPIRY,
			status: 200,
			body: {
				expired: false,
				token_type: 'access_token',
				expires_in: 3600,
				token,
				request: `/oauth/token/expiry?token=${encodeURIComponent(token)}`,
			},
			times: -1,
		});
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'token',
				operation: 'checkExpiry',
				tokenSource: 'credentialAccess',
			}),
		);
		expect(items[0].json).toEqual({
			expired: false,
			tokenType: 'access_token',
			expiresIn: 3600,
			tokenSource: 'credentialAccess',
			expiresAt: expect.any(String),
		});
	});

	it('a token inside an API answer that an operation outputs is removed from the output', async () => {
		ok(await runAction(env.store, SELF, search));
		const token = accessToken(env.store);
		env.sim.control.addFault({
			route: SEARCH,
			status: 200,
			body: {
				hasMore: false,
				shipments: [{ shipmentId: 'S-1', debug: { auth: `Bearer ${token}`, b64: b64(token) } }],
			},
			times: -1,
		});
		const items = ok(await runAction(env.store, SELF, search));
		expect(items[0].json).toEqual({
			shipmentId: 'S-1',
			debug: { auth: 'Bearer [redacted]', b64: '[redacted]' },
		});
	});

	it('a token inside a longer base64 text (at any offset) is not recognisable in the error', async () => {
		ok(await runAction(env.store, SELF, search));
		const token = accessToken(env.store);
		const wrapped = [`{"token":"${token}"}`, `x{"token":"${token}"}`, `xy{"token":"${token}"}`]
			.map(b64)
			.join(' ');
		env.sim.control.addFault({
			route: SEARCH,
			status: 400,
			body: { error: 'BAD_REQUEST', message: `trace ${wrapped}` },
			times: -1,
		});
		const error = failed(await runAction(env.store, SELF, search));
		expect(findSecret(visibleText(error), [token])).toBeUndefined();
	});

	it('error items under On Error: Continue are redacted too', async () => {
		ok(await runAction(env.store, SELF, search));
		const token = accessToken(env.store);
		env.sim.control.addFault({
			route: SEARCH,
			status: 400,
			body: { error: 'BAD_REQUEST', message: `session ${b64(token)} lost` },
			times: -1,
		});
		const items = ok(await runAction(env.store, SELF, search, [{}], true));
		expect(String(items[0].json.error)).toContain('session [redacted] lost');
	});

	it('the credential itself: a code exchange error echoing the code and the secret, URL-encoded', async () => {
		const { code } = env.sim.control.issueAuthCode({
			appId: PARTNER_APP.appId,
			sellerId: 'SELLER-DEMO-1',
			redirectUri: env.sim.demo.partnerApp.redirectUri,
		});
		env.sim.control.addFault({
			route: TOKEN_ROUTE,
			status: 400,
			body: {
				error: 'invalid_grant',
				error_description: `code=${encodeURIComponent(code)}&secret=${encodeURIComponent(PARTNER_APP.appSecret)}`,
			},
			times: -1,
		});
		const data = {
			appId: PARTNER_APP.appId,
			appSecret: PARTNER_APP.appSecret,
			redirectUrl: env.sim.demo.partnerApp.redirectUri,
			environment: 'production',
			productionBaseUrl: env.sim.url,
			scope: 'Seller_Api',
			authorizationCode: code,
			accessToken: '',
		};
		const error = await new MarketplaceSellerOAuth2Api().preAuthentication
			.call(n8nHttp, data)
			.catch((caught: Error & { hint?: string }) => caught);
		expect(error).toBeInstanceOf(Error);
		const text = JSON.stringify({
			message: (error as Error).message,
			hint: (error as { hint?: string }).hint,
			failure: (error as { failure?: unknown }).failure,
		});
		expect(findSecret(text, [code, PARTNER_APP.appSecret])).toBeUndefined();
	});

	it('the guard itself finds each form (so that it cannot pass by not looking)', () => {
		const secret = PARTNER_APP.appSecret;
		for (const { value } of encodingsOf(secret))
			expect(findSecret(`x ${value} y`, [secret])).toBeDefined();
		expect(findSecret(`Basic ${b64(selfPair)}`, [selfPair])).toBeDefined();
		expect(findSecret('nothing here', [secret])).toBeUndefined();
	});
});

/**
 * Issue 24, finding 6: the same redaction on every output path, seeded from the credential before
 * anything runs. The harnesses check every poll (items, error, log lines: test/poll/pollHarness.ts)
 * and every list search (result, error: runListSearch) for every secret of the stored credentials,
 * in every encoding; these cases make a hostile marketplace echo them there.
 */
describe('the poll trigger: items, errors and log lines carry no secret', () => {
	const env = usePollSession(Date.parse('2026-05-01T04:30:00.000Z'));
	const ELSEWHERE = 'https://elsewhere.example/sellers/v3/shipments/filter';

	/** A published poll trigger after its first read, which stored an access token in the credential. */
	async function readingRunner(): Promise<{ runner: PollTriggerRunner; token: string }> {
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		env.at(30);
		await runner.poll();
		return { runner, token: accessToken(env.store) };
	}

	it('an absolute next link carrying the token: the error and the log line name its origin and path, redacted', async () => {
		const { runner, token } = await readingRunner();
		env.at(60);
		env.sim.control.addFault({
			route: SEARCH,
			status: 200,
			body: {
				hasMore: true,
				shipments: [],
				nextPageUrl: `${ELSEWHERE}/${token}?access_token=${token}&trace=${b64(token)}`,
			},
			times: -1,
		});
		const firstLine = loggedLines.length;
		const error = (await runner.poll().catch((caught: unknown) => caught)) as Error;
		expect(error.message).toBe(
			`Polling pre-dispatch shipments: the marketplace said more results exist but sent an absolute nextPageUrl (${ELSEWHERE}/[redacted]), which is not followed`,
		);
		expect(loggedLines.slice(firstLine).join('\n')).toContain(`(${ELSEWHERE}/[redacted])`);
	});

	it('a token obtained during the poll joins that poll redaction (base64 in a next link)', async () => {
		// The credential holds no token yet: the poll's first search obtains one, which only the
		// transport learns; the answer to that same search echoes it base64-encoded.
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		expect(accessToken(env.store)).toBe('');
		env.at(30);
		env.sim.control.onCall({ route: SEARCH }, () => {
			const [{ token }] = env.sim.control.listTokens({ kind: 'access' }).tokens;
			env.sim.control.addFault({
				route: SEARCH,
				status: 200,
				body: { hasMore: true, shipments: [], nextPageUrl: `${ELSEWHERE}/${b64(token)}` },
				times: -1,
			});
		});
		const error = (await runner.poll().catch((caught: unknown) => caught)) as Error;
		expect(error.message).toContain(`(${ELSEWHERE}/[redacted])`);
	});

	it('a record echoing the token (raw after Bearer, base64) comes out redacted', async () => {
		const { runner, token } = await readingRunner();
		env.at(60);
		const [id] = env.seed(1);
		env.sim.control.addFault({
			route: SEARCH,
			status: 200,
			body: {
				hasMore: false,
				shipments: [{ ...wireShipment(env.sim, id), note: `Bearer ${token}`, trace: b64(token) }],
			},
			times: 1,
		});
		const { items } = await runner.poll();
		expect(items.map((item) => item.shipmentId)).toEqual([id]);
		const attributes = items[0].attributes as IDataObject;
		expect([attributes.note, attributes.trace]).toEqual(['Bearer [redacted]', '[redacted]']);
	});
});

describe('load options (From List): results and errors carry no secret', () => {
	const env = useSimulator();
	const list = (method: string, store: CredentialStore, paginationToken?: string) =>
		runListSearch({
			node: actionNode,
			method,
			parameters: { resource: 'shipment', operation: 'get', authentication: 'clientCredentials' },
			store,
			credentialType: SELF,
			paginationToken,
		});

	async function withToken(): Promise<string> {
		ok(await runAction(env.store, SELF, search));
		return accessToken(env.store);
	}

	it('a next link carrying the token base64-encoded is not handed to the editor', async () => {
		const token = await withToken();
		env.sim.control.addFault({
			route: SEARCH,
			status: 200,
			body: { hasMore: true, shipments: [], nextPageUrl: `/v3/shipments/filter?s=${b64(token)}` },
			times: 1,
		});
		const result = await list('searchShipments', env.store);
		expect(result.paginationToken).toBe('/sellers/v3/shipments/filter?s=[redacted]');
	});

	it('an absolute next link carrying the token: the error names origin and path, redacted', async () => {
		const token = await withToken();
		env.sim.control.addFault({
			route: SEARCH,
			status: 200,
			body: {
				hasMore: true,
				shipments: [],
				nextPageUrl: `https://elsewhere.example/${b64(token)}/next?token=${encodeURIComponent(token)}`,
			},
			times: 1,
		});
		await expect(list('searchLocations', env.store)).rejects.toThrow(
			'List shipments: the marketplace said more results exist but sent an absolute nextPageUrl (https://elsewhere.example/[redacted]/next), which is not followed',
		);
	});

	it('a listing title echoing the token is redacted in the names', async () => {
		const token = await withToken();
		env.sim.control.addFault({
			route: 'POST /sellers/listings/v3/search',
			status: 200,
			body: { has_more: false, listings: [{ sku: 'SKU-1', title: `debug ${token}` }] },
			times: 1,
		});
		const result = await list('searchListings', env.store);
		expect(result.results).toEqual([{ name: 'SKU-1 (debug [redacted])', value: 'SKU-1' }]);
	});

	it('the App Secret echoed in an answer is redacted in the names', async () => {
		env.sim.control.addFault({
			route: SEARCH,
			status: 200,
			body: {
				hasMore: false,
				shipments: [
					{
						shipmentId: 'S-1',
						orderItems: [{ status: `client ${env.sim.demo.selfApp.appSecret}` }],
					},
				],
			},
			times: 1,
		});
		const result = await list('searchShipments', env.store);
		expect(JSON.stringify(result)).toContain('[redacted]');
	});
});

describe('operations that send nothing are redacted with the credential too', () => {
	const env = useSimulator();
	const getUrl = { resource: 'authorization', operation: 'getUrl', sellerReference: 'acme-1' };

	it('an App Secret typed into the Redirect URL is not echoed by the error', async () => {
		const store = new CredentialStore();
		const secret = env.sim.demo.partnerApp.appSecret;
		store.set(PARTNER, partnerCredential(env.sim, { redirectUrl: secret }));
		const reported = jest.spyOn(Container.get(ErrorReporter), 'error');
		const error = failed(await runAction(store, PARTNER, getUrl));
		expect(error.message).toContain('Redirect URL "[redacted]"');
		// n8n reports the node's error (logged, and sent to its error tracker) with the error the
		// node wrapped as its cause: every message of the chain is redacted.
		const chain: string[] = [];
		for (let report = reported.mock.calls[0]?.[0] as unknown; report instanceof Error; ) {
			chain.push(report.message);
			report = report.cause;
		}
		reported.mockRestore();
		expect(chain).toHaveLength(2);
		for (const message of chain) expect(message).toContain('Redirect URL "[redacted]"');
	});

	it('an App Secret inside the Redirect URL is not echoed by the output', async () => {
		const store = new CredentialStore();
		const secret = env.sim.demo.partnerApp.appSecret;
		store.set(
			PARTNER,
			partnerCredential(env.sim, { redirectUrl: `https://partner.example/cb?key=${secret}` }),
		);
		const items = ok(await runAction(store, PARTNER, getUrl));
		expect(String(items[0].json.authorizationUrl)).toContain('[redacted]');
	});
});
