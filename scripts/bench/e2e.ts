/**
 * End-to-end bench: completed executions per second and CPU per request of the Marketplace
 * Seller Trigger in a real n8n, next to n8n's Webhook node and n8n's own Chargebee Trigger in the
 * same instance.
 *
 *   npm run bench:e2e                     (builds and packs first)
 *   node build/scripts/bench/e2e.js [--rounds 3] [--requests 300] [--concurrency 8]
 *                                    [--serial-requests 100] [--warmup 60] [--quick]
 *                                    [--engines default,lazy] [--expression-engine legacy]
 *                                    [--trigger-options '{"deduplicate":false}'] [--remembered 10000]
 *                                    [--targets 'trigger v2,trigger v2s'] (the anchors always run;
 *                                     'trigger v2 nodedup', 'trigger v2 small', 'trigger v2 3k',
 *                                     'floor', 'floor nocred', 'floor nowrite', 'floor +item',
 *                                     'floor +3k', 'floor +10k', 'floor +10k moving',
 *                                     'floor +10k moving all' and 'floor +10k ring' are made
 *                                     only when named here)
 *                                    [--anchors webhook] (with --targets: only these anchors;
 *                                     the flush before each phase needs the Webhook node)
 *                                    [--flush 100] [--goals] (--goals ignores --targets)
 *                                    [--profile DIR] (a V8 CPU profile of n8n's main process
 *                                     per engine, written to DIR/<engine> when n8n stops,
 *                                     with when each phase ran: profileByTarget.ts splits it)
 *
 * One n8n 2.40.7 (Node 24, one user folder) with the packed tarball installed as a community
 * package and one published "<start> -> NoOp" workflow per target (scripts/bench/e2eTargets.ts):
 * the Webhook node, Chargebee Trigger, and this package's trigger at its newest typeVersion (as
 * n8n loaded it from the packed dist) and at version 1 when that differs; the newest version once
 * more starting with --remembered deliveries already stored (default 10,000, the default bound).
 * The whole run happens once under n8n's default expression engine settings and once more after a
 * restart of the same instance with N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true ("lazy").
 *
 * Load: a child process (scripts/bench/e2eLoad.ts) sends distinct, signed pushes (same bytes to
 * every target) at concurrency 1 and at --concurrency; each round runs the targets in another
 * order, so that every target comes after every other equally often (measure.ts balancedOrders:
 * a full set is 6 rounds for 3 targets, 4 for 4) and the noise of a shared machine is spread.
 * A phase ends when n8n has finished every execution it accepted, read through the public API
 * (nothing is polled while the load runs).
 *
 * Before each phase the bench sends --flush unmeasured requests to the Webhook node and waits
 * until n8n is idle (procCpu.ts waitUntilQuiet): a target that takes an expression isolate per
 * request leaves n8n slower for a while after its phase, and the next target would pay for it.
 *
 * Per phase: completed/s = executions / (last execution's stoppedAt - first send), from the
 * public API, not from answered requests; CPU ms per request = utime + stime of n8n's process
 * group (main and task runner, /proc) from before the first send to the phase's end, divided by
 * requests; req/s and p50 of the answers. Then the medians per target and the ratios:
 * trigger / Chargebee Trigger (default engine) and trigger / Webhook node (lazy).
 * The floor targets (e2eTargets.ts) run the bench's own trigger from N8N_CUSTOM_EXTENSIONS, which
 * does only what n8n needs for "a 200 means ran and remembered": they show how close any node
 * that makes that promise can come to the Webhook node, and so what is left to this package.
 * --goals measures only what issue 8's goals compare, with more rounds (default 8): the newest
 * trigger against Chargebee Trigger under the default engine, and against the Webhook node with
 * lazy acquisition, each with the floor beside it (what any node making the trigger's promise
 * reaches against the same anchor), and with lazy acquisition the floor with the trigger's item.
 * Each ratio within a round comes with a 90% bootstrap interval of its median over the rounds, so
 * a run says whether its rounds can tell a goal met from one missed.
 *
 * No assertions: figures only, and they depend on the machine's load.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';

import {
	ensureRuntime,
	findPackedTarball,
	N8nInstance,
	repoRoot,
	type PublicApiClient,
	type Runtime,
} from '../e2e/lib';
import { startSimulator } from '../../simulator';
import {
	checkSeededRows,
	createTargets,
	FLOOR,
	FLOOR_FOLDER,
	FLOOR_LABELS,
	ITEM_FLOOR,
	newestExecutionId,
	rowMatchedFloor,
	TRIGGER_TYPE,
	waitForCompleted,
	waitForRoutes,
	type Target,
} from './e2eTargets';
import { Loader } from './e2eLoad';
import { balancedOrders, median, medianInterval } from './measure';
import { loadedNodeVersions } from './nodeVersions';
import { PHASE_WINDOWS_FILE, type PhaseWindow } from './profileByTarget';
import {
	groupCpu,
	threadCpu,
	threadCpuBetween,
	waitUntilQuiet,
	writtenBytes,
	type ThreadCpu,
} from './procCpu';

interface Options {
	rounds: number;
	requests: number;
	concurrency: number;
	serialRequests: number;
	warmup: number;
	engines: Engine[];
	/** N8N_EXPRESSION_ENGINE for n8n (default: n8n's own default, the isolated-vm engine in 2.x). */
	expressionEngine?: string;
	/** The trigger node's Options collection (default: none, i.e. the node's defaults). */
	triggerOptions: Record<string, unknown>;
	/** Remembered deliveries of the "trigger vN+10k" target (0: no such target). */
	remembered: number;
	/** Only these target labels (default: all); the anchors of the chosen engines stay. */
	only?: string[];
	/** Only these anchors of the chosen engines (default: all of them), with --targets. */
	anchors?: string[];
	/** Unmeasured Webhook node requests before each measured phase (0: none). */
	flush: number;
	/** Only the goals' pairs (newest trigger, the anchor its goal names) and the floor. */
	goals: boolean;
	/** A folder for CPU profiles of n8n's main process, one subfolder per engine. */
	profile?: string;
}

