/**
 * Checks a running demo (`npm run demo` in another terminal) the way the walk-through describes
 * it, through n8n's public API:
 *
 *   node build/scripts/demo/verify.js [--labels]
 *
 * 1. a shipment lifecycle (6 pushes) runs exactly one execution of the new-order workflow, and
 *    orders.csv grows by one line per order item;
 * 2. a return lifecycle (3 pushes to the return receiver) runs three executions of the return
 *    workflow, each with a summary text;
 * 3. a push signed with a wrong secret is answered 401 and runs nothing;
 * 4. with --labels: after seeding three orders, the morning-labels "Run now" webhook writes a PDF
 *    with their labels.
 * Exit code 0 when everything holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PublicApiClient, repoRoot, request, sleep, type Execution } from '../e2e/lib';
import type { DemoState } from './demo';

let failures = 0;
function check(ok: boolean, message: string): void {
	if (!ok) failures += 1;
	process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${message}\n`);
}

async function control<T>(state: DemoState, path: string, body: unknown = {}): Promise<T> {
	const result = await request<T>({
		method: 'POST',
		url: `${state.controlUrl}${path}`,
		data: body,
		headers: { 'content-type': 'application/json' },
	});
	if (result.status !== 200)
		throw new Error(`POST ${path} -> HTTP ${result.status}: ${JSON.stringify(result.data)}`);
	return result.data;
}

async function finished(api: PublicApiClient, workflowId: string): Promise<Execution[]> {
	return (await api.listAllExecutions({ workflowId })).filter(
		(e) => e.status !== 'running' && e.status !== 'new',
	);
}

/** Waits until the workflow has `count` finished executions more than `before`, then a moment longer for strays. */
async function waitForMore(
	api: PublicApiClient,
	workflowId: string,
	before: number,
	count: number,
): Promise<Execution[]> {
	const deadline = Date.now() + 60_000;
	let list = await finished(api, workflowId);
	while (list.length < before + count && Date.now() < deadline) {
		await sleep(500);
		list = await finished(api, workflowId);
	}
	await sleep(2000);
	return await finished(api, workflowId);
}

function csvLines(file: string): number {
	return existsSync(file)
		? readFileSync(file, 'utf8')
				.split('\n')
				.filter((line) => line.trim() !== '').length
		: 0;
}

