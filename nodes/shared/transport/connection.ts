/**
 * Per execution: the credential type, the validated base URL and the values to keep out of every
 * message and output (the app secret, alone and with the App ID as in the Basic header, the
 * tokens, the authorization code, and values a request adds, such as a token to check).
 */
import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { credentialTypeOf } from '../authentication';
import { credentialSecrets } from '../credentialSecrets';
import type { CredentialTypeName } from '../profile';
import { resolveBaseUrl } from '../baseUrl';
import { toNodeError } from './errors';
import { readFailure } from './failure';

/**
 * The contexts that call the marketplace: the action node's execute, its load-options searches
 * and the poll trigger's poll. The transport uses what they all have: getNode, getCredentials,
 * the Authentication parameter (authentication.ts) and helpers.httpRequestWithAuthentication.
 */
export type MarketplaceContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface Connection {
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

export function addSecrets(connection: Connection, secrets: string[]): void {
	for (const secret of secrets)
		if (secret !== '' && !connection.secrets.includes(secret)) connection.secrets.push(secret);
}

/**
 * Reads the credential again and adds its current tokens to the connection's secrets. A token
 * fetched or renewed during this execution (by the credential's preAuthentication, inside n8n's
 * request helper) is not in the copy read when the connection was made, and the marketplace
 * echoes tokens in its 401 texts ("Access token expired: <token>").
 */
export async function learnSecrets(
	context: MarketplaceContext,
	connection: Connection,
): Promise<void> {
	try {
		addSecrets(
			connection,
			credentialSecrets(await context.getCredentials(connection.credentialType)),
		);
	} catch {
		// Keep the secrets known so far; the message is still redacted with them.
	}
}

/** The secrets known for this execution so far (empty before the first request). */
export function knownSecrets(context: object): string[] {
	return resolved.get(context as MarketplaceContext)?.secrets ?? [];
}

async function connect(context: MarketplaceContext): Promise<Connection> {
	const credentialType = credentialTypeOf(context);
	const credentials = await context.getCredentials(credentialType);
	const connection: Connection = {
		credentialType,
		baseUrl: resolveBaseUrl(credentials),
		secrets: credentialSecrets(credentials),
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
