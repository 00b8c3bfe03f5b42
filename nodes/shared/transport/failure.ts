/**
 * Reads what went wrong from whatever n8n's request helpers threw (a NodeApiError wrapping an
 * HTTP error, or our own credential errors), without keeping anything that could hold a secret.
 */
import type { IDataObject } from 'n8n-workflow';

import { InvalidUrlError } from '../baseUrl';
import { decodeBody } from '../httpBody';
import { isTokenRequestError, type TokenRequestError } from '../tokenFailure';

export interface HttpFailure {
	kind: 'http';
	status: number;
	/** Parsed JSON body, or undefined when the body was not JSON. */
	body?: IDataObject;
	/** Raw body text (first 500 characters) when it was not JSON, e.g. a gateway's HTML page. */
	text?: string;
	retryAfter?: string;
	/** Where a redirect (3xx) points. */
	location?: string;
}

export interface NetworkFailure {
	kind: 'network';
	code?: string;
	message: string;
}

export interface CredentialFailure {
	kind: 'credential';
	error: TokenRequestError;
}

export interface UrlFailure {
	kind: 'url';
	message: string;
}

/** A redirect that is not followed: to another origin, one that would turn a POST into a GET, or too many. */
export interface RedirectFailure {
	kind: 'redirect';
	status: number;
	reason: 'otherOrigin' | 'changesMethod' | 'noLocation' | 'tooMany';
	/** host[:port] of the target, for otherOrigin. */
	host?: string;
}

/** A successful status whose body is not what the operation reads. */
export interface AnswerFailure {
	kind: 'answer';
	status: number;
	/** What is wrong, e.g. "is not JSON" or "has no shipments list". */
	problem: string;
	/** The first characters of the body (redacted before they are shown). */
	excerpt: string;
}

export type RequestFailure =
	| HttpFailure
	| NetworkFailure
	| CredentialFailure
	| UrlFailure
	| RedirectFailure
	| AnswerFailure;

interface ErrorLike {
	name?: string;
	message?: string;
	code?: string;
	cause?: unknown;
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
}

function headerValue(
	headers: Record<string, unknown> | undefined,
	name: string,
): string | undefined {
	if (!headers) return undefined;
	const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
	return entry && entry[1] !== undefined ? String(entry[1]) : undefined;
}

export function readFailure(thrown: unknown): RequestFailure {
	// n8n wraps what the HTTP layer threw (possibly twice); walk the causes to the original.
	const seen = new Set<unknown>();
	let current: unknown = thrown;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (isTokenRequestError(current)) return { kind: 'credential', error: current };
		if (current instanceof InvalidUrlError || (current as ErrorLike).name === 'InvalidUrlError') {
			return { kind: 'url', message: String((current as ErrorLike).message) };
		}
		const candidate = current as ErrorLike;
		if (candidate.response?.status !== undefined) {
			return {
				kind: 'http',
				status: candidate.response.status,
				...decodeBody(candidate.response.data),
				retryAfter: headerValue(candidate.response.headers, 'retry-after'),
				location: headerValue(candidate.response.headers, 'location'),
			};
		}
		if (typeof candidate.code === 'string' && /^E[A-Z_]+$/.test(candidate.code)) {
			return {
				kind: 'network',
				code: candidate.code,
				message: String(candidate.message ?? candidate.code),
			};
		}
		current = candidate.cause;
	}
	const error = thrown as ErrorLike;
	return { kind: 'network', message: String(error?.message ?? thrown) };
}
