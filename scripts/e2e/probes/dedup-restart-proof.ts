/**
 * Restart proof for the recommended static-data pattern of a deduplicating trigger
 * (probe node, writeMode 'dedup'): remembered keys written from webhook() must survive an n8n
 * restart so that a redelivery after the restart runs no execution.
 *
 *   npm run build:tools && node build/scripts/e2e/probes/dedup-restart-proof.js [n8n2|n8n1]
 *
 * Two workflows with the same dedup logic, differing only in how the webhook answers:
 *   recommended: res.status(200).json(...) + { noWebhookResponse: true, workflowData }
 *   naive:       { webhookResponse, workflowData }  (n8n answers; responseMode onReceived)
 * Each gets 10 sequential new keys, 20 concurrent copies of one new key, 30 concurrent new keys;
 * then n8n restarts and every key is delivered again.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRuntime, N8nInstance, N8nKind, PublicApiClient, repoRoot, sleep } from '../lib';

const NODE_TYPE = 'n8n-nodes-staticprobe.staticProbeTrigger';

async function executionsOf(api: PublicApiClient, workflowId: string, atLeast: number): Promise<number> {
	let count = 0;
	for (let i = 0; i < 400; i++) {
		count = (await api.listAllExecutions({ workflowId })).length;
		if (count >= atLeast) break;
		await sleep(250);
	}
	// and make sure nothing more is still arriving
	await sleep(1000);
	return (await api.listAllExecutions({ workflowId })).length;
}

async function main(): Promise<void> {
	const kind = (process.argv[2] ?? 'n8n2') as N8nKind;
	const root = repoRoot();
	const runtime = await ensureRuntime(kind);
	const packDir = mkdtempSync(join(tmpdir(), 'staticprobe-'));
	const tarball = join(
		packDir,
		execFileSync('npm', ['pack', join(root, 'scripts/e2e/probes/n8n-nodes-staticprobe'), '--quiet', '--pack-destination', packDir], { encoding: 'utf8' })
			.trim()
			.split('\n')
			.pop()!,
	);
	const n8n = await N8nInstance.start({ runtime, userFolder: join(root, '.e2e', `proof-dedup-${kind}-${Date.now()}`), communityPackages: [tarball] });
	const api = await n8n.setupOwner();

	const flavours = [
		{ label: 'recommended (noWebhookResponse + res.json)', respond: 'noWebhookResponse' },
		{ label: 'naive (return workflowData)', respond: 'workflowData' },
	];
	const results: Array<Record<string, unknown>> = [];
	const workflows: Array<{ label: string; id: string; path: string }> = [];
	for (const f of flavours) {
		const path = `proof-${f.respond}`.toLowerCase();
		const wf = await api.createWorkflow({
			name: `dedup proof ${f.respond}`,
			nodes: [
				{ name: 'Probe', type: NODE_TYPE, typeVersion: 1, position: [0, 0], webhookId: randomUUID(), parameters: { path, scope: 'node', writeMode: 'dedup', respond: f.respond } },
				{ name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
			],
			connections: { Probe: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		});
		await api.publishWorkflow(wf.id);
		workflows.push({ label: f.label, id: wf.id, path });
	}

	const allKeys = [...Array.from({ length: 10 }, (_, i) => `k${i + 1}`), 'dup', ...Array.from({ length: 30 }, (_, i) => `c${i + 1}`)];
	for (const wf of workflows) {
		for (let i = 1; i <= 10; i++) await n8n.postWebhook(wf.path, { key: `k${i}` });
		await Promise.all(Array.from({ length: 20 }, () => n8n.postWebhook(wf.path, { key: 'dup' })));
		await Promise.all(Array.from({ length: 30 }, (_, i) => n8n.postWebhook(wf.path, { key: `c${i + 1}` })));
	}
	const before: Record<string, number> = {};
	const stored: Record<string, number> = {};
	for (const wf of workflows) {
		before[wf.id] = await executionsOf(api, wf.id, allKeys.length);
		const sd = (await n8n.workflowStaticData(wf.id)) as { 'node:Probe'?: { keys?: string[] } } | null;
		stored[wf.id] = sd?.['node:Probe']?.keys?.length ?? 0;
	}
	await n8n.restart();
	const storedAfter: Record<string, number> = {};
	for (const wf of workflows) {
		const sd = (await n8n.workflowStaticData(wf.id)) as { 'node:Probe'?: { keys?: string[] } } | null;
		storedAfter[wf.id] = sd?.['node:Probe']?.keys?.length ?? 0;
		for (const key of allKeys) await n8n.postWebhook(wf.path, { key });
	}
	for (const wf of workflows) {
		const after = await executionsOf(api, wf.id, before[wf.id]);
		results.push({
			workflow: wf.label,
			distinctKeysSent: allKeys.length,
			executionsBeforeRestart: before[wf.id],
			keysInDbBeforeRestart: stored[wf.id],
			keysInDbAfterRestart: storedAfter[wf.id],
			redeliveredAfterRestart: allKeys.length,
			extraExecutionsFromRedelivery: after - before[wf.id],
		});
	}
	await n8n.stop();
	console.log(`n8n ${runtime.n8nVersion}`);
	console.table(results);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
