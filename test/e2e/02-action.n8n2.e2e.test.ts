/**
 * The action node in a real n8n 2.x (n8n2Version()), through published workflows (Webhook -> [Split Out] ->
 * Marketplace Seller) that use a credential created through n8n's public API; results are read
 * back through the executions API, marketplace traffic through the simulator's call log.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { BROWSER_ID, n8n2Version, repoRoot, request } from '../../scripts/e2e/lib';
import { prepareExample } from '../../scripts/demo/examples';
import type { RecordedCall } from '../../simulator';
import { startHeaderRecorder } from '../hardening/support/headerRecorder';
import { useSession } from './support/session';
import {
	ACTION_NODE,
	createActionWorkflow,
	executionError,
	nodeOutput,
	runAction,
	SPLIT_NODE,
	type ActionWorkflow,
} from './support/workflows';

const LOCATION = 'LOC-DEMO-1';
const SELLER = 'SELLER-DEMO-1';
const TOKEN_ROUTE = 'GET /oauth-service/oauth/token';
const EXPIRY_ROUTE = 'GET /oauth-service/oauth/token/expiry';
const SEARCH_ROUTE = 'POST /sellers/v3/shipments/filter';
const NEXT_PAGE_ROUTE = 'GET /sellers/v3/shipments/filter';
const LABELS_ROUTE = 'POST /sellers/v3/shipments/labels';
const DOWNLOAD_ROUTE = 'GET /sellers/v3/shipments/{ids}/labels';
const SUBSCRIPTION_ROUTE = 'POST /sellers/v3/notification/subscription';

let search: ActionWorkflow;

const s = useSession('n8n2', 'action-n8n2', async (session) => {
	// No push receiver: packing must not push notifications anywhere.
	session.sim.control.setReceiver({ url: null });
	search = await createActionWorkflow(
		session.n8n,
		session.api,
		session.credential,
		'E2E search shipments',
		{
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			preDispatchStates: ['APPROVED'],
			returnAll: false,
			limit: 5,
			filters: { locationId: LOCATION },
		},
	);
});

/** Sequence number of the last recorded simulator call (calls after it are "new"). */
function mark(): number {
	const calls = s().sim.control.listCalls().calls;
	return calls.length > 0 ? calls[calls.length - 1].seq : 0;
}

function callsSince(seq: number, route?: string): RecordedCall[] {
	return s().sim.control.listCalls({ since: seq, ...(route ? { route } : {}) }).calls;
}

function bearer(call: RecordedCall): string | undefined {
	const match = /^Bearer (.+)$/.exec(call.headers.authorization ?? '');
	return match?.[1];
}

function selfAccessTokens(): Array<{ token: string; expired: boolean; revoked: boolean }> {
	return s().sim.control.listTokens({ appId: s().sim.demo.selfApp.appId, kind: 'access' }).tokens;
}