type Engine = 'default' | 'lazy';
const ENGINE_ENV: Record<Engine, Record<string, string | undefined>> = {
	default: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: undefined },
	lazy: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
};

function parseOptions(argv: string[]): Options {
	const quick = argv.includes('--quick');
	const goals = argv.includes('--goals');
	const options: Options = quick
		? {
				rounds: 1,
				requests: 80,
				concurrency: 8,
				serialRequests: 20,
				warmup: 20,
				engines: ['default', 'lazy'],
				triggerOptions: {},
				remembered: 10_000,
				flush: 40,
				goals,
			}
		: {
				rounds: goals ? 8 : 3,
				requests: 300,
				concurrency: 8,
				serialRequests: 100,
				warmup: 60,
				engines: ['default', 'lazy'],
				triggerOptions: {},
				remembered: 10_000,
				flush: 100,
				goals,
			};
	const flags: Record<
		string,
		'rounds' | 'requests' | 'concurrency' | 'serialRequests' | 'warmup' | 'remembered' | 'flush'
	> = {
		'--remembered': 'remembered',
		'--flush': 'flush',
		'--rounds': 'rounds',
		'--requests': 'requests',
		'--concurrency': 'concurrency',
		'--serial-requests': 'serialRequests',
		'--warmup': 'warmup',
	};
	const value = (flag: string) => {
		const at = argv.indexOf(flag);
		return at >= 0 ? argv[at + 1] : undefined;
	};
	options.expressionEngine = value('--expression-engine');
	if (value('--targets') !== undefined) options.only = value('--targets')!.split(',');
	if (value('--anchors') !== undefined) options.anchors = value('--anchors')!.split(',');
	if (value('--profile') !== undefined) options.profile = resolve(value('--profile')!);
	if (value('--trigger-options') !== undefined)
		options.triggerOptions = JSON.parse(value('--trigger-options')!) as Record<string, unknown>;
	if (value('--engines') !== undefined) {
		const engines = value('--engines')!.split(',');
		for (const engine of engines)
			if (!(engine in ENGINE_ENV)) throw new Error(`--engines: unknown ${engine} (default, lazy)`);
		options.engines = engines as Engine[];
	}
	for (let i = 0; i < argv.length; i++) {
		const key = flags[argv[i]];
		if (key === undefined) continue;
		const number = Number(argv[i + 1]);
		if (
			!Number.isFinite(number) ||
			number < 0 ||
			(number === 0 && key !== 'remembered' && key !== 'flush')
		)
			throw new Error(`${argv[i]} needs a positive number`);
		options[key] = number;
	}
	return options;
}

