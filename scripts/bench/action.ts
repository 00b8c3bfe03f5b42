/**
 * Action node bench, against an in-process simulator, running the node inside n8n-core's own
 * execution engine (the harness of the tests):
 *
 *   npm run build:tools && node build/scripts/bench/action.js
 *
 * 1. Requests per operation for 1,000 shipments (or SKUs): each must equal the floor of the
 *    operation's batch limit (25, 50, 100, 10; search pages of 20).
 * 2. Search Return All over 10,000 shipments (500 pages) through the node, beside a plain HTTP
 *    loop over the same pages (axios, one keep-alive agent), after a warm-up: median of several
 *    runs each, and their ratio (goal <= 1.2). Two more loops locate the difference: plain axios
 *    without connection reuse (n8n-core's HTTP stack builds a new agent, hence a new TCP
 *    connection, per request), and a loop over n8n-core's own HTTP helper (no node, no engine).
 *
 * Prints `label: value unit` lines. Nothing is asserted on time.
 */
import './actionEnv';

import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import axios, { type AxiosInstance } from 'axios';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { Agent } from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

import { MarketplaceSeller } from '../../nodes/MarketplaceSeller/MarketplaceSeller.node';
import { startSimulator, type Simulator } from '../../simulator';
import { CredentialStore, runNode, type RunNodeResult } from '../../test/support/n8nHarness';
import { collectGarbage, median } from './measure';
import { returnApprovals } from './returnActions';

const SELF = 'marketplaceSellerApi';
const N = 1_000;
const BIG = 10_000;
const WARMUP_RUNS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const node = new MarketplaceSeller();

/** TCP connections opened by clients in this process (the simulator only accepts). */
let connects = 0;
const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
	connects++;
	return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

function print(label: string, value: number | string, unit = ''): void {
	process.stdout.write(`${label}: ${value}${unit ? ` ${unit}` : ''}\n`);
}

async function run(
	store: CredentialStore,
	parameters: Record<string, unknown>,
	input?: Array<Record<string, unknown>>,
): Promise<RunNodeResult> {
	const result = await runNode({
		node,
		parameters: { authentication: 'clientCredentials', ...parameters } as never,
		input: input as never,
		store,
		credentialType: SELF,
	});
	if (result.error)
		throw new Error(
			`${String(parameters.resource)} ${String(parameters.operation)} failed: ${result.error.message}`,
		);
	return result;
}

/** Token requests seen so far (the call log is cleared between measurements). */
let tokenRequests = 0;

/** Clears the call log, keeping count of the token requests it held. */
function clearCalls(sim: Simulator): void {
	tokenRequests += sim.control.listCalls({ route: 'GET /oauth-service/oauth/token' }).calls.length;
	sim.control.clearCalls();
}

/** API requests (token endpoint excluded) recorded since the last clear. */
function apiRequests(sim: Simulator): number {
	return sim.control.listCalls({}).calls.filter((call) => !call.path.startsWith('/oauth-service/'))
		.length;
}

function labelInput(sim: Simulator, shipmentId: string): Record<string, unknown> {
	const shipment = sim.control.getShipment(shipmentId).shipment as {
		locationId: string;
		orderItems: Array<{ orderId: string; orderItemId: string; quantity: number }>;
	};
	return {
		shipmentId,
		locationId: shipment.locationId,
		label: {
			invoices: [
				{
					orderId: shipment.orderItems[0].orderId,
					invoiceDate: new Date(sim.control.getClock().epochMs - 1000).toISOString(),
				},
			],
			taxItems: shipment.orderItems.map((item) => ({
				orderItemId: item.orderItemId,
				taxRate: 18,
				quantity: item.quantity,
			})),
		},
	};
}