describe(`Marketplace Seller node in n8n ${n8n2Version()}`, () => {
	test("n8n's credential layer fetches the token once and reuses it across executions", async () => {
		expect(s().sim.control.counters().counters[TOKEN_ROUTE] ?? 0).toBe(0);
		const since = mark();
		for (let run = 0; run < 5; run++) {
			const { execution } = await runAction(s().n8n, s().api, search);
			expect(execution.status).toBe('success');
			const shipments = nodeOutput(execution, ACTION_NODE);
			expect(shipments).toHaveLength(5);
			for (const shipment of shipments)
				expect(shipment.json).toMatchObject({ locationId: LOCATION });
		}
		const tokenCalls = callsSince(since, TOKEN_ROUTE);
		expect(tokenCalls.map((call) => [call.status, call.query.grant_type])).toEqual([
			[200, 'client_credentials'],
		]);
		const searches = callsSince(since, SEARCH_ROUTE);
		expect(searches).toHaveLength(5);
		const issued = selfAccessTokens();
		expect(issued).toHaveLength(1);
		for (const call of searches) {
			expect(call.status).toBe(200);
			expect(bearer(call)).toBe(issued[0].token);
		}
		// The token request came first, before any API call.
		expect(tokenCalls[0].seq).toBeLessThan(searches[0].seq);
	});

	test('Search with Return All follows every page', async () => {
		const sku = 'E2E-PAGES-001';
		const seeded = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 65,
			sku,
			itemCount: 1,
			shipmentType: 'NORMAL',
			hold: false,
		}).shipmentIds;
		const flow = await createActionWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E search all pages',
			{
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'preDispatch',
				preDispatchStates: ['APPROVED'],
				returnAll: true,
				filters: { locationId: LOCATION, skus: sku },
			},
		);
		const since = mark();
		const { execution } = await runAction(s().n8n, s().api, flow);
		expect(execution.status).toBe('success');
		const ids = nodeOutput(execution, ACTION_NODE).map((item) => item.json.shipmentId);
		expect(ids).toHaveLength(65);
		expect(new Set(ids)).toEqual(new Set(seeded));
		// 65 shipments at 20 per page: the search and three next pages.
		expect(callsSince(since, SEARCH_ROUTE).map((call) => call.status)).toEqual([200]);
		const nextPages = callsSince(since, NEXT_PAGE_ROUTE);
		expect(nextPages.map((call) => call.status)).toEqual([200, 200, 200]);
		for (const call of nextPages) expect(typeof call.query.next_token).toBe('string');
		expect(callsSince(since, TOKEN_ROUTE)).toHaveLength(0);
	});

	test('Get Many with Include Details: the details merged into each (simplified) row, one Get Details call for 5 shipments', async () => {
		const sku = 'E2E-DETAILS-001';
		const seeded = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 5,
			sku,
			itemCount: 1,
			shipmentType: 'NORMAL',
			hold: false,
		}).shipmentIds;
		const flow = await createActionWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E search with details',
			{
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'preDispatch',
				returnAll: true,
				includeDetails: true,
				filters: { locationId: LOCATION, skus: sku },
			},
		);
		const since = mark();
		const { execution } = await runAction(s().n8n, s().api, flow);
		expect(execution.status).toBe('success');
		const rows = nodeOutput(execution, ACTION_NODE).map((item) => item.json);
		expect(new Set(rows.map((row) => row.shipmentId))).toEqual(new Set(seeded));
		for (const row of rows) {
			expect(row.courierDetails).toEqual(
				(s().sim.control.getShipment(String(row.shipmentId)).details as Record<string, unknown>)
					.courierDetails,
			);
			expect(row.orderItems).toBeUndefined();
		}
		expect(callsSince(since, 'GET /sellers/v3/shipments/{ids}')).toHaveLength(1);
	});

	test('Listing > Create Hyperlocal: a location picked from the list, sent to its own endpoint; an MRP left empty is refused before sending', async () => {
		const parameters = {
			resource: 'listing',
			operation: 'createHyperlocal',
			sku: 'E2E-HYPERLOCAL-1',
			productId: 'E2E-PRODUCT',
			sellingPrice: 90,
			hsn: '04012000',
			package: { package: { name: 'Pouch', length: 15, breadth: 10, height: 4, weight: 0.5 } },
			locationId: { __rl: true, mode: 'list', value: LOCATION },
			inventory: 7,
			addressLabel: { countriesOfOrigin: 'IN' },
			datingLabel: { shelfLife: 3 },
		};
		const since = mark();
		const empty = await runAction(
			s().n8n,
			s().api,
			await createActionWorkflow(
				s().n8n,
				s().api,
				s().credential,
				'E2E hyperlocal without MRP',
				parameters,
			),
		);
		expect(empty.execution.status).toBe('error');
		expect(executionError(empty.execution).message).toBe(
			'SKU E2E-HYPERLOCAL-1: price.mrp is required',
		);
		expect(callsSince(since, 'POST /sellers/listings/v3/hyperlocal')).toHaveLength(0);

		const { execution } = await runAction(
			s().n8n,
			s().api,
			await createActionWorkflow(s().n8n, s().api, s().credential, 'E2E hyperlocal', {
				...parameters,
				mrp: 100,
			}),
		);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, ACTION_NODE).map((item) => item.json)).toEqual([
			expect.objectContaining({ sku: 'E2E-HYPERLOCAL-1', status: 'SUCCESS' }),
		]);
		const [call] = callsSince(since, 'POST /sellers/listings/v3/hyperlocal');
		expect(
			(call.body as Record<string, Record<string, unknown>>)['E2E-HYPERLOCAL-1'],
		).toMatchObject({
			location: { id: LOCATION, status: 'ENABLED', inventory: 7 },
			price: { mrp: 100, selling_price: 90, currency: 'INR' },
		});
	});

	let packedIds: string[] = [];

	test('Generate Labels for 60 shipments (60 input items, one execution) in 3 requests', async () => {
		const sku = 'E2E-LABELS-001';
		const seeded = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 60,
			sku,
			itemCount: 1,
			shipmentType: 'NORMAL',
			hold: false,
		}).shipmentIds;
		const invoiceDate = new Date().toISOString();
		const items = seeded.map((shipmentId) => {
			const shipment = s().sim.control.getShipment(shipmentId).shipment as {
				orderItems: Array<{ orderItemId: string; orderId: string; quantity: number }>;
			};
			return {
				shipmentId,
				locationId: LOCATION,
				label: {
					invoices: [{ orderId: shipment.orderItems[0].orderId, invoiceDate }],
					taxItems: shipment.orderItems.map((item) => ({
						orderItemId: item.orderItemId,
						taxRate: 18,
						quantity: item.quantity,
					})),
				},
			};
		});
		const flow = await createActionWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E generate labels',
			{
				resource: 'shipment',
				operation: 'generateLabels',
				shipmentId: '={{ $json.shipmentId }}',
				locationId: '={{ $json.locationId }}',
				labelInput: 'json',
				labelJson: '={{ JSON.stringify($json.label) }}',
				options: {},
			},
			{ splitItems: true },
		);
		const since = mark();
		const { execution } = await runAction(s().n8n, s().api, flow, { items });
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, SPLIT_NODE)).toHaveLength(60);
		const results = nodeOutput(execution, ACTION_NODE);
		expect(results).toHaveLength(60);
		expect(results.map((item) => item.json.shipmentId)).toEqual(seeded);
		for (const item of results) expect(item.json).toMatchObject({ status: 'SUCCESS' });

		const labelCalls = callsSince(since, LABELS_ROUTE);
		expect(labelCalls.map((call) => call.status)).toEqual([200, 200, 200]);
		expect(
			labelCalls.map((call) => (call.body as { shipments: unknown[] }).shipments.length),
		).toEqual([25, 25, 10]);
		const sent = labelCalls.flatMap((call) =>
			(call.body as { shipments: Array<{ shipmentId: string }> }).shipments.map(
				(entry) => entry.shipmentId,
			),
		);
		expect(sent).toEqual(seeded);
		packedIds = seeded;
	});

	test('Download Labels after packing: a PDF in the execution binary data', async () => {
		expect(packedIds).toHaveLength(60);
		// Packing is asynchronous in the marketplace (here: immediate); wait until the simulator says PACKED.
		await s().sim.control.flushNotifications();
		for (const id of packedIds.slice(0, 3))
			expect(s().sim.control.getShipment(id).state).toBe('PACKED');

		const flow = await createActionWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E download labels',
			{
				resource: 'shipment',
				operation: 'downloadLabels',
				shipmentIds: '={{ $json.body.shipmentIds }}',
				binaryPropertyName: 'data',
				outputMode: 'perBatch',
			},
		);
		const wanted = packedIds.slice(0, 3);
		const since = mark();
		const { execution } = await runAction(s().n8n, s().api, flow, {
			shipmentIds: wanted.join(','),
		});
		expect(execution.status).toBe('success');
		const files = nodeOutput(execution, ACTION_NODE);
		expect(files).toHaveLength(1);
		const expectedName = `labels-${wanted[0]}-and-2-more.pdf`;
		expect(files[0].json).toMatchObject({ shipmentIds: wanted, fileName: expectedName });
		expect(files[0].json.fileSize).toEqual(expect.any(Number));
		const binary = files[0].binary?.data as Record<string, unknown> | undefined;
		expect(binary).toMatchObject({
			mimeType: 'application/pdf',
			fileName: expectedName,
			fileExtension: 'pdf',
		});
		expect(callsSince(since, DOWNLOAD_ROUTE).map((call) => call.status)).toEqual([200]);

		// The bytes exist where n8n keeps binary data: fetch them through the editor's REST API.
		const pdf = await readBinary(String(binary?.id ?? ''), binary?.data);
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(pdf.length).toBe(files[0].json.fileSize);
	});

	test('Notification Subscription > Update: success, then 403 and 404 with the explained message', async () => {
		const flow = await createActionWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E subscription update',
			{
				resource: 'notificationSubscription',
				operation: 'update',
				sellerId: SELLER,
				locationId: '={{ $json.body.locationId }}',
				orderNotifications: 'enable',
				returnNotifications: '={{ $json.body.returns }}',
			},
		);
		const subscription = () =>
			s()
				.sim.control.listSubscriptions()
				.subscriptions.find((sub) => sub.sellerId === SELLER && sub.locationId === LOCATION);

		const disabled = await runAction(s().n8n, s().api, flow, {
			locationId: LOCATION,
			returns: 'disable',
		});
		expect(disabled.execution.status).toBe('success');
		expect(nodeOutput(disabled.execution, ACTION_NODE)[0].json).toMatchObject({
			sellerId: SELLER,
			locationId: LOCATION,
			orderNotifications: 'enabled',
			returnNotifications: 'disabled',
		});
		expect(subscription()).toMatchObject({ disableOrder: false, disableReturns: true });
		const enabled = await runAction(s().n8n, s().api, flow, {
			locationId: LOCATION,
			returns: 'enable',
		});
		expect(enabled.execution.status).toBe('success');
		expect(subscription()).toMatchObject({ disableOrder: false, disableReturns: false });

		// LOC-DEMO-2's subscription belongs to the partner app: 403.
		const since = mark();
		const foreign = await runAction(s().n8n, s().api, flow, {
			locationId: 'LOC-DEMO-2',
			returns: 'enable',
		});
		expect(foreign.execution.status).toBe('error');
		const foreignError = executionError(foreign.execution);
		expect(`${foreignError.message} ${foreignError.description}`).toContain(
			`The subscription of seller ${SELLER} at location LOC-DEMO-2 does not belong to this app.`,
		);
		expect(callsSince(since, SUBSCRIPTION_ROUTE).map((call) => call.status)).toEqual([403]);

		// No subscription at all: 404.
		const missing = await runAction(s().n8n, s().api, flow, {
			locationId: 'LOC-NOWHERE',
			returns: 'enable',
		});
		expect(missing.execution.status).toBe('error');
		const missingError = executionError(missing.execution);
		expect(`${missingError.message} ${missingError.description}`).toContain(
			`No notification subscription exists for seller ${SELLER} at location LOC-NOWHERE.`,
		);
	});

	test('an access token expired at the marketplace: 401, one token request, the call succeeds', async () => {
		const [current] = selfAccessTokens().filter((token) => !token.expired && !token.revoked);
		expect(current).toBeDefined();
		expect(s().sim.control.expireTokens({ token: current.token }).affected).toBe(1);

		const since = mark();
		const { execution } = await runAction(s().n8n, s().api, search);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, ACTION_NODE)).toHaveLength(5);

		const calls = callsSince(since).map((call) => ({
			route: call.route,
			status: call.status,
			token: bearer(call),
		}));
		const renewed = selfAccessTokens().filter((token) => !token.expired && !token.revoked);
		expect(renewed).toHaveLength(1);
		expect(renewed[0].token).not.toBe(current.token);
		expect(calls).toEqual([
			{ route: SEARCH_ROUTE, status: 401, token: current.token },
			{ route: TOKEN_ROUTE, status: 200, token: undefined },
			{ route: SEARCH_ROUTE, status: 200, token: renewed[0].token },
		]);

		// The renewed token was stored by n8n: the next execution asks for no token.
		const next = mark();
		const again = await runAction(s().n8n, s().api, search);
		expect(again.execution.status).toBe('success');
		expect(
			callsSince(next).map((call) => ({
				route: call.route,
				status: call.status,
				token: bearer(call),
			})),
		).toEqual([{ route: SEARCH_ROUTE, status: 200, token: renewed[0].token }]);
	});

	test('a redirect to another host (issue 11, point 1): the execution fails naming it, and no credential reaches it', async () => {
		const recorder = await startHeaderRecorder();
		try {
			s().sim.control.addFault({
				route: SEARCH_ROUTE,
				status: 307,
				headers: { Location: `${recorder.url}/sellers/v3/shipments/filter` },
				body: '',
				times: -1,
			});
			s().sim.control.addFault({
				route: TOKEN_ROUTE,
				status: 302,
				headers: { Location: `${recorder.url}/oauth-service/oauth/token` },
				body: '',
				times: -1,
			});
			const { execution } = await runAction(s().n8n, s().api, search);
			expect(execution.status).toBe('error');
			expect(executionError(execution).message).toContain(
				`redirected the request to ${recorder.host}`,
			);
			// The token had expired or not: either redirect is refused, and nothing reached the other host.
			expect(recorder.requests).toEqual([]);
		} finally {
			s().sim.control.clearFaults();
			await recorder.close();
		}
	});
});

