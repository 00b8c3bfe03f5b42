/**
 * What one crash round did to the pushes, from the three readings of the executions: after the
 * restart (A), after the duplicates of the acknowledged pushes (B), after the redeliveries of
 * the unacknowledged ones (C).
 */
import type { Envelope } from '../../../simulator';
import type { Delivery } from './burst';
import { envelopeId, type Ledger } from './ledger';
import { tallyText, type RestartPushes } from './restartPushes';

export interface RoundFigures {
	round: string;
	signal: 'SIGKILL' | 'SIGTERM';
	typeVersion: number;
	/** Answers (any status) in when n8n was interrupted. */
	interruptedAfter: number;
	sent: number;
	/** Pushes answered 200 (before the interruption or during the restart): acknowledged. */
	acknowledged: number;
	/** Of `sent`: pushes started while n8n restarted (through the balancer). */
	restartSent: number;
	/** Of those: answered 200 before the restart was over. */
	restartAcknowledged: number;
	/** Answers the pushes sent during the restart got, by kind (through the balancer). */
	restartAnswers: string;
	/** Answers n8n itself gave an unsigned probe during the restart, by kind (no balancer). */
	restartDirect: string;
	/** Acknowledged pushes with no execution after the restart. */
	lost: number;
	/** Lost pushes whose duplicate ran nothing either: their dedup key was kept, so no redelivery can bring them back. */
	lostForGood: number;
	/**
	 * Acknowledged pushes with more executions than deliveries n8n took: more than one, or for a
	 * push sent during the restart, more than one plus its abandoned earlier deliveries.
	 */
	acknowledgedTwice: number;
	/** Pushes without a 200 (connection cut, or another status), redelivered after the restart. */
	redelivered: number;
	/** Redelivered pushes that never got a 200. */
	redeliveryRefused: number;
	/** Redelivered pushes with no execution at all. */
	redeliveredNeverRan: number;
	/**
	 * In-flight pushes that ran twice: redelivered pushes with two executions, the first from
	 * before the kill (created, 200 never sent); and pushes sent during the restart that ran once
	 * more per earlier delivery the sender gave up on (`Delivery.abandonedAttempts`).
	 */
	doubleRuns: number;
	/** Redelivered pushes with more executions than that allows. */
	tooManyRuns: number;
	/** Duplicates of acknowledged pushes that created an execution. */
	duplicatesRun: number;
	/** Duplicates not answered 200. */
	duplicatesRefused: number;
	/**
	 * Executions of pushes from before the interruption that n8n started only after the restart
	 * (n8n 2.40.7 runs executions it had created but not started, status new, when it starts).
	 */
	resumed: number;
	/** Executions that hold no trigger item. */
	executionsWithoutPush: number;
	/**
	 * Executions the killed process left `new` or `running` that nothing will move again (n8n's
	 * start-up recovery passed over them, or in queue mode no job is left for them); their push
	 * is counted from the start stack n8n saved.
	 */
	leftRunning: number;
	/** Queue mode: executions failed because their job stalled with the killed worker (nothing of the push ran). */
	stalled: number;
	/** Execution statuses at the end, e.g. "success 190, crashed 3". */
	statuses: string;
	seconds: number;
	/** Up to 5 examples per failing figure, for the assertion message. */
	examples: Record<string, string[]>;
}

export interface RoundReadings {
	/** The burst's deliveries, then those started during the restart. */
	deliveries: Delivery[];
	duringRestart: RestartPushes;
	duplicates: Delivery[];
	redeliveries: Delivery[];
	afterRestart: Ledger;
	afterDuplicates: Ledger;
	afterRedeliveries: Ledger;
}

