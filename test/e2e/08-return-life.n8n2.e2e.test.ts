/**
 * A self-ship return through its whole life in a real n8n 2.x (n8n2Version()), driven only by the
 * action node (issue 27, acceptance): the simulator's control API plays the buyer (who asks for the return);
 * the seller approves it after the tech visit, records a failed pickup, marks it picked up and
 * completes it, each through a published workflow. A Marketplace Seller Trigger in the same n8n
 * receives the pushes that follow, one execution each. A courier return cancelled the same way
 * pushes return_cancelled.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { n8n2Version, repoRoot } from '../../scripts/e2e/lib';
import { prepareExample } from '../../scripts/demo/examples';
import { useSession } from './support/session';
import {
	ACTION_NODE,
	createActionWorkflow,
	createTriggerWorkflow,
	nodeOutput,
	runAction,
	settledExecutions,
	type ActionWorkflow,
	type TriggerWorkflow,
} from './support/workflows';
import { triggerItem } from './support/pushes';

const LOCATION = 'LOC-DEMO-1';

let trigger: TriggerWorkflow;
const flows: Record<string, ActionWorkflow> = {};

/** The return action with its return (and dates) read from the webhook's body. */
const returnAction = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'return',
	operation,
	returnIds: '={{ $json.body.returnId }}',
	locationId: { __rl: true, mode: 'id', value: LOCATION },
	...extra,
});

const s = useSession('n8n2', 'return-life-n8n2', async (session) => {
	trigger = await createTriggerWorkflow(
		session.n8n,
		session.api,
		session.credential,
		'E2E return pushes',
	);
	session.sim.control.setReceiver({ url: trigger.productionUrl });
	const make = async (name: string, parameters: Record<string, unknown>) => {
		flows[name] = await createActionWorkflow(
			session.n8n,
			session.api,
			session.credential,
			`E2E return ${name}`,
			parameters,
		);
	};
	await make('approve', returnAction('approve', { comments: 'Tech visit confirmed the defect' }));
	await make(
		'attempt',
		returnAction('recordPickupAttempt', {
			pickupDate: '={{ $json.body.pickupDate }}',
			newPickupDate: '={{ $json.body.newPickupDate }}',
			reason: 'Buyer not at home',
		}),
	);
	await make(
		'pickup',
		returnAction('markPickedUp', { pickupDate: '={{ $json.body.pickupDate }}' }),
	);
	await make('complete', returnAction('complete'));
	await make('cancel', returnAction('cancel'));
});

/** An instant `hours` from the simulator's now, ISO with +05:30. */
function at(hours: number): string {
	const ms = s().sim.control.getClock().epochMs + (hours + 5.5) * 3_600_000;
	return `${new Date(ms).toISOString().slice(0, 19)}+05:30`;
}

async function act(name: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
	const run = await runAction(s().n8n, s().api, flows[name], body);
	const items = nodeOutput(run.execution, ACTION_NODE);
	expect(items).toHaveLength(1);
	return items[0].json as Record<string, unknown>;
}

/** The events the trigger ran an execution for, about this return. */
async function pushedFor(returnId: string): Promise<string[]> {
	const executions = await settledExecutions(s().api, trigger.workflow.id, { includeData: true });
	return executions
		.map((execution) => triggerItem(execution))
		.filter((item) => item.returnId === returnId)
		.map((item) => String(item.eventType))
		.sort();
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error('not reached in time');
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

describe(`a self-ship return through its whole life, driven by the node (n8n ${n8n2Version()})`, () => {
	it('customer return: approve, pickup attempt, pickup, complete; the trigger runs once per push that follows', async () => {
		const buyer = await s().sim.control.createSelfShipReturn({ locationId: LOCATION });
		const returnId = String(buyer.return.returnId);
		const find = () =>
			s()
				.sim.control.listReturns({})
				.returns.find((r) => r.returnId === returnId) as Record<string, unknown>;

		expect(await act('approve', { returnId })).toMatchObject({ returnId, status: 'SUCCESS' });
		expect(find().approvedOn).not.toBeNull();
		const newPickupDate = at(30);
		expect(await act('attempt', { returnId, pickupDate: at(-2), newPickupDate })).toMatchObject({
			returnId,
			status: 'SUCCESS',
		});
		expect(Date.parse(String(find().expectedDate))).toBe(Date.parse(newPickupDate));
		expect(await act('pickup', { returnId, pickupDate: at(-1) })).toMatchObject({
			status: 'SUCCESS',
		});
		expect(await act('complete', { returnId })).toMatchObject({ status: 'SUCCESS' });
		expect(find().status).toBe('RETURN_COMPLETED');

		const expected = [
			'return_completed',
			'return_created',
			'return_expected_date_changed',
			'return_picked_up',
		];
		await s().sim.control.flushNotifications();
		await until(async () => (await pushedFor(returnId)).length >= expected.length);
		expect(await pushedFor(returnId)).toEqual(expected);
	});

	it('courier return: cancelled through the node, the trigger receives return_cancelled', async () => {
		const buyer = await s().sim.control.createSelfShipReturn({
			locationId: LOCATION,
			source: 'courier_return',
		});
		const returnId = String(buyer.return.returnId);
		expect(await act('cancel', { returnId })).toMatchObject({ returnId, status: 'SUCCESS' });
		await s().sim.control.flushNotifications();
		await until(async () => (await pushedFor(returnId)).length >= 2);
		expect(await pushedFor(returnId)).toEqual(['return_cancelled', 'return_created']);
	});

	it('examples/return-tech-visit.json, published: a confirmed defect approves the return, none rejects it', async () => {
		const file = 'return-tech-visit.json';
		const example = {
			file,
			workflow: JSON.parse(readFileSync(join(repoRoot(), 'examples', file), 'utf8')),
		};
		const { workflow, webhookPaths } = prepareExample(example, {
			credential: { id: s().credential.id, name: s().credential.name },
			filesFolder: '',
		});
		const created = await s().api.createWorkflow(workflow);
		await s().api.publishWorkflow(created.id);
		const status = (returnId: string) =>
			s()
				.sim.control.listReturns({})
				.returns.find((r) => r.returnId === returnId) as Record<string, unknown>;
		const visit = async (defect: boolean) => {
			const buyer = await s().sim.control.createSelfShipReturn({ locationId: LOCATION });
			const returnId = String(buyer.return.returnId);
			const answer = await s().n8n.postWebhook(webhookPaths[0], {
				returnId,
				locationId: LOCATION,
				defect,
				notes: defect ? 'Screen broken' : 'Works as described',
				visitedAt: at(-1),
			});
			expect(answer.status).toBe(200);
			expect(answer.data).toEqual([expect.objectContaining({ returnId, status: 'SUCCESS' })]);
			return status(returnId);
		};
		expect((await visit(true)).approvedOn).not.toBeNull();
		expect((await visit(false)).status).toBe('RETURN_REJECTED');
	});
});