interface PhaseRow {
	engine: Engine;
	phase: string;
	target: string;
	round: number;
	requests: number;
	rps: number;
	p50: number;
	completedPerS: number;
	cpuMsPerRequest: number;
	/** n8n's main process per request, by thread (procCpu.ts ThreadCpu). */
	threadMsPerRequest: ThreadCpu;
	/** KB n8n's main process handed to write calls per request (procCpu.ts writtenBytes). */
	writtenKbPerRequest: number;
	non200: number;
	/**
	 * When the phase's load started and its executions were all read back (monotonic µs, the
	 * clock of V8's CPU profiles), so --profile can be split by target (profileByTarget.ts).
	 */
	window: { startUs: number; endUs: number };
}

/** Now on CLOCK_MONOTONIC in µs: the clock V8 stamps a CPU profile's samples with. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const pad = (value: string | number, width: number) => String(value).padStart(width);
/** Width of the target column: the longest label, "trigger v2 nodedup". */
const LABEL = 18;
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The targets in round `round`'s order: each follows each other equally often (balancedOrders). */
function roundOrder<T>(list: T[], round: number): T[] {
	const orders = balancedOrders(list.length);
	return orders[(round - 1) % orders.length].map((index) => list[index]);
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	const tarball = findPackedTarball(
		join(repoRoot(), '.e2e'),
		'n8n-nodes-marketplace-seller',
		'run "npm run bench:e2e"',
	);
	const runtime: Runtime = await ensureRuntime('n8n2');
	const runs = join(repoRoot(), '.e2e', 'runs');
	mkdirSync(runs, { recursive: true });
	for (const name of readdirSync(runs))
		if (name.startsWith('bench-')) rmSync(join(runs, name), { recursive: true, force: true });
	const userFolder = join(runs, `bench-${Date.now()}`);
	const log = (line: string) => process.stderr.write(`[bench:e2e] ${line}\n`);

	const sim = await startSimulator({ quiet: true });
	let n8n: N8nInstance | undefined;
	const stopAll = async () => {
		await n8n?.stop().catch(() => undefined);
		await sim.close().catch(() => undefined);
	};
	process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
	const rows: PhaseRow[] = [];
	let targets: Target[] = [];
	// Targets made only on request: those named in --targets, and the floor for --goals.
	const named = (label: string) =>
		options.goals
			? label === FLOOR || label === ITEM_FLOOR
			: (options.only?.includes(label) ?? false);
	let newestTrigger = '';
	try {
		let port: number | undefined;
		let brokerPort: number | undefined;
		for (const engine of options.engines) {
			// The same user folder and ports each time: one instance, restarted with the engine's settings.
			n8n = await N8nInstance.start({
				runtime,
				userFolder,
				port,
				brokerPort,
				communityPackages: targets.length === 0 ? [tarball] : [],
				env: {
					NODE_ENV: undefined,
					N8N_EXPRESSION_ENGINE: options.expressionEngine,
					N8N_CUSTOM_EXTENSIONS: FLOOR_LABELS.some(named) ? FLOOR_FOLDER : undefined,
					...ENGINE_ENV[engine],
				},
				nodeArgs: options.profile
					? ['--cpu-prof', `--cpu-prof-dir=${join(options.profile, engine)}`]
					: [],
				log,
			});
			({ port, brokerPort } = n8n);
			const api = await n8n.setupOwner();
			if (targets.length === 0) {
				const credential = await api.createCredential({
					name: 'Marketplace simulator',
					type: 'marketplaceSellerApi',
					data: {
						appId: sim.demo.selfApp.appId,
						appSecret: sim.demo.selfApp.appSecret,
						environment: 'production',
						productionBaseUrl: sim.url,
						scope: 'Seller_Api',
					},
				});
				const versions = await loadedNodeVersions(n8n, TRIGGER_TYPE);
				// The newest typeVersion, and version 1 when that differs (saved workflows keep it).
				const benched = [
					...new Set([versions[versions.length - 1], ...(versions.includes(1) ? [1] : [])]),
				];
				targets = await createTargets(
					api,
					credential,
					benched,
					options.triggerOptions,
					options.remembered,
					named,
				);
				newestTrigger = `trigger v${benched[0]}`;
				if (options.goals) {
					const keep = new Set([...ANCHOR_LABELS, newestTrigger, FLOOR, ITEM_FLOOR]);
					targets = targets.filter((target) => keep.has(target.label));
				} else if (options.only !== undefined) {
					const anchors = anchorsOf(options.engines).filter(
						(anchor) => options.anchors?.includes(anchor) ?? true,
					);
					const keep = new Set([...options.only, ...anchors]);
					targets = targets.filter((target) => keep.has(target.label));
				}
				log(
					`trigger typeVersions in the packed dist: ${versions.join(', ')}; benched: ${benched.join(', ')}`,
				);
			}
			await waitForRoutes(n8n, targets);
			const pgid = n8n.pid!;
			log(
				`engine ${engine}: n8n ${runtime.n8nVersion} (pid ${pgid}); load from a child process (Node ${process.version}); ${cpus().length} CPUs; ` +
					`options ${JSON.stringify({ ...options, engines: undefined })}`,
			);
			// With lazy acquisition --goals also runs the floor with the trigger's item: what is left
			// to the trigger's code and memory (docs/trigger-durability.md#what-sqlite-writes-per-push).
			const goalLabels = [GOAL_ANCHOR[engine], newestTrigger, FLOOR];
			if (engine === 'lazy') goalLabels.push(ITEM_FLOOR);
			const measured = options.goals
				? targets.filter((t) => goalLabels.includes(t.label))
				: targets;
			const engineRows = await runEngine(
				n8n,
				api,
				engine,
				targets,
				measured,
				sim.demo.selfApp,
				options,
				pgid,
			);
			rows.push(...engineRows);
			if (options.profile !== undefined)
				writePhaseWindows(join(options.profile, engine), engineRows);
			// What n8n reads and writes per push for each target (docs/trigger-durability.md#the-stored-text).
			for (const target of measured) {
				const staticData = await n8n.workflowStaticData(target.workflowId);
				console.log(
					`${engine}: ${target.label} static data ${staticData === null ? 0 : JSON.stringify(staticData).length} bytes at the end`,
				);
			}
			await n8n.stop();
			n8n = undefined;
		}
		printSummary(rows, targets, options);
	} finally {
		await stopAll();
	}
}

