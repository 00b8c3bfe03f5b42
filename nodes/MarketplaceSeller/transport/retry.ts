/**
 * When to try a call again, and how long to wait. The marketplace documents 499 and 503 as
 * "connection timed out" / "unavailable" next to the 5xx family (api-facts 8); a 429 is not
 * documented but is treated the same way, honouring Retry-After.
 */
export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** Network failures worth another attempt: the request may not have reached the marketplace. */
const RETRYABLE_NETWORK_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN', 'ECONNREFUSED']);

export function isRetryableStatus(status: number | undefined): boolean {
	return status === 429 || status === 499 || (status !== undefined && status >= 500 && status <= 599);
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
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, random = Math.random): number {
	if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_DELAY_MS);
	const exponential = BASE_DELAY_MS * 2 ** attempt;
	return Math.min(MAX_DELAY_MS, Math.round(exponential * (0.75 + random() * 0.5)));
}
