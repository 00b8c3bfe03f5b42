/**
 * The one place that talks to the marketplace: base URL from the credential and environment,
 * authentication through n8n's credential layer (the token is fetched by the credential's
 * preAuthentication and renewed on 401 by n8n), JSON and binary bodies, per-call timeouts,
 * bounded retries, and errors mapped to what the user should do.
 */
import {
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
} from 'n8n-workflow';

import { resolveBaseUrl } from '../../shared/baseUrl';
import { readStoredTokenData } from '../../shared/grants';
import { parseAuthorizationInput } from '../../shared/oauth';
import { CREDENTIAL_TYPES, type CredentialTypeName } from '../../shared/profile';
import { toNodeError, type ErrorContext, type StatusExplanation } from './errors';
import { readFailure, type RequestFailure } from './failure';
import { isRetryableNetworkCode, isRetryableStatus, MAX_RETRIES, parseRetryAfter, retryDelayMs } from './retry';

export type MarketplaceContext = IExecuteFunctions | ILoadOptionsFunctions;

/** Order calls may take up to 60 s, listing calls 10 s (api-facts 8). */
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
	/** Operation-specific meaning of statuses (spec 7 for the subscription). */
	statusExplanations?: Partial<Record<number, StatusExplanation>>;
}

export interface BinaryResponse {
	body: Buffer;
	contentType: string;
	status: number;
}

interface Connection {
	credentialType: CredentialTypeName;
	baseUrl: string;
	/** Values to keep out of every message; grows when the credential gets new tokens. */
	secrets: string[];
	/** Whether the access token requests carry is among the secrets. */
	tokenKnown: boolean;
}

const connections = new WeakMap<MarketplaceContext, Promise<Connection>>();
/** The same connections once resolved, for synchronous readers (per-item results). */
const resolved = new WeakMap<MarketplaceContext, Connection>();

/** The credential's secrets: app secret, access token, refresh token, authorization code. */
function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const stored = readStoredTokenData(credentials);
	const input = parseAuthorizationInput(credentials.authorizationCode, credentials.authorizationState);
	return [credentials.appSecret, credentials.accessToken, stored.refreshToken, input.kind === 'code' ? input.code : undefined]
		.filter((value): value is string => typeof value === 'string' && value !== '');
}

function addSecrets(connection: Connection, secrets: string[]): void {
	for (const secret of secrets) if (!connection.secrets.includes(secret)) connection.secrets.push(secret);
}

/**
 * Reads the credential again and adds its current tokens to the connection's secrets. A token
 * fetched or renewed during this execution (by the credential's preAuthentication, inside n8n's
 * request helper) is not in the copy read when the connection was made, and the marketplace
 * echoes tokens in its 401 texts ("Access token expired: <token>").
 */
async function learnSecrets(context: MarketplaceContext, connection: Connection): Promise<void> {
	try {
		addSecrets(connection, secretsOf(await context.getCredentials(connection.credentialType)));
	} catch {
		// Keep the secrets known so far; the message is still redacted with them.
	}
}

/** The secrets known for this execution so far (empty before the first request). */
export function knownSecrets(context: MarketplaceContext): string[] {
	return resolved.get(context)?.secrets ?? [];
}

/** The credential type chosen by the node's Authentication parameter. */
export function credentialTypeOf(context: MarketplaceContext): CredentialTypeName {
	// Load-options contexts have no items: their getNodeParameter takes no item index.
	const authentication = (
		'getInputData' in context
			? context.getNodeParameter('authentication', 0, 'clientCredentials')
			: context.getNodeParameter('authentication', 'clientCredentials')
	) as string;
	return authentication === 'authorizationCode' ? CREDENTIAL_TYPES.thirdParty : CREDENTIAL_TYPES.selfAccess;
}

async function connect(context: MarketplaceContext): Promise<Connection> {
	const credentialType = credentialTypeOf(context);
	const credentials = await context.getCredentials(credentialType);
	const connection: Connection = {
		credentialType,
		baseUrl: resolveBaseUrl(credentials),
		secrets: secretsOf(credentials),
		tokenKnown: typeof credentials.accessToken === 'string' && credentials.accessToken !== '',
	};
	resolved.set(context, connection);
	return connection;
}

/**
 * Credential type, validated base URL and the values to redact, once per execution. A bad base
 * URL fails here, before any request is sent.
 */
