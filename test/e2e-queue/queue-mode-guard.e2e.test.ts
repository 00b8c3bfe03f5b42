/**
 * n8n 2.x (MKT_N8N2_VERSION) in queue mode (Postgres, Redis, main, two webhook processes behind a round-robin
 * balancer, one worker) running examples/queue-mode-guard.json: Marketplace Seller Trigger ->
 * Postgres claim of the push's dedupKey -> the business step only for the first claim.
 * The simulator signs every push for the balancer's URL; the balancer alternates the copies
 * between the two webhook processes. Executions are read through the public API on main, the
 * business step's rows from the guard's database.
 */
import { request, type Execution } from '../../scripts/e2e/lib';
import { GUARD_DATABASE } from '../../scripts/e2e/lib/queue-mode';
import type { Envelope, SendResult } from '../../simulator';
import { answers, pushFresh, redeliver, triggerItem, withEnvelope } from '../e2e/support/pushes';
import { executionError, settledExecutions } from '../e2e/support/workflows';
import { businessRows, ranBusinessStep, useGuardSession } from './support/guardSession';

const s = useGuardSession();
/** Every envelope that ran before the restart (redelivered after it). */
const accepted: Envelope[] = [];
const ok = { status: 200, body: '', error: null };
/** A copy asked to come again later (a tentative key of another memory, within its lease). */
const retryLater = { status: 503, body: '', error: null };

function figure(line: string): void {
	process.stderr.write(`[e2e-queue] figure: ${line}\n`);
}

/** Waits for at least `count` finished executions, then until nothing runs or waits in the queue. */
async function executionsAfter(count: number): Promise<Execution[]> {
	await s().api.waitForExecutions(s().workflow.id, count, { timeoutMs: 180_000 });
	return await settledExecutions(s().api, s().workflow.id, { includeData: true });
}

async function finishedCount(): Promise<number> {
	return (await settledExecutions(s().api, s().workflow.id)).length;
}

/** What one push led to: its executions, those that ran the business step, and the business rows. */
async function outcome(result: SendResult, executions: Execution[], rows: Map<string, number>) {
	const runs = withEnvelope(executions, result.envelope);
	const dedupKey = runs.length > 0 ? String(triggerItem(runs[0]).dedupKey) : undefined;
	return {
		executions: runs.length,
		failed: runs.filter((e) => e.status !== 'success').length,
		businessRuns: runs.filter(ranBusinessStep).length,
		businessRows: dedupKey ? (rows.get(dedupKey) ?? 0) : 0,
	};
}

function balancerCounts(): number[] {
	return [...s().cluster.balancer.counts.values()];
}