async function requestCounts(sim: Simulator, store: CredentialStore): Promise<boolean> {
	const seed = (state: string, extra: Record<string, unknown> = {}) =>
		sim.control.seedShipments({
			count: N,
			locationId: 'LOC-DEMO-1',
			state: state as never,
			itemCount: 1,
			packageCount: 1,
			...extra,
		}).shipmentIds;
	const byId = (ids: string[]) => ids.map((id) => ({ id, locationId: 'LOC-DEMO-1' }));
	let allAtFloor = true;

	const measure = async (
		label: string,
		floor: number,
		parameters: Record<string, unknown>,
		input: Array<Record<string, unknown>>,
		what = `${input.length} items`,
	) => {
		clearCalls(sim);
		await run(store, parameters, input);
		const count = apiRequests(sim);
		if (count !== floor) allAtFloor = false;
		print(`${label} requests for ${what} (floor ${floor})`, count, 'requests');
	};

	const approved = seed('APPROVED');
	await measure(
		'shipment generateLabels',
		40,
		{
			resource: 'shipment',
			operation: 'generateLabels',
			shipmentId: '={{ $json.shipmentId }}',
			locationId: '={{ $json.locationId }}',
			labelInput: 'json',
			labelJson: '={{ $json.label }}',
		},
		approved.map((id) => labelInput(sim, id)),
	);
	const ids = { shipmentIds: '={{ $json.id }}' };
	await measure(
		'shipment get',
		10,
		{ resource: 'shipment', operation: 'get', lookupBy: 'shipmentIds', ids: '={{ $json.id }}' },
		byId(approved),
	);
	await measure(
		'shipment getDetails',
		10,
		{ resource: 'shipment', operation: 'getDetails', ...ids },
		byId(approved),
	);
	await measure(
		'shipment downloadLabels',
		10,
		{ resource: 'shipment', operation: 'downloadLabels', ...ids },
		byId(approved),
	);
	await measure(
		'shipment downloadInvoices pdf',
		10,
		{ resource: 'shipment', operation: 'downloadInvoices', format: 'pdf', ...ids },
		byId(approved),
	);
	await measure(
		'shipment downloadInvoices json',
		10,
		{ resource: 'shipment', operation: 'downloadInvoices', format: 'json', ...ids },
		byId(approved),
	);
	// The node asks for forms with POST first (the newest reference), which the simulator takes by
	// default: one request per batch.
	await measure(
		'shipment getForms',
		10,
		{ resource: 'shipment', operation: 'getForms', ...ids },
		byId(approved),
	);
	await measure(
		'shipment downloadLabelOnly',
		20,
		{ resource: 'shipment', operation: 'downloadLabelOnly', reprint: true, ...ids },
		byId(approved),
	);
	await measure(
		'shipment dispatch',
		40,
		{ resource: 'shipment', operation: 'dispatch', ...ids, locationId: 'LOC-DEMO-1' },
		byId(approved),
	);

	const failedForms = seed('FORM_FAILED');
	await measure(
		'shipment updateFormAck',
		40,
		{
			resource: 'shipment',
			operation: 'updateFormAck',
			shipmentId: '={{ $json.id }}',
			forms: { form: [{ name: 'EWAY_BILL', ackNumber: 'ACK-1' }] },
		},
		byId(failedForms),
	);

	const toCancel = seed('APPROVED');
	await measure(
		'shipment cancel',
		40,
		{
			resource: 'shipment',
			operation: 'cancel',
			shipmentId: '={{ $json.shipmentId }}',
			locationId: '={{ $json.locationId }}',
			cancellationGroupIds: '={{ $json.orderItems[0].cancellationGroupId }}',
			reason: 'not_enough_inventory',
		},
		toCancel.map((id) => sim.control.getShipment(id).shipment as Record<string, unknown>),
	);

	seed('APPROVED', { sku: 'BENCH-1K' });
	await measure(
		'shipment search returnAll',
		Math.ceil(N / 20),
		{
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			returnAll: true,
			filters: { skus: 'BENCH-1K' },
		},
		[{}],
		`${N} shipments`,
	);

	const skus = Array.from({ length: N }, (_, i) => ({ sku: `BENCH-SKU-${i}` }));
	await measure(
		'listing create',
		100,
		{
			resource: 'listing',
			operation: 'create',
			sku: '={{ $json.sku }}',
			productId: 'BENCH-PRODUCT',
			listingStatus: 'ACTIVE',
			mrp: 999,
			sellingPrice: 799,
			currency: 'INR',
			hsn: '61091000',
			packages: { package: [{ name: 'Box', length: 20, breadth: 15, height: 5, weight: 0.4 }] },
			locations: { location: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 10 }] },
		},
		skus,
	);
	// Update sends the whole listing: one lookup per 10 SKUs, then the write (docs/api-choices.md).
	await measure(
		'listing update',
		200,
		{
			resource: 'listing',
			operation: 'update',
			sku: '={{ $json.sku }}',
			updateFields: { dispatchSla: 3 },
		},
		skus,
	);
	// With the product ID given, price and inventory updates need no lookup.
	await measure(
		'listing updatePrice',
		100,
		{
			resource: 'listing',
			operation: 'updatePrice',
			sku: '={{ $json.sku }}',
			productId: 'BENCH-PRODUCT',
			mrp: 1099,
			sellingPrice: 899,
		},
		skus,
	);
	await measure(
		'listing updateInventory',
		100,
		{
			resource: 'listing',
			operation: 'updateInventory',
			sku: '={{ $json.sku }}',
			productId: 'BENCH-PRODUCT',
			locations: { location: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 10 }] },
		},
		skus,
	);
	await measure(
		'listing get',
		100,
		{ resource: 'listing', operation: 'get', skus: '={{ $json.sku }}' },
		skus,
	);

	// Self-ship dispatch: 100 shipments per request (docs/marketplace-api/self-ship.md#dispatch).
	const selfShip = seed('APPROVED', { shipmentType: 'SELF' });
	const now = Date.now();
	const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
	const tokensBefore =
		tokenRequests + sim.control.listCalls({ route: 'GET /oauth-service/oauth/token' }).calls.length;
	await measure(
		'shipment selfShipDispatch',
		10,
		{
			resource: 'shipment',
			operation: 'selfShipDispatch',
			shipmentId: { __rl: true, mode: 'id', value: '={{ $json.shipmentId }}' },
			locationId: { __rl: true, mode: 'id', value: 'LOC-DEMO-1' },
			dispatchDate: ist(now),
			tentativeDeliveryDate: ist(now + 2 * 86_400_000),
			invoiceDate: ist(now).slice(0, 10),
			invoiceItems: { item: [{ orderItemId: '={{ $json.orderItemId }}', quantity: 1 }] },
			trackingId: '={{ "AWB" + $json.shipmentId.slice(0, 8) }}',
		},
		selfShip.map((shipmentId) => ({
			shipmentId,
			orderItemId: (
				sim.control.getShipment(shipmentId).shipment as {
					orderItems: Array<{ orderItemId: string }>;
				}
			).orderItems[0].orderItemId,
		})),
	);
	print(
		'shipment selfShipDispatch token requests (the token reused)',
		tokenRequests +
			sim.control.listCalls({ route: 'GET /oauth-service/oauth/token' }).calls.length -
			tokensBefore,
		'requests',
	);
	await returnApprovals(sim, measure, N);
	return allAtFloor;
}

