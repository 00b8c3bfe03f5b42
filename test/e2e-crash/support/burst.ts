/**
 * A burst of distinct signed pushes at a fixed concurrency, with a crash (or a stop) of n8n in the
 * middle of it, and the marketplace's side afterwards: redeliveries and duplicates.
 */
import type { Envelope, SendResult, Simulator } from '../../../simulator';
import { pushFresh, redeliver } from '../../e2e/support/pushes';

export interface Delivery {
	envelope: Envelope;
	/** HTTP status of the (last) answer; null when the connection failed (no answer). */
	status: number | null;
	error: string | null;
	/**
	 * Pushes sent during a restart only: earlier deliveries of this push that n8n took and the
	 * sender gave up on (timed out, or the connection was cut; see `mayHaveRun` in restartPushes.ts). Each may still
	 * run (a queue-mode job waits for the restarted worker), so the push may run once more per
	 * such delivery: a double run of an in-flight push, not a failure.
	 */
	abandonedAttempts?: number;
}

function deliveryOf(result: SendResult): Delivery {
	const last = result.deliveries[result.deliveries.length - 1];
	return { envelope: result.envelope, status: last?.status ?? null, error: last?.error ?? null };
}

export interface BurstPlan {
	/** Pushes to send at most (sending stops at the interruption). */
	pushes: number;
	concurrency: number;
	/** Interrupt once this many answers (any status) have come back... */
	afterAnswers: number;
	/** ...and this many milliseconds more. */
	extraDelayMs: number;
	/** The interruption: SIGKILL or SIGTERM of n8n; resolves when n8n is gone. */
	interrupt: () => Promise<void>;
}

export interface BurstResult {
	deliveries: Delivery[];
	/** Answers (any status) received before the interruption was started. */
	answersBeforeInterrupt: number;
}

/**
 * Sends up to `plan.pushes` fresh shipment_created pushes, `plan.concurrency` at a time. Once
 * `afterAnswers` answers are in (plus `extraDelayMs`), n8n is interrupted and no new push is
 * started; the ones in flight finish with whatever they get (an answer or a connection error).
 * If the burst ends first, n8n is interrupted at its end.
 */
export async function burstWithInterruption(sim: Simulator, plan: BurstPlan): Promise<BurstResult> {
	const deliveries: Delivery[] = [];
	let answers = 0;
	let started = 0;
	let stopSending = false;
	let answersBeforeInterrupt = -1;
	let interruption: Promise<void> | undefined;
	let timer: NodeJS.Timeout | undefined;
	const interrupt = () => {
		if (interruption) return;
		stopSending = true;
		answersBeforeInterrupt = answers;
		interruption = plan.interrupt();
	};
	const armed = () => {
		if (timer || interruption) return;
		if (plan.extraDelayMs <= 0) interrupt();
		else timer = setTimeout(interrupt, plan.extraDelayMs);
	};
	const lane = async () => {
		while (!stopSending && started < plan.pushes) {
			started += 1;
			const delivery = deliveryOf(await pushFresh(sim));
			deliveries.push(delivery);
			if (delivery.status !== null) answers += 1;
			if (answers >= plan.afterAnswers) armed();
		}
	};
	await Promise.all(Array.from({ length: plan.concurrency }, lane));
	clearTimeout(timer);
	interrupt();
	await interruption;
	return { deliveries, answersBeforeInterrupt };
}

/** Sends each envelope again (fresh X_Date, same body), `concurrency` at a time; returns the answers. */
export async function sendAgain(
	sim: Simulator,
	envelopes: Envelope[],
	concurrency: number,
): Promise<Delivery[]> {
	const out: Delivery[] = [];
	let next = 0;
	const lane = async () => {
		while (next < envelopes.length) {
			const envelope = envelopes[next++];
			// The result's envelope is the simulator's fresh one; what was sent is `envelope` (the body switch).
			out.push({ ...deliveryOf(await redeliver(sim, envelope)), envelope });
		}
	};
	await Promise.all(Array.from({ length: concurrency }, lane));
	return out;
}

/** How long the marketplace is taken to wait after a 503 before it delivers again. */
const RETRY_LATER_MS = 11_000;

/**
 * Redelivers like the marketplace: each envelope until it is answered 200 (at most `attempts`
 * times), later after a 503. Returns the last delivery of each.
 */
export async function redeliverUntilAccepted(
	sim: Simulator,
	envelopes: Envelope[],
	concurrency: number,
	attempts = 3,
): Promise<Delivery[]> {
	let pending = envelopes;
	const final = new Map<Envelope, Delivery>();
	for (let attempt = 0; attempt < attempts && pending.length > 0; attempt++) {
		const answered = await sendAgain(sim, pending, concurrency);
		for (const delivery of answered) final.set(delivery.envelope, delivery);
		pending = answered.filter((d) => d.status !== 200).map((d) => d.envelope);
		// A 503 asks for a later delivery (the trigger's Retry-After is at most its 10 s lease).
		if (pending.length > 0 && answered.some((d) => d.status === 503))
			await new Promise((resolve) => setTimeout(resolve, RETRY_LATER_MS));
	}
	return envelopes.map((envelope) => final.get(envelope)!);
}
