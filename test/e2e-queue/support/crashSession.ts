/**
 * The queue-mode crash session: n8n 2.40.7 in queue mode (Postgres, Redis, main, two webhook
 * processes behind the readiness-checking balancer, one worker; scripts/e2e/lib/queue-mode.ts)
 * in .e2e/queue-crash/, the in-process simulator, a Marketplace Seller credential, and the
 * trigger versions n8n loaded. Each round makes its own Trigger -> NoOp workflow.
 */
import { join } from 'node:path';

import { loadedNodeVersions } from '../../../scripts/bench/nodeVersions';
import { repoRoot, request, sleep, type Credential } from '../../../scripts/e2e/lib';
import { QueueModeCluster, resetQueueModeFolder } from '../../../scripts/e2e/lib/queue-mode';
import type { N8nQueueProcess } from '../../../scripts/e2e/lib/queue-mode-process';
import { startSimulator, type Simulator } from '../../../simulator';
import {
	beginSession,
	CREDENTIAL_TYPE,
	credentialData,
	sessionHooks,
	TRIGGER_TYPE,
} from '../../e2e/support/session';
import { stopStarted } from '../../e2e/support/stop';

export interface QueueCrashSession {
	cluster: QueueModeCluster;
	sim: Simulator;
	credential: Credential;
	/** Every typeVersion of the trigger n8n loaded, ascending. */
	versions: number[];
	timings: Record<string, number>;
}

export function log(line: string): void {
	process.stderr.write(`[queue-crash] ${line}\n`);
}

async function startCrashSession(): Promise<QueueCrashSession> {
	const { timings, timed, tarball } = beginSession('npm run test:e2e:queue:crash');
	const stateDir = join(repoRoot(), '.e2e', 'queue-crash');
	await resetQueueModeFolder(stateDir, log);
	const cluster = await timed(
		'queue-mode start (packages, Postgres, Redis, main, 2 webhook, worker)',
		() => QueueModeCluster.start({ stateDir, tarball, log }),
	);
	let sim: Simulator | undefined;
	try {
		sim = await startSimulator({ packingDelayMs: 0, quiet: true });
		const started = sim;
		const credential = await timed('credential', () =>
			cluster.api.createCredential({
				name: 'Marketplace simulator (self access app)',
				type: CREDENTIAL_TYPE,
				data: credentialData(cluster.runtime.major, started),
			}),
		);
		const versions = await loadedNodeVersions(cluster.main, TRIGGER_TYPE);
		return { cluster, sim, credential, versions, timings };
	} catch (error) {
		await sim?.close().catch(() => undefined);
		await cluster.stop().catch(() => undefined);
		throw error;
	}
}

async function stopCrashSession(session: QueueCrashSession | undefined): Promise<void> {
	if (session) await stopStarted(session.cluster, session, 'queue-mode crash session', log);
}

/** beforeAll/afterAll hooks; returns the accessor the tests use (it throws when beforeAll failed). */
export function useQueueCrashSession(): () => QueueCrashSession {
	return sessionHooks(startCrashSession, stopCrashSession, 180_000);
}

/** Waits until these webhook processes answer the trigger's route with its own 401 (an unsigned probe runs nothing). */
export async function waitForWebhookRoute(
	webhooks: N8nQueueProcess[],
	path: string,
): Promise<void> {
	for (const webhook of webhooks) {
		const deadline = Date.now() + 60_000;
		for (;;) {
			const probe = await request({
				method: 'POST',
				url: `${webhook.baseUrl}/webhook/${path}`,
				data: { probe: true },
			});
			if (probe.status === 401) break;
			if (Date.now() > deadline)
				throw new Error(
					`${webhook.name}: trigger route answered ${probe.status}: ${JSON.stringify(probe.data)}`,
				);
			await sleep(250);
		}
	}
}