export async function getConnection(context: MarketplaceContext): Promise<Connection> {
	let connection = connections.get(context);
	if (!connection) {
		connection = connect(context);
		connections.set(context, connection);
	}
	let result: Connection | undefined;
	let caught: unknown;
	try {
		result = await connection;
	} catch (error) {
		connections.delete(context);
		caught = error;
	}
	if (result === undefined) {
		const failure = readFailure(caught);
		// A bad base URL is the user's input; anything else (e.g. no credential selected) is n8n's
		// own error and already says what is wrong.
		if (failure.kind !== 'url') throw caught;
		throw toNodeError(context.getNode(), failure, {
			operation: 'Connecting to the marketplace',
			secrets: [],
			credentialType: credentialTypeOf(context),
		});
	}
	return result;
}

function errorContext(connection: Connection, request: MarketplaceRequest, attempts: number): ErrorContext {
	return {
		operation: request.operation,
		itemIndex: request.itemIndex,
		statusExplanations: request.statusExplanations,
		secrets: connection.secrets,
		attempts,
		credentialType: connection.credentialType,
		baseUrl: connection.baseUrl,
	};
}

/** Sends one call with retries; returns n8n's full response. */
async function send(
	context: MarketplaceContext,
	request: MarketplaceRequest,
	binary: boolean,
): Promise<{ body: unknown; headers: IDataObject; statusCode: number }> {
	const connection = await getConnection(context);
	for (let attempt = 0; ; attempt++) {
		const options: IHttpRequestOptions = {
			method: request.method,
			url: `${connection.baseUrl}${request.path}`,
			qs: request.qs,
			headers: {
				Accept: request.accept ?? 'application/json',
				...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
			},
			body: request.body,
			json: !binary,
			timeout: TIMEOUT_MS[request.family],
			returnFullResponse: true,
			...(binary ? { encoding: 'arraybuffer' as const } : {}),
		};
		let response: { body: unknown; headers: IDataObject; statusCode: number } | undefined;
		let failure: RequestFailure | undefined;
		try {
			response = await context.helpers.httpRequestWithAuthentication.call(
				context,
				connection.credentialType,
				options,
			);
		} catch (error) {
			failure = readFailure(error);
		}
		if (response !== undefined) {
			// A credential without a token got one for this call: learn it once.
			if (!connection.tokenKnown) {
				connection.tokenKnown = true;
				await learnSecrets(context, connection);
			}
			return response;
		}
		await learnSecrets(context, connection);
		const retryable =
			failure !== undefined &&
			((failure.kind === 'http' && isRetryableStatus(failure.status)) ||
				(failure.kind === 'network' && isRetryableNetworkCode(failure.code)));
		if (!retryable || attempt >= MAX_RETRIES || failure === undefined) {
			throw toNodeError(context.getNode(), failure ?? { kind: 'network', message: 'No response' }, errorContext(connection, request, attempt + 1));
		}
		const retryAfter = failure.kind === 'http' ? parseRetryAfter(failure.retryAfter, Date.now()) : undefined;
		await sleep(retryDelayMs(attempt, retryAfter));
	}
}

/** IDs as one path segment, the way the marketplace takes them: each encoded, comma-separated. */
export function idsInPath(ids: string[]): string {
	return ids.map(encodeURIComponent).join(',');
}

/** A list in an answer; answers are read tolerantly (api-facts 1), so anything else is an empty list. */
export function listOf(value: unknown): IDataObject[] {
	return Array.isArray(value) ? (value as IDataObject[]) : [];
}

/** A JSON call. */
export async function apiRequest<T = IDataObject>(context: MarketplaceContext, request: MarketplaceRequest): Promise<T> {
	const response = await send(context, request, false);
	const { body } = response;
	if (typeof body === 'string' && body.trim() !== '') {
		// Some gateways answer 200 with a text body; keep it instead of failing on it.
		try {
			return JSON.parse(body) as T;
		} catch {
			return { raw: body } as T;
		}
	}
	return (body ?? {}) as T;
}

/** A document call (PDF labels, invoices): the raw bytes and their content type. */
export async function apiBinaryRequest(context: MarketplaceContext, request: MarketplaceRequest): Promise<BinaryResponse> {
	const response = await send(context, request, true);
	const contentType = Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
	const raw = response.body;
	const body = Buffer.isBuffer(raw)
		? raw
		: raw instanceof ArrayBuffer
			? Buffer.from(raw)
			: Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''));
	return { body, contentType: typeof contentType === 'string' ? contentType : '', status: response.statusCode };
}

export { chunk } from './batching';
export type { StatusExplanation } from './errors';
