/**
 * When to try a call again, and how long to wait. The marketplace documents 499 and 503 as
 * "connection timed out" / "unavailable" next to the 5xx family (docs/marketplace-api/errors.md#retrying); a 429 is not
 * documented but is treated the same way, honouring Retry-After.
 *
 * Reads (and writes that set an absolute value) are repeatable and retried on all of these.
 * Other writes (labels, dispatch, cancel, form acknowledgements, listing writes) are retried only
 * when the marketplace surely did not act: the connection was refused, or it said so with 429 or
 * 503 + Retry-After. A timeout, a dropped connection or another 5xx may come after the
 * marketplace acted: sending again could do it twice.
 */
import type { RequestFailure } from './failure';

export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** Network failures worth another attempt: the request may not have reached the marketplace. */
const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ECONNREFUSED',
]);

/** Failures that happen before the request reaches the marketplace (no connection was made). */
const UNSENT_NETWORK_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENOTFOUND']);

export function isRetryableStatus(status: number | undefined): boolean {
	return (
		status === 429 || status === 499 || (status !== undefined && status >= 500 && status <= 599)
	);
}

export function isRetryableNetworkCode(code: string | undefined): boolean {
	return code !== undefined && RETRYABLE_NETWORK_CODES.has(code);
}

/** Seconds or an HTTP-date, as RFC 9110 allows; undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Exponential backoff with jitter (1 s, 2 s, 4 s, ...), or the server's Retry-After, capped. */
export function retryDelayMs(
	attempt: number,
	retryAfterMs: number | undefined,
	random = Math.random,
): number {
	if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_DELAY_MS);
	const exponential = BASE_DELAY_MS * 2 ** attempt;
	return Math.min(MAX_DELAY_MS, Math.round(exponential * (0.75 + random() * 0.5)));
}

export interface RetryVerdict {
	retry: boolean;
	/** The marketplace may have acted although the call failed (no answer, or a 5xx). */
	unconfirmed: boolean;
}

/** Whether the marketplace surely did not act on the request that failed this way. */
function surelyNotActed(failure: RequestFailure): boolean {
	if (failure.kind === 'network')
		return failure.code !== undefined && UNSENT_NETWORK_CODES.has(failure.code);
	if (failure.kind !== 'http') return true;
	if (failure.status === 429) return true;
	return failure.status === 503 && parseRetryAfter(failure.retryAfter, Date.now()) !== undefined;
}

/** Whether to send the request again after this failure, and whether its effect is unknown. */
export function retryVerdict(failure: RequestFailure, repeatable: boolean): RetryVerdict {
	const transient =
		(failure.kind === 'http' && isRetryableStatus(failure.status)) ||
		(failure.kind === 'network' && isRetryableNetworkCode(failure.code));
	const notActed = surelyNotActed(failure);
	const unconfirmed =
		!notActed && (failure.kind === 'network' || (failure.kind === 'http' && failure.status >= 499));
	return { retry: transient && (repeatable || notActed), unconfirmed };
}
