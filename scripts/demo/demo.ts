/**
 * `npm run demo`: n8n 2.40.7 with this package installed as a community package, the marketplace
 * simulator, a credential pointing at it and the example workflows, on loopback. Ctrl-C stops
 * both (only the processes this script started).
 *
 * The npm script has already built and packed the package into .demo/pack/. Here:
 *   1. the runtime (Node 24 + n8n 2.40.7, cached outside the clone) via the e2e harness;
 *   2. the simulator, in this process (port 8787 when free);
 *   3. n8n with user folder .demo/n8n (kept between runs, with its encryption key), the packed
 *      tarball installed the way n8n installs community packages, offline settings, file access
 *      restricted to .demo/files (port 5678 when free);
 *   4. owner (demo@example.com / Demo-Password-1), API key, the simulator credential, the example
 *      workflows (created or updated), published; the simulator pushes to the order trigger;
 *   5. one run of the morning-labels workflow, then the addresses and what to try.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import {
	ensureRuntime,
	findPackedTarball,
	freePort,
	isPortInUse,
	N8nInstance,
	repoRoot,
	savedEncryptionKey,
	sleep,
	type OwnerCredentials,
	type PublicApiClient,
} from '../e2e/lib';
import { startSimulator, type Simulator } from '../../simulator';
import {
	CREDENTIAL_TYPE,
	loadExamples,
	prepareExample,
	usesOnlyDemoCredentials,
	type PreparedExample,
} from './examples';

export const DEMO_OWNER: OwnerCredentials = {
	email: 'demo@example.com',
	password: 'Demo-Password-1',
	firstName: 'Demo',
	lastName: 'Seller',
};
export const DEMO_CREDENTIAL_NAME = 'Marketplace simulator (demo)';
const PREFERRED_N8N_PORT = Number(process.env.MKT_DEMO_N8N_PORT ?? 5678);
const PREFERRED_SIM_PORT = Number(process.env.MKT_DEMO_SIM_PORT ?? 8787);
const PACKING_DELAY_MS = Number(process.env.MKT_DEMO_PACKING_DELAY_MS ?? 3000);
const RUN_LABELS_AT_START = process.env.MKT_DEMO_RUN_LABELS !== '0';

/** What a running demo writes to .demo/demo-state.json (read by verify.ts and by people). */
export interface DemoState {
	pid: number;
	startedAt: string;
	editorUrl: string;
	simulatorUrl: string;
	controlUrl: string;
	filesFolder: string;
	userFolder: string;
	credentialId: string;
	workflows: Array<{
		file: string;
		id: string;
		name: string;
		published: boolean;
		receiverUrls: string[];
		webhookUrls: string[];
	}>;
	orderReceiverUrl: string | null;
	returnReceiverUrl: string | null;
	labelsRunNowUrl: string | null;
}

