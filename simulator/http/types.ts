/** The shapes shared by the HTTP server, the router and every route handler. */
import type { IncomingHttpHeaders } from 'node:http';

export type QueryValue = string | string[];
export type Query = Record<string, QueryValue>;

/** The seller identity a bearer token stands for (set on every /sellers request). */
export interface AuthContext {
	token: string;
	appId: string;
	sellerId: string;
	scopes: string[];
}

export interface RequestContext {
	method: string;
	path: string;
	query: Query;
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
	/** Path parameters of the matched route template. */
	params: Record<string, string>;
	/** Set for /sellers paths once the bearer token has been validated. */
	auth?: AuthContext;
	/** Parses the body as JSON (400 on malformed JSON, 415 on a non-JSON content type). */
	json(): unknown;
}

export interface HttpResult {
	status: number;
	headers?: Record<string, string>;
	/** A Buffer is sent as is, a string as text, anything else as JSON. */
	body?: unknown;
}

export type Handler = (ctx: RequestContext) => HttpResult | Promise<HttpResult>;
