/**
 * Crash test: the trigger's 200 is a promise that the push will run (docs/marketplace-api/notifications.md#delivery: the marketplace
 * stops redelivering after a 200). In a real n8n 2.40.7 with the packed package, bursts of
 * distinct signed pushes at concurrency 8 are cut by a SIGKILL of n8n's process group (n8n and its
 * task runner) early, mid-burst and late (newest typeVersion) and at a random point (oldest
 * typeVersion, the one saved workflows may still use), and once by SIGTERM; n8n restarts on
 * the same user folder, the marketplace sends a duplicate of every acknowledged push and
 * redelivers every other one. Executions are counted per push through the public API.
 *
 * Per round: every push answered 200 has exactly one execution; no duplicate of one runs; every
 * redelivered push runs at least once and at most twice (twice only when its first execution was
 * created before the kill but its 200 never went out). A table of the rounds is printed.
 *
 * Environment: CRASH_PUSHES (pushes per round, default 200), CRASH_SEED (replays the random kill
 * points of a run; every run prints its seed).
 */
import { useSession } from '../e2e/support/session';
import { failures, LEGEND, table, type RoundFigures } from './support/figures';
import { runRound, seededRandom, type Moment, type RoundSpec } from './support/round';
import { triggerVersions } from './support/workflow';

const PUSHES = Number(process.env.CRASH_PUSHES ?? 200);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const random = seededRandom(SEED);
const rows: RoundFigures[] = [];
let versions: number[] = [];

const s = useSession('n8n2', 'crash-n8n2', async (session) => {
	versions = await triggerVersions(session.n8n);
	process.stderr.write(
		`[crash] seed ${SEED} (CRASH_SEED=${SEED} replays the kill points), ${PUSHES} pushes per round, trigger versions ${versions.join(', ')}\n`,
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
		{ name, moment, signal, typeVersion, pushes: PUSHES },
		random,
	);
	rows.push(figures);
	process.stderr.write(`\n[crash] ${name}\n${table([figures])}\n`);
	const summary = `${figures.acknowledged} of ${figures.sent} pushes answered 200, ${figures.lost} of them without an execution after the restart, ${figures.duplicatesRun} duplicates ran, ${figures.redelivered} redelivered (${figures.doubleRuns} ran twice)`;
	expect({ round: name, summary, failures: failures(figures) }).toEqual({
		round: name,
		summary,
		failures: {},
	});
}

describe('no acknowledged push is lost when n8n 2.40.7 crashes', () => {
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
});

afterAll(() => {
	if (rows.length === 0) return;
	process.stderr.write(
		`\n[crash] summary (seed ${SEED}, ${PUSHES} pushes per round, concurrency 8)\n${table(rows)}\n${LEGEND}\n\n`,
	);
});