/**
 * Beside the engine's CPU profile, when each measured phase ran: `node
 * build/scripts/bench/profileByTarget.js DIR/<engine>` then splits the profile by target.
 */
function writePhaseWindows(dir: string, engineRows: PhaseRow[]): void {
	mkdirSync(dir, { recursive: true });
	const windows: PhaseWindow[] = engineRows.map(({ phase, target, round, requests, window }) => ({
		phase,
		target,
		round,
		requests,
		...window,
	}));
	writeFileSync(join(dir, PHASE_WINDOWS_FILE), JSON.stringify(windows, null, 1));
}

/** Warm-up, then every phase and round for one engine setting. */
async function runEngine(
	n8n: N8nInstance,
	api: PublicApiClient,
	engine: Engine,
	targets: Target[],
	measured: Target[],
	app: { appId: string; appSecret: string },
	options: Options,
	pgid: number,
): Promise<PhaseRow[]> {
	const runId = randomUUID().slice(0, 8);
	// One load process per target: each trigger signs its own production URL.
	const loaders = new Map<string, Loader>();
	for (const target of targets) {
		loaders.set(
			target.label,
			new Loader({
				appId: app.appId,
				appSecret: app.appSecret,
				registeredUrl: n8n.webhookUrl(target.path),
				runId: `${runId}${engine}`,
			}),
		);
	}
	const rows: PhaseRow[] = [];
	let tagCounter = 0;
	// Unmeasured Webhook node requests before every measured phase, so that every target starts
	// from the same state. A phase right after a target that takes an expression isolate per
	// request (Chargebee, trigger v1) cost the next target 5-7 ms more CPU per request in a
	// profile (more SQLite and (program) time), and the rotation always put a trigger there.
	const flushTarget = targets.find((target) => target.label === 'webhook');
	const flush = async (tag: string) => {
		if (flushTarget === undefined) return;
		const afterId = await newestExecutionId(api, flushTarget.workflowId);
		const result = await loaders.get(flushTarget.label)!.run({
			url: n8n.webhookUrl(flushTarget.path),
			concurrency: options.concurrency,
			requests: options.flush,
			tag: `flush${tag}`,
		});
		await waitForCompleted(api, flushTarget.workflowId, afterId, result.statuses['200'] ?? 0);
	};
	const phase = async (
		name: string,
		target: Target,
		round: number,
		concurrency: number,
		requests: number,
	): Promise<PhaseRow> => {
		const tag = `${name.replace(/\W+/g, '')}r${round}x${tagCounter++}`;
		if (options.flush > 0 && round > 0) await flush(tag);
		const settled = await waitUntilQuiet(pgid);
		if (!settled.quiet || settled.waitedMs > 2000)
			process.stderr.write(
				`[bench:e2e] n8n ${settled.quiet ? 'got quiet after' : 'still busy after'} ${settled.waitedMs} ms; then ${target.label} ${name} round ${round}\n`,
			);
		const afterId = await newestExecutionId(api, target.workflowId);
		const cpuBefore = groupCpu(pgid);
		const threadsBefore = threadCpu(pgid);
		const writtenBefore = writtenBytes(pgid);
		const startUs = monotonicUs();
		const result = await loaders
			.get(target.label)!
			.run({ url: n8n.webhookUrl(target.path), concurrency, requests, tag });
		const accepted = result.statuses['200'] ?? 0;
		const executions = await waitForCompleted(api, target.workflowId, afterId, accepted);
		const endUs = monotonicUs();
		const cpuAfter = groupCpu(pgid);
		const threadsAfter = threadCpu(pgid);
		const writtenAfter = writtenBytes(pgid);
		const lastStop = Math.max(...executions.map((e) => Date.parse(e.stoppedAt ?? e.startedAt)));
		const sorted = [...result.latenciesMs].sort((a, b) => a - b);
		if (accepted !== result.sent)
			process.stderr.write(
				`[bench:e2e] ${target.label} ${name} round ${round}: answers ${JSON.stringify(result.statuses)}\n`,
			);
		return {
			engine,
			phase: name,
			target: target.label,
			round,
			requests: result.sent,
			rps: result.sent / (result.elapsedMs / 1000),
			p50: percentile(sorted, 50),
			completedPerS: executions.length / ((lastStop - result.startedAt) / 1000),
			cpuMsPerRequest: (cpuAfter.ms - cpuBefore.ms) / result.sent,
			threadMsPerRequest: threadCpuBetween(threadsBefore, threadsAfter, result.sent),
			writtenKbPerRequest: (writtenAfter - writtenBefore) / 1024 / result.sent,
			non200: result.sent - accepted,
			window: { startUs, endUs },
		};
	};
	try {
		process.stderr.write(
			`[bench:e2e] ${engine}: warm-up, ${options.warmup} requests per target at concurrency 4\n`,
		);
		for (const target of measured) await phase('warm-up', target, 0, 4, options.warmup);
		await checkSeededRows(n8n, measured);
		console.log(`\nengine: ${engine}`);
		console.log(
			`${'phase'.padEnd(8)} ${'target'.padEnd(LABEL)} ${pad('round', 5)} ${pad('requests', 8)} ${pad('req/s', 7)} ${pad('p50_ms', 8)} ${pad('completed/s', 11)} ${pad('cpu_ms/req', 10)} ${pad('main', 5)} ${pad('v8', 4)} ${pad('pool', 4)} ${pad('KB_w', 5)} ${pad('non200', 6)}`,
		);
		const phases = [
			{ name: 'c=1', concurrency: 1, requests: options.serialRequests },
			{
				name: `c=${options.concurrency}`,
				concurrency: options.concurrency,
				requests: options.requests,
			},
		];
		for (const { name, concurrency, requests } of phases) {
			for (let round = 1; round <= options.rounds; round++) {
				for (const target of roundOrder(measured, round)) {
					const row = await phase(name, target, round, concurrency, requests);
					rows.push(row);
					console.log(
						`${name.padEnd(8)} ${target.label.padEnd(LABEL)} ${pad(round, 5)} ${pad(row.requests, 8)} ${pad(fixed(row.rps), 7)} ${pad(fixed(row.p50), 8)} ` +
							`${pad(fixed(row.completedPerS), 11)} ${pad(fixed(row.cpuMsPerRequest), 10)} ${pad(fixed(row.threadMsPerRequest.main), 5)} ${pad(fixed(row.threadMsPerRequest.v8Helpers), 4)} ${pad(fixed(row.threadMsPerRequest.threadPool), 4)} ${pad(fixed(row.writtenKbPerRequest, 0), 5)} ${pad(row.non200, 6)}`,
					);
				}
			}
		}
	} finally {
		for (const loader of loaders.values()) loader.stop();
	}
	return rows;
}

