/**
 * The crash tests' settle step against a stand-in for n8n's public API: an execution a killed
 * n8n left `running`, which n8n's start-up recovery passed over
 * (docs/n8n-internals.md#executions-left-running-by-a-kill), counts as settled and is not a run
 * of its push; an execution the new process is still running keeps settle waiting.
 */
import type { Execution, PublicApiClient } from '../../scripts/e2e/lib';
import { readLedger, settle, startedBeforeTheKill } from '../e2e-crash/support/ledger';
import { TRIGGER_NODE } from '../e2e/support/workflows';

const KILLED_AT = Date.parse('2026-11-27T17:46:34.000Z');

function execution(id: string, status: Execution['status'], startedAt: string): Execution {
	const push = {
		json: { eventType: 'shipment_created', shipmentId: `S-${id}`, timestamp: '1', dedupKey: id },
	};
	return {
		id,
		finished: status === 'success',
		mode: 'webhook',
		status,
		startedAt,
		stoppedAt: null,
		workflowId: 'wf',
		data: {
			resultData: { runData: {} },
			executionData: {
				nodeExecutionStack: [{ node: { name: TRIGGER_NODE }, data: { main: [[push]] } }],
			},
		} as unknown as Execution['data'],
	};
}

/**
 * The two calls settle and readLedger make, over a fixed list of executions. As n8n 2.40.7's
 * public API does, the list leaves out only the executions the serving process runs in memory
 * (`executions.public.controller.js:78`, `execution.service.js:521-526`): one left `running`
 * in the database by a killed process is listed.
 */
function fakeApi(executions: Execution[], inMemory: Execution[] = []): PublicApiClient {
	const api = {
		activeExecutions: async () =>
			await Promise.resolve(executions.filter((e) => ['running', 'new'].includes(e.status))),
		listAllExecutions: async () =>
			await Promise.resolve(executions.filter((e) => !inMemory.includes(e))),
	};
	return api as unknown as PublicApiClient;
}

const fast = { intervalMs: 1, stablePolls: 2, timeoutMs: 200 };

describe('crash-test settle after a kill', () => {
	test('an execution left running from before the kill is settled, and not a run of its push', async () => {
		const left = execution('364', 'running', '2026-11-27T17:46:33.500Z');
		const done = execution('365', 'success', '2026-11-27T17:46:33.000Z');
		const api = fakeApi([left, done]);

		const settled = await settle(api, 'wf', { ...fast, orphans: startedBeforeTheKill(KILLED_AT) });
		const ledger = await readLedger(api, 'wf', new Set(settled.orphaned));

		expect(settled).toEqual({ total: 3, orphaned: ['364'] });
		expect([...ledger.counts.values()]).toEqual([1]);
		expect(ledger.counts.has('shipment_created|S-364||1')).toBe(false);
	});

	test('an execution the restarted n8n is running keeps settle waiting', async () => {
		const running = execution('366', 'running', '2026-11-27T17:46:40.000Z');
		const api = fakeApi([running], [running]);

		await expect(
			settle(api, 'wf', { ...fast, orphans: startedBeforeTheKill(KILLED_AT) }),
		).rejects.toThrow(/did not settle \(1 active: 366 running/);
	});

	test('without the rule, the execution left running keeps settle waiting (what the reverted rounds met)', async () => {
		const api = fakeApi([execution('364', 'running', '2026-11-27T17:46:33.500Z')]);

		await expect(settle(api, 'wf', fast)).rejects.toThrow(/did not settle/);
	});
});
