/**
 * The one place that talks to the marketplace: base URL from the credential and environment,
 * authentication through n8n's credential layer (the token is fetched by the credential's
 * preAuthentication and renewed on 401 by n8n), JSON and binary bodies, per-call timeouts,
 * retries that never repeat a write that may have been carried out, redirects that never leave
 * the base URL, answers checked before they are read, and errors mapped to what the user should
 * do, with every secret removed.
 */
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { readJsonAnswer, type AnswerShape } from './answers';
import {
	addSecrets,
	getConnection,
	learnSecrets,
	type Connection,
	type MarketplaceContext,
} from './connection';
import { toNodeError, type ErrorContext, type StatusExplanation } from './errors';
import { readFailure, type RequestFailure } from './failure';
import { pathProblem, valueProblem } from './guards';
import { isRedirect, MAX_REDIRECTS, redirectTarget } from './redirects';
import { MAX_RETRIES, parseRetryAfter, retryDelayMs, retryVerdict } from './retry';

export type { MarketplaceContext } from './connection';
export { credentialTypeOf } from '../authentication';
export { getConnection, knownSecrets } from './connection';

/** Order calls may take up to 60 s, listing calls 10 s (docs/marketplace-api/errors.md#timeouts). */
export type ApiFamily = 'orders' | 'listings' | 'oauth';

const TIMEOUT_MS: Record<ApiFamily, number> = { orders: 60_000, listings: 10_000, oauth: 30_000 };

export interface MarketplaceRequest {
	method: IHttpRequestMethods;
	/** Path under the base URL, starting with "/", e.g. /sellers/v3/shipments/filter. */
	path: string;
	family: ApiFamily;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Accept header; JSON unless a document is requested. */
	accept?: string;
	/** How the user would name this call in an error message. */
	operation: string;
	itemIndex?: number;
	/** Operation-specific meaning of statuses (docs/marketplace-api/errors.md#subscription-statuses for the subscription). */
	statusExplanations?: Partial<Record<number, StatusExplanation>>;
	/**
	 * Whether sending this request twice does no harm: reads, and writes that set an absolute
	 * value. Default: GET yes, other methods no (see retry.ts for what that changes).
	 */
	repeatable?: boolean;
	/** What the operation reads from a JSON answer; an answer without it is an error. */
	expect?: AnswerShape;
	/** Values of this request to keep out of every message and output, e.g. a token to check. */
	secrets?: string[];
}

export interface BinaryResponse {
	body: Buffer;
	contentType: string;
	status: number;
}

interface RawResponse {
	body: unknown;
	headers: IDataObject;
	statusCode: number;
}

/** What came back, and after how many attempts (more than 1: the request was sent again). */
export interface Exchange<T> {
	body: T;
	attempts: number;
}

/** Errors of requests that change state and may nevertheless have been carried out, with why. */
const unconfirmedErrors = new WeakMap<object, string>();

/**
 * Why the outcome of a state-changing request is unknown ("no answer (ECONNRESET)", "HTTP 500"),
 * or undefined when the error says it surely failed: the caller may look at the state to find out.
 */
export function unconfirmedReason(error: unknown): string | undefined {
	return typeof error === 'object' && error !== null ? unconfirmedErrors.get(error) : undefined;
}

function reasonOf(failure: RequestFailure): string {
	if (failure.kind === 'http') return `HTTP ${failure.status}`;
	if (failure.kind === 'network') return `no answer${failure.code ? ` (${failure.code})` : ''}`;
	return failure.kind;
}

function errorContext(
	connection: Connection,
	request: MarketplaceRequest,
	attempts: number,
	unconfirmed = false,
): ErrorContext {
	return {
		operation: request.operation,
		itemIndex: request.itemIndex,
		statusExplanations: request.statusExplanations,
		secrets: connection.secrets,
		attempts,
		credentialType: connection.credentialType,
		baseUrl: connection.baseUrl,
		unconfirmed,
	};
}

/** Refuses, before anything is sent, a request whose meaning would change on the wire. */
function checkRequest(context: MarketplaceContext, request: MarketplaceRequest): void {
	const problem =
		pathProblem(request.path) ?? valueProblem(request.qs) ?? valueProblem(request.body);
	if (problem === undefined) return;
	throw new NodeOperationError(context.getNode(), `${request.operation}: ${problem}`, {
		itemIndex: request.itemIndex,
		description: 'Nothing was sent. Correct the input of this item.',
	});
}

