/**
 * One queue-mode crash round:
 *
 *   1. a fresh Marketplace Seller Trigger -> NoOp workflow, the simulator posting to the balancer
 *      (which sends a request only to a webhook process whose readiness check passes);
 *   2. a burst of distinct signed pushes at concurrency 8, alternating between the two webhook
 *      processes; once a chosen number of answers is in, one process (the worker, or one webhook
 *      process) is SIGKILLed by the pid the harness started;
 *   3. that process alone is started again while more pushes arrive through the balancer (each
 *      redelivered until answered 200, as the marketplace does); executions settle; reading A;
 *   4. a duplicate of every push answered 200; settle; reading B;
 *   5. a redelivery of every push not answered 200, until answered 200; settle; reading C.
 *
 * Settling: nothing `new` or `running` is left for the workflow, except executions n8n will
 * not move again because no job is left for them in the queue (a webhook process killed
 * between creating an execution and enqueueing its job leaves it `new`; n8n's own queue
 * recovery would mark it crashed, hours later by default: docs/n8n-internals.md#executions-left-running-by-a-kill).
 * A job the killed worker was running stays active in the queue until Bull sees its lock
 * expire; n8n then fails the execution ("failed to be processed too many times"), and settle
 * waits for that.
 */
import type { N8nQueueProcess } from '../../../scripts/e2e/lib/queue-mode-process';
import {
	burstWithInterruption,
	redeliverUntilAccepted,
	sendAgain,
} from '../../e2e-crash/support/burst';
import { roundFigures, type RoundFigures } from '../../e2e-crash/support/figures';
import { readLedger, settle, type OrphanRule } from '../../e2e-crash/support/ledger';
import { pushWhileRestarting } from '../../e2e-crash/support/restartPushes';
import { answersBeforeInterrupt, CONCURRENCY, type Moment } from '../../e2e-crash/support/round';
import { createTriggerWorkflowAt } from '../../e2e-crash/support/workflow';
import { jobsInQueue, queueJobs } from './bullQueue';
import { log, waitForWebhookRoute, type QueueCrashSession } from './crashSession';

/** Pushes in flight while the killed process restarts, and how often each is redelivered. */
const RESTART_LANES = 2;
const RESTART_REDELIVERY_MS = 20;
/** A stalled job needs Bull's lock (60 s) and stalled check (30 s) to run out: n8n's defaults. */
const SETTLE_TIMEOUT_MS = 240_000;

export interface QueueRoundSpec {
	name: string;
	/** The process to kill: the worker, or webhook process 1 or 2. */
	kill: 'worker' | 'webhook-1' | 'webhook-2';
	moment: Moment;
	pushes: number;
}

function target(session: QueueCrashSession, kill: QueueRoundSpec['kill']): N8nQueueProcess {
	const { cluster } = session;
	if (kill === 'worker') return cluster.worker;
	const webhook = cluster.webhooks.find((w) => w.name === kill);
	if (!webhook) throw new Error(`no ${kill} in the cluster`);
	return webhook;
}

/** Active executions with no job left in n8n's queue: nothing will run them (see the header). */
function noJobLeft(redisPort: number): OrphanRule {
	return async (active) => (jobsInQueue(await queueJobs(redisPort)) === 0 ? active : []);
}

export async function runQueueRound(
	session: QueueCrashSession,
	spec: QueueRoundSpec,
	random: () => number,
): Promise<RoundFigures> {
	const started = Date.now();
	const steps: string[] = [];
	let stepStarted = started;
	const step = (name: string) => {
		steps.push(`${name} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
		stepStarted = Date.now();
	};
	const { cluster, sim, credential } = session;
	const { api } = cluster;
	const typeVersion = session.versions[session.versions.length - 1];
	const flow = await createTriggerWorkflowAt(
		cluster.main,
		api,
		credential,
		`Queue crash round ${spec.name}`,
		typeVersion,
	);
	await waitForWebhookRoute(cluster.webhooks, flow.path);
	// Posted to (and signed for) the balancer's URL: every process's WEBHOOK_URL.
	sim.control.setReceiver({ url: `${cluster.webhookBaseUrl}/webhook/${flow.path}` });
	const workflowId = flow.workflow.id;
	step('workflow');

	const victim = target(session, spec.kill);
	const burst = await burstWithInterruption(sim, {
		pushes: spec.pushes,
		concurrency: CONCURRENCY,
		afterAnswers: answersBeforeInterrupt(spec.moment, spec.pushes, random),
		extraDelayMs: Math.floor(random() * 250),
		interrupt: () => victim.kill(),
	});
	step('burst');

	const restartedAt = Date.now();
	const stopRestartPushes = pushWhileRestarting(sim, {
		lanes: RESTART_LANES,
		intervalMs: RESTART_REDELIVERY_MS,
		// What a restarting webhook process answers itself, beside what the balancer lets through.
		directUrl:
			victim.opts.command === 'webhook' ? `${victim.baseUrl}/webhook/${flow.path}` : undefined,
	});
	await victim.start();
	if (victim.opts.command === 'webhook') await waitForWebhookRoute([victim], flow.path);
	const duringRestart = await stopRestartPushes();
	step('restart');

	const orphans = noJobLeft(cluster.redis.port);
	const leftRunning = new Set<string>();
	const settled = async () => {
		const result = await settle(api, workflowId, { orphans, timeoutMs: SETTLE_TIMEOUT_MS });
		for (const id of result.orphaned) leftRunning.add(id);
	};
	await settled();
	const afterRestart = await readLedger(api, workflowId, leftRunning);
	step('settle');

	const deliveries = [...burst.deliveries, ...duringRestart.deliveries];
	const acknowledged = deliveries.filter((d) => d.status === 200).map((d) => d.envelope);
	const duplicates = await sendAgain(sim, acknowledged, CONCURRENCY);
	await settled();
	const afterDuplicates = await readLedger(api, workflowId, leftRunning);
	step('duplicates');

	const unacknowledged = deliveries.filter((d) => d.status !== 200).map((d) => d.envelope);
	const redeliveries = await redeliverUntilAccepted(sim, unacknowledged, CONCURRENCY);
	await settled();
	const afterRedeliveries = await readLedger(api, workflowId, leftRunning);
	step('redeliveries');
	log(`${spec.name}: ${steps.join(', ')}`);

	await api.deactivateWorkflow(workflowId);

	return roundFigures(
		{
			round: spec.name,
			signal: 'SIGKILL',
			typeVersion,
			interruptedAfter: burst.answersBeforeInterrupt,
			restartedAt,
			leftRunning: [...leftRunning],
			seconds: (Date.now() - started) / 1000,
		},
		{
			deliveries,
			duringRestart,
			duplicates,
			redeliveries,
			afterRestart,
			afterDuplicates,
			afterRedeliveries,
		},
	);
}
