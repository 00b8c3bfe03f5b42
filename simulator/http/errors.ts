/** Thrown by handlers to answer with a specific status and body; the server turns it into a reply. */
import type { HttpResult } from './types';

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : `HTTP ${status}`);
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

/** 422 for batches above the documented limit (api-facts 4). */
export function tooManyIds(limit: number, got: number, what = 'shipment ids'): HttpError {
	return apiError(422, 'TOO_MANY_IDS', `At most ${limit} ${what} are allowed per request; got ${got}`);
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