/** The anchors each ratio is taken against: engine and target label. */
const ANCHORS: Array<[Engine, string]> = [
	['default', 'chargebee'],
	['lazy', 'webhook'],
	['default', 'webhook'],
	['lazy', 'chargebee'],
];

const ANCHOR_LABELS = new Set(ANCHORS.map(([, anchor]) => anchor));

/** The anchor each engine's goal names (issue 8). */
const GOAL_ANCHOR: Record<Engine, string> = { default: 'chargebee', lazy: 'webhook' };

function anchorsOf(engines: Engine[]): string[] {
	return ANCHORS.filter(([engine]) => engines.includes(engine)).map(([, anchor]) => anchor);
}

/** A figure of the target's phase set against the anchor's phase of the same round, per round. */
function roundPairs(
	rows: PhaseRow[],
	engine: Engine,
	phase: string,
	target: string,
	anchor: string,
	pair: (row: PhaseRow, anchorRow: PhaseRow) => number,
): number[] {
	const out: number[] = [];
	for (const row of rows) {
		if (row.engine !== engine || row.phase !== phase || row.target !== target) continue;
		const paired = rows.find(
			(other) =>
				other.engine === engine &&
				other.phase === phase &&
				other.round === row.round &&
				other.target === anchor,
		);
		if (paired !== undefined) out.push(pair(row, paired));
	}
	return out;
}

