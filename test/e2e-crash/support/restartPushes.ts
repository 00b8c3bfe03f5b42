/**
 * Pushes while n8n restarts, the way the marketplace sends them: each lane sends a fresh push
 * and redelivers it every `intervalMs` until it is answered 200, then starts the next, until the
 * restart is over. They go through the balancer of the documented setup (README "Production
 * setup of the trigger": only a ready n8n gets pushes). Beside them an unsigned probe posts to
 * n8n directly, bypassing the balancer, to show what n8n itself answers while it starts
 * (docs/n8n-internals.md#start-up-answers): the trigger answers an unsigned post 401, so any 200
 * the probe gets ran nothing.
 */
import { request, sleep } from '../../../scripts/e2e/lib';
import type { SendResult, Simulator } from '../../../simulator';
import { pushFresh, redeliver } from '../../e2e/support/pushes';
import type { Delivery } from './burst';

/** The body of n8n's answer to every request while its database is connected but not migrated. */
export const STARTING_UP_BODY = 'n8n is starting up';

/** Answers by kind, e.g. { refused: 120, '503': 40, '200 starting up': 1, '401': 3 }. */
export type Tally = Record<string, number>;

function kindOf(status: number | null, body: string | null | undefined): string {
	if (status === null) return 'no answer';
	if (status === 200 && (body ?? '').includes(STARTING_UP_BODY)) return '200 starting up';
	if (status === 404 && (body ?? '').trimStart().startsWith('<')) return '404 html';
	return String(status);
}

/**
 * Whether an unanswered delivery may have reached n8n's webhook and started a run: yes when it
 * timed out or its connection was cut, no when the connection was refused (nothing listened) or
 * an answer came (the balancer's 503, n8n's 404s and start-up answers run nothing, and the lanes
 * stop at the first 200).
 */
export function mayHaveRun(
	answer: { status: number | null; error: string | null } | undefined,
): boolean {
	return !!answer && answer.status === null && !(answer.error ?? '').includes('ECONNREFUSED');
}

function count(tally: Tally, kind: string): void {
	tally[kind] = (tally[kind] ?? 0) + 1;
}

export interface RestartPushes {
	/** The last delivery of every push started during the restart. */
	deliveries: Delivery[];
	/** Every answer the pushes got (through the balancer), by kind. */
	answers: Tally;
	/** Every answer the unsigned probe got from n8n directly, by kind. */
	direct: Tally;
}

/**
 * Starts the lanes and the probe; call the returned function once the restart is over: it stops
 * them and resolves with what they got.
 */
export function pushWhileRestarting(
	sim: Simulator,
	opts: { lanes: number; intervalMs: number; directUrl?: string },
): () => Promise<RestartPushes> {
	let over = false;
	const deliveries: Delivery[] = [];
	const answers: Tally = {};
	const direct: Tally = {};
	const last = (result: SendResult) => result.deliveries[result.deliveries.length - 1];
	const lane = async () => {
		while (!over) {
			let result = await pushFresh(sim);
			const envelope = result.envelope;
			let abandonedAttempts = 0;
			for (;;) {
				const answer = last(result);
				count(answers, kindOf(answer?.status ?? null, answer?.responseBody));
				if (answer?.status === 200 || over) break;
				if (mayHaveRun(answer)) abandonedAttempts += 1;
				await sleep(opts.intervalMs);
				result = await redeliver(sim, envelope);
			}
			const answer = last(result);
			deliveries.push({
				envelope,
				status: answer?.status ?? null,
				error: answer?.error ?? null,
				abandonedAttempts,
			});
		}
	};
	const probe = async (directUrl: string) => {
		while (!over) {
			const r = await request<string>({
				method: 'POST',
				url: directUrl,
				data: { probe: true },
				timeout: 5_000,
				transformResponse: [(data: string) => data],
			}).catch(() => null);
			count(direct, r ? kindOf(r.status, typeof r.data === 'string' ? r.data : '') : 'no answer');
			await sleep(opts.intervalMs);
		}
	};
	const directUrl = opts.directUrl;
	const running = Promise.all([
		...Array.from({ length: opts.lanes }, lane),
		...(directUrl ? [probe(directUrl)] : []),
	]);
	return async () => {
		over = true;
		await running;
		return { deliveries, answers, direct };
	};
}

/** "200 starting up 1, 401 3, ..." */
export function tallyText(tally: Tally): string {
	return (
		Object.entries(tally)
			.map(([kind, n]) => `${kind} ${n}`)
			.join(', ') || 'none'
	);
}
