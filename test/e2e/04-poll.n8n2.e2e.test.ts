/**
 * The poll trigger in a real n8n 2.x (n8n2Version()): Marketplace Seller Poll Trigger (Shipment Created and
 * Shipment Packed, every minute) -> NoOp, published through the public API, polling the
 * in-process simulator. A shipment created and then packed runs exactly two executions; an n8n
 * restart between the two changes runs no duplicate. "No further execution" is proven by
 * waiting for the simulator to record the next poll's search call and letting n8n settle.
 */
import { n8n2Version, sleep, type Execution } from '../../scripts/e2e/lib';
import { validate } from '../support/jsonSchema';
import { servedSchema, sourceSchema } from './support/outputSchema';
import { CREDENTIAL_TYPE, PACKAGE_NAME, useSession } from './support/session';
import { nodeOutput, settledExecutions } from './support/workflows';

const POLL_TYPE = `${PACKAGE_NAME}.marketplaceSellerPollTrigger`;
const POLL_NODE = 'Marketplace Seller Poll Trigger';
const SEARCH = 'POST /sellers/v3/shipments/filter';
/** Every minute, at a random second: one poll is at most a minute away, plus start-up slack. */
const POLL_WAIT_MS = 150_000;

let workflowId = '';

const s = useSession('n8n2', 'poll-n8n2', async (session) => {
	const workflow = await session.api.createWorkflow({
		name: 'E2E poll trigger -> NoOp',
		nodes: [
			{
				name: POLL_NODE,
				type: POLL_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					authentication: 'clientCredentials',
					events: ['shipment_created', 'shipment_packed'],
					options: { locationId: 'LOC-DEMO-1' },
				},
				credentials: {
					[CREDENTIAL_TYPE]: { id: session.credential.id, name: session.credential.name },
				},
			},
			{
				name: 'NoOp',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240, 0],
				parameters: {},
			},
		],
		connections: { [POLL_NODE]: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	workflowId = workflow.id;
	await session.api.publishWorkflow(workflow.id);
});

function searchCalls(): number {
	return s().sim.control.listCalls({ route: SEARCH }).calls.length;
}

/** Waits until n8n has polled `count` more times (one search call per poll with these events). */
async function nextPolls(count: number): Promise<void> {
	const target = searchCalls() + count;
	const deadline = Date.now() + POLL_WAIT_MS * count;
	while (searchCalls() < target) {
		if (Date.now() > deadline)
			throw new Error(`n8n did not poll ${count} more time(s) within ${POLL_WAIT_MS * count} ms`);
		await sleep(500);
	}
}

/** "eventType shipmentId" of the trigger item of each execution, oldest first. */
function changes(executions: Execution[]): string[] {
	return [...executions]
		.sort((a, b) => Number(a.id) - Number(b.id))
		.flatMap((execution) =>
			nodeOutput(execution, POLL_NODE).map(
				(item) => `${String(item.json.eventType)} ${String(item.json.shipmentId)}`,
			),
		);
}

async function executionsAfter(count: number): Promise<Execution[]> {
	await s().api.waitForExecutions(workflowId, count, { timeoutMs: POLL_WAIT_MS });
	return await settledExecutions(s().api, workflowId, { includeData: true });
}

function newOrder(): string {
	const [id] = s().sim.control.seedShipments({
		locationId: 'LOC-DEMO-1',
		count: 1,
		itemCount: 1,
		orderDate: new Date().toISOString(),
	}).shipmentIds;
	return id;
}

describe(`Marketplace Seller Poll Trigger in n8n ${n8n2Version()}`, () => {
	test('the poll trigger loads from the installed tarball', async () => {
		expect(await s().n8n.loadedNodeTypes()).toEqual(expect.arrayContaining([POLL_TYPE]));
	});

	test('a shipment created, then packed: exactly two executions', async () => {
		// Placed as soon as Publish has answered, which n8n 2.x does before it activates the trigger:
		// the trigger's watch starts an Overlap before its activation poll, so the order is not
		// history (docs/marketplace-seller-poll-trigger.md#how-it-finds-changes).
		const id = newOrder();
		const created = await executionsAfter(1);
		expect(changes(created)).toEqual([`shipment_created ${id}`]);

		await s().sim.control.setShipmentState(id, { state: 'PACKED' });
		const packed = await executionsAfter(2);
		expect(changes(packed)).toEqual([`shipment_created ${id}`, `shipment_packed ${id}`]);
		for (const execution of packed) expect(execution.status).toBe('success');
		const item = nodeOutput(packed.sort((a, b) => Number(a.id) - Number(b.id))[1], POLL_NODE)[0]
			.json;
		expect(item).toMatchObject({
			eventType: 'shipment_packed',
			source: 'marketplace',
			version: 'v3',
			shipmentId: id,
			attributes: { status: 'PACKED' },
		});
		// The output schema the editor gets describes what n8n ran.
		const served = await servedSchema(s().n8n.baseUrl, POLL_TYPE, '1.0.0');
		expect(served).toEqual({
			status: 200,
			schema: sourceSchema('MarketplaceSellerPollTrigger', '1.0.0'),
		});
		const items = packed.flatMap((execution) =>
			nodeOutput(execution, POLL_NODE).map((output) => output.json),
		);
		expect(items.flatMap((json) => validate(json, served.schema!, { complete: true }))).toEqual([]);
		// That the following polls (whose windows overlap these) run nothing is checked by the next test.
	});

	test('an n8n restart between creation and packing: no duplicate, nothing missed', async () => {
		const before = changes(await settledExecutions(s().api, workflowId, { includeData: true }));
		const id = newOrder();
		expect(changes(await executionsAfter(before.length + 1))).toEqual([
			...before,
			`shipment_created ${id}`,
		]);
		const stored = await s().n8n.workflowStaticData(workflowId);
		expect(JSON.stringify(stored)).toContain('pollMemory');

		// Packed just before n8n stops: only the polls after the restart can see it.
		await s().sim.control.setShipmentState(id, { state: 'PACKED' });
		await s().n8n.restart();
		const after = await executionsAfter(before.length + 2);
		// The next poll reads the same windows again (overlap) and runs nothing, for either shipment.
		await nextPolls(1);
		const final = changes(await settledExecutions(s().api, workflowId, { includeData: true }));
		expect(final).toEqual([...before, `shipment_created ${id}`, `shipment_packed ${id}`]);
		expect(after.length).toBe(before.length + 2);
	});
});
