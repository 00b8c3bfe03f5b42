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
		return `${what} failed: the token service could not be reached (${failure.networkCode})`;
	}
	const marketplaceText = [failure.error, failure.errorDescription].filter(Boolean).join(': ');
	const status = failure.status !== undefined ? ` (HTTP ${failure.status})` : '';
	return `${what} failed${status}${marketplaceText ? `: ${marketplaceText}` : ''}`;
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