const bold = (text: string) => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[22m` : text);
const dim = (text: string) => (process.stdout.isTTY ? `\u001b[2m${text}\u001b[22m` : text);
const say = (line = '') => process.stdout.write(`${line}\n`);
const step = (line: string) => say(`[demo] ${line}`);

function seconds(ms: number): string {
	return `${(ms / 1000).toFixed(1)} s`;
}

/** The key the demo's n8n folder was created with (n8n writes it to .n8n/config), or a new one. */
function encryptionKeyFor(userFolder: string): string {
	const saved = savedEncryptionKey(userFolder);
	if (saved) return saved;
	const keyFile = join(userFolder, 'encryption-key');
	if (existsSync(keyFile)) return readFileSync(keyFile, 'utf8').trim();
	const key = randomBytes(24).toString('base64url');
	mkdirSync(userFolder, { recursive: true });
	writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
	return key;
}

async function choosePort(preferred: number, what: string): Promise<number> {
	if (preferred > 0 && !(await isPortInUse(preferred))) return preferred;
	const port = await freePort();
	if (preferred > 0) step(`port ${preferred} is taken: ${what} uses ${port}`);
	return port;
}

function systemTimeZone(): string {
	try {
		return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
	} catch {
		return 'UTC';
	}
}

/** Creates the simulator credential, or updates the one earlier runs created (the simulator URL may differ). */
async function ensureCredential(
	api: PublicApiClient,
	sim: Simulator,
): Promise<{ id: string; name: string; created: boolean }> {
	const data = {
		appId: sim.demo.selfApp.appId,
		appSecret: sim.demo.selfApp.appSecret,
		environment: 'production',
		productionBaseUrl: sim.url,
		scope: 'Seller_Api',
	};
	const existing = (await api.listAllCredentials()).find(
		(c) => c.name === DEMO_CREDENTIAL_NAME && c.type === CREDENTIAL_TYPE,
	);
	if (existing) {
		await api.updateCredential(existing.id, {
			name: DEMO_CREDENTIAL_NAME,
			type: CREDENTIAL_TYPE,
			data,
		});
		return { id: existing.id, name: DEMO_CREDENTIAL_NAME, created: false };
	}
	const created = await api.createCredential({
		name: DEMO_CREDENTIAL_NAME,
		type: CREDENTIAL_TYPE,
		data,
	});
	return { id: created.id, name: DEMO_CREDENTIAL_NAME, created: true };
}

interface ImportedWorkflow extends PreparedExample {
	id: string;
	created: boolean;
	published: boolean;
}

/**
 * Creates each example, or updates the workflow an earlier run made for it (by the ID in
 * .demo/demo-state.json, else by name, preferring a published one), and publishes those with
 * triggers.
 */
async function importExamples(
	api: PublicApiClient,
	prepared: PreparedExample[],
	previousIds: Map<string, string>,
): Promise<ImportedWorkflow[]> {
	const existing = (await api.listAllWorkflows()).filter((w) => w.isArchived !== true);
	const imported: ImportedWorkflow[] = [];
	for (const example of prepared) {
		const byName = existing
			.filter((w) => w.name === example.workflow.name)
			.sort((a, b) => Number(b.active) - Number(a.active));
		const previous = existing.find((w) => w.id === previousIds.get(example.file)) ?? byName[0];
		const saved = previous
			? await api.updateWorkflow(previous.id, example.workflow)
			: await api.createWorkflow(example.workflow);
		let published = false;
		if (example.hasTrigger) {
			await api.publishWorkflow(saved.id);
			published = true;
		}
		imported.push({ ...example, id: saved.id, created: !previous, published });
	}
	return imported;
}

/** Workflow IDs by example file from the previous run's .demo/demo-state.json. */
function previousWorkflowIds(stateFile: string): Map<string, string> {
	try {
		const state = JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<DemoState>;
		return new Map((state.workflows ?? []).map((w) => [w.file, w.id]));
	} catch {
		return new Map();
	}
}

/** What the "Run now" webhook answers: the items of the last node (Write PDF to disk), one per PDF. */
interface LabelsAnswerItem {
	fileName?: string;
	shipmentIds?: string[];
	fileSize?: number;
}

/** Describes the answer of the morning-labels "Run now" webhook. */
export function describeLabelsAnswer(status: number, body: unknown, root: string): string {
	if (status !== 200) return `answered HTTP ${status}: ${JSON.stringify(body).slice(0, 400)}`;
	const items = (Array.isArray(body) ? body : [body]) as LabelsAnswerItem[];
	const files = items.filter((item) => item && typeof item.fileName === 'string');
	if (files.length === 0) return 'no shipment was ready to pack, so no PDF';
	return files
		.map((file) => {
			const size =
				typeof file.fileSize === 'number'
					? `, ${Math.max(1, Math.round(file.fileSize / 1024))} KiB`
					: '';
			return `labels of ${file.shipmentIds?.length ?? '?'} shipments in ${relative(root, file.fileName!) || file.fileName}${size}`;
		})
		.join('; ');
}

/** Runs the morning-labels workflow once through its "Run now" webhook. */
async function runMorningLabels(n8n: N8nInstance, path: string, root: string): Promise<string> {
	const started = Date.now();
	const result = await n8n.postWebhook(path, {}, { notRegisteredRetryMs: 30_000 });
	return `${describeLabelsAnswer(result.status, result.data, root)} (${seconds(Date.now() - started)})`;
}

/** Prints pushes of the simulator and finished executions of n8n as they happen. */
function startActivityLog(
	sim: Simulator,
	api: PublicApiClient,
	receivers: Map<string, string>,
	workflowNames: Map<string, string>,
): () => void {
	let lastDelivery = Math.max(0, ...sim.control.listDeliveries().deliveries.map((d) => d.seq));
	const seenExecutions = new Set<string>();
	let primed = false;
	let stopped = false;
	const tick = async () => {
		for (const delivery of sim.control.listDeliveries().deliveries) {
			if (delivery.seq <= lastDelivery) continue;
			lastDelivery = delivery.seq;
			const target = receivers.get(delivery.url) ?? delivery.url;
			const id = delivery.shipmentId
				? `shipment ${delivery.shipmentId}`
				: delivery.returnId
					? `return ${delivery.returnId}`
					: '';
			const outcome =
				delivery.status === null ? `failed: ${delivery.error}` : `HTTP ${delivery.status}`;
			say(
				dim(
					`  [simulator] push ${delivery.eventType} ${id}${delivery.auto ? ' (automatic)' : ''} -> ${target}: ${outcome}`,
				),
			);
		}
		try {
			const executions = (await api.listExecutions({ limit: 50 })).data;
			for (const execution of [...executions].reverse()) {
				const key = String(execution.id);
				if (seenExecutions.has(key)) continue;
				seenExecutions.add(key);
				if (!primed) continue;
				const name = workflowNames.get(execution.workflowId) ?? execution.workflowId;
				say(dim(`  [n8n] execution ${key} of "${name}": ${execution.status} (${execution.mode})`));
			}
			primed = true;
		} catch {
			// n8n stopping or busy: try again on the next tick
		}
	};
	const timer = setInterval(() => {
		if (!stopped) void tick();
	}, 1500);
	void tick();
	return () => {
		stopped = true;
		clearInterval(timer);
	};
}

async function main(): Promise<void> {
	const t0 = Date.now();
	const root = repoRoot();
	const demoDir = join(root, '.demo');
	const userFolder = join(demoDir, 'n8n');
	mkdirSync(join(demoDir, 'files', 'labels'), { recursive: true });
	// The evening handover example writes its manifests here.
	mkdirSync(join(demoDir, 'files', 'manifests'), { recursive: true });
	// n8n compares real paths: a symlinked ancestor (e.g. macOS /tmp) would put the folder "outside" itself.
	const filesFolder = realpathSync(join(demoDir, 'files'));

	let sim: Simulator | undefined;
	let n8n: N8nInstance | undefined;
	let stopActivity: (() => void) | undefined;
	let stopping = false;
	const shutdown = async (reason: string, code: number) => {
		if (stopping) {
			// A second Ctrl-C: leave now; the harness's exit hook still signals n8n's process group.
			process.exit(code || 130);
		}
		stopping = true;
		say('');
		step(`${reason}: stopping n8n and the simulator (Ctrl-C again to leave at once)`);
		stopActivity?.();
		await n8n?.stop().catch((error: Error) => step(`stopping n8n: ${error.message}`));
		await sim?.close().catch((error: Error) => step(`stopping the simulator: ${error.message}`));
		step('stopped; data stays in .demo/ (npm run demo starts it again)');
		process.exit(code);
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
		process.on(signal, () => void shutdown(signal, 0));

	try {
		// `npm run demo` packs into its own folder (.e2e/ belongs to the e2e tests).
		const tarball = findPackedTarball(
			join(root, '.demo', 'pack'),
			'n8n-nodes-marketplace-seller',
			'run "npm run demo"',
		);
		step(`package ${relative(root, tarball)}`);
		step(
			'runtime: Node 24 and n8n 2.40.7 (installed once into the cache; the first time takes about 5 minutes)',
		);
		const runtime = await ensureRuntime('n8n2');
		if (stopping) return;

		const simPort = await choosePort(PREFERRED_SIM_PORT, 'the simulator');
		sim = await startSimulator({ port: simPort, packingDelayMs: PACKING_DELAY_MS });
		// The self-ship example dispatches the self-ship orders that have a row in this CSV.
		const selfShip = sim.control.seedShipments({
			count: 3,
			locationId: 'LOC-DEMO-1',
			state: 'APPROVED',
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;
		writeFileSync(
			join(filesFolder, 'self-ship-tracking.csv'),
			`shipmentId,trackingId,courier,courierCode\n${selfShip.map((id, n) => `${id},AWB-DEMO-${n + 1},SwiftShip Couriers,SWS`).join('\n')}\n`,
		);
		step(
			`simulator on ${sim.url} (packing takes ${PACKING_DELAY_MS / 1000} s, as the marketplace's asynchronous label generation)`,
		);

		const n8nPort = await choosePort(PREFERRED_N8N_PORT, 'n8n');
		step(
			`installing the package into ${relative(root, userFolder)}/.n8n/nodes and starting n8n (a fresh folder migrates its database first)`,
		);
		n8n = await N8nInstance.start({
			runtime,
			userFolder,
			port: n8nPort,
			encryptionKey: encryptionKeyFor(userFolder),
			owner: DEMO_OWNER,
			communityPackages: [tarball],
			env: {
				// n8n 2.x reads and writes files only inside this folder (default ~/.n8n-files).
				N8N_RESTRICT_FILE_ACCESS_TO: filesFolder,
				GENERIC_TIMEZONE: process.env.GENERIC_TIMEZONE ?? systemTimeZone(),
			},
			log: (line) => step(line),
		});
		if (stopping) return;
		const api = await n8n.setupOwner();

		const loaded = await n8n.loadedNodeTypes();
		const ours = loaded.filter((name) => name.startsWith('n8n-nodes-marketplace-seller.'));
		if (ours.length === 0) throw new Error(`n8n did not load the package; see ${n8n.logFile}`);
		step(`n8n loaded ${ours.join(', ')}`);

		const credential = await ensureCredential(api, sim);
		step(
			`${credential.created ? 'created' : 'updated'} credential "${credential.name}" (Marketplace Seller API, ${sim.demo.selfApp.appId} at ${sim.url})`,
		);

		const prepared = loadExamples(join(root, 'examples'))
			.filter(usesOnlyDemoCredentials)
			.map((example) => prepareExample(example, { credential, filesFolder }));
		const imported = await importExamples(
			api,
			prepared,
			previousWorkflowIds(join(demoDir, 'demo-state.json')),
		);
		for (const workflow of imported) {
			step(
				`${workflow.created ? 'imported' : 'updated'} ${workflow.file} as "${workflow.workflow.name}"${workflow.published ? ', published' : ''}`,
			);
		}

		const receiverUrl = (webhookId: string) => n8n!.webhookUrl(`${webhookId}/webhook`);
		const receivers = new Map<string, string>();
		const workflowNames = new Map<string, string>();
		let orderReceiver: string | null = null;
		let returnReceiver: string | null = null;
		let labelsPath: string | null = null;
		for (const workflow of imported) {
			workflowNames.set(workflow.id, workflow.workflow.name);
			for (const trigger of workflow.triggers) {
				const url = receiverUrl(trigger.webhookId);
				receivers.set(url, `"${workflow.workflow.name}"`);
				const wantsOrders = trigger.events.some(
					(event) => event === '*' || event.startsWith('shipment_'),
				);
				const wantsReturns = trigger.events.some(
					(event) => event === '*' || event.startsWith('return_'),
				);
				if (wantsOrders && !orderReceiver) orderReceiver = url;
				if (wantsReturns && !returnReceiver) returnReceiver = url;
			}
			if (workflow.file === 'morning-labels.json' && workflow.webhookPaths.length > 0)
				labelsPath = workflow.webhookPaths[0];
		}
		if (orderReceiver) {
			sim.control.setReceiver({ url: orderReceiver });
			step(`the simulator pushes to ${orderReceiver} (${receivers.get(orderReceiver)})`);
		}

		let labelsResult = 'not run (MKT_DEMO_RUN_LABELS=0)';
		if (labelsPath && RUN_LABELS_AT_START) {
			step(
				'running "Marketplace: morning labels" once (search, generate labels, wait until packed, download, write)...',
			);
			labelsResult = await runMorningLabels(n8n, labelsPath, root);
			step(`morning labels: ${labelsResult}`);
		}

		const state: DemoState = {
			pid: process.pid,
			startedAt: new Date().toISOString(),
			editorUrl: n8n.editorUrl,
			simulatorUrl: sim.url,
			controlUrl: sim.controlUrl,
			filesFolder,
			userFolder,
			credentialId: credential.id,
			workflows: imported.map((w) => ({
				file: w.file,
				id: w.id,
				name: w.workflow.name,
				published: w.published,
				receiverUrls: w.triggers.map((t) => receiverUrl(t.webhookId)),
				webhookUrls: w.webhookPaths.map((p) => n8n!.webhookUrl(p)),
			})),
			orderReceiverUrl: orderReceiver,
			returnReceiverUrl: returnReceiver,
			labelsRunNowUrl: labelsPath ? n8n.webhookUrl(labelsPath) : null,
		};
		writeFileSync(join(demoDir, 'demo-state.json'), `${JSON.stringify(state, null, 2)}\n`);

		printBanner(state, imported, labelsResult, Date.now() - t0, root);
		stopActivity = startActivityLog(sim, api, receivers, workflowNames);
		// Wait for Ctrl-C; if n8n dies on its own, say so and stop the rest.
		for (;;) {
			await sleep(1000);
			if (stopping) return;
			if (!n8n.running) {
				await shutdown(`n8n exited unexpectedly (see ${n8n.logFile})`, 1);
				return;
			}
		}
	} catch (error) {
		if (stopping) return;
		process.stderr.write(`\n[demo] failed: ${(error as Error).stack ?? String(error)}\n`);
		await shutdown('error', 1);
	}
}

function printBanner(
	state: DemoState,
	imported: ImportedWorkflow[],
	labelsResult: string,
	tookMs: number,
	root: string,
): void {
	const c = state.controlUrl;
	const rel = (path: string) => relative(root, path) || path;
	say('');
	say(bold(`Marketplace Seller demo is ready (${seconds(tookMs)})`));
	say('');
	say(`  n8n editor   ${state.editorUrl}`);
	say(`  Login        ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
	say(
		`  Simulator    ${state.simulatorUrl}   (control interface ${c}, reference: simulator/README.md)`,
	);
	say(
		`  Files        ${rel(state.filesFolder)}/   (orders.csv, labels/*.pdf; n8n may read and write only here)`,
	);
	say(`  n8n log      ${rel(join(state.userFolder, 'n8n.log'))}`);
	say('');
	say('  Workflows:');
	for (const w of imported) {
		say(
			`    ${w.workflow.name.padEnd(34)} ${state.editorUrl}workflow/${w.id}${w.published ? '' : '   (not published)'}`,
		);
	}
	say('');
	say(`  Morning labels ran once: ${labelsResult}`);
	say('');
	say(
		bold('  What to try') +
			" (keep the editor on Overview > Executions, or a workflow's Executions tab):",
	);
	say('');
	say(
		'  1. A new order and its shipment life (created, packed, ready to dispatch, picked up, shipped, delivered):',
	);
	say(`       curl -X POST ${c}/notifications/lifecycle/shipment`);
	say(
		'     -> one execution of "Marketplace: new order to CSV" (it listens to Shipment Created; the five later',
	);
	say(
		`        events are acknowledged without running) and one row per order item in ${rel(state.filesFolder)}/orders.csv`,
	);
	say('');
	if (state.returnReceiverUrl) {
		say("  2. A return (created, picked up, completed), pushed to the return workflow's receiver:");
		say(
			`       curl -X POST ${c}/notifications/lifecycle/return -d '{"url":"${state.returnReceiverUrl}"}'`,
		);
		say('     -> three executions of "Marketplace: return summary", each with a one-line text');
		say('');
	}
	if (state.labelsRunNowUrl) {
		say(
			'  3. Labels for new orders (the run at start packed everything that was ready): add five orders, then run it',
		);
		say(`       curl -X POST ${c}/seed/shipments -d '{"locationId":"LOC-DEMO-1","count":5}'`);
		say(`       curl -X POST ${state.labelsRunNowUrl}`);
		say(
			'     or open "Marketplace: morning labels" and click Execute workflow (choose "Every morning at 08:00").',
		);
		say(
			`     -> a PDF in ${rel(state.filesFolder)}/labels/ (up to 20 shipments per run, held ones dropped)`,
		);
		say('');
	}
	say("  4. A forged push is refused (HTTP 401 in the answer's deliveries, no execution):");
	say(
		`       curl -X POST ${c}/notifications/send -d '{"eventType":"shipment_created","wrongSecret":true}'`,
	);
	say('');
	say(
		'  5. Deadline alerts (published, every 15 minutes, lead time 4 hours): shipments due over the next 8 hours,',
	);
	say(
		'     then earlier deadlines (the marketplace moving them), then "Execute workflow" or wait:',
	);
	say(`       curl -X POST ${c}/seed/deadlines -d '{"locationId":"LOC-DEMO-1","count":12}'`);
	say(
		`       curl -X POST ${c}/deadlines/move -d '{"locationId":"LOC-DEMO-1","minutes":-240,"notify":true}'`,
	);
	say(
		'     -> "Marketplace: deadline alerts" gives one digest item per location (due soon and overdue)',
	);
	say('');
	say(
		`  Ctrl-C stops n8n and the simulator. Data stays in .demo/; npm run demo again reuses it (delete .demo/ to start over).`,
	);
	say('');
	say('Activity:');
}

if (require.main === module) {
	void main();
}