/** Sends one call, following redirects within the base URL and retrying when that is safe. */
async function send(
	context: MarketplaceContext,
	request: MarketplaceRequest,
	binary: boolean,
): Promise<Exchange<RawResponse>> {
	const connection = await getConnection(context);
	addSecrets(connection, request.secrets ?? []);
	checkRequest(context, request);
	const repeatable = request.repeatable ?? (request.method === 'GET' || request.method === 'HEAD');
	let url = `${connection.baseUrl}${request.path}`;
	let qs = request.qs;
	let redirects = 0;
	let thrown: unknown;
	const fail = (failure: RequestFailure, attempts: number, unconfirmed = false) => {
		const error = toNodeError(
			context.getNode(),
			failure,
			errorContext(connection, request, attempts, unconfirmed),
			thrown,
		);
		if (unconfirmed) unconfirmedErrors.set(error, reasonOf(failure));
		return error;
	};
	for (let attempt = 0; ; ) {
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs,
			headers: {
				Accept: request.accept ?? 'application/json',
				...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
			},
			body: request.body,
			json: !binary,
			timeout: TIMEOUT_MS[request.family],
			returnFullResponse: true,
			// The transport decides about redirects (redirects.ts); n8n must not follow them.
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
			...(binary ? { encoding: 'arraybuffer' as const } : {}),
		};
		let response: RawResponse | undefined;
		let failure: RequestFailure | undefined;
		thrown = undefined;
		try {
			response = await context.helpers.httpRequestWithAuthentication.call(
				context,
				connection.credentialType,
				options,
			);
		} catch (error) {
			thrown = error;
			failure = readFailure(error);
		}
		if (response !== undefined) {
			// A credential without a token got one for this call: learn it once.
			if (!connection.tokenKnown) {
				connection.tokenKnown = true;
				await learnSecrets(context, connection);
			}
			return { body: response, attempts: attempt + 1 };
		}
		await learnSecrets(context, connection);
		if (failure === undefined) throw fail({ kind: 'network', message: 'No response' }, attempt + 1);
		if (failure.kind === 'http' && isRedirect(failure.status)) {
			const next = redirectTarget(failure, url, connection.baseUrl, request.method);
			if (!('url' in next)) throw fail(next, attempt + 1);
			if (++redirects > MAX_REDIRECTS)
				throw fail({ kind: 'redirect', status: failure.status, reason: 'tooMany' }, attempt + 1);
			// The target carries its own query.
			url = next.url;
			qs = undefined;
			continue;
		}
		const verdict = retryVerdict(failure, repeatable);
		if (!verdict.retry || attempt >= MAX_RETRIES)
			throw fail(failure, attempt + 1, verdict.unconfirmed && !repeatable);
		const retryAfter =
			failure.kind === 'http' ? parseRetryAfter(failure.retryAfter, Date.now()) : undefined;
		await sleep(retryDelayMs(attempt, retryAfter));
		attempt++;
	}
}

/** IDs as one path segment, the way the marketplace takes them: each encoded, comma-separated. */
export function idsInPath(ids: string[]): string {
	return ids.map(encodeURIComponent).join(',');
}

/** A list in an answer already checked by `expect`; anything else is an empty list. */
export function listOf(value: unknown): IDataObject[] {
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

/** A JSON call, with the number of attempts it took. */
export async function apiExchange<T = IDataObject>(
	context: MarketplaceContext,
	request: MarketplaceRequest,
): Promise<Exchange<T>> {
	const { body: response, attempts } = await send(context, request, false);
	const read = readJsonAnswer(response.body, response.statusCode, request.expect);
	if ('failure' in read) {
		throw toNodeError(
			context.getNode(),
			read.failure,
			errorContext(await getConnection(context), request, attempts),
		);
	}
	return { body: read.answer as T, attempts };
}

/** A JSON call. */
export async function apiRequest<T = IDataObject>(
	context: MarketplaceContext,
	request: MarketplaceRequest,
): Promise<T> {
	return (await apiExchange<T>(context, request)).body;
}

/** A document call (PDF labels, invoices): the raw bytes and their content type. */
export async function apiBinaryRequest(
	context: MarketplaceContext,
	request: MarketplaceRequest,
): Promise<BinaryResponse> {
	const { body: response } = await send(context, request, true);
	const contentType = Object.entries(response.headers ?? {}).find(
		([name]) => name.toLowerCase() === 'content-type',
	)?.[1];
	const raw = response.body;
	const body = Buffer.isBuffer(raw)
		? raw
		: raw instanceof ArrayBuffer
			? Buffer.from(raw)
			: Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''));
	return {
		body,
		contentType: typeof contentType === 'string' ? contentType : '',
		status: response.statusCode,
	};
}

/** Splits work into the marketplace's batch sizes (25, 50, 100 or 10 per request). */
export function chunk<T>(values: T[], size: number): T[][] {
	if (!Number.isInteger(size) || size < 1)
		throw new RangeError(`Batch size must be a positive integer, got ${size}`);
	const batches: T[][] = [];
	for (let start = 0; start < values.length; start += size)
		batches.push(values.slice(start, start + size));
	return batches;
}

export type { StatusExplanation } from './errors';