/**
 * The editor's credential test (POST /rest/credentials/test with the owner session), as a user
 * meets it: the editor loads the saved credential with its secrets redacted and sends that back.
 */
describe(`the editor's credential test in n8n ${n8n2Version()}`, () => {
	async function testInEditor(
		id: string,
		name: string,
		type: string,
		data: Record<string, unknown>,
	) {
		const answer = await s().n8n.rest<{ data: { status: string; message: string } }>(
			'POST',
			'/credentials/test',
			{
				credentials: { id, name, type, data },
			},
		);
		expect(answer.status).toBe(200);
		return answer.data.data;
	}

	async function editorCopy(id: string): Promise<Record<string, unknown>> {
		const loaded = await s().n8n.rest<{ data: { data: Record<string, unknown> } }>(
			'GET',
			`/credentials/${id}?includeData=true`,
		);
		expect(loaded.status).toBe(200);
		return loaded.data.data.data;
	}

	const base = () => ({
		environment: 'production',
		productionBaseUrl: s().sim.url,
		sandboxBaseUrl: 'https://sandbox.invalid',
		scope: 'Seller_Api',
	});

	test('self access app: a working credential passes, a wrong secret typed in fails even while the stored token works', async () => {
		const good = {
			appId: s().sim.demo.selfApp.appId,
			appSecret: s().sim.demo.selfApp.appSecret,
			...base(),
		};
		const created = await s().api.createCredential({
			name: 'E2E editor test self',
			type: 'marketplaceSellerApi',
			data: good,
		});
		expect(
			await testInEditor(created.id, 'E2E editor test self', 'marketplaceSellerApi', good),
		).toEqual({ status: 'OK', message: 'Connection successful!' });
		const wrong = await testInEditor(created.id, 'E2E editor test self', 'marketplaceSellerApi', {
			...good,
			appSecret: 'wrong-secret-value',
		});
		expect(wrong.status).toBe('Error');
		expect(wrong.message).not.toContain('wrong-secret-value');

		// As the editor sends it after a token was stored: the saved credential, secrets redacted.
		const copy = await editorCopy(created.id);
		expect(
			await testInEditor(created.id, 'E2E editor test self', 'marketplaceSellerApi', copy),
		).toEqual({ status: 'OK', message: 'Connection successful!' });
		// A wrong secret typed into it (issue 11, point 9): the test asks the token service with it.
		const since = mark();
		const typed = await testInEditor(created.id, 'E2E editor test self', 'marketplaceSellerApi', {
			...copy,
			appSecret: 'wrong-secret-value',
		});
		expect(typed.status).toBe('Error');
		// n8n answers the 401 by renewing the token with the typed secret, whose refusal it then reports.
		expect(typed.message).toMatch(/Bad credentials|refused the App ID or App Secret/);
		expect(callsSince(since, TOKEN_ROUTE).map((call) => call.status)).toContain(401);
	});

	test('third party app: no code gives the authorization URL, a code is exchanged once, the test proves the secret and the refresh token', async () => {
		const partner = {
			appId: s().sim.demo.partnerApp.appId,
			appSecret: s().sim.demo.partnerApp.appSecret,
			redirectUrl: s().sim.demo.partnerApp.redirectUri,
			...base(),
		};
		const created = await s().api.createCredential({
			name: 'E2E editor test partner',
			type: 'marketplaceSellerOAuth2Api',
			data: partner,
		});
		const noCode = await testInEditor(
			created.id,
			'E2E editor test partner',
			'marketplaceSellerOAuth2Api',
			partner,
		);
		expect(noCode.status).toBe('Error');
		expect(noCode.message).toMatch(/no authorization code yet/);
		expect(noCode.message).toContain(
			`${s().sim.url}/oauth-service/oauth/authorize?client_id=demo-partner-app&redirect_uri=`,
		);

		const { code } = s().sim.control.issueAuthCode({
			appId: partner.appId,
			sellerId: SELLER,
			redirectUri: partner.redirectUrl,
		});
		const withCode = { ...partner, authorizationCode: code };
		const exchange = mark();
		expect(
			await testInEditor(
				created.id,
				'E2E editor test partner',
				'marketplaceSellerOAuth2Api',
				withCode,
			),
		).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(
			callsSince(exchange, TOKEN_ROUTE).map(
				(call) => `${String(call.query.grant_type)} ${call.status}`,
			),
		).toEqual(['authorization_code 200']);
		expect(
			callsSince(exchange, EXPIRY_ROUTE).map(
				(call) => `${String(call.query.token_type)} ${call.status}`,
			),
		).toEqual(['refresh 200']);

		// The editor's copy of the saved credential, secrets redacted, tested again: no new token needed.
		const copy = await editorCopy(created.id);
		const retest = mark();
		expect(
			await testInEditor(created.id, 'E2E editor test partner', 'marketplaceSellerOAuth2Api', copy),
		).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(callsSince(retest, TOKEN_ROUTE)).toHaveLength(0);

		// A wrong secret typed into that copy fails (the stored tokens still work: issue 11, point 9).
		const typed = await testInEditor(
			created.id,
			'E2E editor test partner',
			'marketplaceSellerOAuth2Api',
			{ ...copy, appSecret: 'wrong-secret-value' },
		);
		expect(typed.status).toBe('Error');
		// n8n answers the 401 by renewing the token with the typed secret, whose refusal it then reports.
		expect(typed.message).toMatch(/Bad credentials|refused the App ID or App Secret/);

		// An expired refresh token: the seller must authorize again, and the test says so.
		s().sim.control.expireTokens({ appId: partner.appId, kind: 'refresh' });
		const expired = await testInEditor(
			created.id,
			'E2E editor test partner',
			'marketplaceSellerOAuth2Api',
			await editorCopy(created.id),
		);
		expect(expired.status).toBe('Error');
		expect(expired.message).toMatch(
			/refresh token has expired: the seller must authorize the app again/,
		);
	});
});