describe('queue mode: two webhook processes, one worker, the Postgres guard', () => {
	test('50 concurrent identical pushes, alternating between both webhook processes: the business step runs once', async () => {
		const before = await finishedCount();
		s().cluster.balancer.resetCounts();
		const burst = await pushFresh(s().sim, { copies: 50, concurrent: true });
		accepted.push(burst.envelope);
		expect(balancerCounts()).toEqual([25, 25]);
		expect(answers(burst)).toEqual(Array.from({ length: 50 }, () => ok));

		const executions = await executionsAfter(before + 1);
		const got = await outcome(burst, executions, await businessRows(s()));
		figure(
			`50 concurrent copies -> ${got.executions} executions, ${got.businessRuns} business runs, ${got.businessRows} business rows`,
		);
		// Each process may let its first copy through (at most one execution per process); the claim lets one run on.
		expect(got.executions).toBeGreaterThanOrEqual(1);
		expect(got.executions).toBeLessThanOrEqual(2);
		expect({
			failed: got.failed,
			businessRuns: got.businessRuns,
			businessRows: got.businessRows,
		}).toEqual({ failed: 0, businessRuns: 1, businessRows: 1 });
	});

	test('10 sequential copies, alternating between both webhook processes: one execution in total', async () => {
		const before = await finishedCount();
		s().cluster.balancer.resetCounts();
		const copies = await pushFresh(s().sim, { copies: 10 });
		accepted.push(copies.envelope);
		expect(balancerCounts()).toEqual([5, 5]);
		// A copy that reaches the other process before n8n's save of the first run's end is
		// committed (n8n answers first) finds the key tentative: it is asked to come again (503),
		// never acknowledged without a known run (docs/trigger-durability.md#several-n8n-processes-queue-mode).
		// The marketplace delivers it again; after the lease it is a duplicate.
		const first = answers(copies);
		expect(first[0]).toEqual(ok);
		expect(first.filter((a) => a.status !== 200)).toEqual(
			first.filter((a) => a.status === 503).map(() => retryLater),
		);
		if (first.some((a) => a.status === 503)) {
			await new Promise((resolve) => setTimeout(resolve, 11_000));
			expect(answers(await redeliver(s().sim, copies.envelope))).toEqual([ok]);
		}

		const executions = await executionsAfter(before + 1);
		const got = await outcome(copies, executions, await businessRows(s()));
		figure(
			`10 sequential copies -> ${got.executions} executions, ${got.businessRuns} business runs`,
		);
		// A copy that one process remembered is a duplicate for the other: no second execution at all.
		expect(got).toEqual({ executions: 1, failed: 0, businessRuns: 1, businessRows: 1 });
		expect(executions).toHaveLength(before + 1);
	});

	test('after restarting both webhook processes, redeliveries (to both) run nothing; a new push runs', async () => {
		// Four more pushes, one after another: each process remembers some that the other never saw.
		const before = await finishedCount();
		for (let i = 0; i < 4; i++) accepted.push((await pushFresh(s().sim)).envelope);
		await executionsAfter(before + 4);
		expect(accepted).toHaveLength(6);
		const earlier = await settledExecutions(s().api, s().workflow.id, { includeData: true });
		const rowsBefore = await businessRows(s());
		for (const webhook of s().cluster.webhooks) await webhook.restart();

		s().cluster.balancer.resetCounts();
		// Two copies of each, one after the other: the balancer hands one to each process.
		const redelivered: Array<{ envelope: Envelope; result: SendResult; again?: unknown[] }> = [];
		for (const envelope of accepted)
			redelivered.push({ envelope, result: await redeliver(s().sim, envelope, { copies: 2 }) });
		expect(balancerCounts()).toEqual([6, 6]);
		// The last push of a process may still be tentative in the row, under a memory the restart
		// ended (see below): within that key's lease its copies are asked to come again (503), never
		// acknowledged. The marketplace delivers it again after the lease.
		const askedAgain = redelivered.filter(({ result }) =>
			answers(result).some((a) => a.status === 503),
		);
		if (askedAgain.length > 0) {
			await new Promise((resolve) => setTimeout(resolve, 11_000));
			for (const entry of askedAgain)
				entry.again = answers(await redeliver(s().sim, entry.envelope));
		}
		const genuine = await pushFresh(s().sim);

		const executions = await executionsAfter(earlier.length + 1);
		const rows = await businessRows(s());
		const earlierIds = new Set(earlier.map((e) => String(e.id)));
		const rerun = executions.filter(
			(e) => !earlierIds.has(String(e.id)) && withEnvelope([e], genuine.envelope).length === 0,
		);
		figure(
			`after restarting both webhook processes: ${redelivered.length * 2} redeliveries -> ${rerun.length} executions, ${rerun.filter(ranBusinessStep).length} business runs`,
		);
		// Each redelivery is acknowledged, and no business step runs again (the guard). An envelope
		// is asked to come again, or runs again, only when it was the last push a webhook process
		// ran before its restart: n8n answers 200 before its save at the job's end is committed, so
		// the other process, which read the row in between, may write it back without that key
		// (still tentative), and the process that knew it is gone
		// (docs/trigger-durability.md#per-crash-point). The pushes above alternated between the two
		// processes, so those are the last two.
		const lastOfEachProcess = new Set(accepted.slice(-2));
		const reran = redelivered.filter(
			({ envelope }) =>
				withEnvelope(executions, envelope).length > withEnvelope(earlier, envelope).length,
		);
		figure(
			`after restarting both webhook processes: envelopes run again ${reran.length} (of them the last push of a process: ${reran.filter(({ envelope }) => lastOfEachProcess.has(envelope)).length})`,
		);
		figure(
			`after restarting both webhook processes: envelopes asked to come again (503) ${askedAgain.length}`,
		);
		expect(
			redelivered.map(({ envelope, result, again }) => ({
				answers: lastOfEachProcess.has(envelope)
					? { notAcknowledged: answers(result).filter((a) => a.status !== 200), again }
					: answers(result),
				executions: lastOfEachProcess.has(envelope)
					? 'the last push of a process'
					: withEnvelope(executions, envelope).length,
				businessRunsAgain: withEnvelope(rerun, envelope).filter(ranBusinessStep).length,
			})),
		).toEqual(
			redelivered.map(({ envelope, result, again }) => ({
				answers: lastOfEachProcess.has(envelope)
					? {
							notAcknowledged: answers(result)
								.filter((a) => a.status !== 200)
								.map(() => retryLater),
							again: again === undefined ? undefined : [ok],
						}
					: [ok, ok],
				executions: lastOfEachProcess.has(envelope)
					? 'the last push of a process'
					: withEnvelope(earlier, envelope).length,
				businessRunsAgain: 0,
			})),
		);
		expect(await outcome(genuine, executions, rows)).toEqual({
			executions: 1,
			failed: 0,
			businessRuns: 1,
			businessRows: 1,
		});
		// At most both copies of each process's last push ran again.
		expect(executions.length - earlier.length - 1).toBeLessThanOrEqual(4);
		// The earlier pushes' business rows are unchanged: one each.
		expect(new Map([...rows].filter(([key]) => rowsBefore.has(key)))).toEqual(rowsBefore);
	});

	test('20 distinct pushes at once: 20 business runs, nothing lost', async () => {
		const before = await finishedCount();
		const pushes = await Promise.all(Array.from({ length: 20 }, () => pushFresh(s().sim)));
		expect(pushes.map(answers)).toEqual(Array.from({ length: 20 }, () => [ok]));

		const executions = await executionsAfter(before + 20);
		const rows = await businessRows(s());
		const got = await Promise.all(pushes.map((push) => outcome(push, executions, rows)));
		figure(`20 distinct pushes -> ${got.reduce((n, g) => n + g.businessRuns, 0)} business runs`);
		expect(got).toEqual(
			Array.from({ length: 20 }, () => ({
				executions: 1,
				failed: 0,
				businessRuns: 1,
				businessRows: 1,
			})),
		);
		expect(executions).toHaveLength(before + 20);
	});

	test('a business step that fails after the claim: retrying the execution resumes after the claim and runs it once', async () => {
		const { cluster, api, workflow } = s();
		const before = await finishedCount();
		// The business step fails while its table is away; the claim before it has committed.
		await cluster.postgres.psql(
			'ALTER TABLE marketplace_events RENAME TO marketplace_events_away',
			GUARD_DATABASE.database,
		);
		let failed: Execution;
		try {
			const push = await pushFresh(s().sim);
			[failed] = withEnvelope(await executionsAfter(before + 1), push.envelope);
			figure(
				`a business step failing after the claim: the push was answered ${JSON.stringify(answers(push))}`,
			);
		} finally {
			await cluster.postgres.psql(
				'ALTER TABLE marketplace_events_away RENAME TO marketplace_events',
				GUARD_DATABASE.database,
			);
		}
		expect(failed.status).toBe('error');
		expect(executionError(failed).text).toContain('marketplace_events');

		const retried = await request({
			method: 'POST',
			url: `${api.baseUrl}/api/v1/executions/${failed.id}/retry`,
			data: { loadWorkflow: false },
			headers: { 'X-N8N-API-KEY': api.apiKey, 'content-type': 'application/json' },
		});
		expect(retried.status).toBe(200);
		const executions = await executionsAfter(before + 2);
		const retry = executions.find((e) => String(e.retryOf) === String(failed.id));
		const dedupKey = String(triggerItem(failed).dedupKey);
		const claims = (
			await cluster.postgres.rows<{ workflow_id: string; dedup_key: string; execution_id: string }>(
				'SELECT * FROM marketplace_push_claims',
			)
		)
			.filter((claim) => claim.workflow_id === workflow.id && claim.dedup_key === dedupKey)
			.map((claim) => ({ execution_id: claim.execution_id }));
		// Claimed once, by the failed execution; the retry ran the business step from the claim's output.
		expect({
			retry: retry?.status,
			ranBusinessStep: retry ? ranBusinessStep(retry) : false,
			rows: (await businessRows(s())).get(dedupKey),
			claims,
		}).toEqual({
			retry: 'success',
			ranBusinessStep: true,
			rows: 1,
			claims: [{ execution_id: String(failed.id) }],
		});
	});
});
