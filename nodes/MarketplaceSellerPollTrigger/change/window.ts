/**
 * Windows and watermarks, one per searched list ("stream"). All times are epoch milliseconds
 * and `now` is always passed in, so these are pure.
 *
 * - A stream starts at `origin`: the user's "Since" date, or else the first activation's time less
 *   the overlap. n8n activates a published workflow a moment after Publish answers
 *   (docs/n8n-internals.md#publish-answers-before-the-activation-poll), and the marketplace may
 *   stamp a change in whole seconds or by a clock behind n8n's: a change made as the trigger
 *   starts can carry an earlier time.
 *   Records modified before the origin are history: remembered, never reported.
 * - Each poll reads modifiedDate in [watermark - overlap, now]. The overlap re-reads the last
 *   stretch of the previous window, for clock skew between n8n and the marketplace and for
 *   writes that become visible after their modifiedDate; the transition memory drops what was
 *   already reported. Both bounds are inclusive, so a change on the boundary is read twice and
 *   reported once.
 * - A completely read window moves the watermark to its end. A window cut short (429 after the
 *   transport's retries) moves it to the modifiedDate of the last record read, when the list is
 *   sorted by modifiedDate; the next poll resumes there.
 */

export interface StreamState {
	/** Everything modified up to here (minus the overlap) has been read. */
	watermark: number;
	/** Records modified before this are history; orders placed before it (minus the grace) are not new. */
	origin: number;
}

export interface Window {
	from: number;
	to: number;
}

/**
 * A new stream's state. With "Since" the first poll reads from there; without it there is nothing
 * to read yet (the watermark is now), and the next poll's window, which reaches back by the
 * overlap, reads what was stamped since the origin.
 */
export function startStream(
	now: number,
	sinceMs: number | undefined,
	overlapMs: number,
): StreamState {
	if (sinceMs !== undefined && Number.isFinite(sinceMs) && sinceMs < now)
		return { watermark: sinceMs, origin: sinceMs };
	return { watermark: now, origin: now - Math.max(0, overlapMs) };
}

/** The window of the next poll. A clock that went back never makes the range empty. */
export function windowOf(state: StreamState, now: number, overlapMs: number): Window {
	return { from: state.watermark - Math.max(0, overlapMs), to: Math.max(now, state.watermark) };
}

export interface ReadProgress {
	/** Every page of the window was read. */
	complete: boolean;
	/** modifiedDate of the last record read, for lists sorted by it (ascending). */
	lastModifiedMs?: number;
}

/** The watermark after a poll; it never moves back. */
export function advance(state: StreamState, window: Window, progress: ReadProgress): StreamState {
	if (progress.complete) return { ...state, watermark: Math.max(state.watermark, window.to) };
	const last = progress.lastModifiedMs;
	if (last === undefined || !Number.isFinite(last)) return state;
	return { ...state, watermark: Math.max(state.watermark, Math.min(last, window.to)) };
}

/** Modified before the stream started: remember, do not report. Unknown times are not history. */
export function isHistory(modifiedMs: number, state: StreamState): boolean {
	return Number.isFinite(modifiedMs) && modifiedMs < state.origin;
}

/**
 * Whether a record seen for the first time is new (an order placed, a return created, since
 * the stream started). The grace (the overlap) covers orders that show up a little after their
 * order date. Without a known date, a record modified since the origin counts as new.
 */
export function isNewRecord(
	bornMs: number,
	modifiedMs: number,
	state: StreamState,
	graceMs: number,
): boolean {
	if (Number.isFinite(bornMs)) return bornMs >= state.origin - Math.max(0, graceMs);
	return !isHistory(modifiedMs, state);
}

const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 30 * 60_000;

/** How long to skip polls after the `failures`-th rate-limited poll in a row: 1, 2, 4 ... 30 minutes. */
export function backoffDelayMs(failures: number, retryAfterMs?: number): number {
	const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
	return Math.max(
		exponential,
		retryAfterMs !== undefined && Number.isFinite(retryAfterMs)
			? Math.min(retryAfterMs, BACKOFF_MAX_MS)
			: 0,
	);
}
