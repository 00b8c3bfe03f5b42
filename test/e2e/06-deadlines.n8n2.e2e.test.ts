/**
 * The Deadlines watch in a real n8n 2.x (n8n2Version()): the example workflow
 * examples/deadline-alerts.json (Marketplace Seller Poll Trigger: Shipment Dispatch Due Soon and Overdue -> Digest per location
 * -> NoOp), published through the public API, polling the in-process simulator every minute with a
 * lead time of one minute. Three shipments due in 105 seconds: one due-soon item each when the lead
 * time is crossed, then one overdue item each for the two not marked Ready to Dispatch in between,
 * and nothing more.
 *
 * The watch compares deadlines with n8n's clock (docs/marketplace-seller-poll-trigger.md#deadlines),
 * which a test cannot move in a running n8n: real time crosses the lead time and the deadline,
 * kept short by the one-minute lead time. The simulator's clock stays with real time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { prepareExample } from '../../scripts/demo/examples';
import { n8n2Version, repoRoot, sleep, type Execution } from '../../scripts/e2e/lib';
import { validate } from '../support/jsonSchema';
import { servedSchema } from './support/outputSchema';
import { PACKAGE_NAME, useSession } from './support/session';
import { nodeOutput, settledExecutions } from './support/workflows';

const POLL_TYPE = `${PACKAGE_NAME}.marketplaceSellerPollTrigger`;
const POLL_NODE = 'Deadlines';
const DIGEST_NODE = 'Digest per location';
const LOCATION = 'LOC-DEMO-2';
const SEARCH = 'POST /sellers/v3/shipments/filter';
const DUE_SOON = 'shipment_dispatch_due_soon';
const OVERDUE = 'shipment_dispatch_overdue';
/** Every minute, at a random second: one poll is at most a minute away, plus slack. */
const POLL_WAIT_MS = 150_000;

let workflowId = '';

const s = useSession('n8n2', 'deadlines-n8n2', async (session) => {
	// The seeded shipments of the location are due in 30 days: the first poll finds nothing.
	await session.sim.control.moveDispatchDates({ locationId: LOCATION, minutes: 30 * 24 * 60 });
	const file = 'deadline-alerts.json';
	const { workflow } = prepareExample(
		{ file, workflow: JSON.parse(readFileSync(join(repoRoot(), 'examples', file), 'utf8')) },
		{ credential: { id: session.credential.id, name: session.credential.name }, filesFolder: '' },
	);
	const poll = workflow.nodes.find((node) => node.name === POLL_NODE)!;
	poll.parameters = {
		...poll.parameters,
		pollTimes: { item: [{ mode: 'everyMinute' }] },
		options: { leadTimeMinutes: 1, locationId: LOCATION },
	};
	const created = await session.api.createWorkflow(workflow);
	workflowId = created.id;
	await session.api.publishWorkflow(created.id);
});

function searchCalls(): number {
	return s().sim.control.listCalls({ route: SEARCH }).calls.length;
}

/** Waits until n8n has polled `count` more times (one search call per poll here). */
async function nextPolls(count: number, target = searchCalls() + count): Promise<void> {
	const deadline = Date.now() + POLL_WAIT_MS * count;
	while (searchCalls() < target) {
		if (Date.now() > deadline)
			throw new Error(`n8n did not poll ${count} more time(s) within ${POLL_WAIT_MS * count} ms`);
		await sleep(500);
	}
}

function byId(executions: Execution[]): Execution[] {
	return [...executions].sort((a, b) => Number(a.id) - Number(b.id));
}

/** "eventType shipmentId" of the trigger items of an execution, sorted. */
function alerts(execution: Execution): string[] {
	return nodeOutput(execution, POLL_NODE)
		.map((item) => `${String(item.json.eventType)} ${String(item.json.shipmentId)}`)
		.sort();
}

describe(`Deadlines watch in n8n ${n8n2Version()}`, () => {
	test('due soon once per shipment, overdue once for those still not ready, nothing more', async () => {
		// Published and polled once (activation): nothing due at the location.
		await nextPolls(1, 1);
		expect(await settledExecutions(s().api, workflowId)).toEqual([]);

		const ids = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 3,
			state: 'PACKED',
			itemCount: 1,
			dispatchByDate: Date.now() + 105_000,
		}).shipmentIds;
		const [a, b, c] = ids;
		await s().api.waitForExecutions(workflowId, 1, { timeoutMs: POLL_WAIT_MS });
		const [soon] = byId(await settledExecutions(s().api, workflowId, { includeData: true }));
		expect(soon.status).toBe('success');
		expect(alerts(soon)).toEqual(ids.map((id) => `${DUE_SOON} ${id}`).sort());

		// Marked ready before its deadline: no overdue alert for c.
		await s().sim.control.setShipmentState(c, { state: 'READY_TO_DISPATCH' });
		await s().api.waitForExecutions(workflowId, 2, { timeoutMs: POLL_WAIT_MS });
		const late = byId(await settledExecutions(s().api, workflowId, { includeData: true }))[1];
		expect(late.status).toBe('success');
		expect(alerts(late)).toEqual([`${OVERDUE} ${a}`, `${OVERDUE} ${b}`].sort());

		// The digest: one item per location with the count and the earliest deadline.
		const [digest] = nodeOutput(late, DIGEST_NODE);
		expect(nodeOutput(late, DIGEST_NODE)).toHaveLength(1);
		expect(digest.json).toMatchObject({ locationId: LOCATION, count: 2, overdue: 2, dueSoon: 0 });
		expect(Date.parse(String(digest.json.earliestDeadline))).toBe(
			Date.parse(
				String(
					(nodeOutput(late, POLL_NODE)[0].json.attributes as { dispatchByDate: string })
						.dispatchByDate,
				),
			),
		);

		// The items are what the served output schema describes.
		const served = await servedSchema(s().n8n.baseUrl, POLL_TYPE, '1.0.0');
		const items = [soon, late].flatMap((e) => nodeOutput(e, POLL_NODE).map((i) => i.json));
		expect(items.flatMap((json) => validate(json, served.schema!, { complete: true }))).toEqual([]);

		// The next poll reads the same overdue shipments and runs nothing.
		await nextPolls(1);
		expect(await settledExecutions(s().api, workflowId)).toHaveLength(2);
	});
});
