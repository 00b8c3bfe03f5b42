/**
 * Partner onboarding (examples/partner-onboarding.json) in a real n8n 2.x (n8n2Version()): a link from Get
 * Authorization URL, the seller's approval at the simulator's authorize endpoint, the browser's
 * redirect to the example's webhook, where Connect Seller exchanges the code and creates a
 * "Marketplace Seller OAuth2 API" credential for the seller through n8n's public API; a Shipment
 * Get Many with that credential then works. A second link for the same reference updates that
 * credential (one credential, same id). The App Secret appears in no workflow parameter and no
 * saved execution, in any encoding. A forged, expired or reused state, or a code that is an n8n
 * expression, creates nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	n8n2Version,
	repoRoot,
	request,
	type Credential,
	type WorkflowNode,
} from '../../scripts/e2e/lib';
import { prepareExample } from '../../scripts/demo/examples';
import { issueState } from '../../nodes/shared/authorizationState';
import { findSecret } from '../hardening/support/secretGuard';
import { useSession } from './support/session';
import {
	ACTION_NODE,
	createActionWorkflow,
	nodeOutput,
	PARTNER_CREDENTIAL_TYPE,
	runAction,
	settledExecutions,
	type ActionWorkflow,
} from './support/workflows';

const EXAMPLE_FILE = 'partner-onboarding.json';
const SELLER = 'SELLER-DEMO-2';
const TOKEN_ROUTE = 'GET /oauth-service/oauth/token';

let partner: Credential;
let linkMaker: ActionWorkflow;
let onboarding: { id: string; path: string };

const s = useSession('n8n2', 'onboarding-n8n2', async (session) => {
	const app = session.sim.demo.partnerApp;
	partner = await session.api.createCredential({
		name: 'Marketplace simulator (partner app)',
		type: PARTNER_CREDENTIAL_TYPE,
		data: {
			appId: app.appId,
			appSecret: app.appSecret,
			redirectUrl: app.redirectUri,
			environment: 'production',
			productionBaseUrl: session.sim.url,
			scope: 'Seller_Api',
		},
	});
	const n8nApi = await session.api.createCredential({
		name: 'This n8n',
		type: 'n8nApi',
		data: { apiKey: session.api.apiKey, baseUrl: `${session.n8n.baseUrl}/api/v1` },
	});
	linkMaker = await createActionWorkflow(
		session.n8n,
		session.api,
		partner,
		'E2E authorization links',
		{ resource: 'authorization', operation: 'getUrl', sellerReference: '={{ $json.body.ref }}' },
		{ credentialType: PARTNER_CREDENTIAL_TYPE },
	);
	// The example as a partner would set it up: their two credentials chosen, nothing typed in.
	const example = {
		file: EXAMPLE_FILE,
		workflow: JSON.parse(readFileSync(join(repoRoot(), 'examples', EXAMPLE_FILE), 'utf8')),
	};
	const { workflow, webhookPaths } = prepareExample(example, {
		credential: { id: '', name: '' },
		filesFolder: '',
	});
	workflow.nodes = workflow.nodes.map((node): WorkflowNode => {
		if (!node.credentials?.[PARTNER_CREDENTIAL_TYPE]) return node;
		return {
			...node,
			credentials: {
				[PARTNER_CREDENTIAL_TYPE]: { id: partner.id, name: partner.name },
				n8nApi: { id: n8nApi.id, name: n8nApi.name },
			},
		};
	});
	const created = await session.api.createWorkflow(workflow);
	await session.api.publishWorkflow(created.id);
	onboarding = { id: created.id, path: webhookPaths[0] };
});

/** The link Get Authorization URL made in n8n for this reference. */
async function authorizationLink(ref: string): Promise<{ url: string; state: string }> {
	const { execution } = await runAction(s().n8n, s().api, linkMaker, { ref });
	expect(execution.status).toBe('success');
	const [item] = nodeOutput(execution, ACTION_NODE);
	return { url: String(item.json.authorizationUrl), state: String(item.json.state) };
}

