/**
 * What handlers answer with: `json` for a success, an HttpError (thrown) for a failure; the
 * server turns either into the reply.
 */
import type { HttpResult } from './types';

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(
			typeof body === 'object' && body !== null && 'message' in body
				? String(body.message)
				: `HTTP ${status}`,
		);
	}

	toResult(): HttpResult {
		return { status: this.status, headers: this.headers, body: this.body };
	}
}

/** The seller API's plain error body: `{"error":"<CODE>","message":"…"}`. */
export function apiError(status: number, error: string, message: string): HttpError {
	return new HttpError(status, { error, message });
}

export const badRequest = (message: string, error = 'BAD_REQUEST') => apiError(400, error, message);

/** 422 for batches above the documented limit (docs/marketplace-api/batch-limits.md#limits-per-call). */
export function tooManyIds(limit: number, got: number, what = 'shipment ids'): HttpError {
	return apiError(
		422,
		'TOO_MANY_IDS',
		`At most ${limit} ${what} are allowed per request; got ${got}`,
	);
}

export const notFound = (method: string, path: string) =>
	apiError(404, 'NOT_FOUND', `No route for ${method} ${path}`);

/** 405 with `Allow`; under /oauth-service in the OAuth server's error shape. */
export function methodNotAllowed(path: string, method: string, allowed: string[]): HttpError {
	const message = `Request method '${method}' not supported`;
	const body = path.startsWith('/oauth-service/')
		? { error: 'method_not_allowed', error_description: message }
		: { error: 'METHOD_NOT_ALLOWED', message };
	return new HttpError(405, body, { Allow: allowed.join(', ') });
}

/** The OAuth server's error body: `{"error":"…","error_description":"…"}`. */
export function oauthError(
	status: number,
	error: string,
	description: string,
	headers: Record<string, string> = {},
): HttpError {
	return new HttpError(status, { error, error_description: description }, headers);
}

export function json(body: unknown, status = 200): HttpResult {
	return { status, body };
}
