/**
 * The marketplace's token service (spec 4.1-4.3, 5): GET requests with HTTP Basic
 * base64(appid:app-secret), answers per spec 2.1, failures with error / error_description.
 * Used by both credential types (inside preAuthentication); the authorization URL, state and
 * code parsing also serve the action node.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { decodeBody } from './httpBody';
import { MARKETPLACE, PATHS } from './profile';
import { redactSecrets } from './redact';

/** Spec 2.1. */
export interface TokenResponse {
	access_token: string;
	token_type?: string;
	expires_in: number;
	scope?: string;
	refresh_token?: string;
	refresh_token_expires_in?: number;
}

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

export function basicAuthorization(appId: string, appSecret: string): string {
	return `Basic ${Buffer.from(`${appId}:${appSecret}`, 'utf8').toString('base64')}`;
}

interface TokenCall {
	baseUrl: string;
	appId: string;
	appSecret: string;
	grant: TokenGrant;
	query: IDataObject;
	/** Values that must never appear in a message (codes, refresh tokens, the secret). */
	secrets: string[];
}

interface HttpFailureParts {
	status?: number;
	body?: unknown;
	networkCode?: string;
	/** The Location header of a redirect. */
	location?: string;
}

/** Status, body and network code of a failed request, whatever shape the HTTP layer gave it. */
function readHttpFailure(error: unknown): HttpFailureParts {
	const candidate = error as {
		response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
		code?: string;
		cause?: unknown;
	};
	if (candidate?.response?.status !== undefined) {
		const headers = candidate.response.headers ?? {};
		const location = Object.entries(headers).find(([name]) => name.toLowerCase() === 'location')?.[1];
		return {
			status: candidate.response.status,
			body: candidate.response.data,
			location: typeof location === 'string' ? location : undefined,
		};
	}
	if (candidate?.cause !== undefined && candidate.cause !== error) {
		const inner = readHttpFailure(candidate.cause);
		if (inner.status !== undefined || inner.networkCode !== undefined) return inner;
	}
	return { networkCode: typeof candidate?.code === 'string' ? candidate.code : undefined };
}

/** A redirect of the token service is never followed: it would carry the Basic app secret. */
function redirectFailure(call: TokenCall, status: number, location: string | undefined): TokenFailure {
	const target = location !== undefined && URL.canParse(location, call.baseUrl) ? new URL(location, call.baseUrl).host : undefined;
	return {
		grant: call.grant,
		status,
		redirected: true,
		errorDescription: `the token service redirected the request${target ? ` to ${target}` : ''}, which is not followed`,
	};
}

function toFailure(call: TokenCall, error: unknown): TokenFailure {
	const { status, body, networkCode, location } = readHttpFailure(error);
	if (status !== undefined && status >= 300 && status < 400) return redirectFailure(call, status, location);
	const parsed = decodeBody(body).body;
	const text = (value: unknown) =>
		typeof value === 'string' ? redactSecrets(value, call.secrets) : undefined;
	return {
		grant: call.grant,
		status,
		networkCode,
		error: text(parsed?.error),
		errorDescription: text(parsed?.error_description ?? parsed?.message),
	};
}

async function callTokenService(helper: IHttpRequestHelper, call: TokenCall): Promise<IDataObject> {
	let body: unknown;
	let failure: TokenFailure | undefined;
	try {
		body = await helper.helpers.httpRequest({
			method: 'GET',
			url: `${call.baseUrl}${PATHS.grant}`,
			qs: { grant_type: call.grant, ...call.query },
			headers: {
				Authorization: basicAuthorization(call.appId, call.appSecret),
				Accept: 'application/json',
			},
			json: true,
			timeout: 30_000,
			// Never follow a redirect with the app secret (n8n would, across origins too).
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		});
	} catch (error) {
		failure = toFailure(call, error);
	}
	if (failure !== undefined) {
		throw new TokenRequestError(describeFailure(failure), failure, hintFor(failure));
	}
	const parsed = decodeBody(body).body;
	if (parsed === undefined) {
		const malformed: TokenFailure = { grant: call.grant, errorDescription: 'the answer was not JSON' };
		throw new TokenRequestError(describeFailure(malformed), malformed, hintFor(malformed));
	}
	return parsed;
}