/** The seller presses Allow: the simulator's authorize endpoint answers with the redirect. */
async function approve(link: string): Promise<URL> {
	const answer = await request({ url: `${link}&seller_id=${SELLER}` });
	expect(answer.status).toBe(302);
	return new URL(String(answer.headers.location));
}

/** The seller's browser follows the redirect to the partner's URL, which reaches the example's webhook. */
async function arrive(query: URLSearchParams): Promise<{ status: number; page: string }> {
	for (let attempt = 0; ; attempt++) {
		const answer = await request<string>({
			url: `${s().n8n.webhookUrl(onboarding.path)}?${query.toString()}`,
			responseType: 'text',
		});
		// Right after publishing the route can answer 404 "not registered" for a moment.
		if (answer.status !== 404 || attempt >= 20)
			return { status: answer.status, page: String(answer.data) };
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

async function sellerCredentials(): Promise<Credential[]> {
	return (await s().api.listAllCredentials()).filter((credential) =>
		credential.name.startsWith('Marketplace Seller - '),
	);
}

/** The secrets of the onboarding: the partner's App Secret and the n8n API key. */
function secrets(): string[] {
	return [s().sim.demo.partnerApp.appSecret, s().api.apiKey];
}

describe(`Partner onboarding example in n8n ${n8n2Version()}`, () => {
	let firstCredentialId = '';

	test('a seller authorizes: Connect Seller creates their credential, and a Shipment Get Many with it succeeds', async () => {
		const { url, state } = await authorizationLink('acme-e2e-1');
		const redirect = await approve(url);
		expect(redirect.searchParams.get('state')).toBe(state);

		const { status, page } = await arrive(redirect.searchParams);
		expect(status).toBe(200);
		expect(page).toContain('Your seller account is connected');
		expect(page).toContain('Reference: acme-e2e-1');

		const created = await sellerCredentials();
		expect(created.map((credential) => [credential.name, credential.type])).toEqual([
			['Marketplace Seller - acme-e2e-1', PARTNER_CREDENTIAL_TYPE],
		]);
		firstCredentialId = created[0].id;
		// Connect Seller exchanged the code once, before the credential existed.
		const grants = () =>
			s()
				.sim.control.listCalls({ route: TOKEN_ROUTE })
				.calls.map((call) => [call.status, call.query.grant_type]);
		expect(grants()).toEqual([[200, 'authorization_code']]);

		const search = await createActionWorkflow(
			s().n8n,
			s().api,
			created[0],
			'E2E search as the onboarded seller',
			{
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'preDispatch',
				preDispatchStates: ['APPROVED'],
				returnAll: false,
				limit: 3,
			},
			{ credentialType: PARTNER_CREDENTIAL_TYPE },
		);
		const { execution } = await runAction(s().n8n, s().api, search);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, ACTION_NODE).length).toBeGreaterThan(0);
		// The credential used the tokens Connect Seller handed over: no second grant, and it acts
		// for the seller who approved.
		expect(grants()).toEqual([[200, 'authorization_code']]);
		const tokens = s().sim.control.listTokens({
			appId: s().sim.demo.partnerApp.appId,
			kind: 'access',
		}).tokens as Array<{ sellerId: string }>;
		expect(tokens.map((token) => token.sellerId)).toEqual([SELLER]);
	});

	test('a second link for the same reference updates the same credential: one credential for the seller', async () => {
		const { url } = await authorizationLink('acme-e2e-1');
		const { status, page } = await arrive((await approve(url)).searchParams);
		expect(status).toBe(200);
		expect(page).toContain('Reference: acme-e2e-1');
		const named = (await sellerCredentials()).filter(
			(credential) => credential.name === 'Marketplace Seller - acme-e2e-1',
		);
		expect(named.map((credential) => credential.id)).toEqual([firstCredentialId]);
		const [last] = await settledExecutions(s().api, onboarding.id, { includeData: true });
		const [item] = nodeOutput(last, 'Connect Seller');
		expect(item.json).toMatchObject({
			sellerReference: 'acme-e2e-1',
			credentialId: firstCredentialId,
			credentialAction: 'updated',
		});
	});

	test('no workflow parameter and no saved execution holds the App Secret or the API key, in any encoding', async () => {
		const workflow = await s().api.getWorkflow(onboarding.id);
		expect(findSecret(JSON.stringify(workflow), secrets())).toBeUndefined();
		const executions = await settledExecutions(s().api, onboarding.id, { includeData: true });
		expect(executions.length).toBeGreaterThanOrEqual(2);
		for (const execution of executions) {
			expect(execution.data).toBeDefined();
			expect(findSecret(JSON.stringify(execution), secrets())).toBeUndefined();
		}
	});

	test('a forged, expired or reused state, or an expression as the code, creates nothing and shows the error page', async () => {
		const before = await sellerCredentials();
		const app = s().sim.demo.partnerApp;
		const { url } = await authorizationLink('acme-e2e-2');
		const redirect = await approve(url);

		// Forged: the reference inside the signed state changed to another seller's.
		const [version, payload, mac] = String(redirect.searchParams.get('state')).split('.');
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
			string,
			unknown
		>;
		const forged = new URLSearchParams(redirect.searchParams);
		forged.set(
			'state',
			`${version}.${Buffer.from(JSON.stringify({ ...claims, r: 'someone-else' })).toString('base64url')}.${mac}`,
		);
		// Expired: a genuine state of this app, issued 11 minutes ago with the default 10 minutes.
		const expired = new URLSearchParams(redirect.searchParams);
		expired.set(
			'state',
			issueState({
				appId: app.appId,
				appSecret: app.appSecret,
				sellerReference: 'acme-e2e-2',
				validForSeconds: 600,
				nowMs: Date.now() - 11 * 60_000,
			}).state,
		);
		// An n8n expression as the code, with the genuine state.
		const expression = new URLSearchParams(redirect.searchParams);
		expression.set('code', '={{ 1 }}');

		const tokenCallsBefore = s().sim.control.listCalls({ route: TOKEN_ROUTE }).calls.length;
		for (const [what, query] of Object.entries({ forged, expired, expression })) {
			const { status, page } = await arrive(query);
			expect({ what, status }).toEqual({ what, status: 400 });
			expect(page).toContain('We could not connect your seller account');
		}
		expect(s().sim.control.listCalls({ route: TOKEN_ROUTE }).calls).toHaveLength(tokenCallsBefore);
		// The genuine redirect was not consumed by the refusals above: it still connects.
		expect((await arrive(redirect.searchParams)).status).toBe(200);
		// Reused: the same state again, with a new genuine code.
		const again = new URLSearchParams(redirect.searchParams);
		again.set('code', new URL((await approve(url)).toString()).searchParams.get('code') ?? '');
		const reused = await arrive(again);
		expect(reused.status).toBe(400);
		expect(reused.page).toContain('We could not connect your seller account');
		// The used states are saved with the workflow (n8n saves a production execution's static
		// data when it changed): three accepted links, nothing of the refused ones, no state text.
		const stored = (await s().n8n.workflowStaticData(onboarding.id)) as {
			'node:Connect Seller'?: { usedStates?: Record<string, number> };
		} | null;
		const used = stored?.['node:Connect Seller']?.usedStates ?? {};
		expect(Object.keys(used)).toHaveLength(3);
		expect(JSON.stringify(stored)).not.toContain('v1.');

		const executions = await settledExecutions(s().api, onboarding.id);
		expect(executions.slice(0, 5).map((execution) => execution.status)).toEqual([
			'success',
			'success',
			'success',
			'success',
			'success',
		]);
		const after = await sellerCredentials();
		expect(after.map((credential) => credential.name).sort()).toEqual(
			[...before.map((credential) => credential.name), 'Marketplace Seller - acme-e2e-2'].sort(),
		);
	});
});
