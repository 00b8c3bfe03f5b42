/**
 * Hostile redirects (issue 11, point 1 and the authorize step of point 8): an API route or the
 * token endpoint answers with a redirect to another origin, here a second local server that
 * records every header it receives. No credential may reach it, its answer must not be taken for
 * the marketplace's, and the error names the host. Redirects within the base URL still work.
 */
import { MarketplaceSellerApi } from '../../credentials/MarketplaceSellerApi.credentials';
import {
	accessToken,
	apiCalls,
	callsOf,
	failed,
	ok,
	PARTNER,
	partnerStore,
	runAction,
	SELF,
	TOKEN_ROUTE,
	useSimulator,
} from '../action/helpers';
import { n8nHttp, partnerCredential, selfAccessCredential } from '../support/fixtures';
import { startHeaderRecorder, type HeaderRecorder } from './support/headerRecorder';
import { assertNoSecret, credentialSecrets } from './support/secretGuard';

const FILTER = 'POST /sellers/v3/shipments/filter';
const LOOKUP = 'GET /sellers/v3/shipments';
const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 3,
};

describe('hostile redirects', () => {
	const env = useSimulator();
	let recorder: HeaderRecorder;

	beforeAll(async () => {
		recorder = await startHeaderRecorder();
	});
	afterAll(async () => {
		await recorder.close();
	});
	beforeEach(() => recorder.clear());

	function redirect(route: string, status: number, location: string, times = -1): void {
		env.sim.control.addFault({ route, status, headers: { Location: location }, body: '', times });
	}

	it('an API route redirecting a POST (307) to another origin: not followed, no Bearer sent there, the host named', async () => {
		ok(await runAction(env.store, SELF, search));
		redirect(FILTER, 307, `${recorder.url}/sellers/v3/shipments/filter`);
		const error = failed(await runAction(env.store, SELF, search));
		expect(recorder.credentialsSeen()).toEqual([]);
		expect(recorder.requests).toEqual([]);
		expect(error.message).toBe(
			`Search shipments failed: the marketplace redirected the request to ${recorder.host}, another address than the credential's base URL; it was not followed (HTTP 307)`,
		);
		expect(error.description).toMatch(/No credential was sent there/);
	});

	it("an API route redirecting a GET (302) to another origin: its answer is not taken for the marketplace's", async () => {
		const [shipment] = env.sim.control.seedShipments({
			count: 1,
			locationId: 'LOC-DEMO-1',
			state: 'PACKED',
		}).shipmentIds;
		redirect(LOOKUP, 302, `${recorder.url}/sellers/v3/shipments?shipmentIds=${shipment}`);
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: shipment,
			}),
		);
		expect(recorder.credentialsSeen()).toEqual([]);
		expect(error.message).toContain(`redirected the request to ${recorder.host}`);
		expect(error.message).not.toMatch(/No shipment found/);
	});

	it('the token endpoint redirecting to another origin: no Basic app secret sent there, its token not used', async () => {
		redirect(
			'GET /oauth-service/oauth/token',
			302,
			`${recorder.url}/oauth-service/oauth/token?grant_type=client_credentials`,
		);
		const error = failed(await runAction(env.store, SELF, search));
		expect(recorder.credentialsSeen()).toEqual([]);
		expect(apiCalls(env.sim)).toHaveLength(0);
		// The message leads with the field to fix (issue 29), then what happened.
		expect(error.message).toBe(
			`Wrong Production Base URL: ${env.sim.url} is not the token service. Check the Production Base URL and the Environment (production and sandbox have different addresses). (Getting an access token (client credentials grant) failed (HTTP 302): the token service redirected the request to ${recorder.host}, which is not followed)`,
		);
		expect(error.description).toMatch(/base URL/);
	});

	it('the partner code exchange redirecting to another origin: neither the secret nor the code sent there', async () => {
		redirect('GET /oauth-service/oauth/token', 302, `${recorder.url}/steal`);
		const store = await partnerStore(env.sim);
		const error = failed(await runAction(store, PARTNER, search));
		expect(recorder.requests).toEqual([]);
		expect(error.message).toContain(`redirected the request to ${recorder.host}`);
	});

	it('the credential itself (preAuthentication) does not follow a token endpoint redirect', async () => {
		redirect('GET /oauth-service/oauth/token', 307, `${recorder.url}/token`);
		const data = selfAccessCredential(env.sim);
		const attempt = new MarketplaceSellerApi().preAuthentication.call(n8nHttp, data);
		await expect(attempt).rejects.toThrow(`redirected the request to ${recorder.host}`);
		expect(recorder.requests).toEqual([]);
	});

	it('a redirect within the base URL is followed, with the Bearer token, and nothing reaches the other server', async () => {
		const [shipment] = env.sim.control.seedShipments({
			count: 1,
			locationId: 'LOC-DEMO-1',
			state: 'PACKED',
		}).shipmentIds;
		redirect(LOOKUP, 302, `/sellers/v3/shipments?shipmentIds=${shipment}`, 1);
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: shipment,
			}),
		);
		expect(items.map((item) => item.json.shipmentId)).toEqual([shipment]);
		const calls = callsOf(env.sim, LOOKUP);
		expect(calls.map((call) => call.status)).toEqual([302, 200]);
		for (const call of calls)
			expect(call.headers.authorization).toBe(`Bearer ${accessToken(env.store)}`);
		expect(recorder.requests).toEqual([]);
	});

	it('a POST redirected within the base URL with 302 (which would turn it into a GET) is not followed', async () => {
		redirect(FILTER, 302, '/sellers/v3/shipments/filter', 1);
		const error = failed(await runAction(env.store, SELF, search));
		expect(error.message).toBe(
			'Search shipments failed: the marketplace answered with a redirect that would change the request into a GET; it was not followed (HTTP 302)',
		);
		expect(callsOf(env.sim, FILTER)).toHaveLength(1);
	});

	it('a redirect loop within the base URL stops after a few hops', async () => {
		redirect(LOOKUP, 307, '/sellers/v3/shipments?shipmentIds=x');
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: 'x',
			}),
		);
		expect(error.message).toMatch(
			/^Get shipments failed: the marketplace redirected the request more than 5 times \(HTTP 307\)$/,
		);
		expect(callsOf(env.sim, LOOKUP)).toHaveLength(6);
	});

	describe("the authorize step (the credentials' authenticate) and protocol-relative URLs", () => {
		const credential = new MarketplaceSellerApi();

		it('refuses //other-host/... against the base URL, as n8n resolves it to that host', async () => {
			const data = { ...selfAccessCredential(env.sim), accessToken: 'a-stored-access-token-value' };
			const url = `//${recorder.host}/sellers/v3/shipments/filter`;
			// n8n's own reading of the target (@n8n/backend-network buildTargetUrl): the other host.
			expect(new URL(url, env.sim.url).host).toBe(recorder.host);
			await expect(
				credential.authenticate(data, { baseURL: env.sim.url, url, method: 'POST' }),
			).rejects.toThrow(
				`Refusing to send the marketplace credential to ${recorder.url}: requests must go to the credential's base URL ${env.sim.url}`,
			);
		});

		it('refuses a backslash path that URL parsing turns into another host', async () => {
			const data = { ...selfAccessCredential(env.sim), accessToken: 'a-stored-access-token-value' };
			await expect(
				credential.authenticate(data, { baseURL: env.sim.url, url: `/\\${recorder.host}/x` }),
			).rejects.toThrow(/Refusing to send/);
		});

		it('still authorizes relative paths under the base URL, and asks n8n never to follow redirects with it', async () => {
			const data = { ...selfAccessCredential(env.sim), accessToken: 'a-stored-access-token-value' };
			const options = await credential.authenticate(data, {
				baseURL: `${env.sim.url}/`,
				url: 'sellers/v3/shipments/filter',
			});
			expect(options.headers?.Authorization).toBe('Bearer a-stored-access-token-value');
			expect(options.disableFollowRedirect).toBe(true);
			expect(options.sendCredentialsOnCrossOriginRedirect).toBe(false);
		});
	});

	it('no secret of the partner credential in any of the errors above', async () => {
		redirect('GET /oauth-service/oauth/token', 302, `${recorder.url}/steal`);
		const store = await partnerStore(env.sim);
		const error = failed(await runAction(store, PARTNER, search));
		assertNoSecret(
			JSON.stringify(error),
			credentialSecrets(partnerCredential(env.sim, store.get(PARTNER))),
			'the redirect error',
		);
		expect(callsOf(env.sim, TOKEN_ROUTE)).toHaveLength(1);
	});
});
