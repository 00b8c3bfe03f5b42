/**
 * Pushes in flight in this process, so that a second copy of a delivery that arrives while the
 * first is still running waits for the first one's answer instead of being acknowledged early
 * (a 200 is a promise that the push runs: the first copy may still fail and need redelivery).
 *
 * Waiters exist only while their request is open and, when a wait is bounded, until its bound;
 * every request settles when its response closes, so the map is bounded by the requests n8n
 * holds open.
 */
import { sleep } from 'n8n-workflow';

type Wake = (acknowledged: boolean | undefined) => void;

const waiters = new Map<string, Wake[]>();

/** Steps of a bounded wait, so that no sleep outlives the answer by much. */
const WAIT_STEP_MS = 250;

/**
 * Resolves with true when the delivery in flight under `id` was answered 200, false when it was
 * answered otherwise, and undefined when `maxMs` passed first.
 */
export async function waitForInFlight(id: string, maxMs?: number): Promise<boolean | undefined> {
	return await new Promise<boolean | undefined>((resolve) => {
		let done = false;
		const settle: Wake = (acknowledged) => {
			if (done) return;
			done = true;
			resolve(acknowledged);
		};
		waiters.set(id, [...(waiters.get(id) ?? []), settle]);
		if (maxMs === undefined) return;
		void (async () => {
			for (let waited = 0; !done && waited < maxMs; waited += WAIT_STEP_MS)
				await sleep(Math.min(WAIT_STEP_MS, maxMs - waited));
			if (done) return;
			const rest = (waiters.get(id) ?? []).filter((other) => other !== settle);
			if (rest.length === 0) waiters.delete(id);
			else waiters.set(id, rest);
			settle(undefined);
		})();
	});
}

/** Wakes the requests waiting for the delivery in flight under `id`. */
export function settleInFlight(id: string, acknowledged: boolean): void {
	const list = waiters.get(id);
	if (list === undefined) return;
	waiters.delete(id);
	for (const wake of list) wake(acknowledged);
}

/** How many deliveries have waiters (tests). */
export function inFlightWaiterCount(): number {
	return waiters.size;
}
