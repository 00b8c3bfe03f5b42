/**
 * The queue-mode session: n8n 2.40.7 in queue mode (Postgres, Redis, main, two webhook processes
 * behind the round-robin balancer, one worker; scripts/e2e/lib/queue-mode.ts) in .e2e/queue-mode/,
 * the in-process simulator pushing to the balancer, and examples/queue-mode-guard.json imported
 * with a Marketplace Seller credential and a Postgres credential for the guard's database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	request,
	repoRoot,
	sleep,
	type Credential,
	type Execution,
	type PublicApiClient,
	type Workflow,
} from '../../../scripts/e2e/lib';
import { QueueModeCluster, resetQueueModeFolder } from '../../../scripts/e2e/lib/queue-mode';
import { prepareExample } from '../../../scripts/demo/examples';
import { startSimulator, type Simulator } from '../../../simulator';
import {
	beginSession,
	CREDENTIAL_TYPE,
	credentialData,
	sessionHooks,
} from '../../e2e/support/session';
import { stopStarted } from '../../e2e/support/stop';
import { TRIGGER_NODE } from '../../e2e/support/workflows';

export const EXAMPLE_FILE = 'queue-mode-guard.json';
export const CLAIM_NODE = 'Claim this push';
export const BUSINESS_NODE = 'Record the event (your business step)';

export interface GuardSession {
	cluster: QueueModeCluster;
	api: PublicApiClient;
	sim: Simulator;
	workflow: Workflow;
	/** Path under /webhook/ of the trigger (the same on every process). */
	path: string;
	timings: Record<string, number>;
}

function log(line: string): void {
	process.stderr.write(`[e2e-queue] ${line}\n`);
}

/** examples/queue-mode-guard.json with this session's credentials in place of the placeholders. */
function guardWorkflow(marketplace: Credential, guard: Credential) {
	const file = join(repoRoot(), 'examples', EXAMPLE_FILE);
	const example = { file: EXAMPLE_FILE, workflow: JSON.parse(readFileSync(file, 'utf8')) };
	const { workflow } = prepareExample(example, { credential: marketplace, filesFolder: '' });
	const postgresRef = { postgres: { id: guard.id, name: guard.name } };
	workflow.nodes = workflow.nodes.map((node) =>
		node.credentials && 'postgres' in node.credentials
			? { ...node, credentials: postgresRef }
			: node,
	);
	return workflow;
}

/** Waits until each webhook process answers the trigger's route with its own 401 (an unsigned probe runs nothing). */
async function waitForRoute(cluster: QueueModeCluster, path: string): Promise<void> {
	for (const webhook of cluster.webhooks) {
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

export async function startGuardSession(): Promise<GuardSession> {
	const { timings, timed, tarball } = beginSession('npm run test:e2e:queue');
	const stateDir = join(repoRoot(), '.e2e', 'queue-mode');
	await resetQueueModeFolder(stateDir, log);
	const cluster = await timed(
		'queue-mode start (packages, Postgres, Redis, main, 2 webhook, worker)',
		() => QueueModeCluster.start({ stateDir, tarball, log }),
	);
	let sim: Simulator | undefined;
	try {
		sim = await startSimulator({ packingDelayMs: 0, quiet: true });
		const started = sim;
		const workflow = await timed('credentials + workflow', async () => {
			const marketplace = await cluster.api.createCredential({
				name: 'Marketplace simulator (self access app)',
				type: CREDENTIAL_TYPE,
				data: credentialData(cluster.runtime.major, started),
			});
			const guard = await cluster.createGuardCredential();
			const created = await cluster.api.createWorkflow(guardWorkflow(marketplace, guard));
			await cluster.api.publishWorkflow(created.id);
			return created;
		});
		const trigger = workflow.nodes.find((node) => node.name === TRIGGER_NODE);
		if (!trigger?.webhookId)
			throw new Error(`${EXAMPLE_FILE} has no "${TRIGGER_NODE}" node with a webhookId`);
		const path = `${trigger.webhookId}/webhook`;
		await timed('route registered on both webhook processes', () => waitForRoute(cluster, path));
		// The marketplace posts to (and signs) the balancer's URL: every process's WEBHOOK_URL.
		sim.control.setReceiver({ url: `${cluster.webhookBaseUrl}/webhook/${path}` });
		return { cluster, api: cluster.api, sim, workflow, path, timings };
	} catch (error) {
		await sim?.close().catch(() => undefined);
		await cluster.stop().catch(() => undefined);
		throw error;
	}
}

export async function stopGuardSession(session: GuardSession | undefined): Promise<void> {
	if (session) await stopStarted(session.cluster, session, 'session', log);
}

/** beforeAll/afterAll hooks; returns the accessor the tests use (it throws when beforeAll failed). */
export function useGuardSession(): () => GuardSession {
	return sessionHooks(startGuardSession, stopGuardSession, 180_000);
}

/** Rows the business step wrote, per dedupKey. */
export async function businessRows(session: GuardSession): Promise<Map<string, number>> {
	const rows = await session.cluster.postgres.rows<{ dedup_key: string; rows: number }>(
		'SELECT dedup_key, count(*)::int AS rows FROM marketplace_events GROUP BY dedup_key',
	);
	return new Map(rows.map((row) => [row.dedup_key, row.rows]));
}

/** Whether the business step ran in this execution. */
export function ranBusinessStep(execution: Execution): boolean {
	return (execution.data?.resultData.runData[BUSINESS_NODE]?.length ?? 0) > 0;
}
