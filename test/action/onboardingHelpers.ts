/**
 * Shared pieces of the onboarding tests (Get Authorization URL, Complete Authorization, Connect
 * Seller): a partner credential beside an n8n API credential that points at a fake of n8n's
 * credential endpoints, the seller's approval at the simulator, and the three operations'
 * parameters.
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { MarketplaceSellerOAuth2Api } from '../../credentials/MarketplaceSellerOAuth2Api.credentials';
import { issueState } from '../../nodes/shared/authorizationState';
import type { Simulator } from '../../simulator';
import { partnerCredential, runActionWith } from '../support/fixtures';
import { startFakeN8nApi, type FakeN8nApi } from '../support/fakeN8nApi';
import type { RunNodeResult } from '../support/n8nHarness';
import { CredentialStore, ok, PARTNER, runAction } from './helpers';

export const N8N_API = 'n8nApi';

export const getUrl = (sellerReference: string, extra: Record<string, unknown> = {}) => ({
	resource: 'authorization',
	operation: 'getUrl',
	sellerReference,
	...extra,
});

export const complete = (extra: Record<string, unknown> = {}) => ({
	resource: 'authorization',
	operation: 'completeAuthorization',
	redirectInput: 'query',
	query: '={{ $json.query }}',
	...extra,
});

export const connect = (extra: Record<string, unknown> = {}) => ({
	resource: 'authorization',
	operation: 'connectSeller',
	redirectInput: 'query',
	query: '={{ $json.query }}',
	...extra,
});

/** One fake n8n API for a test file, emptied before each test. */
export function useFakeN8nApi(): { api: FakeN8nApi } {
	const env = {} as { api: FakeN8nApi };
	beforeAll(async () => {
		env.api = await startFakeN8nApi([new MarketplaceSellerOAuth2Api()]);
	});
	afterAll(async () => {
		await env.api.close();
	});
	beforeEach(() => {
		env.api.credentials.clear();
		env.api.requests.length = 0;
		env.api.failWith = undefined;
	});
	return env;
}

/** The partner's app credential and an n8n API credential for the fake. */
export function partnerWithN8n(
	sim: Simulator,
	api: FakeN8nApi,
	overrides: Record<string, unknown> = {},
): CredentialStore {
	const store = new CredentialStore();
	store.set(PARTNER, partnerCredential(sim, overrides as never));
	store.set(N8N_API, { apiKey: api.apiKey, baseUrl: api.baseUrl });
	return store;
}

/** Get Authorization URL, then the seller's approval at the simulator's authorize endpoint. */
export async function authorize(
	sim: Simulator,
	store: CredentialStore,
	sellerReference: string,
	sellerId = 'SELLER-DEMO-2',
): Promise<{ state: string; query: Record<string, string>; location: string }> {
	const [item] = ok(await runAction(store, PARTNER, getUrl(sellerReference)));
	const answer = await axios.get(`${String(item.json.authorizationUrl)}&seller_id=${sellerId}`, {
		maxRedirects: 0,
		validateStatus: () => true,
	});
	expect(answer.status).toBe(302);
	const location = String(answer.headers.location);
	return {
		state: String(item.json.state),
		query: Object.fromEntries(new URL(location).searchParams),
		location,
	};
}

/** A state signed with the demo partner app's secret. */
export function stateFor(
	sim: Simulator,
	sellerReference: string,
	nowMs = Date.now(),
	validForSeconds = 600,
): string {
	const app = sim.demo.partnerApp;
	return issueState({
		appId: app.appId,
		appSecret: app.appSecret,
		sellerReference,
		validForSeconds,
		nowMs,
	}).state;
}

/** Runs an onboarding operation with the partner credential, the n8n API one and static data. */
export async function runOnboarding(
	store: CredentialStore,
	parameters: Record<string, unknown>,
	input: Array<Record<string, unknown>>,
	options: { staticData?: IDataObject; continueOnFail?: boolean } = {},
): Promise<RunNodeResult> {
	return await runActionWith(store, PARTNER, parameters, input, {
		otherCredentialTypes: [N8N_API],
		...options,
	});
}
