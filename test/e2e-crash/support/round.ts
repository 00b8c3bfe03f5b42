/**
 * One crash round against the real n8n of an e2e session:
 *
 *   1. a fresh Marketplace Seller Trigger -> NoOp workflow, the simulator pointed at it;
 *   2. a burst of distinct signed pushes at concurrency 8, n8n interrupted (SIGKILL of its process
 *      group, or SIGTERM) once a chosen number of answers is in, plus a random delay;
 *   3. restart on the same user folder while more pushes arrive (each redelivered until answered
 *      200, as the marketplace does); executions settle (an execution the killed process left
 *      `running` and n8n's start-up recovery passed over counts as settled: nothing will move
 *      it again); reading A;
 *   4. a duplicate of every push answered 200; settle; reading B;
 *   5. a redelivery of every push not answered 200 (until answered 200); settle; reading C.
 *
 * Every push goes through the readiness-checking balancer of the documented setup (README
 * "Production setup of the trigger"), with n8n as its one upstream.
 */
import type { RoundRobinBalancer } from '../../../scripts/e2e/lib/queue-mode-balancer';
import type { E2ESession } from '../../e2e/support/session';
import { burstWithInterruption, redeliverUntilAccepted, sendAgain } from './burst';
import { roundFigures, type RoundFigures } from './figures';
import { readLedger, settle, startedBeforeTheKill } from './ledger';
import { pushWhileRestarting } from './restartPushes';
import { createTriggerWorkflowAt, waitForRoute } from './workflow';

export const CONCURRENCY = 8;
/** Pushes in flight while n8n restarts, and how often each is redelivered until answered 200. */
export const RESTART_LANES = 2;
export const RESTART_REDELIVERY_MS = Number(process.env.CRASH_RESTART_INTERVAL_MS ?? 20);

/** When in the burst n8n is interrupted, as a share of the pushes answered. */
export type Moment = 'early' | 'mid' | 'late' | 'random';

export interface RoundSpec {
	name: string;
	moment: Moment;
	signal: 'SIGKILL' | 'SIGTERM';
	typeVersion: number;
	pushes: number;
}

/** A small seeded generator (mulberry32), so a failing round can be replayed with CRASH_SEED. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Answers to wait for before the interruption: a random point inside the moment's share of the burst. */
export function answersBeforeInterrupt(
	moment: Moment,
	pushes: number,
	random: () => number,
): number {
	const [from, to] = {
		early: [0.02, 0.12],
		mid: [0.4, 0.6],
		late: [0.82, 0.95],
		random: [0.02, 0.95],
	}[moment];
	const low = Math.max(1, Math.round(from * pushes));
	const high = Math.max(low, Math.round(to * pushes));
	return low + Math.floor(random() * (high - low + 1));
}

export async function runRound(
	session: E2ESession,
	balancer: RoundRobinBalancer,
	spec: RoundSpec,
	random: () => number,
): Promise<RoundFigures> {
	const started = Date.now();
	// Seconds per step, printed with the round (where a round's time goes).
	const steps: string[] = [];
	let stepStarted = started;
	const step = (name: string) => {
		steps.push(`${name} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
		stepStarted = Date.now();
	};
	const { n8n, api, sim, credential } = session;
	const flow = await createTriggerWorkflowAt(
		n8n,
		api,
		credential,
		`Crash round ${spec.name}`,
		spec.typeVersion,
	);
	// Posted to the balancer, signed for the Production URL (the URL a real proxy would serve).
	sim.control.setReceiver({
		url: `${balancer.url}/webhook/${flow.path}`,
		registeredUrl: flow.productionUrl,
	});
	const workflowId = flow.workflow.id;
	step('workflow');

	const afterAnswers = answersBeforeInterrupt(spec.moment, spec.pushes, random);
	const extraDelayMs = Math.floor(random() * 250);
	const burst = await burstWithInterruption(sim, {
		pushes: spec.pushes,
		concurrency: CONCURRENCY,
		afterAnswers,
		extraDelayMs,
		// SIGTERM: n8n's own graceful shutdown, given more time than its 30 s default.
		interrupt: spec.signal === 'SIGKILL' ? () => n8n.kill() : () => n8n.stop(120_000),
	});
	step('burst');

	const restartedAt = Date.now();
	const stopRestartPushes = pushWhileRestarting(sim, {
		lanes: RESTART_LANES,
		intervalMs: RESTART_REDELIVERY_MS,
		directUrl: flow.productionUrl,
	});
	await n8n.restart();
	await waitForRoute(n8n, flow.path);
	const duringRestart = await stopRestartPushes();
	step('restart');
	// n8n was down from the kill to restartedAt: whatever it left `running` from before then, its
	// start-up recovery has already passed over (docs/n8n-internals.md#executions-left-running-by-a-kill).
	const orphans = startedBeforeTheKill(restartedAt);
	const leftRunning = new Set<string>();
	const settled = async () => {
		for (const id of (await settle(api, workflowId, { orphans })).orphaned) leftRunning.add(id);
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
	process.stderr.write(`[crash] ${spec.name}: ${steps.join(', ')}\n`);

	// Keep later rounds' restarts light: this workflow's route is not needed any more.
	await api.deactivateWorkflow(workflowId);

	return roundFigures(
		{
			round: spec.name,
			signal: spec.signal,
			typeVersion: spec.typeVersion,
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
