/**
 * The crash rounds' figures for pushes sent while n8n restarts. Such a push is redelivered until
 * it is answered 200; an earlier delivery the sender gave up on after n8n had taken it (it timed
 * out waiting while the queue-mode worker was down) may still run when the worker is back. That is
 * a double run of an in-flight push, allowed and counted; a push answered 200 on its only
 * delivery that runs twice stays a failure, and so does a second run behind a delivery n8n
 * refused outright (nothing was taken).
 */
import type { Envelope } from '../../simulator';
import type { Delivery } from '../e2e-crash/support/burst';
import { failures, roundFigures, type RoundReadings } from '../e2e-crash/support/figures';
import { envelopeId, type Ledger } from '../e2e-crash/support/ledger';
import { mayHaveRun } from '../e2e-crash/support/restartPushes';

const PUSH: Envelope = {
	eventType: 'shipment_created',
	source: 'test',
	version: 'v3',
	timestamp: '2026-12-01T00:00:00Z',
	shipmentId: 'S-1',
	attributes: {},
};

/** What n8n's executions say of PUSH: `runs` executions. */
function ledger(runs: number): Ledger {
	return {
		counts: new Map([[envelopeId(PUSH), runs]]),
		dedupKeys: new Map(),
		startedAt: [],
		statuses: {},
		withoutPush: [],
		stalled: [],
		total: runs,
	};
}

const META = {
	round: 'worker killed',
	signal: 'SIGKILL' as const,
	typeVersion: 2,
	interruptedAfter: 0,
	seconds: 1,
	restartedAt: 0,
};

/**
 * One push's figures: `delivery` is its last delivery (sent during the restart when `restart`);
 * `runs` its executions after the restart, after the duplicates and after the redeliveries.
 */
function figuresOf(
	delivery: Omit<Delivery, 'envelope'>,
	runs: [afterRestart: number, afterDuplicates: number, afterRedeliveries: number],
	restart: boolean,
) {
	const d: Delivery = { envelope: PUSH, ...delivery };
	const answered: Delivery[] = [{ envelope: PUSH, status: 200, error: null }];
	const readings: RoundReadings = {
		deliveries: [d],
		duringRestart: { deliveries: restart ? [d] : [], answers: {}, direct: {} },
		duplicates: d.status === 200 ? answered : [],
		redeliveries: d.status === 200 ? [] : answered,
		afterRestart: ledger(runs[0]),
		afterDuplicates: ledger(runs[1]),
		afterRedeliveries: ledger(runs[2]),
	};
	return roundFigures(META, readings);
}

/** A push sent during the restart and answered 200 at last, with `n` executions throughout. */
const restartPush = (abandonedAttempts: number | undefined, n: number) =>
	figuresOf({ status: 200, error: null, abandonedAttempts }, [n, n, n], true);

/** A push without a 200, redelivered: `before` executions before the redelivery, `after` after. */
const redeliveredPush = (delivery: Omit<Delivery, 'envelope'>, before: number, after: number) =>
	figuresOf(delivery, [before, before, after], false);

const TIMED_OUT = 'Receiver did not answer within 10000 ms';
const REFUSED = 'connect ECONNREFUSED 127.0.0.1:5678';

describe('mayHaveRun: which unanswered deliveries n8n may have taken', () => {
	test('a timeout or a cut connection may have started a run; a refused connection did not', () => {
		expect(mayHaveRun({ status: null, error: TIMED_OUT })).toBe(true);
		expect(mayHaveRun({ status: null, error: 'socket hang up' })).toBe(true);
		expect(mayHaveRun({ status: null, error: REFUSED })).toBe(false);
		expect(mayHaveRun({ status: 404, error: null })).toBe(false);
		expect(mayHaveRun({ status: 503, error: null })).toBe(false);
		expect(mayHaveRun(undefined)).toBe(false);
	});
});

describe('crash figures for pushes sent during the restart', () => {
	test('a push whose first delivery timed out while the worker was down may run twice: a double run, not a failure', () => {
		const f = restartPush(1, 2);
		expect(failures(f)).toEqual({});
		expect(f.acknowledgedTwice).toBe(0);
		expect(f.doubleRuns).toBe(1);
	});

	test('a push answered 200 on its only delivery that ran twice is still a failure', () => {
		const f = restartPush(undefined, 2);
		expect(failures(f)).toMatchObject({ acknowledgedTwice: { count: 1 } });
		expect(f.doubleRuns).toBe(0);
	});

	test('more runs than the deliveries n8n took is a failure', () => {
		const f = restartPush(1, 3);
		expect(failures(f)).toMatchObject({ acknowledgedTwice: { count: 1 } });
	});

	test('a push that ran once is neither', () => {
		const f = restartPush(2, 1);
		expect(failures(f)).toEqual({});
		expect(f.doubleRuns).toBe(0);
	});
});

describe('crash figures for pushes redelivered after the restart', () => {
	test('created before the kill, then run by its redelivery: a double run', () => {
		const f = redeliveredPush({ status: null, error: TIMED_OUT }, 1, 2);
		expect(failures(f)).toEqual({});
		expect(f.doubleRuns).toBe(1);
	});

	test('a redelivery that runs twice, or a push that never ran, fails', () => {
		expect(failures(redeliveredPush({ status: null, error: TIMED_OUT }, 0, 2))).toMatchObject({
			tooManyRuns: { count: 1 },
		});
		expect(failures(redeliveredPush({ status: null, error: TIMED_OUT }, 2, 3))).toMatchObject({
			tooManyRuns: { count: 1 },
		});
		expect(failures(redeliveredPush({ status: null, error: TIMED_OUT }, 0, 0))).toMatchObject({
			redeliveredNeverRan: { count: 1 },
		});
	});

	test('a restart push with an abandoned delivery before its last may run once more before the redelivery', () => {
		const f = redeliveredPush({ status: null, error: TIMED_OUT, abandonedAttempts: 1 }, 2, 3);
		expect(failures(f)).toEqual({});
		expect(f.doubleRuns).toBe(1);
	});
});
