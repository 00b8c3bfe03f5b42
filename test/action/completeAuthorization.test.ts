/**
 * Partner onboarding (issue 15): Get Authorization URL signs a state over the seller reference
 * and its issue time with the app secret; Authorization > Complete Authorization verifies it
 * without storage and outputs the seller reference and the code. Forged, expired, wrong-app and
 * malformed states are refused with a clear error before anything is sent.
 */
import axios from 'axios';

import { issueState } from '../../nodes/shared/authorizationState';
import { partnerCredential } from '../support/fixtures';
import {
	CredentialStore,
	failed,
	ok,
	PARTNER,
	runAction,
	SELF,
	tokenCalls,
	useSimulator,
	visibleText,
	type Loose,
} from './helpers';

const getUrl = (sellerReference: string, extra: Record<string, unknown> = {}) => ({
	resource: 'authorization',
	operation: 'getUrl',
	sellerReference,
	...extra,
});
const complete = (extra: Record<string, unknown> = {}) => ({
	resource: 'authorization',
	operation: 'completeAuthorization',
	redirectInput: 'query',
	query: '={{ $json.query }}',
	...extra,
});
const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 2,
};
const MINUTE = 60_000;

describe('Authorization > Complete Authorization', () => {
	const env = useSimulator();

	function partner(overrides: Record<string, unknown> = {}): CredentialStore {
		const store = new CredentialStore();
		store.set(PARTNER, partnerCredential(env.sim, overrides as never));
		return store;
	}

	/** Get Authorization URL, then the seller's approval at the simulator's authorize endpoint. */
	async function authorize(
		sellerReference: string,
		store = partner(),
	): Promise<{ state: string; query: Record<string, string>; location: string }> {
		const [item] = ok(await runAction(store, PARTNER, getUrl(sellerReference)));
		const answer = await axios.get(
			`${String(item.json.authorizationUrl)}&seller_id=SELLER-DEMO-2`,
			{ maxRedirects: 0, validateStatus: () => true },
		);
		expect(answer.status).toBe(302);
		const location = String(answer.headers.location);
		return {
			state: String(item.json.state),
			query: Object.fromEntries(new URL(location).searchParams),
			location,
		};
	}

	/** A state signed with the demo partner app's secret at `nowMs`. */
	function stateAt(nowMs: number, validForSeconds = 600, sellerReference = 'acme-1'): string {
		const app = env.sim.demo.partnerApp;
		return issueState({
			appId: app.appId,
			appSecret: app.appSecret,
			sellerReference,
			validForSeconds,
			nowMs,
		}).state;
	}

	/** Completion must fail with `message`, having sent nothing to the marketplace. */
	async function refused(
		query: Record<string, unknown>,
		message: string | RegExp,
	): Promise<{ message: string; description?: string }> {
		env.sim.control.clearCalls();
		const error = failed(await runAction(partner(), PARTNER, complete(), [{ query }]));
		expect(error.message).toMatch(message);
		expect(error.description).toMatch(/Nothing was sent to the marketplace/);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		return error;
	}

	it('valid: outputs the seller reference and the code from the redirect, never a token, without any request', async () => {
		const { state, query } = await authorize('acme-store-042');
		env.sim.control.clearCalls();

		const items = ok(await runAction(partner(), PARTNER, complete(), [{ query }]));

		expect(items).toEqual([
			{
				json: {
					sellerReference: 'acme-store-042',
					code: query.code,
					state,
					stateIssuedAt: expect.any(String),
					stateExpiresAt: expect.any(String),
					credentialType: 'marketplaceSellerOAuth2Api',
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(
			Date.parse(String(items[0].json.stateExpiresAt)) -
				Date.parse(String(items[0].json.stateIssuedAt)),
		).toBe(10 * MINUTE);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		expect(JSON.stringify(items)).not.toContain(env.sim.demo.partnerApp.appSecret);
	});

	it('valid, from the whole redirect address: a credential made with its code works; no credential data is output', async () => {
		const { location } = await authorize('acme-store-043');
		const items = ok(
			await runAction(
				partner(),
				PARTNER,
				// includeCredentialData was removed (issue 24): an old workflow's value is ignored.
				complete({ redirectInput: 'url', redirectAddress: location, includeCredentialData: true }),
			),
		);
		expect(items[0].json.credentialData).toBeUndefined();
		expect(items[0].json.sellerReference).toBe('acme-store-043');

		// A flow of the user's own: a seller credential with the partner app's keys and this code
		// exchanges the code on first use, and acts for the seller who approved.
		const seller = new CredentialStore();
		seller.set(
			PARTNER,
			partnerCredential(env.sim, {
				authorizationCode: items[0].json.code as string,
				authorizationState: items[0].json.state as string,
			}),
		);
		env.sim.control.clearCalls();
		ok(await runAction(seller, PARTNER, search));
		expect(tokenCalls(env.sim).map((call) => call.query.grant_type)).toEqual([
			'authorization_code',
		]);
		const [token] = env.sim.control.listTokens({
			appId: env.sim.demo.partnerApp.appId,
			kind: 'access',
		}).tokens as Loose[];
		expect(token.sellerId).toBe('SELLER-DEMO-2');
	});

	it('forged: a state whose reference was changed after signing, or one signed with another secret', async () => {
		const { state, query } = await authorize('acme-1');
		const [version, payload, mac] = state.split('.');
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
			string,
			unknown
		>;
		const changed = Buffer.from(JSON.stringify({ ...claims, r: 'someone-else' })).toString(
			'base64url',
		);
		await refused(
			{ ...query, state: `${version}.${changed}.${mac}` },
			"The state's signature does not match this credential's App Secret",
		);

		const otherSecret = issueState({
			appId: env.sim.demo.partnerApp.appId,
			appSecret: 'not-the-app-secret',
			sellerReference: 'acme-1',
			validForSeconds: 600,
			nowMs: Date.now(),
		});
		const error = await refused(
			{ ...query, state: otherSecret.state },
			"The state's signature does not match this credential's App Secret",
		);
		expect(error.description).toMatch(/App Secret was regenerated/);
	});

	it('expired: a genuine state older than its validity', async () => {
		const state = stateAt(Date.now() - 11 * MINUTE, 600);
		const error = await refused(
			{ code: 'some-code', state },
			/^The authorization link expired at \d{4}-\d\d-\d\dT/,
		);
		expect(error.description).toMatch(/Valid For on Get Authorization URL/);
		// Still within its validity: accepted.
		ok(
			await runAction(partner(), PARTNER, complete(), [
				{ query: { code: 'some-code', state: stateAt(Date.now() - 9 * MINUTE, 600) } },
			]),
		);
	});

	it('wrong app: a state from another third party app credential', async () => {
		const other = partner({ appId: 'other-partner-app', appSecret: 'other-partner-secret' });
		const [item] = ok(await runAction(other, PARTNER, getUrl('acme-1')));
		// Its signature is checked first (issue 24): nothing of its payload, such as the App ID, is shown.
		const error = await refused(
			{ code: 'some-code', state: item.json.state },
			"The state's signature does not match this credential's App Secret",
		);
		expect(error.description).toMatch(/made with another app's credential/);
	});

	it('malformed: a state Get Authorization URL did not issue, a missing state, or no code', async () => {
		await refused(
			{ code: 'some-code', state: 'b3f1c2d4e5f60718293a4b5c6d7e8f90' },
			'The state was not issued by Get Authorization URL',
		);
		await refused(
			{ code: 'some-code', state: 'v1.not*base64.abc' },
			'The state was not issued by Get Authorization URL',
		);
		// The signature is checked before the payload is read (issue 24).
		await refused(
			{ code: 'some-code', state: `v1.${Buffer.from('{"r":1}').toString('base64url')}.abc` },
			"The state's signature does not match this credential's App Secret",
		);
		await refused({ code: 'some-code' }, 'The redirect has no state');
		env.sim.control.clearCalls();
		const error = failed(
			await runAction(partner(), PARTNER, complete(), [{ query: { state: stateAt(Date.now()) } }]),
		);
		expect(error.message).toBe('The redirect has no code');
		const bad = failed(await runAction(partner(), PARTNER, complete({ query: '{not json' })));
		expect(bad.message).toBe('Query Parameters is not valid JSON');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('a seller who pressed Deny: their reference in the message', async () => {
		const error = failed(
			await runAction(partner(), PARTNER, complete(), [
				{
					query: {
						error: 'access_denied',
						error_description: 'User denied access',
						state: stateAt(Date.now()),
					},
				},
			]),
		);
		expect(error.message).toBe(
			'The seller did not approve access (access_denied: User denied access)',
		);
		expect(error.description).toMatch(/^Seller "acme-1" pressed Deny/);
	});

	it('continueOnFail: a refused redirect becomes an error item for that item alone; the code is kept out of it', async () => {
		const { query } = await authorize('acme-7');
		const forged = { code: 'code-of-a-forged-redirect', state: stateAt(Date.now() - 20 * MINUTE) };
		const items = ok(
			await runAction(partner(), PARTNER, complete(), [{ query: forged }, { query }], true),
		);
		expect(
			items.map((item) => [item.json.sellerReference, item.json.error, item.pairedItem]),
		).toEqual([
			[undefined, expect.stringMatching(/^The authorization link expired/), { item: 0 }],
			['acme-7', undefined, { item: 1 }],
		]);
		expect(visibleText(items[0].json)).not.toContain('code-of-a-forged-redirect');
	});

	it('Get Authorization URL refuses an empty or multi-line seller reference before anything else', async () => {
		expect(failed(await runAction(partner(), PARTNER, getUrl('  '))).message).toBe(
			'Seller Reference is empty',
		);
		expect(failed(await runAction(partner(), PARTNER, getUrl('a\nb'))).message).toBe(
			'Seller Reference contains an invisible, control or line-breaking character',
		);
	});

	it('is refused for the self access credential, naming the credential to choose', async () => {
		const error = failed(await runAction(new CredentialStore(), SELF, complete(), [{ query: {} }]));
		expect(error.message).toBe('Complete Authorization is for third party apps');
		expect(error.description).toMatch(/^Choose a "Marketplace Seller OAuth2 API" credential/);
	});
});