/** The target's completed/s over the anchor's (a roundPairs pairing). */
const throughputRatio = (t: PhaseRow, a: PhaseRow) => t.completedPerS / a.completedPerS;

/** The target's n8n CPU per request minus the anchor's (a roundPairs pairing). */
const cpuDifference = (t: PhaseRow, a: PhaseRow) => t.cpuMsPerRequest - a.cpuMsPerRequest;

/** The same difference for one kind of n8n's threads (procCpu.ts ThreadCpu). */
const threadDifference =
	(kind: keyof ThreadCpu) =>
	(t: PhaseRow, a: PhaseRow): number =>
		t.threadMsPerRequest[kind] - a.threadMsPerRequest[kind];

/**
 * Where the CPU difference went: medians for n8n's main thread, V8's helpers, the thread pool;
 * and the difference of what n8n wrote per request.
 */
function threadDiffCell(paired: (pair: (t: PhaseRow, a: PhaseRow) => number) => number[]): string {
	const kinds: Array<[keyof ThreadCpu, string]> = [
		['main', 'main'],
		['v8Helpers', 'v8'],
		['threadPool', 'pool'],
	];
	const written = median(paired((t, a) => t.writtenKbPerRequest - a.writtenKbPerRequest));
	return [
		...kinds.map(([kind, name]) => {
			const value = median(paired(threadDifference(kind)));
			return `${name} ${value >= 0 ? '+' : ''}${fixed(value, 2)}`;
		}),
		`written ${written >= 0 ? '+' : ''}${fixed(written, 0)} KB`,
	].join(', ');
}

