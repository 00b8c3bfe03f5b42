/**
 * Failures at the marketplace's token service (docs/marketplace-api/authentication.md#token-errors), already stripped of secrets:
 * the error thrown from preAuthentication, its message and what the user should do next.
 */
import { MARKETPLACE } from './profile';

export type TokenGrant = 'client_credentials' | 'authorization_code' | 'refresh_token';

/** What went wrong at the token endpoint, already stripped of secrets. */
export interface TokenFailure {
	grant: TokenGrant;
	status?: number;
	error?: string;
	errorDescription?: string;
	networkCode?: string;
	/** The token service answered with a redirect, which was not followed. */
	redirected?: boolean;
	/** Where the token request went (origin and path prefix), for messages. */
	baseUrl?: string;
	/** The credential field that holds that address: "Production Base URL" or "Sandbox Base URL". */
	baseUrlField?: string;
	/** The answer had a successful or unexpected status but was not the token service's JSON. */
	notTokenService?: boolean;
}

/**
 * Thrown from preAuthentication. It carries no HTTP status of its own on purpose: n8n would
 * otherwise replace the message with a generic one for that status.
 */
export class TokenRequestError extends Error {
	readonly failure: TokenFailure;

	readonly hint: string;

	readonly authorizationUrl?: string;

	constructor(message: string, failure: TokenFailure, hint: string, authorizationUrl?: string) {
		super(message);
		this.name = 'TokenRequestError';
		this.failure = failure;
		this.hint = hint;
		this.authorizationUrl = authorizationUrl;
	}
}

export function isTokenRequestError(error: unknown): error is TokenRequestError {
	return error instanceof Error && error.name === 'TokenRequestError' && 'failure' in error;
}

/** Network codes of a TLS failure: the address answers, but not with a certificate n8n trusts, or not with TLS at all. */
const TLS_CODE =
	/^(EPROTO|ERR_SSL_|ERR_TLS_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/**
 * Network codes in words. n8n replaces a message that contains one of these codes with its own
 * generic text for it (docs/n8n-internals.md#the-credential-test), so the code is not spelled.
 */
const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be looked up',
	ETIMEDOUT: 'the connection timed out',
	ECONNRESET: 'the connection was closed',
	ECONNABORTED: 'the connection was aborted',
	EHOSTUNREACH: 'the host is unreachable',
	EADDRNOTAVAIL: 'the address is not available',
};

function grantLabel(grant: TokenFailure['grant']): string {
	switch (grant) {
		case 'client_credentials':
			return 'Getting an access token (client credentials grant)';
		case 'authorization_code':
			return 'Exchanging the authorization code for tokens';
		case 'refresh_token':
			return 'Refreshing the access token';
	}
}

export function describeFailure(failure: TokenFailure): string {
	const what = grantLabel(failure.grant);
	if (failure.networkCode !== undefined) {
		const code = NETWORK_WORDS[failure.networkCode] ?? failure.networkCode;
		return `${what} failed: the token service could not be reached (${code})`;
	}
	const marketplaceText = [failure.error, failure.errorDescription].filter(Boolean).join(': ');
	const status = failure.status !== undefined ? ` (HTTP ${failure.status})` : '';
	return `${what} failed${status}${marketplaceText ? `: ${marketplaceText}` : ''}`;
}

/**
 * The field a failure points at (issue 29: the token service answers an unknown App ID and a
 * wrong App Secret with different 401 bodies, docs/marketplace-api/authentication.md#token-errors),
 * as the first words of the message, followed by what to check. The editor's credential test
 * shows only the message, so it carries the advice too. Undefined when no one field is to blame.
 */
export function fieldVerdict(failure: TokenFailure): string | undefined {
	const field = failure.baseUrlField ?? 'Base URL';
	const host = failure.baseUrl ?? `the ${field}`;
	const description = (failure.errorDescription ?? '').toLowerCase();
	if (failure.networkCode !== undefined) {
		if (TLS_CODE.test(failure.networkCode)) {
			return `TLS failed with the token service at ${host} (${failure.networkCode}): check the ${field} and the Environment. It must be the https address of the API with a certificate n8n trusts (http:// only for localhost).`;
		}
		const words = NETWORK_WORDS[failure.networkCode] ?? `network error ${failure.networkCode}`;
		return `Cannot reach the token service at ${host} (${words}): check the ${field} and the Environment, and that n8n can reach that address.`;
	}
	if (description.includes('no client with requested id')) {
		return 'Wrong App ID: the token service knows no app with this App ID. Check the App ID (the appid in the developer admin portal) and the Environment: sandbox and production apps differ.';
	}
	if (failure.status === 401 && description.includes('bad credentials')) {
		return 'Wrong App Secret: the token service knows the App ID but refused the App Secret. Copy the app-secret again from the developer admin portal (regenerate it if it was changed).';
	}
	if (failure.redirected === true || failure.notTokenService === true) {
		return `Wrong ${field}: ${host} is not the token service. Check the ${field} and the Environment (production and sandbox have different addresses).`;
	}
	if (failure.status === 404 || failure.status === 405) {
		return `Wrong ${field}: ${host} has no token service (HTTP ${failure.status}). Check the ${field} and the Environment (production and sandbox have different addresses).`;
	}
	return undefined;
}

/** The message of a token failure: the field to fix first when one is to blame, then what happened. */
export function failureMessage(failure: TokenFailure): string {
	const verdict = fieldVerdict(failure);
	if (verdict === undefined) return describeFailure(failure);
	// A network verdict already says what happened; the others keep the token service's words.
	const happened =
		failure.networkCode !== undefined
			? `${grantLabel(failure.grant)} failed`
			: describeFailure(failure);
	return `${verdict} (${happened})`;
}

/** What the user should do next, by failure. */
export function hintFor(failure: TokenFailure): string {
	const description = (failure.errorDescription ?? '').toLowerCase();
	if (failure.networkCode !== undefined) {
		return 'Check the base URL of the chosen environment and that n8n can reach it over HTTPS.';
	}
	if (failure.redirected === true) {
		return 'Check the base URL of the chosen environment: the token service must answer there itself. The App Secret is never sent to another address (a proxy or gateway in front of it may be redirecting).';
	}
	if (
		failure.status === 401 ||
		failure.error === 'unauthorized' ||
		failure.error === 'invalid_client'
	) {
		if (description.includes('grant type')) {
			return 'This app is not allowed this grant: use the "Marketplace Seller API" credential for a self access app (client credentials) and "Marketplace Seller OAuth2 API" for a third party app (authorization code).';
		}
		return 'Check the App ID and App Secret in the credential (they are the appid and app-secret from the developer admin portal) and the environment: sandbox and production apps differ. Regenerate the secret if it was changed.';
	}
	if (failure.error === 'invalid_scope') {
		return `Use the scope ${MARKETPLACE.defaultScope} (case-sensitive), optionally a comma list such as ${MARKETPLACE.defaultScope},Default.`;
	}
	if (failure.error === 'invalid_grant') {
		return 'The seller must authorize the app again; see the authorization URL in this message.';
	}
	if (failure.status !== undefined && failure.status >= 500) {
		return 'The token service had a problem; try again in a few minutes.';
	}
	return 'Check the credential settings; if they are right, contact marketplace support with the time of this error.';
}
