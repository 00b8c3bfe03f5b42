/**
 * End-to-end bench: what the Marketplace Seller Trigger costs per request in a real n8n, next to
 * a bare Webhook in the same instance.
 *
 *   npm run bench:e2e                     (builds and packs first)
 *   node build/scripts/bench/e2e.js [--rounds 3] [--requests 300] [--concurrency 8]
 *                                    [--serial-requests 100] [--duration 15] [--duration-rounds 2]
 *                                    [--warmup 60] [--quick] [--expression-engine legacy]
 *                                    [--trigger-options '{"deduplicate":false}']
 *
 * One n8n 2.40.7 (Node 24) with the packed tarball installed as a community package, two
 * published workflows:
 *   bare:    Webhook (POST, Respond: Immediately) -> NoOp; 2.x answers once the execution is
 *            created, before it runs
 *   trigger: Marketplace Seller Trigger (signature check, replay window, dedup, static data) -> NoOp;
 *            the node answers from webhook() itself, before n8n creates the execution
 * Both save every execution (n8n's default). With --expression-engine legacy the same run shows
 * what 2.x's default (isolated-vm) expression engine costs per request.
 *
 * The load comes from a child process (keep-alive HTTP, fixed concurrency) so that it does not
 * share an event loop with anything else. Every request is a distinct, correctly signed
 * shipment_created push (the bare Webhook gets the same bytes and headers), so the trigger runs
 * every one: none is a duplicate. Phases alternate (bare/trigger, then trigger/bare) to spread
 * the noise of a shared machine, and n8n is drained (no execution left running, all executions
 * counted in the database) before the next phase starts.
 *
 * Printed per phase: requests/second (requests / time from the first send to the last answer),
 * p50/p99 latency of the answers, completed/s (requests / time until their executions had all
 * finished, polled every 200 ms), non-200 answers. Then a summary with the ratio trigger/bare
 * (goal >= 0.95). No assertions.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

import { ensureRuntime, findPackedTarball, N8nInstance, repoRoot, sleep, type PublicApiClient } from '../e2e/lib';
import { authorizationValue, pushSignature, startSimulator } from '../../simulator';
import { MARKETPLACE } from '../../nodes/shared/profile';
import { median } from './measure';

// ------------------------------------------------------------------ load worker (child process)

interface SignSpec {
	appId: string;
	appSecret: string;
	/** The URL the marketplace signs: the trigger's production URL. */
	registeredUrl: string;
	runId: string;
}

interface LoadSpec {
	id: number;
	url: string;
	concurrency: number;
	/** Fixed count... */
	requests?: number;
	/** ...or fixed duration. */
	durationMs?: number;
	/** Prefix making every envelope of this phase unique. */
	tag: string;
}

interface LoadResult {
	id: number;
	sent: number;
	elapsedMs: number;
	latenciesMs: number[];
	statuses: Record<string, number>;
}

type ParentMessage = { type: 'init'; sign: SignSpec } | { type: 'run'; spec: LoadSpec } | { type: 'exit' };

