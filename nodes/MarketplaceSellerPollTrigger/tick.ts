/**
 * What one tick of n8n's poll schedule may do (docs/marketplace-seller-poll-trigger.md#exactly-once):
 *
 * - n8n fires a tick without waiting for the previous one, on the same static data; two polls
 *   reading the same memory would both report the same changes. So at most one poll runs per
 *   workflow and node in this process: a tick that finds one running reads nothing. This set is
 *   the only state the trigger keeps outside the static data.
 * - A poll stops asking for pages when 80 % of the time to the next tick (from Poll Times, or
 *   n8n's poll budget if shorter) has passed; the next poll resumes from the watermark.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { shortestIntervalMs } from './budget';

const running = new Set<string>();

/** Share of the time to the next tick a poll may spend asking for pages. */
export const READ_SHARE = 0.8;

function tickKey(context: IPollFunctions): string {
	const node = context.getNode();
	return JSON.stringify([context.getWorkflow().id ?? '', node.id || node.name]);
}

/** Runs `poll` unless a poll of the same workflow and node is still running (then null). */
export async function oneTickAtATime<T>(
	context: IPollFunctions,
	poll: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
	const key = tickKey(context);
	if (running.has(key)) return { ran: false };
	running.add(key);
	try {
		return { ran: true, value: await poll() };
	} finally {
		running.delete(key);
	}
}

/** The time (epoch ms) after which a poll started at `start` asks for no more pages. */
export function readDeadline(context: IPollFunctions, start: number): number {
	const interval = shortestIntervalMs(context.getNodeParameter('pollTimes', {}));
	const budget = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : 0;
	const limit = budget > 0 ? Math.min(interval, budget) : interval;
	return start + Math.floor(READ_SHARE * limit);
}
