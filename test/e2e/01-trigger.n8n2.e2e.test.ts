/**
 * The trigger in a real n8n 2.x (n8n2Version()): the packed package installed as a community package, a
 * credential created through the public API, Marketplace Seller Trigger -> NoOp published, and
 * the simulator pushing signed notifications to the trigger's production URL.
 */
import { randomUUID } from 'node:crypto';

import { compactKeyOfHex } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryKey';
import { decodeDeliverySnapshot } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryLog';
import { n8n2Version, sleep, type Execution } from '../../scripts/e2e/lib';
import { EVENT_TYPES, type Envelope } from '../../simulator';
import { validate } from '../support/jsonSchema';
import { servedSchema, sourceSchema } from './support/outputSchema';
import {
	answers,
	freshShipment,
	LOCATION,
	pushFresh,
	redeliver,
	triggerItem,
	withEnvelope,
} from './support/pushes';
import { TRIGGER_TYPE, useSession } from './support/session';
import {
	createTriggerWorkflow,
	settledExecutions,
	TRIGGER_NODE,
	type TriggerWorkflow,
} from './support/workflows';

let trigger: TriggerWorkflow;
/** Every envelope that ran an execution so far (redelivered after the restart). */
const accepted: Envelope[] = [];
/** The trigger's items of the 17 event kinds, as n8n ran them. */
const eventItems: Array<Record<string, unknown>> = [];

const s = useSession('n8n2', 'trigger-n8n2', async (session) => {
	trigger = await createTriggerWorkflow(
		session.n8n,
		session.api,
		session.credential,
		'E2E trigger -> NoOp',
	);
	session.sim.control.setReceiver({ url: trigger.productionUrl });
});

/** Waits for `count` finished executions, then lets the dust settle and returns all of them, with data. */
async function executionsAfter(count: number): Promise<Execution[]> {
	await s().api.waitForExecutions(trigger.workflow.id, count, { timeoutMs: 120_000 });
	return await settledExecutions(s().api, trigger.workflow.id, { includeData: true });
}