/** The same pages as the node's Return All, with a plain HTTP client. */
async function plainSearch(client: AxiosInstance, token: string, body: unknown): Promise<number> {
	const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
	const shipments: unknown[] = [];
	let page = (await client.post('/sellers/v3/shipments/filter', body, { headers })).data;
	shipments.push(...page.shipments);
	while (page.hasMore === true) {
		page = (await client.get(`/sellers${page.nextPageUrl}`, { headers })).data;
		shipments.push(...page.shipments);
	}
	return shipments.length;
}

/** The same pages through n8n-core's own HTTP helper, without the node and the engine. */
async function n8nHelperSearch(baseUrl: string, token: string, body: IDataObject): Promise<number> {
	type Page = { hasMore: boolean; nextPageUrl: string; shipments: unknown[] };
	const http = Container.get(OutboundHttp).requests();
	const request = async (options: IHttpRequestOptions) =>
		(await http.request(options)) as unknown as Page;
	const authorization = `Bearer ${token}`;
	const shipments: unknown[] = [];
	let page = await request({
		method: 'POST',
		url: `${baseUrl}/sellers/v3/shipments/filter`,
		body,
		headers: {
			Authorization: authorization,
			Accept: 'application/json',
			'Content-Type': 'application/json',
		},
		json: true,
	});
	shipments.push(...page.shipments);
	while (page.hasMore === true) {
		page = await request({
			method: 'GET',
			url: `${baseUrl}/sellers${page.nextPageUrl}`,
			headers: { Authorization: authorization, Accept: 'application/json' },
			json: true,
		});
		shipments.push(...page.shipments);
	}
	return shipments.length;
}

