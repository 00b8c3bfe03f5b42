/**
 * Smoke run in n8n 1.123.x on Node 20 (legacy expression engine, /activate instead of /publish,
 * both handled by the harness): the tarball installs and loads, one trigger workflow and one
 * action workflow work.
 */
import { servedSchema, sourceSchema } from './support/outputSchema';
import { answers, carries, LOCATION, pushFresh, triggerItem, withEnvelope } from './support/pushes';
import { ACTION_TYPE, TRIGGER_TYPE, useSession } from './support/session';
import {
	ACTION_NODE,
	createActionWorkflow,
	createTriggerWorkflow,
	nodeOutput,
	runAction,
	settledExecutions,
} from './support/workflows';

const s = useSession('n8n1', 'smoke-n8n1');

describe('smoke run in n8n 1.123.x on Node 20', () => {
	test('the tarball installs and both node types load', async () => {
		expect(s().n8n.runtime.major).toBe(1);
		expect(s().n8n.runtime.n8nVersion).toMatch(/^1\.123\./);
		expect(await s().n8n.loadedNodeTypes()).toEqual(
			expect.arrayContaining([TRIGGER_TYPE, ACTION_TYPE]),
		);
	});

	test("the editor gets the trigger's output schema (version 1)", async () => {
		expect(await servedSchema(s().n8n.baseUrl, TRIGGER_TYPE, '1.0.0')).toEqual({
			status: 200,
			schema: sourceSchema('MarketplaceSellerTrigger', '1.0.0'),
		});
	});

	test('trigger: a signed push runs one execution, a forged one gets 401 and runs none', async () => {
		// Version 1: what workflows saved before version 2 existed hold.
		const trigger = await createTriggerWorkflow(
			s().n8n,
			s().api,
			s().credential,
			'E2E smoke trigger -> NoOp',
			1,
		);
		s().sim.control.setReceiver({ url: trigger.productionUrl });

		const forged = await pushFresh(s().sim, { wrongSecret: true });
		const genuine = await pushFresh(s().sim, { copies: 2 });
		await s().api.waitForExecutions(trigger.workflow.id, 1, { timeoutMs: 120_000 });
		const executions = await settledExecutions(s().api, trigger.workflow.id, { includeData: true });

		const ok = { status: 200, body: '', error: null };
		expect({
			forged: {
				answers: answers(forged),
				executions: withEnvelope(executions, forged.envelope).length,
			},
			genuine: {
				answers: answers(genuine),
				executions: withEnvelope(executions, genuine.envelope).length,
			},
		}).toEqual({
			forged: { answers: [{ status: 401, body: '', error: null }], executions: 0 },
			genuine: { answers: [ok, ok], executions: 1 },
		});
		expect(executions).toHaveLength(1);
		expect(executions[0].status).toBe('success');
		expect(carries(executions[0], genuine.envelope)).toBe(true);
		expect(triggerItem(executions[0])).toMatchObject({
			eventType: 'shipment_created',
			shipmentId: genuine.envelope.shipmentId,
			locationId: LOCATION,
			attributes: genuine.envelope.attributes,
			dedupKey: expect.stringMatching(/^[0-9a-f]{32}$/),
		});
		s().sim.control.setReceiver({ url: null });
	});

	test('action: a search returns shipments', async () => {
		const flow = await createActionWorkflow(s().n8n, s().api, s().credential, 'E2E smoke search', {
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			preDispatchStates: ['APPROVED'],
			returnAll: false,
			limit: 3,
			filters: { locationId: LOCATION },
		});
		const { execution } = await runAction(s().n8n, s().api, flow);
		expect(execution.status).toBe('success');
		const shipments = nodeOutput(execution, ACTION_NODE);
		expect(shipments).toHaveLength(3);
		for (const shipment of shipments)
			expect(shipment.json).toMatchObject({ locationId: LOCATION, shipmentId: expect.any(String) });
		expect(s().sim.control.counters().counters['GET /oauth-service/oauth/token']).toBe(1);
	});
});
