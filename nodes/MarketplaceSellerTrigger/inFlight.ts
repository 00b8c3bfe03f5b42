/**
 * Pushes in flight in this process, so that a second copy of a delivery that arrives while the
 * first is still running waits for the first one's answer instead of being acknowledged early
 * (a 200 is a promise that the push runs: the first copy may still fail and need redelivery).
 *
 * Waiters exist only while their request is open; every request settles when its response
 * closes, so the map is bounded by the requests n8n holds open.
 */
const waiters = new Map<string, Array<(acknowledged: boolean) => void>>();

/** Resolves with true when the delivery in flight under `id` was answered 200, false otherwise. */
export async function waitForInFlight(id: string): Promise<boolean> {
	return await new Promise<boolean>((resolve) => {
		const list = waiters.get(id);
		if (list === undefined) waiters.set(id, [resolve]);
		else list.push(resolve);
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