describe(`Marketplace Seller Trigger in n8n ${n8n2Version()}`, () => {
	test('the community package loads from the installed tarball', async () => {
		const types = await s().n8n.loadedNodeTypes();
		expect(types).toEqual(
			expect.arrayContaining([TRIGGER_TYPE, 'n8n-nodes-marketplace-seller.marketplaceSeller']),
		);
		expect(s().n8n.runtime.n8nVersion).toBe(n8n2Version());
	});

	test('all 17 event kinds, signed: one execution each, carrying what was sent', async () => {
		const { results } = await s().sim.control.sendAllNotifications({ locationId: LOCATION });
		accepted.push(...results.map((result) => result.envelope));
		expect(results.map((r) => r.eventType)).toEqual([...EVENT_TYPES]);
		expect(EVENT_TYPES).toHaveLength(17);
		for (const result of results) {
			expect({
				eventType: result.eventType,
				skipped: result.skipped,
				answers: answers(result),
			}).toEqual({
				eventType: result.eventType,
				skipped: null,
				answers: [{ status: 200, body: '', error: null }],
			});
		}

		const executions = await executionsAfter(17);
		expect(executions).toHaveLength(17);
		for (const execution of executions) expect(execution.status).toBe('success');

		const dedupKeys = new Set<string>();
		for (const result of results) {
			const sent = result.envelope;
			const matching = withEnvelope(executions, sent);
			expect({ eventType: sent.eventType, executions: matching.length }).toEqual({
				eventType: sent.eventType,
				executions: 1,
			});
			const item = triggerItem(matching[0]);
			expect(item).toMatchObject({
				eventType: sent.eventType,
				source: sent.source,
				version: sent.version,
				timestamp: sent.timestamp,
				attributes: sent.attributes,
			});
			if (sent.shipmentId !== undefined) expect(item.shipmentId).toBe(sent.shipmentId);
			if (sent.returnId !== undefined) expect(item.returnId).toBe(sent.returnId);
			if (sent.locationId !== undefined) expect(item.locationId).toBe(sent.locationId);
			expect(item.dedupKey).toMatch(/^[0-9a-f]{32}$/);
			expect(item.verification).toMatchObject({ appId: s().sim.demo.selfApp.appId });
			dedupKeys.add(String(item.dedupKey));
			eventItems.push(item);
		}
		expect(dedupKeys.size).toBe(17);
	});

	test('the editor gets the output schema of both versions, and the 17 items n8n ran conform to it', async () => {
		expect(eventItems).toHaveLength(17);
		for (const version of ['1.0.0', '2.0.0']) {
			const served = await servedSchema(s().n8n.baseUrl, TRIGGER_TYPE, version);
			expect({ version, status: served.status }).toEqual({ version, status: 200 });
			expect(served.schema).toEqual(sourceSchema('MarketplaceSellerTrigger', version));
			const problems = eventItems.flatMap((item) =>
				validate(item, served.schema!, { complete: true }).map(
					(p) => `${String(item.eventType)} ${p}`,
				),
			);
			expect(problems).toEqual([]);
		}
	});

	test('duplicates run no extra execution: 3 copies one after another, 20 concurrent copies', async () => {
		const before = (await settledExecutions(s().api, trigger.workflow.id)).length;

		const sequential = await pushFresh(s().sim, { copies: 3 });
		const concurrent = await pushFresh(s().sim, { copies: 20, concurrent: true });
		accepted.push(sequential.envelope, concurrent.envelope);
		const executions = await executionsAfter(before + 2);

		// Every copy is acknowledged (the marketplace must stop retrying) with an empty body; one runs.
		const ok = { status: 200, body: '', error: null };
		expect({
			sequential: {
				answers: answers(sequential),
				executions: withEnvelope(executions, sequential.envelope).length,
			},
			concurrent: {
				answers: answers(concurrent),
				executions: withEnvelope(executions, concurrent.envelope).length,
			},
		}).toEqual({
			sequential: { answers: Array.from({ length: 3 }, () => ok), executions: 1 },
			concurrent: { answers: Array.from({ length: 20 }, () => ok), executions: 1 },
		});
		expect(executions).toHaveLength(before + 2);
	});

	test('forged, wrong App ID, stale, future-dated and unsigned pushes: 401, empty body, no execution', async () => {
		const before = (await settledExecutions(s().api, trigger.workflow.id)).length;
		// Each is a new envelope: a trigger that let one through would run it (no dedup to hide behind).
		const rejected = {
			wrongSecret: await pushFresh(s().sim, { wrongSecret: true }),
			wrongAppId: await pushFresh(s().sim, { wrongAppId: true }),
			stale: await pushFresh(s().sim, { staleSeconds: 400 }),
			future: await pushFresh(s().sim, { staleSeconds: -400 }),
			unsigned: await pushFresh(s().sim, { omitHeaders: true }),
			noAuthorization: await pushFresh(s().sim, { omitHeaders: ['X_Authorization'] }),
			noDate: await pushFresh(s().sim, { omitHeaders: ['X_Date'] }),
		};
		// A genuine push afterwards runs, and is the only new execution.
		const genuine = await pushFresh(s().sim);
		accepted.push(genuine.envelope);
		const executions = await executionsAfter(before + 1);

		// One report: what each push was answered and how many executions carry it.
		const report = (result: (typeof rejected)['wrongSecret']) => ({
			answers: answers(result),
			executions: withEnvelope(executions, result.envelope).length,
		});
		const got = Object.fromEntries(
			[...Object.entries(rejected), ['genuine', genuine] as const].map(([name, result]) => [
				name,
				report(result),
			]),
		);
		const refused = { answers: [{ status: 401, body: '', error: null }], executions: 0 };
		expect(got).toEqual({
			wrongSecret: refused,
			wrongAppId: refused,
			stale: refused,
			future: refused,
			unsigned: refused,
			noAuthorization: refused,
			noDate: refused,
			genuine: { answers: [{ status: 200, body: '', error: null }], executions: 1 },
		});
		expect(executions).toHaveLength(before + 1);
	});

	test('after an n8n restart, redeliveries of pushes that already ran (fresh X_Date) run nothing', async () => {
		const before = (await settledExecutions(s().api, trigger.workflow.id)).length;
		expect(accepted.length).toBeGreaterThanOrEqual(20);
		// What the trigger remembered is in the workflow's static data (read back after the checks).
		const stored = await s().n8n.workflowStaticData(trigger.workflow.id);

		await s().n8n.restart();
		// The route is registered again a moment after start-up; an unsigned probe gets the trigger's 401.
		expect((await s().n8n.postWebhook(trigger.path, { probe: true })).status).toBe(401);

		const redelivered = [];
		for (const envelope of accepted)
			redelivered.push({ envelope, result: await redeliver(s().sim, envelope) });
		const genuine = await pushFresh(s().sim);
		const executions = await executionsAfter(before + 1);

		const ok = { status: 200, body: '', error: null };
		// Each redelivery is acknowledged; each envelope still has exactly the one execution it ran before the restart.
		expect(
			redelivered.map(({ envelope, result }) => ({
				eventType: envelope.eventType,
				answers: answers(result),
				executions: withEnvelope(executions, envelope).length,
			})),
		).toEqual(
			accepted.map((envelope) => ({ eventType: envelope.eventType, answers: [ok], executions: 1 })),
		);
		// A new push after the restart runs as usual.
		expect({
			answers: answers(genuine),
			executions: withEnvelope(executions, genuine.envelope).length,
		}).toEqual({ answers: [ok], executions: 1 });
		expect(executions).toHaveLength(before + 1);
		expect(stored).not.toBeNull();
	});

	test('Acknowledge Push "once the execution is stored": answered 200, runs once, copies run nothing', async () => {
		const early = await createTriggerWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E trigger (answer once stored) -> NoOp',
			2,
			{
				acknowledge: 'onceStored',
			},
		);
		s().sim.control.setReceiver({ url: early.productionUrl });
		try {
			const first = await pushFresh(s().sim);
			const copies = await redeliver(s().sim, first.envelope, { copies: 3 });
			await s().api.waitForExecutions(early.workflow.id, 1, { timeoutMs: 120_000 });
			const executions = await settledExecutions(s().api, early.workflow.id, { includeData: true });
			const ok = { status: 200, body: '', error: null };
			expect({ first: answers(first), copies: answers(copies) }).toEqual({
				first: [ok],
				copies: [ok, ok, ok],
			});
			expect(withEnvelope(executions, first.envelope)).toHaveLength(1);
			expect(executions).toHaveLength(1);
		} finally {
			s().sim.control.setReceiver({ url: trigger.productionUrl });
		}
	});

	test('an execution that ends after a newer one does not take the newer key out of the stored row', async () => {
		// The older push waits in the workflow while a newer one runs, saves and is answered; the
		// older one's save comes last. Its static data must still hold the newer key, or a copy of
		// the newer push after a crash would run again (docs/trigger-durability.md#the-stored-text).
		const slowShipment = freshShipment(s().sim);
		const slow = await createTriggerWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E trigger -> Wait (one push waits) -> NoOp',
			2,
			{},
			{
				steps: [
					{
						name: 'Wait',
						type: 'n8n-nodes-base.wait',
						typeVersion: 1.1,
						position: [240, 0],
						webhookId: randomUUID(),
						parameters: {
							resume: 'timeInterval',
							amount: `={{ $json.shipmentId === '${slowShipment}' ? 6 : 0 }}`,
							unit: 'seconds',
						},
					},
				],
				// n8n stores a running execution's data after each step, so the test can see the
				// older push's trigger step done before it sends the newer one.
				settings: { saveExecutionProgress: true },
			},
		);
		s().sim.control.setReceiver({ url: slow.productionUrl });
		try {
			const older = s().sim.control.sendNotification({
				eventType: 'shipment_created',
				shipmentId: slowShipment,
			});
			// The older push's trigger step has run (its key confirmed in this process) before the
			// newer is sent. An execution merely 'running' is not enough: under load its trigger step
			// started after the newer push's had (in CI, 52 ms later).
			for (let polls = 0; ; polls += 1) {
				const running = await s().api.listAllExecutions({
					workflowId: slow.workflow.id,
					status: 'running',
					includeData: true,
				});
				if (running.some((e) => e.data?.resultData.runData[TRIGGER_NODE] !== undefined)) break;
				if (polls === 400) throw new Error("the older push's trigger step did not run");
				await sleep(50);
			}
			const newer = await pushFresh(s().sim);
			const ok = { status: 200, body: '', error: null };
			expect(answers(newer)).toEqual([ok]);
			expect(answers(await older)).toEqual([ok]);

			const executions = await settledExecutions(s().api, slow.workflow.id, { includeData: true });
			const [olderRun] = executions.filter((e) => triggerItem(e).shipmentId === slowShipment);
			const [newerRun] = withEnvelope(executions, newer.envelope);
			// The case under test: the older one's step ran first and its execution ended last.
			const stepStart = (e: Execution) =>
				e.data?.resultData.runData[TRIGGER_NODE]?.[0]?.startTime ?? NaN;
			expect(stepStart(olderRun)).toBeLessThan(stepStart(newerRun));
			expect(Date.parse(olderRun.stoppedAt!)).toBeGreaterThan(Date.parse(newerRun.stoppedAt!));

			const row = (await s().n8n.workflowStaticData(slow.workflow.id)) as Record<
				string,
				Record<string, unknown>
			>;
			const stored = decodeDeliverySnapshot(row[`node:${TRIGGER_NODE}`].rememberedDeliveries);
			const compact = (e: Execution) => compactKeyOfHex(String(triggerItem(e).dedupKey));
			expect(stored?.keys.sort()).toEqual([compact(olderRun), compact(newerRun)].sort());
		} finally {
			s().sim.control.setReceiver({ url: trigger.productionUrl });
		}
	});

	test('test mode: the editor listens; a simulator push to the Test URL runs a manual execution, a forged one gets 401', async () => {
		const tested = await createTriggerWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E trigger test mode -> NoOp',
			2,
			{},
			{ publish: false },
		);
		const testUrl = s().n8n.webhookTestUrl(tested.path);
		// What the editor's "Execute step" sends (POST /rest/workflows/:id/run with the trigger to start
		// from): n8n registers the Test URL and waits for one event.
		if (!s().n8n.authCookie) await s().n8n.login();
		const run = await s().n8n.rest('POST', `/workflows/${tested.workflow.id}/run`, {
			triggerToStartFrom: { name: TRIGGER_NODE },
		});
		expect({ status: run.status, data: run.data }).toEqual({
			status: 200,
			data: { data: { waitingForWebhook: true } },
		});

		// The simulator signs each push over the URL it sends to: here the Test URL.
		const forged = await pushFresh(s().sim, { url: testUrl, wrongSecret: true });
		const genuine = await pushFresh(s().sim, { url: testUrl });
		expect({ forged: answers(forged), genuine: answers(genuine) }).toEqual({
			forged: [{ status: 401, body: '', error: null }],
			genuine: [{ status: 200, body: '', error: null }],
		});

		const [execution] = await s().api.waitForExecutions(tested.workflow.id, 1, {
			includeData: true,
			timeoutMs: 120_000,
		});
		const executions = await settledExecutions(s().api, tested.workflow.id, { includeData: true });
		expect(
			executions.map((e) => ({
				mode: e.mode,
				status: e.status,
				carries: withEnvelope([e], genuine.envelope).length,
			})),
		).toEqual([{ mode: 'manual', status: 'success', carries: 1 }]);
		expect(triggerItem(execution).verification).toMatchObject({
			signedUrl: testUrl,
			registeredUrl: tested.productionUrl,
		});
	});
});
