/**
 * The HTTP front: reads the body, routes, applies injected faults, authenticates /sellers paths,
 * runs the handler, writes the reply and records the call. Control paths (/__control) skip
 * faults, authentication and recording.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PATHS } from '../profile';
import type { World } from '../world';
import { authenticateBearer } from '../oauth/bearer';
import { HttpError, methodNotAllowed, notFound } from './errors';
import { parseQuery } from './query';
import type { RouteMatch, Router } from './router';
import type { HttpResult, RequestContext } from './types';

export const CONTROL_PREFIX = '/__control';
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface FrontDeps {
	world: World;
	api: Router;
	control: Router;
	log: (line: string) => void;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(
					new HttpError(413, {
						error: 'PAYLOAD_TOO_LARGE',
						message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes`,
					}),
				);
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/** Best-effort view of the body for the call log: JSON when it parses, else text. */
function bodyForLog(raw: Buffer): unknown {
	if (raw.length === 0) return undefined;
	const text = raw.toString('utf8');
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function makeContext(
	req: IncomingMessage,
	url: URL,
	rawBody: Buffer,
	params: Record<string, string>,
): RequestContext {
	let parsed: { value: unknown } | undefined;
	return {
		method: req.method ?? 'GET',
		path: url.pathname,
		query: parseQuery(url.searchParams),
		headers: req.headers,
		rawBody,
		params,
		json() {
			if (parsed) return parsed.value;
			if (rawBody.length === 0) return undefined;
			const type = req.headers['content-type'] ?? '';
			if (!/json/i.test(type)) {
				throw new HttpError(415, {
					error: 'UNSUPPORTED_MEDIA_TYPE',
					message: `Content-Type '${type}' is not supported; send application/json`,
				});
			}
			try {
				parsed = { value: JSON.parse(rawBody.toString('utf8')) };
			} catch (e) {
				throw new HttpError(400, {
					error: 'MALFORMED_JSON',
					message: `Malformed JSON request body: ${(e as Error).message}`,
				});
			}
			return parsed.value;
		},
	};
}

function writeResult(res: ServerResponse, result: HttpResult): void {
	const headers: Record<string, string> = { ...(result.headers ?? {}) };
	let payload: Buffer;
	if (Buffer.isBuffer(result.body)) payload = result.body;
	else if (typeof result.body === 'string') {
		payload = Buffer.from(result.body, 'utf8');
		if (!hasHeader(headers, 'content-type') && payload.length > 0)
			headers['Content-Type'] = 'text/plain;charset=UTF-8';
	} else if (result.body === undefined) payload = Buffer.alloc(0);
	else {
		payload = Buffer.from(JSON.stringify(result.body), 'utf8');
		if (!hasHeader(headers, 'content-type'))
			headers['Content-Type'] = 'application/json;charset=UTF-8';
	}
	headers['Content-Length'] = String(payload.length);
	res.writeHead(result.status, headers);
	res.end(payload);
}

const hasHeader = (headers: Record<string, string>, name: string) =>
	Object.keys(headers).some((k) => k.toLowerCase() === name);

/** The handler's reply, or 404 / 405 when the route table has none for this method and path. */
async function dispatch(
	match: RouteMatch,
	method: string,
	ctx: RequestContext,
): Promise<HttpResult> {
	if (match.kind === 'not-found') throw notFound(method, ctx.path);
	if (match.kind === 'method-not-allowed') throw methodNotAllowed(ctx.path, method, match.allowed);
	return await match.handler(ctx);
}

function toResult(error: unknown): HttpResult {
	if (error instanceof HttpError) return error.toResult();
	return {
		status: 500,
		body: {
			error: 'INTERNAL_ERROR',
			message: error instanceof Error ? error.message : String(error),
		},
	};
}

export function createFront(deps: FrontDeps): (req: IncomingMessage, res: ServerResponse) => void {
	const { world } = deps;
	const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

	async function handleControl(
		req: IncomingMessage,
		res: ServerResponse,
		url: URL,
		method: string,
	): Promise<void> {
		let result: HttpResult;
		try {
			const rawBody = await readBody(req);
			world.packing.settle();
			const match = deps.control.match(method, url.pathname);
			result = await dispatch(
				match,
				method,
				makeContext(req, url, rawBody, match.kind === 'found' ? match.params : {}),
			);
		} catch (e) {
			result = toResult(e);
		}
		writeResult(res, result);
	}

	async function handleApi(
		req: IncomingMessage,
		res: ServerResponse,
		url: URL,
		method: string,
	): Promise<void> {
		const started = Date.now();
		const arrival = new Date(world.now()).toISOString();
		const seq = world.recorder.nextSeq();
		let rawBody: Buffer = Buffer.alloc(0);
		let result: HttpResult | undefined;
		let faultId: string | undefined;
		let dropped = false;
		const match = deps.api.match(method, url.pathname);
		const routeKey = match.kind === 'not-found' ? undefined : `${method} ${match.template}`;
		try {
			rawBody = await readBody(req);
			await world.callHooks.run(routeKey);
			const fault = world.faults.take(method, url.pathname, routeKey);
			if (fault?.delayMs) await sleep(fault.delayMs);
			const answers = fault !== undefined && (fault.status !== undefined || fault.dropConnection);
			if (fault !== undefined && answers) faultId = fault.id;
			if (!answers || fault.afterHandling) {
				world.packing.settle();
				const ctx = makeContext(req, url, rawBody, match.kind === 'found' ? match.params : {});
				if (url.pathname === PATHS.sellers || url.pathname.startsWith(`${PATHS.sellers}/`)) {
					ctx.auth = authenticateBearer(world, req.headers.authorization);
				}
				result = await dispatch(match, method, ctx).catch(toResult);
			}
			if (fault !== undefined && answers) {
				dropped = fault.dropConnection;
				result = fault.dropConnection
					? { status: 0 }
					: {
							status: fault.status!,
							headers: fault.headers,
							body: fault.body ?? {
								error: 'INJECTED_FAULT',
								message: `Injected fault ${fault.id} (HTTP ${fault.status})`,
							},
						};
			}
		} catch (e) {
			result = toResult(e);
		}
		// A dropped connection: no answer at all (status 0 in the call log).
		if (dropped) res.socket?.destroy();
		else writeResult(res, result!);
		const h = req.headers;
		world.recorder.add({
			seq,
			time: arrival,
			method,
			path: url.pathname,
			route: routeKey ?? `${method} (unmatched)`,
			query: parseQuery(url.searchParams),
			headers: {
				...(h.authorization !== undefined ? { authorization: h.authorization } : {}),
				...(h['content-type'] !== undefined ? { 'content-type': h['content-type'] } : {}),
				...(h.accept !== undefined ? { accept: h.accept } : {}),
			},
			body: bodyForLog(rawBody),
			status: result!.status,
			...(faultId ? { faultId } : {}),
			durationMs: Date.now() - started,
		});
		if (!world.options.quiet)
			deps.log(
				`${method} ${url.pathname}${url.search} -> ${result!.status} (${Date.now() - started} ms)`,
			);
	}

	return (req, res) => {
		const method = (req.method ?? 'GET').toUpperCase();
		const url = new URL(req.url ?? '/', 'http://simulator.local');
		const work =
			url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)
				? handleControl(req, res, url, method)
				: handleApi(req, res, url, method);
		work.catch((e) => {
			if (!res.headersSent) writeResult(res, toResult(e));
		});
	};
}