describe(`the morning-labels example in the editor of n8n ${n8n2Version()}`, () => {
	const LABELS_NODE = 'Generate labels, wait until packed';

	test('Execute step on Generate labels starts at once from the pinned Run now call and packs the shipments it found', async () => {
		const file = 'morning-labels.json';
		const example = {
			file,
			workflow: JSON.parse(readFileSync(join(repoRoot(), 'examples', file), 'utf8')),
		};
		const { workflow } = prepareExample(example, {
			credential: { id: s().credential.id, name: s().credential.name },
			filesFolder: '',
		});
		expect(Object.keys(workflow.pinData ?? {})).toEqual(['Run now (webhook)']);
		s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 3,
			state: 'APPROVED',
			itemCount: 1,
			hold: false,
			dispatchByDate: s().sim.control.getClock().epochMs,
		});
		const created = await s().api.createWorkflow(workflow);
		if (!s().n8n.authCookie) await s().n8n.login();
		// What the editor sends for "Execute step" on a node that has not run yet.
		const answer = await s().n8n.rest<{
			data: { executionId?: string; waitingForWebhook?: boolean };
		}>('POST', `/workflows/${created.id}/run`, {
			destinationNode: { nodeName: LABELS_NODE, mode: 'inclusive' },
		});
		expect(answer.status).toBe(200);
		expect(answer.data.data.waitingForWebhook).toBeUndefined();
		expect(answer.data.data.executionId).toEqual(expect.any(String));
		const [done] = await s().api.waitForExecutions(created.id, 1, { timeoutMs: 120_000 });
		const execution = await s().api.getExecution(done.id, { includeData: true });
		expect(execution.status).toBe('success');
		const labelled = nodeOutput(execution, LABELS_NODE);
		expect(labelled.length).toBeGreaterThan(0);
		for (const item of labelled)
			expect(item.json).toMatchObject({ status: 'SUCCESS', packed: true });
		// Stopped at the destination: nothing was downloaded or written.
		expect(nodeOutput(execution, 'Download label PDF')).toEqual([]);
	});
});

