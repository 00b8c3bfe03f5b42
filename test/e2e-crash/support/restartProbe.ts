/**
 * The restart probe: n8n is killed and restarted (several times: the start-up window lasts from a
 * few to a few hundred milliseconds, so one restart can slip between two posts) while signed
 * pushes keep coming through the
 * readiness-checking balancer (each redelivered every few milliseconds until answered 200) and an
 * unsigned probe posts to n8n directly. Afterwards every push the balancer answered 200 must have
 * an execution: a 200 that ran nothing is the start-up answer of n8n
 * (docs/n8n-internals.md#start-up-answers) getting through.
 */
import type { RoundRobinBalancer } from '../../../scripts/e2e/lib/queue-mode-balancer';
import type { E2ESession } from '../../e2e/support/session';
import { envelopeId, readLedger, settle } from './ledger';
import type { Delivery } from './burst';
import { pushWhileRestarting, type Tally } from './restartPushes';
import { createTriggerWorkflowAt, waitForRoute } from './workflow';

export interface ProbeFigures {
	restarts: number;
	/** Pushes started during the probe (first sent before the kill, or during the restart). */
	pushes: number;
	/** Of those, answered 200. */
	acknowledged: number;
	/** Answered 200 through the balancer, with no execution after the restart. */
	acknowledgedWithoutRun: string[];
	/** What the pushes got through the balancer, and what n8n answered the direct probe. */
	throughBalancer: Tally;
	direct: Tally;
	seconds: number;
}

export async function restartProbe(
	session: E2ESession,
	balancer: RoundRobinBalancer,
	typeVersion: number,
	intervalMs: number,
	restarts: number,
): Promise<ProbeFigures> {
	const started = Date.now();
	const { n8n, api, sim, credential } = session;
	const flow = await createTriggerWorkflowAt(n8n, api, credential, 'Restart probe', typeVersion);
	sim.control.setReceiver({
		url: `${balancer.url}/webhook/${flow.path}`,
		registeredUrl: flow.productionUrl,
	});
	const deliveries: Delivery[] = [];
	const throughBalancer: Tally = {};
	const direct: Tally = {};
	for (let i = 0; i < restarts; i++) {
		// Killed with nothing running: this probe is about the start, not about in-flight pushes
		// (the rounds cover those), and n8n 2.40.7's start-up recovery can fail on an execution
		// that was created but never started (see docs/n8n-internals.md#start-up-answers).
		await settle(api, flow.workflow.id);
		await n8n.kill();
		const stop = pushWhileRestarting(sim, {
			lanes: 2,
			intervalMs,
			directUrl: flow.productionUrl,
		});
		await n8n.restart();
		await waitForRoute(n8n, flow.path);
		const got = await stop();
		deliveries.push(...got.deliveries);
		addTally(throughBalancer, got.answers);
		addTally(direct, got.direct);
	}
	await settle(api, flow.workflow.id);
	const ledger = await readLedger(api, flow.workflow.id);
	await api.deactivateWorkflow(flow.workflow.id);
	const acknowledged = deliveries.filter((d) => d.status === 200);
	return {
		restarts,
		pushes: deliveries.length,
		acknowledged: acknowledged.length,
		acknowledgedWithoutRun: acknowledged
			.filter((d) => (ledger.counts.get(envelopeId(d.envelope)) ?? 0) === 0)
			.map((d) => String(d.envelope.shipmentId)),
		throughBalancer,
		direct,
		seconds: (Date.now() - started) / 1000,
	};
}

function addTally(into: Tally, from: Tally): void {
	for (const [kind, n] of Object.entries(from)) into[kind] = (into[kind] ?? 0) + n;
}