/** Requests a token with one of the three grants of spec 4.1 / 4.3. */
export async function requestToken(
	helper: IHttpRequestHelper,
	options: {
		baseUrl: string;
		appId: string;
		appSecret: string;
		grant: TokenGrant;
		query: IDataObject;
		/** Values of the query that must never be shown (code, refresh token). */
		secrets?: string[];
	},
): Promise<TokenResponse> {
	const parsed = await callTokenService(helper, {
		...options,
		// The pair is what the Basic header encodes: its echoes are removed in every encoding.
		secrets: [options.appSecret, `${options.appId}:${options.appSecret}`, ...(options.secrets ?? [])],
	});
	const accessToken = parsed.access_token;
	// The sample shows expires_in as a number; accept a numeric string too (api-facts 10.1 #12 spirit).
	const expiresIn = Number(parsed.expires_in);
	if (typeof accessToken !== 'string' || accessToken === '' || !Number.isFinite(expiresIn)) {
		const malformed: TokenFailure = {
			grant: options.grant,
			errorDescription: 'the answer had no access_token or expires_in',
		};
		throw new TokenRequestError(describeFailure(malformed), malformed, hintFor(malformed));
	}
	const refreshExpiresIn = Number(parsed.refresh_token_expires_in);
	return {
		access_token: accessToken,
		token_type: typeof parsed.token_type === 'string' ? parsed.token_type : undefined,
		expires_in: expiresIn,
		scope: typeof parsed.scope === 'string' ? parsed.scope : undefined,
		refresh_token:
			typeof parsed.refresh_token === 'string' && parsed.refresh_token !== ''
				? parsed.refresh_token
				: undefined,
		refresh_token_expires_in: Number.isFinite(refreshExpiresIn) ? refreshExpiresIn : undefined,
	};
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
function hintFor(failure: TokenFailure): string {
	const description = (failure.errorDescription ?? '').toLowerCase();
	if (failure.networkCode !== undefined) {
		return 'Check the base URL of the chosen environment and that n8n can reach it over HTTPS.';
	}
	if (failure.redirected === true) {
		return 'Check the base URL of the chosen environment: the token service must answer there itself. The App Secret is never sent to another address (a proxy or gateway in front of it may be redirecting).';
	}
	if (failure.status === 401 || failure.error === 'unauthorized' || failure.error === 'invalid_client') {
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

/** Opaque random text against CSRF (spec 4.2). */
export function newState(): string {
	return randomBytes(16).toString('hex');
}

/** Spec 4.2: where a seller approves a third-party app. */
export function buildAuthorizationUrl(options: {
	baseUrl: string;
	appId: string;
	redirectUri: string;
	scope?: string;
	state: string;
}): string {
	const query = new URLSearchParams({
		client_id: options.appId,
		redirect_uri: options.redirectUri,
		response_type: 'code',
		scope: options.scope || MARKETPLACE.defaultScope,
		state: options.state,
	});
	return `${options.baseUrl}${PATHS.consent}?${query.toString()}`;
}

export type AuthorizationInput =
	| { kind: 'none' }
	| { kind: 'code'; code: string; state?: string }
	| { kind: 'denied'; reason: string };

/**
 * The Authorization Code field takes either the bare code or the whole URL the seller's browser
 * was sent to (redirect_uri?code=..&state=..), which is easier to copy and carries the state.
 */
export function parseAuthorizationInput(raw: unknown, stateField?: unknown): AuthorizationInput {
	const value = typeof raw === 'string' ? raw.trim() : '';
	const fallbackState = typeof stateField === 'string' && stateField.trim() !== '' ? stateField.trim() : undefined;
	if (value === '') return { kind: 'none' };
	if (/^https?:\/\//i.test(value) && URL.canParse(value)) {
		const params = new URL(value).searchParams;
		const error = params.get('error');
		if (error) return { kind: 'denied', reason: params.get('error_description') ?? error };
		const code = params.get('code');
		if (!code) return { kind: 'none' };
		return { kind: 'code', code, state: params.get('state') ?? fallbackState };
	}
	return { kind: 'code', code: value, state: fallbackState };
}

/** Identifies a code or token without storing it. */
export function fingerprint(value: string): string {
	return createHash('sha256').update(value).digest('hex').slice(0, 32);
}