export function roundFigures(
	meta: Pick<RoundFigures, 'round' | 'signal' | 'typeVersion' | 'interruptedAfter' | 'seconds'> & {
		restartedAt: number;
		/** Ids of the executions settle counted as orphans of the killed process. */
		leftRunning?: string[];
	},
	readings: RoundReadings,
): RoundFigures {
	const { deliveries, afterRestart: a, afterDuplicates: b, afterRedeliveries: c } = readings;
	const count = (ledger: Ledger, envelope: Envelope) =>
		ledger.counts.get(envelopeId(envelope)) ?? 0;
	const examples: Record<string, string[]> = {};
	const note = (figure: string, envelope: Envelope, detail: string) => {
		const list = (examples[figure] ??= []);
		if (list.length < 5) list.push(`${envelope.shipmentId ?? envelope.returnId} (${detail})`);
	};

	const acknowledged = deliveries.filter((d) => d.status === 200);
	const unacknowledged = deliveries.filter((d) => d.status !== 200);
	let lost = 0;
	let lostForGood = 0;
	let acknowledgedTwice = 0;
	let duplicatesRun = 0;
	let doubleRuns = 0;
	for (const { envelope, abandonedAttempts = 0 } of acknowledged) {
		const [inA, inB] = [count(a, envelope), count(b, envelope)];
		if (inA === 0) {
			lost += 1;
			note('lost', envelope, inB > 0 ? 'its duplicate ran' : 'its duplicate ran nothing');
			if (inB === 0) lostForGood += 1;
		}
		// One run per delivery n8n took: the 200's, and each earlier one the sender gave up on.
		if (inA > 1 + abandonedAttempts) {
			acknowledgedTwice += 1;
			note(
				'acknowledgedTwice',
				envelope,
				`${inA} executions${abandonedAttempts ? `, ${abandonedAttempts} earlier deliveries abandoned` : ''}`,
			);
		} else if (inA > 1) {
			doubleRuns += 1;
		}
		if (inB > inA) {
			duplicatesRun += 1;
			note('duplicatesRun', envelope, `${inA} -> ${inB} executions`);
		}
	}
	let redeliveredNeverRan = 0;
	let tooManyRuns = 0;
	for (const { envelope, status, error, abandonedAttempts = 0 } of unacknowledged) {
		const [inA, inC] = [count(a, envelope), count(c, envelope)];
		if (inC === 0) {
			redeliveredNeverRan += 1;
			note('redeliveredNeverRan', envelope, `first answer ${status ?? error}`);
		} else if (inA > 1 + abandonedAttempts || inC - inA > 1) {
			// Before the redelivery: at most one run per delivery n8n took (the last and the
			// abandoned ones); the redelivery itself at most one more.
			tooManyRuns += 1;
			note('tooManyRuns', envelope, `${inA} executions before the redelivery, ${inC} after`);
		} else if (inC > 1) {
			doubleRuns += 1;
		}
	}
	const redeliveryRefused = readings.redeliveries.filter((d) => d.status !== 200);
	for (const d of redeliveryRefused)
		note('redeliveryRefused', d.envelope, `${d.status ?? d.error}`);
	const duplicatesRefused = readings.duplicates.filter((d) => d.status !== 200);
	for (const d of duplicatesRefused)
		note('duplicatesRefused', d.envelope, `${d.status ?? d.error}`);

	examples.executionsWithoutPush = c.withoutPush.slice(0, 5);
	const { restartedAt, leftRunning, ...rest } = meta;
	examples.leftRunning = (leftRunning ?? []).slice(0, 5);
	const restart = readings.duringRestart;
	// Executions of pushes sent during the restart start after it too; they are not resumed ones.
	const restartRuns = restart.deliveries.reduce((sum, d) => sum + count(a, d.envelope), 0);
	return {
		...rest,
		resumed: a.startedAt.filter((at) => at >= restartedAt).length - restartRuns,
		sent: deliveries.length,
		acknowledged: acknowledged.length,
		restartSent: restart.deliveries.length,
		restartAcknowledged: restart.deliveries.filter((d) => d.status === 200).length,
		restartAnswers: tallyText(restart.answers),
		restartDirect: tallyText(restart.direct),
		lost,
		lostForGood,
		acknowledgedTwice,
		redelivered: unacknowledged.length,
		redeliveryRefused: redeliveryRefused.length,
		redeliveredNeverRan,
		doubleRuns,
		tooManyRuns,
		duplicatesRun,
		duplicatesRefused: duplicatesRefused.length,
		executionsWithoutPush: c.withoutPush.length,
		leftRunning: leftRunning?.length ?? 0,
		stalled: c.stalled.length,
		statuses: Object.entries(c.statuses)
			.map(([status, n]) => `${status} ${n}`)
			.join(', '),
		examples,
	};
}

