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
import { sentAttempt, type RestartPushes } from '../e2e-crash/support/restartPushes';

function envelope(shipmentId: string): Envelope {
	return {
		eventType: 'shipment_created',
		source: 'test',
		version: 'v3',
		timestamp: '2026-12-01T00:00:00Z',
		shipmentId,
		attributes: {},
	};
}

function ledger(runs: Array<[Envelope, number]>): Ledger {
	return {
		counts: new Map(runs.map(([e, n]) => [envelopeId(e), n])),
		dedupKeys: new Map(),
		startedAt: [],
		statuses: {},
		withoutPush: [],
		stalled: [],
		total: runs.reduce((sum, [, n]) => sum + n, 0),
	};
}

function figures(restart: Delivery[], runs: Array<[Envelope, number]>) {
	const duringRestart: RestartPushes = { deliveries: restart, answers: {}, direct: {} };
	const after = ledger(runs);
	const readings: RoundReadings = {
		deliveries: restart,
		duringRestart,
		duplicates: restart.map((d) => ({ envelope: d.envelope, status: 200, error: null })),
		redeliveries: [],
		afterRestart: after,
		afterDuplicates: after,
		afterRedeliveries: after,
	};
	return roundFigures(
		{
			round: 'worker killed',
			signal: 'SIGKILL',
			typeVersion: 2,
			interruptedAfter: 0,
			seconds: 1,
			restartedAt: 0,
		},
		readings,
	);
}

const TIMED_OUT = 'Receiver did not answer within 10000 ms';
const REFUSED = 'connect ECONNREFUSED 127.0.0.1:5678';

describe('sentAttempt: which unanswered deliveries n8n may have taken', () => {
	test('a timeout or a cut connection may have started a run; a refused connection did not', () => {
		expect(sentAttempt({ status: null, error: TIMED_OUT })).toBe(true);
		expect(sentAttempt({ status: null, error: 'socket hang up' })).toBe(true);
		expect(sentAttempt({ status: null, error: REFUSED })).toBe(false);
		expect(sentAttempt({ status: 404, error: null })).toBe(false);
		expect(sentAttempt({ status: 503, error: null })).toBe(false);
	});
});

describe('crash figures for pushes sent during the restart', () => {
	test('a push whose first delivery timed out while the worker was down may run twice: a double run, not a failure', () => {
		const push = envelope('S-1');
		const f = figures(
			[{ envelope: push, status: 200, error: null, abandonedAttempts: 1 }],
			[[push, 2]],
		);
		expect(failures(f)).toEqual({});
		expect(f.acknowledgedTwice).toBe(0);
		expect(f.doubleRuns).toBe(1);
	});

	test('a push answered 200 on its only delivery that ran twice is still a failure', () => {
		const push = envelope('S-2');
		const f = figures([{ envelope: push, status: 200, error: null }], [[push, 2]]);
		expect(failures(f)).toMatchObject({ acknowledgedTwice: { count: 1 } });
		expect(f.doubleRuns).toBe(0);
	});

	test('more runs than the deliveries n8n took is a failure', () => {
		const push = envelope('S-3');
		const f = figures(
			[{ envelope: push, status: 200, error: null, abandonedAttempts: 1 }],
			[[push, 3]],
		);
		expect(failures(f)).toMatchObject({ acknowledgedTwice: { count: 1 } });
	});

	test('a push that ran once is neither', () => {
		const push = envelope('S-4');
		const f = figures(
			[{ envelope: push, status: 200, error: null, abandonedAttempts: 2 }],
			[[push, 1]],
		);
		expect(failures(f)).toEqual({});
		expect(f.doubleRuns).toBe(0);
	});
});

describe('crash figures for pushes redelivered after the restart', () => {
	const run = (delivery: Omit<Delivery, 'envelope'>, inA: number, inC: number) => {
		const push = envelope('S-R');
		const d: Delivery = { envelope: push, ...delivery };
		const duringRestart: RestartPushes = { deliveries: [], answers: {}, direct: {} };
		return roundFigures(
			{
				round: 'r',
				signal: 'SIGKILL',
				typeVersion: 2,
				interruptedAfter: 0,
				seconds: 1,
				restartedAt: 0,
			},
			{
				deliveries: [d],
				duringRestart,
				duplicates: [],
				redeliveries: [{ envelope: push, status: 200, error: null }],
				afterRestart: ledger([[push, inA]]),
				afterDuplicates: ledger([[push, inA]]),
				afterRedeliveries: ledger([[push, inC]]),
			},
		);
	};

	test('created before the kill, then run by its redelivery: a double run', () => {
		const f = run({ status: null, error: TIMED_OUT }, 1, 2);
		expect(failures(f)).toEqual({});
		expect(f.doubleRuns).toBe(1);
	});

	test('a redelivery that runs twice, or a push that never ran, fails', () => {
		expect(failures(run({ status: null, error: TIMED_OUT }, 0, 2))).toMatchObject({
			tooManyRuns: { count: 1 },
		});
		expect(failures(run({ status: null, error: TIMED_OUT }, 2, 3))).toMatchObject({
			tooManyRuns: { count: 1 },
		});
		expect(failures(run({ status: null, error: TIMED_OUT }, 0, 0))).toMatchObject({
			redeliveredNeverRan: { count: 1 },
		});
	});

	test('a restart push with an abandoned delivery before its last may run once more before the redelivery', () => {
		const f = run({ status: null, error: TIMED_OUT, abandonedAttempts: 1 }, 2, 3);
		expect(failures(f)).toEqual({});
		expect(f.doubleRuns).toBe(1);
	});
});
