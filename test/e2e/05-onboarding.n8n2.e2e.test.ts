/**
 * Partner onboarding (examples/partner-onboarding.json) in a real n8n 2.40.7: a link from Get
 * Authorization URL, the seller's approval at the simulator's authorize endpoint, the browser's
 * redirect to the example's webhook, which creates a "Marketplace Seller OAuth2 API" credential
 * for the seller through n8n's own n8n node; a Shipment Get Many with that credential then works.
 * A forged or expired state creates nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { repoRoot, request, type Credential, type WorkflowNode } from '../../scripts/e2e/lib';
import { prepareExample } from '../../scripts/demo/examples';
import { issueState } from '../../nodes/shared/authorizationState';
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
	// The example as a partner would set it up: their credentials and their App Secret in place.
	const example = {
		file: EXAMPLE_FILE,
		workflow: JSON.parse(readFileSync(join(repoRoot(), 'examples', EXAMPLE_FILE), 'utf8')),
	};
	const { workflow, webhookPaths } = prepareExample(example, {
		credential: { id: '', name: '' },
		filesFolder: '',
	});
	workflow.nodes = workflow.nodes.map((node): WorkflowNode => {
		if (node.credentials?.[PARTNER_CREDENTIAL_TYPE])
			return {
				...node,
				credentials: { [PARTNER_CREDENTIAL_TYPE]: { id: partner.id, name: partner.name } },
			};
		if (node.credentials?.n8nApi) {
			const data = String(node.parameters.data).replace(
				'REPLACE_WITH_YOUR_APP_SECRET',
				app.appSecret,
			);
			return {
				...node,
				parameters: { ...node.parameters, data },
				credentials: { n8nApi: { id: n8nApi.id, name: n8nApi.name } },
			};
		}
		return node;
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

describe('Partner onboarding example in n8n 2.40.7', () => {
	test('a seller authorizes: the workflow creates their credential, and a Shipment Get Many with it succeeds', async () => {
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
		expect(s().sim.control.counters().counters[TOKEN_ROUTE] ?? 0).toBe(0);

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
		// The credential exchanged the seller's code on its first use, for the seller who approved.
		const grants = s()
			.sim.control.listCalls({ route: TOKEN_ROUTE })
			.calls.map((call) => [call.status, call.query.grant_type]);
		expect(grants).toEqual([[200, 'authorization_code']]);
		const tokens = s().sim.control.listTokens({
			appId: s().sim.demo.partnerApp.appId,
			kind: 'access',
		}).tokens as Array<{ sellerId: string }>;
		expect(tokens.map((token) => token.sellerId)).toEqual([SELLER]);
	});

	test('a forged or an expired state creates nothing and shows the error page', async () => {
		const before = (await sellerCredentials()).length;
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

		for (const query of [forged, expired]) {
			const { status, page } = await arrive(query);
			expect(status).toBe(400);
			expect(page).toContain('We could not connect your seller account');
		}
		const executions = await settledExecutions(s().api, onboarding.id);
		expect(executions.slice(0, 2).map((execution) => execution.status)).toEqual([
			'success',
			'success',
		]);
		expect(await sellerCredentials()).toHaveLength(before);
	});
});