/** The CPU differences per round: median [90% bootstrap interval of the median] ms. */
function cpuDiffCell(diffs: number[]): string {
	const [low, high] = medianInterval(diffs);
	const signed = (value: number) => `${value >= 0 ? '+' : ''}${fixed(value, 2)}`;
	return `${signed(median(diffs))} ms [${signed(low)} .. ${signed(high)}]`;
}

/** median [90% bootstrap interval of the median] {min .. max} */
function ratioCell(ratios: number[]): string {
	const [low, high] = medianInterval(ratios);
	return `${fixed(median(ratios), 2)}x [${fixed(low, 2)} .. ${fixed(high, 2)}] {${fixed(Math.min(...ratios), 2)} .. ${fixed(Math.max(...ratios), 2)}}`;
}

function printSummary(rows: PhaseRow[], targets: Target[], options: Options): void {
	const phases = [...new Set(rows.map((row) => row.phase))];
	const measuredIn = (engine: Engine, target: string) =>
		rows.some((row) => row.engine === engine && row.target === target);
	const stat = (engine: Engine, phase: string, target: string) => {
		const list = rows.filter(
			(row) => row.engine === engine && row.phase === phase && row.target === target,
		);
		return {
			completed: median(list.map((row) => row.completedPerS)),
			cpu: median(list.map((row) => row.cpuMsPerRequest)),
			rps: median(list.map((row) => row.rps)),
		};
	};
	console.log(
		'\nsummary: medians over rounds; completed/s from the executions n8n finished (public API); cpu = n8n process group ms per request',
	);
	console.log(
		`${'engine'.padEnd(8)} ${'phase'.padEnd(6)} ${'target'.padEnd(LABEL)} ${pad('completed/s', 11)} ${pad('req/s', 7)} ${pad('cpu_ms/req', 10)}`,
	);
	for (const engine of options.engines) {
		for (const phase of phases) {
			for (const target of targets) {
				if (!measuredIn(engine, target.label)) continue;
				const s = stat(engine, phase, target.label);
				console.log(
					`${engine.padEnd(8)} ${phase.padEnd(6)} ${target.label.padEnd(LABEL)} ${pad(fixed(s.completed), 11)} ${pad(fixed(s.rps), 7)} ${pad(fixed(s.cpu), 10)}`,
				);
			}
		}
	}
	// Every target but the anchors: the trigger's variants and the floors.
	const triggers = targets.filter((t) => !ANCHOR_LABELS.has(t.label));
	const anchors = ANCHORS.filter(
		([engine, anchor]) =>
			measuredIn(engine, anchor) && triggers.some((t) => measuredIn(engine, t.label)),
	);
	const header = ['phase', 'trigger', ...anchors.map(([e, a]) => `vs ${a} (${e})`)];
	const table = (
		cell: (phase: string, trigger: string, engine: Engine, anchor: string) => string,
	) => {
		console.log(
			header.map((h, i) => (i < 2 ? h.padEnd(i === 0 ? 6 : LABEL) : pad(h, 34))).join(' '),
		);
		for (const phase of phases) {
			for (const trigger of triggers) {
				const cells = anchors.map(([engine, anchor]) =>
					pad(
						measuredIn(engine, trigger.label) ? cell(phase, trigger.label, engine, anchor) : '-',
						34,
					),
				);
				console.log(`${phase.padEnd(6)} ${trigger.label.padEnd(LABEL)} ${cells.join(' ')}`);
			}
		}
	};
	console.log(
		'\nratios of completed/s (and cpu ms/request difference), trigger against the anchors',
	);
	table((phase, trigger, engine, anchor) => {
		const t = stat(engine, phase, trigger);
		const a = stat(engine, phase, anchor);
		const cpuDiff = t.cpu - a.cpu;
		return `${fixed(t.completed / a.completed, 2)}x (${cpuDiff >= 0 ? '+' : ''}${fixed(cpuDiff)} ms)`;
	});
	// Drift on a shared machine moves whole rounds: the ratio within each round, the trigger's phase
	// against the anchor's phase of the same round, is steadier than the ratio of the medians.
	console.log(
		'\nratio within each round (trigger / anchor, completed/s): median [90% bootstrap interval of the median] {min .. max}',
	);
	table((phase, trigger, engine, anchor) =>
		ratioCell(roundPairs(rows, engine, phase, trigger, anchor, throughputRatio)),
	);
	// Issue 25's goal is stated against the floor: what any node making the trigger's promise
	// costs n8n, so what is left to this package. A trigger target with a row-matched floor is
	// also set against that floor: the least any node pays for the same remembered deliveries.
	// Every other floor is set against the plain one: what n8n charges for the part it adds (a
	// row, the trigger's item) or leaves out (the credential, the write).
	const againstFloor = triggers.filter((t) => !FLOOR_LABELS.includes(t.label));
	const floorPairs = [
		...againstFloor.flatMap((t) => {
			const matched = rowMatchedFloor(t.label);
			return [
				{ trigger: t.label, floor: FLOOR },
				...(matched !== undefined ? [{ trigger: t.label, floor: matched }] : []),
				// The floor with the trigger's item: what is left with the same item.
				{ trigger: t.label, floor: ITEM_FLOOR },
			];
		}),
		...FLOOR_LABELS.filter((label) => label !== FLOOR).map((variant) => ({
			trigger: variant,
			floor: FLOOR,
		})),
	];
	const measuredPairs = options.engines.flatMap((engine) =>
		floorPairs
			.filter((p) => measuredIn(engine, p.trigger) && measuredIn(engine, p.floor))
			.map((p) => ({ engine, ...p })),
	);
	if (measuredPairs.length > 0) {
		console.log(
			'\nagainst the floor, within each round: trigger / floor completed/s, median [90% interval] {min .. max}; trigger - floor n8n cpu ms/request, median [90% interval] (by thread of the main process of n8n: main thread, V8 helpers, thread pool; and KB written per request; medians)',
		);
		for (const phase of phases) {
			for (const { engine, trigger, floor } of measuredPairs) {
				console.log(
					`${engine.padEnd(8)} ${phase.padEnd(6)} ${`${trigger} / ${floor}`.padEnd(LABEL + 12)} ${pad(ratioCell(roundPairs(rows, engine, phase, trigger, floor, throughputRatio)), 34)}  ${cpuDiffCell(roundPairs(rows, engine, phase, trigger, floor, cpuDifference))} (${threadDiffCell((pair) => roundPairs(rows, engine, phase, trigger, floor, pair))})`,
				);
			}
		}
		console.log('goal (issue 25): >= 0.97x the floor at 1 and 8 senders');
	}
	console.log(
		'goals (issue 8): >= 1.00x Chargebee Trigger under the default engine; >= 0.95x the Webhook node with lazy acquisition at the newest typeVersion',
	);
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