/** The bytes of a binary data entry of an execution, through the editor's REST API (owner cookie). */
async function readBinary(id: string, inline: unknown): Promise<Buffer> {
	if (id === '') {
		// Binary data kept in the execution itself (default mode in some setups): base64.
		if (typeof inline !== 'string')
			throw new Error('the binary entry has neither an id nor inline data');
		return Buffer.from(inline, 'base64');
	}
	if (!s().n8n.authCookie) await s().n8n.login();
	const answer = await request<ArrayBuffer>({
		url: `${s().n8n.baseUrl}/rest/binary-data`,
		params: { id, action: 'download' },
		headers: { cookie: s().n8n.authCookie!, 'browser-id': BROWSER_ID },
		responseType: 'arraybuffer',
	});
	if (answer.status !== 200)
		throw new Error(`GET /rest/binary-data ${id} -> HTTP ${answer.status}`);
	const bytes = Buffer.from(answer.data);
	// Filesystem mode ("filesystem-v2:workflows/<id>/executions/<id>/binary_data/<uuid>"): the file is
	// under .n8n/storage in 2.x (.n8n/binaryData in 1.x) and holds the same bytes.
	const file = id.startsWith('filesystem') ? id.slice(id.indexOf(':') + 1) : undefined;
	if (file !== undefined) {
		const onDisk = ['storage', 'binaryData']
			.map((root) => join(s().n8n.userFolder, '.n8n', root, file))
			.filter((path) => existsSync(path));
		expect(onDisk).toHaveLength(1);
		expect(readFileSync(onDisk[0]).equals(bytes)).toBe(true);
	}
	return bytes;
}
