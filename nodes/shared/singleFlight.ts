/**
 * One token request at a time per credential and grant, within one n8n process.
 *
 * Several executions can find the same token expired at once. Without this they would all ask
 * the token service, and with a rotating refresh token (docs/marketplace-api/authentication.md#refresh-token-renewal: renewed when 21 days or less
 * remain) every caller but the first would present a refresh token the marketplace has just
 * revoked, and be told to re-authorize. Callers that arrive while a request is in flight, or
 * shortly after it finished, get the same answer.
 */
interface Flight {
	promise: Promise<unknown>;
	settledAt?: number;
}

const MAX_FLIGHTS = 256;
const flights = new Map<string, Flight>();

function evict(now: number, reuseMs: number): void {
	for (const [key, flight] of flights) {
		if (
			flights.size <= MAX_FLIGHTS &&
			(flight.settledAt === undefined || now - flight.settledAt <= reuseMs)
		) {
			continue;
		}
		if (flight.settledAt !== undefined) flights.delete(key);
	}
}

/**
 * Runs `request` unless an identical one (same key) is running or succeeded less than `reuseMs`
 * ago, in which case its result is shared. Failures are not reused.
 */
export async function singleFlight<T>(
	key: string,
	reuseMs: number,
	request: () => Promise<T>,
): Promise<T> {
	const now = Date.now();
	evict(now, reuseMs);
	const existing = flights.get(key);
	if (existing && (existing.settledAt === undefined || now - existing.settledAt <= reuseMs)) {
		return (await existing.promise) as T;
	}
	const flight: Flight = { promise: request() };
	flights.set(key, flight);
	flight.promise.then(
		() => {
			flight.settledAt = Date.now();
		},
		() => {
			if (flights.get(key) === flight) flights.delete(key);
		},
	);
	return (await flight.promise) as T;
}
