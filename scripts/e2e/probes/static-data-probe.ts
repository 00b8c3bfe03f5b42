/**
 * Throwaway investigation: what happens to workflow static data written inside a trigger's
 * webhook() in a real n8n, across requests and restarts?
 *
 *   npm run build:tools && node build/scripts/e2e/probes/static-data-probe.js [n8n2|n8n1]
 *     [--requests 5] [--burst 0] [--respond noWebhookResponse,workflowData,noExecution]
 *     [--write mutate,assign,union] [--scope global,node]
 *
 * Packs scripts/e2e/probes/n8n-nodes-staticprobe, installs it with the harness, publishes one
 * workflow per variant (scope x write mode x response style), sends N requests to each, reads
 * workflow_entity.staticData from SQLite, restarts n8n, reads it again and sends one more request
 * to see what webhook() reads after the restart. Prints a JSON report and a table.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRuntime, N8nInstance, N8nKind, repoRoot, sleep } from '../lib';

const NODE_TYPE = 'n8n-nodes-staticprobe.staticProbeTrigger';

interface Variant {
	scope: 'global' | 'node';
	writeMode: 'mutate' | 'assign' | 'union';
	respond: 'noWebhookResponse' | 'workflowData' | 'noExecution';
}

interface VariantRun extends Variant {
	name: string;
	path: string;
	workflowId: string;
	responsesBefore: unknown[];
	burstStatuses: number[];
	dbBeforeRestart: unknown;
	dbAfterRestart: unknown;
	seenAfterRestart: unknown;
	dbAfterRestartRequest: unknown;
	executions: number;
}

function counterIn(staticData: unknown, v: Variant): { counter: number | undefined; keys: string[] | undefined } {
	if (!staticData || typeof staticData !== 'object') return { counter: undefined, keys: undefined };
	let holder = staticData as Record<string, unknown>;
	holder = (holder[v.scope === 'node' ? 'node:Probe' : 'global'] as Record<string, unknown>) ?? {};
	if (v.writeMode === 'mutate') holder = (holder.nested as Record<string, unknown>) ?? {};
	return { counter: holder.counter as number | undefined, keys: holder.keys as string[] | undefined };
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const kind = (args[0] && !args[0].startsWith('--') ? args[0] : 'n8n2') as N8nKind;
	const opt = (name: string, fallback: string) => {
		const i = args.indexOf(`--${name}`);
		return i >= 0 ? args[i + 1] : fallback;
	};
	const requests = Number(opt('requests', '5'));
	const burst = Number(opt('burst', '0'));
	const responds = opt('respond', 'noWebhookResponse,workflowData,noExecution').split(',') as Variant['respond'][];
	const writes = opt('write', 'mutate,assign').split(',') as Variant['writeMode'][];
	const scopes = opt('scope', 'global,node').split(',') as Variant['scope'][];
	const root = repoRoot();
	const t0 = Date.now();
	const runtime = await ensureRuntime(kind);
	const tRuntime = Date.now();

	const packDir = mkdtempSync(join(tmpdir(), 'staticprobe-'));
	const tarballName = execFileSync('npm', ['pack', join(root, 'scripts/e2e/probes/n8n-nodes-staticprobe'), '--quiet', '--pack-destination', packDir], {
		encoding: 'utf8',
	})
		.trim()
		.split('\n')
		.pop()!;
	const tarball = join(packDir, tarballName);

	const userFolder = join(root, '.e2e', `probe-static-${kind}-${Date.now()}`);
	const tStart0 = Date.now();
	const n8n = await N8nInstance.start({ runtime, userFolder, communityPackages: [tarball] });
	const tStarted = Date.now();
	const api = await n8n.setupOwner();
	const tOwner = Date.now();
	const types = await n8n.loadedNodeTypes();
	if (!types.includes(NODE_TYPE)) throw new Error(`${NODE_TYPE} not loaded; loaded community types: ${types.filter((t) => !t.startsWith('n8n-nodes-base') && !t.startsWith('@n8n')).join(', ')}`);

	const variants: Variant[] = [];
	for (const respond of responds) {
		for (const scope of scopes) {
			for (const writeMode of writes) variants.push({ scope, writeMode, respond });
		}
	}

	const runs: VariantRun[] = [];
	for (const v of variants) {
		const name = `${v.respond}-${v.scope}-${v.writeMode}`;
		const path = `probe-${name}`.toLowerCase();
		const wf = await api.createWorkflow({
			name: `static probe ${name}`,
			nodes: [
				{
					name: 'Probe',
					type: NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					webhookId: randomUUID(),
					parameters: { path, scope: v.scope, writeMode: v.writeMode, respond: v.respond },
				},
				{ name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
			],
			connections: { Probe: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		});
		await api.publishWorkflow(wf.id);
		runs.push({ ...v, name, path, workflowId: wf.id, responsesBefore: [], burstStatuses: [], dbBeforeRestart: null, dbAfterRestart: null, seenAfterRestart: null, dbAfterRestartRequest: null, executions: 0 });
	}

	// N sequential requests per variant.
	for (const run of runs) {
		for (let i = 1; i <= requests; i++) {
			const r = await n8n.postWebhook(run.path, { key: `k${i}` });
			if (r.status !== 200) throw new Error(`${run.name} request ${i}: HTTP ${r.status} ${JSON.stringify(r.data)}`);
			run.responsesBefore.push(r.data);
		}
	}
	// Then `burst` distinct keys at once per variant.
	if (burst > 0) {
		for (const run of runs) {
			const results = await Promise.all(
				Array.from({ length: burst }, (_, i) => n8n.postWebhook(run.path, { key: `c${i + 1}` })),
			);
			run.burstStatuses = results.map((r) => r.status);
		}
	}
	// Let executions finish (each request that returns workflowData runs one).
	for (const run of runs) {
		if (run.respond === 'noExecution') continue;
		for (let i = 0; i < 400; i++) {
			const all = await api.listAllExecutions({ workflowId: run.workflowId });
			run.executions = all.length;
			if (all.length >= requests + burst) break;
			await sleep(250);
		}
	}
	for (const run of runs) run.dbBeforeRestart = await n8n.workflowStaticData(run.workflowId);

	const tRestart0 = Date.now();
	await n8n.restart();
	const tRestarted = Date.now();
	for (const run of runs) run.dbAfterRestart = await n8n.workflowStaticData(run.workflowId);
	for (const run of runs) {
		const r = await n8n.postWebhook(run.path, { key: 'after-restart' });
		run.seenAfterRestart = r.data;
	}
	await sleep(2000);
	// Where n8n answered for us (workflowData), read what webhook() saw from the execution's item.
	for (const run of runs) {
		if (run.respond !== 'workflowData') continue;
		const latest = (await api.listExecutions({ workflowId: run.workflowId, includeData: true, limit: 1 })).data[0];
		run.seenAfterRestart = latest?.data?.resultData.runData.Probe?.[0]?.data?.main?.[0]?.[0]?.json ?? run.seenAfterRestart;
	}
	for (const run of runs) run.dbAfterRestartRequest = await n8n.workflowStaticData(run.workflowId);
	await n8n.stop();
	rmSync(packDir, { recursive: true, force: true });

	console.log(JSON.stringify({ kind, n8nVersion: runtime.n8nVersion, requests, userFolder, runs }, null, 2));
	const keysSummary = (keys: string[] | undefined) => {
		if (!keys) return 'none';
		const seq = keys.filter((k) => /^k\d+$/.test(k)).length;
		const conc = keys.filter((k) => /^c\d+$/.test(k)).length;
		const other = keys.filter((k) => !/^[kc]\d+$/.test(k));
		return `${seq}/${requests} seq` + (burst ? ` ${conc}/${burst} burst` : '') + (other.length ? ` +${other.join(',')}` : '');
	};
	console.log(`\nn8n ${runtime.n8nVersion}: ${requests} sequential requests${burst ? ` + ${burst} concurrent` : ''} per variant, restart, 1 more request`);
	console.log(
		'variant'.padEnd(36) + ' | execs | DB before restart (counter; keys)    | DB after restart | webhook() saw after restart   | DB after that request',
	);
	for (const run of runs) {
		const before = counterIn(run.dbBeforeRestart, run);
		const after = counterIn(run.dbAfterRestart, run);
		const saw = run.seenAfterRestart as { seenCounter?: number; seenKeys?: string[] };
		const final = counterIn(run.dbAfterRestartRequest, run);
		console.log(
			[
				run.name.padEnd(36),
				String(run.executions).padEnd(5),
				`${before.counter ?? '-'}; ${keysSummary(before.keys)}`.padEnd(36),
				`${after.counter ?? '-'}`.padEnd(16),
				`${saw?.seenCounter ?? '-'}; ${keysSummary(saw?.seenKeys)}`.padEnd(29),
				`${final.counter ?? '-'}; ${keysSummary(final.keys)}`,
			].join(' | '),
		);
	}
	console.log(
		`\ntimings: ensureRuntime ${tRuntime - t0} ms, start (incl. install) ${tStarted - tStart0} ms, owner setup ${tOwner - tStarted} ms, restart ${tRestarted - tRestart0} ms`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