async function main(): Promise<void> {
	const root = repoRoot();
	const stateFile = join(root, '.demo', 'demo-state.json');
	if (!existsSync(stateFile))
		throw new Error('no .demo/demo-state.json: start `npm run demo` first');
	const state = JSON.parse(readFileSync(stateFile, 'utf8')) as DemoState;
	const apiKey = (
		JSON.parse(readFileSync(join(state.userFolder, 'harness-state.json'), 'utf8')) as {
			apiKey: string;
		}
	).apiKey;
	// The demo always runs n8n 2.x.
	const api = new PublicApiClient(state.editorUrl.replace(/\/$/, ''), apiKey, 2);
	const byFile = (file: string) => {
		const workflow = state.workflows.find((w) => w.file === file);
		if (!workflow) throw new Error(`the demo has no ${file}`);
		return workflow;
	};
	const orders = byFile('new-order-to-csv.json');
	const returns = byFile('return-summary.json');
	const csv = join(state.filesFolder, 'orders.csv');

	// 1. shipment lifecycle
	const ordersBefore = (await finished(api, orders.id)).length;
	const linesBefore = csvLines(csv);
	const lifecycle = await control<{
		shipmentId: string;
		steps: Array<{ eventType: string; result: { deliveries: Array<{ status: number | null }> } }>;
	}>(state, '/notifications/lifecycle/shipment');
	const statuses = lifecycle.steps.map(
		(s) => `${s.eventType}:${s.result.deliveries.map((d) => d.status).join('/')}`,
	);
	check(
		lifecycle.steps.every((s) => s.result.deliveries.every((d) => d.status === 200)),
		`shipment lifecycle pushes answered 200 (${statuses.join(', ')})`,
	);
	const ordersAfter = await waitForMore(api, orders.id, ordersBefore, 1);
	const newOrders = ordersAfter.length - ordersBefore;
	check(
		newOrders === 1,
		`"${orders.name}": ${newOrders} new execution (expected 1), ${ordersAfter.length} in total`,
	);
	check(
		ordersAfter.slice(0, newOrders).every((e) => e.status === 'success'),
		`its status: ${ordersAfter
			.slice(0, newOrders)
			.map((e) => e.status)
			.join(', ')}`,
	);
	const shipment = (
		await request<{ shipment?: { orderItems?: unknown[] } }>({
			url: `${state.controlUrl}/shipments/${lifecycle.shipmentId}`,
		})
	).data;
	const items = shipment.shipment?.orderItems?.length ?? 0;
	const linesAfter = csvLines(csv);
	const expectedLines = items + (linesBefore === 0 ? 1 : 0);
	check(
		linesAfter - linesBefore === expectedLines,
		`orders.csv grew by ${linesAfter - linesBefore} lines for ${items} order items (expected ${expectedLines})`,
	);

	// 2. return lifecycle
	if (!state.returnReceiverUrl) throw new Error('the demo has no return receiver');
	const returnsBefore = (await finished(api, returns.id)).length;
	const returnRun = await control<{
		returnId: string;
		steps: Array<{ result: { deliveries: Array<{ status: number | null }> } }>;
	}>(state, '/notifications/lifecycle/return', {
		url: state.returnReceiverUrl,
	});
	check(
		returnRun.steps.every((s) => s.result.deliveries.every((d) => d.status === 200)),
		`return lifecycle pushes answered 200 (return ${returnRun.returnId})`,
	);
	const returnsAfter = await waitForMore(api, returns.id, returnsBefore, 3);
	const newReturns = returnsAfter.length - returnsBefore;
	check(
		newReturns === 3,
		`"${returns.name}": ${newReturns} new executions (expected 3), ${returnsAfter.length} in total`,
	);
	const texts: string[] = [];
	for (const execution of returnsAfter.slice(0, newReturns).reverse()) {
		const full = await api.getExecution(execution.id);
		const run = full.data?.resultData.runData['Return summary']?.[0]?.data?.main?.[0]?.[0]?.json;
		if (typeof run?.text === 'string') texts.push(run.text);
	}
	check(
		texts.length === 3 && texts.every((text) => text.includes(returnRun.returnId)),
		`summaries:\n       ${texts.join('\n       ')}`,
	);

	// 3. forged push
	const newestId = async () =>
		Math.max(0, ...(await api.listExecutions({ limit: 20 })).data.map((e) => Number(e.id)));
	const newestBefore = await newestId();
	const forged = await control<{ deliveries: Array<{ status: number | null }> }>(
		state,
		'/notifications/send',
		{ eventType: 'shipment_created', wrongSecret: true },
	);
	await sleep(3000);
	const newestAfter = await newestId();
	check(
		forged.deliveries[0]?.status === 401 && newestAfter === newestBefore,
		`forged push answered ${forged.deliveries[0]?.status}; newest execution ${newestBefore} -> ${newestAfter}`,
	);

	// 4. morning labels
	if (process.argv.includes('--labels') && state.labelsRunNowUrl) {
		const seeded = await control<{ shipmentIds: string[] }>(state, '/seed/shipments', {
			locationId: 'LOC-DEMO-1',
			count: 3,
		});
		const started = Date.now();
		const result = await request<
			Array<{ fileName?: string; shipmentIds?: string[]; fileSize?: number }>
		>({ method: 'POST', url: state.labelsRunNowUrl, data: {}, timeout: 600_000 });
		const files = Array.isArray(result.data) ? result.data : [];
		const labelled = files.flatMap((file) => file.shipmentIds ?? []);
		const ok =
			result.status === 200 &&
			files.length > 0 &&
			files.every((file) => typeof file.fileName === 'string' && existsSync(file.fileName)) &&
			seeded.shipmentIds.every((id) => labelled.includes(id));
		check(
			ok,
			`morning labels after seeding 3 orders (${((Date.now() - started) / 1000).toFixed(1)} s): HTTP ${result.status}, ${labelled.length} shipments in ${files.map((file) => file.fileName).join(', ') || JSON.stringify(result.data).slice(0, 300)}`,
		);
	}

	process.stdout.write(failures === 0 ? 'all checks passed\n' : `${failures} check(s) failed\n`);
	process.exit(failures === 0 ? 0 : 1);
}

void main().catch((error) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exit(2);
});
