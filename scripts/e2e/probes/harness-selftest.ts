/**
 * Exercises the harness library end to end against a real n8n and prints timings:
 *   npm run build:tools && node build/scripts/e2e/probes/harness-selftest.js [n8n2|n8n1]
 * fresh folder start, install, owner setup, node types, credentials, workflows (publish,
 * deactivate, delete), webhooks, executions (pagination, includeData), restart, a second
 * instance on the same folder (owner + saved API key reused), start-failure reporting, clean stop.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRuntime, installCommunityPackage, N8nInstance, N8nKind, N8nStartError, repoRoot, sleep } from '../lib';

function check(condition: unknown, message: string): void {
	if (!condition) throw new Error(`selftest failed: ${message}`);
	console.log(`ok - ${message}`);
}

function pgroupMembers(pgid: number): string {
	try {
		return execFileSync('ps', ['-o', 'pid=,comm=', '-g', String(pgid)], { encoding: 'utf8' }).trim();
	} catch {
		return '';
	}
}

async function main(): Promise<void> {
	const kind = (process.argv[2] ?? 'n8n2') as N8nKind;
	const root = repoRoot();
	const timings: Record<string, number> = {};
	const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
		const t = Date.now();
		const result = await fn();
		timings[label] = Date.now() - t;
		return result;
	};
	const runtime = await time('ensureRuntime (cached)', () => ensureRuntime(kind));
	const packDir = mkdtempSync(join(tmpdir(), 'staticprobe-'));
	const tarball = join(
		packDir,
		execFileSync('npm', ['pack', join(root, 'scripts/e2e/probes/n8n-nodes-staticprobe'), '--quiet', '--pack-destination', packDir], { encoding: 'utf8' })
			.trim()
			.split('\n')
			.pop()!,
	);
	const userFolder = join(root, '.e2e', `selftest-${kind}-${Date.now()}`);

	const installed = await time('installCommunityPackage', () =>
		installCommunityPackage(tarball, { userFolder, nodeBin: runtime.nodeBin, major: runtime.major }),
	);
	check(installed.name === 'n8n-nodes-staticprobe', 'installed package name');
	const ledger = JSON.parse(execFileSync('cat', [join(userFolder, '.n8n/nodes/package.json')], { encoding: 'utf8' }));
	check(ledger.dependencies['n8n-nodes-staticprobe'] === '0.0.1', 'ledger package.json lists the package');
	const pkg = JSON.parse(execFileSync('cat', [join(installed.packageDir, 'package.json')], { encoding: 'utf8' }));
	check(!pkg.peerDependencies && !pkg.devDependencies, 'peer/dev dependencies stripped from the installed package.json');

	const n8n = await time('start (fresh folder)', () => N8nInstance.start({ runtime, userFolder }));
	const api = await time('setupOwner (fresh)', () => n8n.setupOwner());
	const types = await n8n.loadedNodeTypes();
	check(types.includes('n8n-nodes-staticprobe.staticProbeTrigger'), 'community node type loaded (/types/nodes.json)');

	const cred = await api.createCredential({ name: 'selftest header', type: 'httpHeaderAuth', data: { name: 'X-Test', value: 'secret' } });
	check(typeof cred.id === 'string', `credential created (${cred.id})`);
	await api.deleteCredential(cred.id);
	check(true, 'credential deleted');

	const path = `selftest-${randomUUID()}`;
	const wf = await api.createWorkflow({
		name: 'selftest webhook',
		nodes: [
			{ name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'POST', path, options: {} } },
			{ name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { Webhook: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
	});
	await time('publish', () => api.publishWorkflow(wf.id));
	check((await api.getWorkflow(wf.id)).active === true, 'workflow active after publish');
	const first = await time('first webhook call after publish', () => n8n.postWebhook(path, { n: 0 }));
	check(first.status === 200, `first webhook call answered ${first.status}`);
	for (let i = 1; i < 7; i++) await n8n.postWebhook(path, { n: i });
	let all = await api.listAllExecutions({ workflowId: wf.id, limit: 2 } as never);
	for (let i = 0; i < 100 && all.length < 7; i++) {
		await sleep(200);
		all = await api.listAllExecutions({ workflowId: wf.id });
	}
	const paged = await api.listAllExecutions({ workflowId: wf.id, limit: 2 });
	check(paged.length === 7, `7 executions listed through pagination with limit 2 (got ${paged.length})`);
	const one = await api.getExecution(paged[0].id, { includeData: true });
	const item = one.data?.resultData.runData.Webhook?.[0]?.data?.main?.[0]?.[0]?.json as { body?: { n?: number } } | undefined;
	check(typeof item?.body?.n === 'number', 'execution data readable with includeData');
	const withData = await api.listExecutions({ workflowId: wf.id, includeData: true, limit: 1 });
	check(withData.data[0]?.data !== undefined, 'list with includeData carries data');

	const pgid = n8n.pid!;
	await time('restart', () => n8n.restart());
	check(pgroupMembers(pgid) === '', 'old process group fully gone after restart');
	const afterRestart = await time('first webhook call after restart', () => n8n.postWebhook(path, { n: 99 }));
	check(afterRestart.status === 200, `webhook answers after restart (${afterRestart.status})`);
	await api.deactivateWorkflow(wf.id);
	check((await api.getWorkflow(wf.id)).active === false, 'workflow inactive after deactivate');
	// 2.x deregisters asynchronously (publication outbox): the route can answer for a moment.
	const tUnpub = Date.now();
	let gone = await n8n.postWebhook(path, {}, { notRegisteredRetryMs: 0 });
	let answeredAfterUnpublish = 0;
	while (gone.status !== 404 && Date.now() - tUnpub < 20_000) {
		answeredAfterUnpublish++;
		await sleep(100);
		gone = await n8n.postWebhook(path, {}, { notRegisteredRetryMs: 0 });
	}
	timings['webhook gone after unpublish'] = Date.now() - tUnpub;
	check(gone.status === 404, `unpublished webhook answers 404 (it still ran ${answeredAfterUnpublish} more request(s) after unpublish returned)`);
	await api.deleteWorkflow(wf.id);
	check(true, 'workflow deleted');
	const savedKey = n8n.apiKey;
	await n8n.stop();

	// Same folder, new instance object (as a second demo run would do): owner exists, key reused.
	const again = await time('start (reused folder)', () => N8nInstance.start({ runtime, userFolder }));
	await time('setupOwner (reused folder)', () => again.setupOwner());
	check(again.apiKey === savedKey, 'saved API key reused on a reused folder');
	const pgid2 = again.pid!;
	await again.stop();
	check(pgroupMembers(pgid2) === '', 'process group gone after stop()');

	// Start-up failure (port taken): the error carries the tail of n8n's log.
	const blocker = createServer();
	await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
	const takenPort = (blocker.address() as AddressInfo).port;
	try {
		await N8nInstance.start({ runtime, userFolder: join(root, '.e2e', `selftest-fail-${Date.now()}`), port: takenPort, readyTimeoutMs: 120_000 });
		check(false, 'start on a taken port should fail');
	} catch (error) {
		blocker.close();
		check(error instanceof N8nStartError && error.logTail.length > 0, `start failure reported with log tail:\n${String((error as Error).message).split('\n').slice(0, 6).join('\n')}`);
	}
	rmSync(packDir, { recursive: true, force: true });
	console.log(`n8n ${runtime.n8nVersion} timings (ms):`, timings);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