async function searchTiming(sim: Simulator, store: CredentialStore): Promise<void> {
	sim.control.seedShipments({
		count: BIG,
		locationId: 'LOC-DEMO-2',
		state: 'APPROVED',
		itemCount: 1,
		packageCount: 1,
		sku: 'BENCH-10K',
	});
	const parameters = {
		resource: 'shipment',
		operation: 'getAll',
		filterType: 'preDispatch',
		returnAll: true,
		filters: { skus: 'BENCH-10K' },
	};
	const body = {
		filter: { type: 'preDispatch', sku: ['BENCH-10K'] },
		pagination: { pageSize: 20 },
	};
	const token = String(store.get(SELF).accessToken);
	const keepAlive = axios.create({ baseURL: sim.url, httpAgent: new Agent({ keepAlive: true }) });
	const fresh = axios.create({ baseURL: sim.url, httpAgent: new Agent({ keepAlive: false }) });

	// A collection before each timed run, so that one run's garbage is not charged to the next.
	const timeNode = async () => {
		collectGarbage();
		const started = performance.now();
		const result = await run(store, parameters, [{}]);
		const elapsed = performance.now() - started;
		if (result.items.length !== BIG)
			throw new Error(`node returned ${result.items.length} shipments, expected ${BIG}`);
		return elapsed;
	};
	const timePlain = async (client: AxiosInstance | 'n8n') => {
		collectGarbage();
		const started = performance.now();
		const count =
			client === 'n8n'
				? await n8nHelperSearch(sim.url, token, body)
				: await plainSearch(client, token, body);
		const elapsed = performance.now() - started;
		if (count !== BIG) throw new Error(`plain loop returned ${count} shipments, expected ${BIG}`);
		return elapsed;
	};

	clearCalls(sim);
	const before = connects;
	await timeNode();
	const nodeConnections = connects - before;
	print(
		`shipment search returnAll requests for ${BIG} shipments (floor ${BIG / 20})`,
		apiRequests(sim),
		'requests',
	);
	print('shipment search returnAll TCP connections opened by n8n', nodeConnections, 'connections');
	for (let i = 1; i < WARMUP_RUNS; i++) await timeNode();
	for (let i = 0; i < WARMUP_RUNS; i++) {
		await timePlain(keepAlive);
		await timePlain(fresh);
		await timePlain('n8n');
	}
	const nodeTimes: number[] = [];
	const plainTimes: number[] = [];
	const freshTimes: number[] = [];
	const helperTimes: number[] = [];
	// Interleaved, in a rotating order, so that drift (JIT, heap growth) is shared out evenly.
	const measurements = [
		async () => nodeTimes.push(await timeNode()),
		async () => plainTimes.push(await timePlain(keepAlive)),
		async () => freshTimes.push(await timePlain(fresh)),
		async () => helperTimes.push(await timePlain('n8n')),
	];
	for (let i = 0; i < RUNS; i++) {
		clearCalls(sim);
		for (let k = 0; k < measurements.length; k++)
			await measurements[(i + k) % measurements.length]();
	}
	const nodeMs = median(nodeTimes);
	const plainMs = median(plainTimes);
	const freshMs = median(freshTimes);
	const helperMs = median(helperTimes);
	print(`search returnAll ${BIG} shipments node (median of ${RUNS})`, nodeMs.toFixed(1), 'ms');
	print(
		`search returnAll ${BIG} shipments plain HTTP loop keep-alive (median of ${RUNS})`,
		plainMs.toFixed(1),
		'ms',
	);
	print(
		`search returnAll ${BIG} shipments plain HTTP loop new connection per request (median of ${RUNS})`,
		freshMs.toFixed(1),
		'ms',
	);
	print(
		`search returnAll ${BIG} shipments loop over n8n-core's HTTP helper (median of ${RUNS})`,
		helperMs.toFixed(1),
		'ms',
	);
	print(
		'search returnAll ratio node / plain keep-alive (goal <= 1.2)',
		(nodeMs / plainMs).toFixed(2),
		'x',
	);
	print(
		'search returnAll ratio node / plain new connection per request',
		(nodeMs / freshMs).toFixed(2),
		'x',
	);
	print(
		'search returnAll ratio node / loop over n8n-core HTTP helper (the node and engine alone)',
		(nodeMs / helperMs).toFixed(2),
		'x',
	);
	print('search returnAll per page node', (nodeMs / (BIG / 20)).toFixed(3), 'ms');
	print('search returnAll per page plain keep-alive', (plainMs / (BIG / 20)).toFixed(3), 'ms');
}

async function main(): Promise<void> {
	const sim = await startSimulator({ quiet: true, packingDelayMs: 0, autoNotify: false });
	try {
		const store = new CredentialStore();
		store.set(SELF, {
			appId: sim.demo.selfApp.appId,
			appSecret: sim.demo.selfApp.appSecret,
			environment: 'production',
			productionBaseUrl: sim.url,
			scope: 'Seller_Api',
			accessToken: '',
		});
		// Warm-up: the token, n8n-core's lazy services, the JIT.
		clearCalls(sim);
		await run(
			store,
			{
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'preDispatch',
				returnAll: false,
				limit: 1,
			},
			[{}],
		);
		const atFloor = await requestCounts(sim, store);
		print('request counts at the floor', atFloor ? 'yes' : 'NO');
		await searchTiming(sim, store);
		clearCalls(sim);
		print('token requests over the whole bench', tokenRequests, 'requests');
	} finally {
		await sim.close();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exitCode = 1;
});