/** The figures that must be zero, with their examples: what a round's assertion compares. */
export function failures(f: RoundFigures): Record<string, { count: number; examples: string[] }> {
	const zeroes: Array<keyof RoundFigures> = [
		'lost',
		'acknowledgedTwice',
		'duplicatesRun',
		'redeliveredNeverRan',
		'tooManyRuns',
		'redeliveryRefused',
		'executionsWithoutPush',
	];
	const out: Record<string, { count: number; examples: string[] }> = {};
	for (const key of zeroes) {
		const count = f[key] as number;
		if (count !== 0) out[key] = { count, examples: f.examples[key] ?? [] };
	}
	return out;
}

const COLUMNS: Array<[string, (f: RoundFigures) => string | number]> = [
	['round', (f) => f.round],
	['signal', (f) => f.signal],
	['v', (f) => f.typeVersion],
	['at', (f) => f.interruptedAfter],
	['sent', (f) => f.sent],
	['answered', (f) => f.acknowledged],
	['rsSent', (f) => f.restartSent],
	['rsAns', (f) => f.restartAcknowledged],
	['lost', (f) => f.lost],
	['lost4good', (f) => f.lostForGood],
	['ack>1', (f) => f.acknowledgedTwice],
	['redeliv', (f) => f.redelivered],
	['redeliv0', (f) => f.redeliveredNeverRan],
	['double', (f) => f.doubleRuns],
	['>2', (f) => f.tooManyRuns],
	['dupsRun', (f) => f.duplicatesRun],
	['resumed', (f) => f.resumed],
	['leftRun', (f) => f.leftRunning],
	['stalled', (f) => f.stalled],
	['s', (f) => f.seconds.toFixed(0)],
	['executions', (f) => f.statuses],
];

/** What the pushes sent during each round's restart were answered, through the balancer and directly. */
export function restartAnswers(rows: RoundFigures[]): string {
	return rows
		.map(
			(f) =>
				`${f.round}: through the balancer ${f.restartAnswers}; n8n directly ${f.restartDirect}`,
		)
		.join('\n');
}

/** A compact table of the rounds. */
export function table(rows: RoundFigures[]): string {
	const cells = [
		COLUMNS.map(([name]) => name),
		...rows.map((row) => COLUMNS.map(([, value]) => String(value(row)))),
	];
	const widths = COLUMNS.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
	return cells
		.map((line) =>
			line.map((cell, i) => (i === line.length - 1 ? cell : cell.padStart(widths[i]))).join('  '),
		)
		.join('\n');
}

export const LEGEND =
	'at = answers in when n8n was interrupted; answered = pushes answered 200 (acknowledged); ' +
	'rsSent / rsAns = of sent / answered, pushes started while n8n restarted (each redelivered until answered 200 or the restart was over); lost = acknowledged, no execution after the restart; ' +
	'lost4good = lost and its duplicate ran nothing either (key kept); ack>1 = acknowledged with more executions than deliveries n8n took (one, plus any earlier delivery of a restart push the sender gave up on); redeliv = pushes without a 200, ' +
	'redelivered after the restart; redeliv0 = redelivered, never ran; double = in flight, ran twice: redelivered with a first execution created before the kill (200 never sent), or a restart push whose earlier, abandoned delivery ran too; ' +
	'>2 = redelivered, more runs than that; dupsRun = duplicates of acknowledged pushes that ran; ' +
	'resumed = executions created before the interruption that n8n started after the restart; ' +
	'leftRun = executions the killed process left running (or new) that n8n will not move again, counted as settled; ' +
	'stalled = queue mode, executions n8n failed because their job stalled with the killed worker (nothing of the push ran)';
