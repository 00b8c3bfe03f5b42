/**
 * Crash test: the trigger's 200 is a promise that the push will run (docs/marketplace-api/notifications.md#delivery: the marketplace
 * stops redelivering after a 200). In a real n8n 2.x (n8n2Version()) with the packed package, bursts of
 * distinct signed pushes at concurrency 8 are cut by a SIGKILL of n8n's process group (n8n and its
 * task runner) early, mid-burst and late (newest typeVersion) and at a random point (oldest
 * typeVersion, the one saved workflows may still use), and once by SIGTERM; n8n restarts on
 * the same user folder while more pushes arrive (each redelivered every 20 ms until answered 200),
 * the marketplace sends a duplicate of every acknowledged push and redelivers every other one.
 * Executions are counted per push through the public API.
 *
 * Every push goes through the documented setup: a balancer that sends requests to n8n only while
 * /healthz/readiness answers 200 (README "Production setup of the trigger"). n8n starts
 * listening before it is ready and answers some requests 200 without running anything
 * (docs/n8n-internals.md#start-up-answers); an unsigned probe posting to n8n directly during each
 * restart shows those answers, and the pushes sent through the balancer must never get one.
 *
 * Per round: every push answered 200 has exactly one execution; no duplicate of one runs; every
 * redelivered push runs at least once and at most twice (twice only when its first execution was
 * created before the kill but its 200 never went out). A table of the rounds is printed.
 *
 * Environment: CRASH_PUSHES (pushes per round, default 200), CRASH_SEED (replays the random kill
 * points of a run; every run prints its seed), CRASH_READINESS=off (the balancer forwards without
 * readiness checks, like a setup without them: shows the pushes lost to n8n's start-up answers).
 */
import { n8n2Version } from '../../scripts/e2e/lib';
import { RoundRobinBalancer } from '../../scripts/e2e/lib/queue-mode-balancer';
import { useSession } from '../e2e/support/session';
import { failures, LEGEND, restartAnswers, table, type RoundFigures } from './support/figures';
import { tallyText } from './support/restartPushes';
import { restartProbe } from './support/restartProbe';
import { runRound, seededRandom, type Moment, type RoundSpec } from './support/round';
import { triggerVersions } from './support/workflow';

const PUSHES = Number(process.env.CRASH_PUSHES ?? 200);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const random = seededRandom(SEED);
const rows: RoundFigures[] = [];
const READINESS = process.env.CRASH_READINESS !== 'off';
let versions: number[] = [];
let balancer: RoundRobinBalancer | undefined;

const s = useSession('n8n2', 'crash-n8n2', async (session) => {
	versions = await triggerVersions(session.n8n);
	balancer = await RoundRobinBalancer.start({
		port: 0,
		upstreams: [session.n8n.port],
		...(READINESS ? {} : { readiness: false }),
	});
	process.stderr.write(
		`[crash] seed ${SEED} (CRASH_SEED=${SEED} replays the kill points), ${PUSHES} pushes per round, trigger versions ${versions.join(', ')}, balancer ${READINESS ? 'with' : 'WITHOUT'} readiness checks\n`,
	);
});

const newest = () => versions[versions.length - 1];
const oldest = () => versions[0];

async function round(
	name: string,
	moment: Moment,
	signal: RoundSpec['signal'],
	typeVersion: number,
): Promise<void> {
	const figures = await runRound(
		s(),
		balancer!,
		{ name, moment, signal, typeVersion, pushes: PUSHES },
		random,
	);
	rows.push(figures);
	process.stderr.write(`\n[crash] ${name}\n${table([figures])}\n${restartAnswers([figures])}\n`);
	const summary = `${figures.acknowledged} of ${figures.sent} pushes answered 200, ${figures.lost} of them without an execution after the restart, ${figures.duplicatesRun} duplicates ran, ${figures.redelivered} redelivered (${figures.doubleRuns} ran twice)`;
	expect({ round: name, summary, failures: failures(figures) }).toEqual({
		round: name,
		summary,
		failures: {},
	});
}

describe(`no acknowledged push is lost when n8n ${n8n2Version()} crashes`, () => {
	test.each<[string, Moment]>([
		['kill early', 'early'],
		['kill mid-burst', 'mid'],
		['kill late', 'late'],
	])('%s (SIGKILL, newest typeVersion)', async (name, moment) => {
		await round(name, moment, 'SIGKILL', newest());
	});

	// Saved workflows keep the typeVersion they were created with: the oldest one gets this round.
	test('kill at random (SIGKILL, oldest typeVersion)', async () => {
		await round(`kill at random, v${oldest()}`, 'random', 'SIGKILL', oldest());
	});

	test('SIGTERM mid-burst: graceful stop loses nothing acknowledged (newest typeVersion)', async () => {
		await round('SIGTERM mid-burst', 'mid', 'SIGTERM', newest());
	});

	test('restart probe: pushes every 2 ms while n8n restarts 3 times; no 200 through the balancer without an execution', async () => {
		const probe = await restartProbe(s(), balancer!, newest(), 2, 3);
		process.stderr.write(
			`\n[crash] restart probe: ${probe.restarts} restarts, ${probe.pushes} pushes, ${probe.acknowledged} answered 200, ${probe.seconds.toFixed(0)} s\n` +
				`  through the balancer: ${tallyText(probe.throughBalancer)}\n` +
				`  n8n directly (unsigned probe): ${tallyText(probe.direct)}\n`,
		);
		expect({
			acknowledged: probe.acknowledged > 0,
			acknowledgedWithoutRun: probe.acknowledgedWithoutRun,
		}).toEqual({ acknowledged: true, acknowledgedWithoutRun: [] });
	});
});

afterAll(async () => {
	await balancer?.close();
	if (rows.length === 0) return;
	process.stderr.write(
		`\n[crash] summary (seed ${SEED}, ${PUSHES} pushes per round, concurrency 8)\n${table(rows)}\n${LEGEND}\n` +
			`[crash] answers during the restarts\n${restartAnswers(rows)}\n\n`,
	);
});