function loadWorker(): void {
	let sign: SignSpec | undefined;
	// Signature headers depend on the second only: compute them once per second.
	let cachedEpoch = -1;
	let cachedHeaders: Record<string, string> = {};
	const headersNow = (): Record<string, string> => {
		const epoch = Math.floor(Date.now() / 1000);
		if (epoch !== cachedEpoch && sign) {
			cachedEpoch = epoch;
			const signature = pushSignature(epoch, sign.registeredUrl, sign.appSecret);
			cachedHeaders = {
				X_Date: new Date(epoch * 1000).toUTCString(),
				X_Authorization: authorizationValue(MARKETPLACE.signatureScheme, sign.appId, signature),
			};
		}
		return cachedHeaders;
	};
	const envelope = (tag: string, i: number): Buffer =>
		Buffer.from(
			JSON.stringify({
				eventType: 'shipment_created',
				source: MARKETPLACE.sourceName,
				version: 'v3',
				timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
				shipmentId: `BENCH-${sign?.runId ?? ''}-${tag}-${i}`,
				locationId: 'LOC-DEMO-1',
				attributes: {
					status: 'APPROVED',
					orderItems: [{ orderItemId: `OI-${tag}-${i}`, orderId: `OD-${tag}-${i}`, quantity: 1, sku: 'BENCH-SKU-1' }],
				},
			}),
		);

	const run = async (spec: LoadSpec): Promise<LoadResult> => {
		const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
		const target = new URL(spec.url);
		const latenciesMs: number[] = [];
		const statuses: Record<string, number> = {};
		let next = 0;
		const started = process.hrtime.bigint();
		const deadline = spec.durationMs !== undefined ? Date.now() + spec.durationMs : Infinity;
		const more = () => (spec.requests !== undefined ? next < spec.requests : Date.now() < deadline);
		const one = (i: number) =>
			new Promise<void>((resolve) => {
				const body = envelope(spec.tag, i);
				const sentAt = process.hrtime.bigint();
				const req = httpRequest(
					{
						agent,
						host: target.hostname,
						port: target.port,
						path: target.pathname,
						method: 'POST',
						headers: { ...headersNow(), 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
					},
					(res) => {
						res.resume();
						res.on('end', () => {
							latenciesMs.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
							const key = String(res.statusCode);
							statuses[key] = (statuses[key] ?? 0) + 1;
							resolve();
						});
					},
				);
				req.on('error', (error) => {
					statuses[`error ${error.message}`] = (statuses[`error ${error.message}`] ?? 0) + 1;
					resolve();
				});
				req.end(body);
			});
		const lane = async () => {
			while (more()) await one(next++);
		};
		await Promise.all(Array.from({ length: spec.concurrency }, lane));
		const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
		agent.destroy();
		return { id: spec.id, sent: next, elapsedMs, latenciesMs, statuses };
	};

	process.on('message', (raw: unknown) => {
		const message = raw as ParentMessage;
		if (message.type === 'init') sign = message.sign;
		else if (message.type === 'run') void run(message.spec).then((result) => process.send?.({ type: 'result', result }));
		else process.exit(0);
	});
}

// ------------------------------------------------------------------ parent

interface Options {
	rounds: number;
	requests: number;
	concurrency: number;
	serialRequests: number;
	durationSeconds: number;
	durationRounds: number;
	warmup: number;
	/** N8N_EXPRESSION_ENGINE for n8n (default: n8n's own default, the isolated-vm engine in 2.x). */
	expressionEngine?: string;
	/** The trigger node's Options collection (default: none, i.e. the node's defaults). */
	triggerOptions: Record<string, unknown>;
}

function parseOptions(argv: string[]): Options {
	const quick = argv.includes('--quick');
	const options: Options = quick
		? { rounds: 2, requests: 120, concurrency: 8, serialRequests: 40, durationSeconds: 6, durationRounds: 1, warmup: 30, triggerOptions: {} }
		: { rounds: 3, requests: 300, concurrency: 8, serialRequests: 100, durationSeconds: 15, durationRounds: 2, warmup: 60, triggerOptions: {} };
	const flags: Record<string, Exclude<keyof Options, 'expressionEngine' | 'triggerOptions'>> = {
		'--rounds': 'rounds',
		'--requests': 'requests',
		'--concurrency': 'concurrency',
		'--serial-requests': 'serialRequests',
		'--duration': 'durationSeconds',
		'--duration-rounds': 'durationRounds',
		'--warmup': 'warmup',
	};
	const engine = argv.indexOf('--expression-engine');
	if (engine >= 0) options.expressionEngine = argv[engine + 1];
	const triggerOptions = argv.indexOf('--trigger-options');
	if (triggerOptions >= 0) options.triggerOptions = JSON.parse(argv[triggerOptions + 1] ?? '{}') as Record<string, unknown>;
	for (let i = 0; i < argv.length; i++) {
		const key = flags[argv[i]];
		if (key === undefined) continue;
		const value = Number(argv[i + 1]);
		if (!Number.isFinite(value) || value <= 0) throw new Error(`${argv[i]} needs a positive number`);
		options[key] = value;
	}
	return options;
}

type Kind = 'bare' | 'trigger';

interface PhaseRow {
	phase: string;
	kind: Kind;
	round: number;
	concurrency: number;
	requests: number;
	elapsedMs: number;
	rps: number;
	p50: number;
	p99: number;
	completedRps: number;
	executions: number;
	non200: number;
	latencies: number[];
}

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

class Loader {
	private readonly child: ChildProcess;
	private nextId = 1;
	private readonly waiting = new Map<number, { resolve: (result: LoadResult) => void; reject: (error: Error) => void }>();

	constructor(sign: SignSpec) {
		this.child = fork(__filename, ['--load-worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		this.child.on('message', (message: { type: string; result: LoadResult }) => {
			if (message.type !== 'result') return;
			this.waiting.get(message.result.id)?.resolve(message.result);
			this.waiting.delete(message.result.id);
		});
		this.child.on('exit', (code) => {
			for (const waiter of this.waiting.values()) waiter.reject(new Error(`load worker exited (${code})`));
			this.waiting.clear();
		});
		this.child.send({ type: 'init', sign } satisfies ParentMessage);
	}

	async run(spec: Omit<LoadSpec, 'id'>): Promise<LoadResult> {
		const id = this.nextId++;
		return await new Promise<LoadResult>((resolve, reject) => {
			this.waiting.set(id, { resolve, reject });
			this.child.send({ type: 'run', spec: { ...spec, id } } satisfies ParentMessage);
		});
	}

	stop(): void {
		if (this.child.connected) this.child.send({ type: 'exit' } satisfies ParentMessage);
		setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
	}
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	const tarball = findPackedTarball(join(repoRoot(), '.e2e'), 'n8n-nodes-marketplace-seller', 'run "npm run bench:e2e"');
	const runtime = await ensureRuntime('n8n2');
	const runs = join(repoRoot(), '.e2e', 'runs');
	mkdirSync(runs, { recursive: true });
	for (const name of readdirSync(runs)) if (name.startsWith('bench-')) rmSync(join(runs, name), { recursive: true, force: true });
	const userFolder = join(runs, `bench-${Date.now()}`);
	const log = (line: string) => process.stderr.write(`[bench:e2e] ${line}\n`);

	const sim = await startSimulator({ quiet: true });
	let n8n: N8nInstance | undefined;
	let loader: Loader | undefined;
	const stopAll = async () => {
		loader?.stop();
		await n8n?.stop().catch(() => undefined);
		await sim.close().catch(() => undefined);
	};
	process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
	try {
		n8n = await N8nInstance.start({ runtime, userFolder, communityPackages: [tarball], env: { NODE_ENV: undefined, N8N_EXPRESSION_ENGINE: options.expressionEngine }, log });
		const api = await n8n.setupOwner();
		const credential = await api.createCredential({
			name: 'Marketplace simulator',
			type: 'marketplaceSellerApi',
			data: { appId: sim.demo.selfApp.appId, appSecret: sim.demo.selfApp.appSecret, environment: 'production', productionBaseUrl: sim.url, scope: 'Seller_Api' },
		});
		const barePath = `bench-bare-${randomUUID()}`;
		const bare = await api.createWorkflow({
			name: 'Bench: Webhook -> NoOp',
			nodes: [
				{ name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: randomUUID(), parameters: { httpMethod: 'POST', path: barePath, options: {} } },
				{ name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
			],
			connections: { Webhook: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		const webhookId = randomUUID();
		const trigger = await api.createWorkflow({
			name: 'Bench: Marketplace Seller Trigger -> NoOp',
			nodes: [
				{
					name: 'Trigger',
					type: 'n8n-nodes-marketplace-seller.marketplaceSellerTrigger',
					typeVersion: 1,
					position: [0, 0],
					webhookId,
					parameters: { authentication: 'clientCredentials', events: ['*'], options: options.triggerOptions },
					credentials: { marketplaceSellerApi: { id: credential.id, name: credential.name } },
				},
				{ name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
			],
			connections: { Trigger: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		await api.publishWorkflow(bare.id);
		await api.publishWorkflow(trigger.id);
		const triggerPath = `${webhookId}/webhook`;
		// Wait until both routes are registered (an unsigned probe is answered 401 by the trigger).
		const bareProbe = await n8n.postWebhook(barePath, { probe: true });
		const triggerProbe = await n8n.postWebhook(triggerPath, { probe: true });
		if (bareProbe.status !== 200 || triggerProbe.status !== 401) {
			throw new Error(`route probes answered ${bareProbe.status} (bare) and ${triggerProbe.status} (trigger)`);
		}

		const urls: Record<Kind, string> = { bare: n8n.webhookUrl(barePath), trigger: n8n.webhookUrl(triggerPath) };
		const workflowIds: Record<Kind, string> = { bare: bare.id, trigger: trigger.id };
		const runId = randomUUID().slice(0, 8);
		loader = new Loader({ appId: sim.demo.selfApp.appId, appSecret: sim.demo.selfApp.appSecret, registeredUrl: urls.trigger, runId });
		const started = n8n;
		const expected: Record<Kind, number> = { bare: 1, trigger: 0 }; // the bare probe ran once
		const countExecutions = async (kind: Kind): Promise<number> => {
			const rows = await started.queryDb<{ n: number }>('SELECT COUNT(*) AS n FROM execution_entity WHERE workflowId = ?', [workflowIds[kind]]);
			return Number(rows[0]?.n ?? 0);
		};
		const drained = async (kind: Kind, client: PublicApiClient): Promise<void> => {
			const deadline = Date.now() + 300_000;
			for (;;) {
				const active = await client.activeExecutions(workflowIds[kind]);
				if (active.length === 0 && (await countExecutions(kind)) >= expected[kind]) return;
				if (Date.now() > deadline) throw new Error(`${kind}: executions did not finish within 300 s`);
				await sleep(200);
			}
		};

		log(
			`n8n ${runtime.n8nVersion} on Node ${runtime.nodePath}; load from a child process (Node ${process.version}); ${cpus().length} CPUs; ` +
				`options ${JSON.stringify(options)}`,
		);
		const rows: PhaseRow[] = [];
		let tagCounter = 0;
		const phase = async (name: string, kind: Kind, round: number, spec: { concurrency: number; requests?: number; durationMs?: number }, record = true) => {
			const tag = `${name.replace(/\W+/g, '')}${kind}${round}x${tagCounter++}`;
			const t0 = Date.now();
			const result = await loader!.run({ url: urls[kind], tag, ...spec });
			expected[kind] += result.statuses['200'] ?? 0;
			await drained(kind, api);
			const completedMs = Date.now() - t0;
			const sorted = [...result.latenciesMs].sort((a, b) => a - b);
			const row: PhaseRow = {
				phase: name,
				kind,
				round,
				concurrency: spec.concurrency,
				requests: result.sent,
				elapsedMs: result.elapsedMs,
				rps: result.sent / (result.elapsedMs / 1000),
				p50: percentile(sorted, 50),
				p99: percentile(sorted, 99),
				completedRps: result.sent / (completedMs / 1000),
				executions: await countExecutions(kind),
				non200: result.sent - (result.statuses['200'] ?? 0),
				latencies: result.latenciesMs,
			};
			if (row.non200 > 0) log(`${kind} ${name} round ${round}: answers ${JSON.stringify(result.statuses)}`);
			if (record) {
				rows.push(row);
				console.log(
					`${name.padEnd(16)} ${kind.padEnd(8)} ${pad(round, 5)} ${pad(row.concurrency, 4)} ${pad(row.requests, 8)} ${pad(fixed(row.elapsedMs / 1000, 2), 9)} ` +
						`${pad(fixed(row.rps), 7)} ${pad(fixed(row.p50), 8)} ${pad(fixed(row.p99), 8)} ${pad(fixed(row.completedRps), 11)} ${pad(row.non200, 6)} ${pad(`${row.executions}/${expected[kind]}`, 12)}`,
				);
			}
			return row;
		};

		log(`warm-up: ${options.warmup} requests per workflow at concurrency 4`);
		for (const kind of ['bare', 'trigger'] as const) await phase('warm-up', kind, 0, { concurrency: 4, requests: options.warmup }, false);

		console.log('');
		console.log(
			`${'phase'.padEnd(16)} ${'workflow'.padEnd(8)} ${pad('round', 5)} ${pad('conc', 4)} ${pad('requests', 8)} ${pad('elapsed_s', 9)} ${pad('req/s', 7)} ${pad('p50_ms', 8)} ${pad('p99_ms', 8)} ${pad('completed/s', 11)} ${pad('non200', 6)} ${pad('executions', 12)}`,
		);
		const order = (round: number): Kind[] => (round % 2 === 1 ? ['bare', 'trigger'] : ['trigger', 'bare']);
		const phases: Array<{ name: string; rounds: number; spec: { concurrency: number; requests?: number; durationMs?: number } }> = [
			{ name: `count c=1`, rounds: options.rounds, spec: { concurrency: 1, requests: options.serialRequests } },
			{ name: `count c=${options.concurrency}`, rounds: options.rounds, spec: { concurrency: options.concurrency, requests: options.requests } },
			{ name: `${options.durationSeconds}s c=${options.concurrency}`, rounds: options.durationRounds, spec: { concurrency: options.concurrency, durationMs: options.durationSeconds * 1000 } },
		];
		for (const { name, rounds, spec } of phases) {
			for (let round = 1; round <= rounds; round++) {
				for (const kind of order(round)) await phase(name, kind, round, spec);
			}
		}

		console.log('');
		console.log('summary: req/s = median over rounds; p50/p99 over all answers of the phase; ratio = trigger / bare');
		for (const { name } of phases) {
			const of = (kind: Kind) => rows.filter((row) => row.phase === name && row.kind === kind);
			const stats = (kind: Kind) => {
				const list = of(kind);
				const sorted = list.flatMap((row) => row.latencies).sort((a, b) => a - b);
				return {
					rps: median(list.map((row) => row.rps)),
					completed: median(list.map((row) => row.completedRps)),
					p50: percentile(sorted, 50),
					p99: percentile(sorted, 99),
				};
			};
			const b = stats('bare');
			const t = stats('trigger');
			console.log(
				`${name.padEnd(16)} bare ${fixed(b.rps)} req/s (p50 ${fixed(b.p50)} ms, p99 ${fixed(b.p99)} ms, completed ${fixed(b.completed)}/s) | ` +
					`trigger ${fixed(t.rps)} req/s (p50 ${fixed(t.p50)} ms, p99 ${fixed(t.p99)} ms, completed ${fixed(t.completed)}/s) | ` +
					`ratio req/s ${fixed(t.rps / b.rps, 3)}, completed/s ${fixed(t.completed / b.completed, 3)}, p50 ${fixed(t.p50 / b.p50, 2)}x`,
			);
		}
		const staticData = await n8n.workflowStaticData(trigger.id);
		const size = staticData ? JSON.stringify(staticData).length : 0;
		console.log(
			`trigger executions ${await countExecutions('trigger')} for ${expected.trigger} accepted pushes; its static data is ${size} bytes after the run`,
		);
	} finally {
		await stopAll();
	}
}

if (process.argv.includes('--load-worker')) {
	loadWorker();
} else {
	main().then(
		() => process.exit(0),
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}
