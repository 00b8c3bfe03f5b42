/**
 * The OAuth server's grants (docs/marketplace-api/authentication.md#client-credentials-grant, docs/marketplace-api/authentication.md#token-expiry-check, docs/marketplace-api/authentication.md#which-header-a-call-carries, docs/marketplace-api/authentication.md#token-endpoint), mimicking a Spring-style server:
 * error bodies are `{"error","error_description"}`; client authentication failures are 401,
 * request errors 400. Everything reads the simulator clock.
 */
import { oauthError } from '../http/errors';
import type { World } from '../world';
import { DEMO_SELLER_1 } from '../data/sellers';
import { KNOWN_GRANT_TYPES, KNOWN_SCOPES, SELLER_API_SCOPE, type AppRecord } from './apps';
import { secondsLeft, type AuthCodeRecord, type TokenRecord } from './tokens';

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="oauth2/client"' };

export const FULL_AUTH_REQUIRED = 'Full authentication is required to access this resource';

/** Authenticates the client from `Authorization: Basic base64(appId:appSecret)`. */
export function authenticateClient(world: World, header: string | undefined): AppRecord {
	const match = header ? /^basic\s+(\S+)\s*$/i.exec(header) : null;
	if (!match) throw oauthError(401, 'unauthorized', FULL_AUTH_REQUIRED, BASIC_CHALLENGE);
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0)
		throw oauthError(401, 'unauthorized', 'Invalid basic authentication token', BASIC_CHALLENGE);
	const appId = decoded.slice(0, colon);
	const secret = decoded.slice(colon + 1);
	const app = world.apps.get(appId);
	if (!app)
		throw oauthError(401, 'unauthorized', `No client with requested id: ${appId}`, BASIC_CHALLENGE);
	if (app.appSecret !== secret)
		throw oauthError(401, 'unauthorized', 'Bad credentials', BASIC_CHALLENGE);
	return app;
}

/**
 * Parses a comma (or space) separated scope list. Names are case-sensitive (`seller_api` is not
 * `Seller_Api`); no scope means Seller_Api.
 */
export function parseScopes(raw: string | undefined): string[] {
	const scopes = [...new Set((raw ?? '').split(/[\s,]+/).filter((s) => s !== ''))];
	for (const scope of scopes) {
		if (!(KNOWN_SCOPES as readonly string[]).includes(scope))
			throw oauthError(400, 'invalid_scope', `Invalid scope: ${scope}`);
	}
	return scopes.length > 0 ? scopes.sort() : [SELLER_API_SCOPE];
}

/** The server joins granted scopes without a separator (observed: "DefaultSeller_Api", docs/marketplace-api/authentication.md#token-response). */
export function scopeString(scopes: string[]): string {
	return [...scopes].sort().join('');
}

export interface TokenResponse {
	access_token: string;
	token_type: 'bearer';
	refresh_token?: string;
	expires_in: number;
	scope: string;
	refresh_token_expires_in?: number;
}

function accessResponse(world: World, access: TokenRecord, refresh?: TokenRecord): TokenResponse {
	const now = world.now();
	const body: TokenResponse = {
		access_token: access.value,
		token_type: 'bearer',
		expires_in: secondsLeft(access.expiresMs, now),
		scope: scopeString(access.scopes),
	};
	if (refresh) {
		body.refresh_token = refresh.value;
		body.refresh_token_expires_in = secondsLeft(refresh.expiresMs, now);
	}
	return body;
}

/** Checks grant_type against the known grants and the app's registration. */
export function checkGrantType(app: AppRecord, grantType: string | undefined): string {
	if (!grantType) throw oauthError(400, 'invalid_request', 'Missing grant type');
	if (
		!(KNOWN_GRANT_TYPES as readonly string[]).includes(grantType) ||
		grantType === 'implicit' ||
		grantType === 'password'
	) {
		throw oauthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
	}
	if (!(app.grantTypes as string[]).includes(grantType)) {
		throw oauthError(401, 'invalid_client', `Unauthorized grant type: ${grantType}`);
	}
	return grantType;
}

/**
 * Client credentials (docs/marketplace-api/authentication.md#client-credentials-grant): no refresh token; a still-valid token for the same scopes is
 * returned again with its remaining lifetime (docs/marketplace-api/authentication.md#token-lifetimes), so asking again does not extend it.
 */
export function clientCredentialsGrant(
	world: World,
	app: AppRecord,
	rawScope: string | undefined,
): TokenResponse {
	const scopes = parseScopes(rawScope);
	const now = world.now();
	const token =
		world.tokens.liveClientToken(app.appId, scopes, now) ??
		world.tokens.issue(
			{
				kind: 'access',
				appId: app.appId,
				sellerId: app.sellerId ?? '',
				scopes,
				grant: 'client_credentials',
			},
			now,
			world.config.accessTokenTtlSec,
		);
	return accessResponse(world, token);
}

/**
 * Issues the access token of a seller's grant, reusing the seller's refresh token while more than
 * the renewal buffer (21 days) is left and replacing it otherwise (docs/marketplace-api/authentication.md#refresh-token-renewal). Only one access
 * token per refresh token stays valid.
 */
function issueSellerTokens(
	world: World,
	app: AppRecord,
	sellerId: string,
	scopes: string[],
	grant: 'authorization_code' | 'refresh_token',
	current?: TokenRecord,
): TokenResponse {
	const now = world.now();
	const cfg = world.config;
	let refresh = current ?? world.tokens.liveRefreshToken(app.appId, sellerId, now);
	if (refresh && refresh.expiresMs - now <= cfg.refreshRenewalBufferSec * 1000) {
		refresh.revoked = true;
		world.tokens.revokeAccessOf(refresh.value);
		refresh = undefined;
	}
	if (!refresh)
		refresh = world.tokens.issue(
			{ kind: 'refresh', appId: app.appId, sellerId, scopes, grant },
			now,
			cfg.refreshTokenTtlSec,
		);
	world.tokens.revokeAccessOf(refresh.value);
	const access = world.tokens.issue(
		{ kind: 'access', appId: app.appId, sellerId, scopes, grant, refreshToken: refresh.value },
		now,
		cfg.accessTokenTtlSec,
	);
	return accessResponse(world, access, refresh);
}

/** Authorization code exchange (docs/marketplace-api/authentication.md#token-endpoint). The code is used up by the first attempt. */
export function authorizationCodeGrant(
	world: World,
	app: AppRecord,
	code: string | undefined,
	redirectUri: string | undefined,
): TokenResponse {
	if (!code) throw oauthError(400, 'invalid_request', 'An authorization code must be supplied.');
	const record = world.tokens.getCode(code);
	if (!record || record.used || record.appId !== app.appId || world.now() >= record.expiresMs) {
		throw oauthError(400, 'invalid_grant', `Invalid authorization code: ${code}`);
	}
	record.used = true;
	if (redirectUri !== record.redirectUri)
		throw oauthError(400, 'invalid_grant', 'Redirect URI mismatch.');
	return issueSellerTokens(world, app, record.sellerId, record.scopes, 'authorization_code');
}

/** Refresh (docs/marketplace-api/authentication.md#token-endpoint, docs/marketplace-api/authentication.md#refresh-token-renewal): a new access token each time; a new refresh token inside the buffer. */
export function refreshTokenGrant(
	world: World,
	app: AppRecord,
	value: string | undefined,
): TokenResponse {
	if (!value) throw oauthError(400, 'invalid_request', 'Missing refresh token');
	const record = world.tokens.get(value);
	if (!record || record.kind !== 'refresh' || record.appId !== app.appId || record.revoked) {
		throw oauthError(400, 'invalid_grant', `Invalid refresh token: ${value}`);
	}
	if (world.now() >= record.expiresMs)
		throw oauthError(400, 'invalid_grant', `Invalid refresh token (expired): ${value}`);
	return issueSellerTokens(world, app, record.sellerId, record.scopes, 'refresh_token', record);
}

export interface ExpiryResponse {
	expired: boolean;
	token_type: 'access_token' | 'refresh_token';
	expires_in: number;
}

/** Token expiry (docs/marketplace-api/authentication.md#token-expiry-check): only the calling app's own tokens are recognised. */
export function tokenExpiry(
	world: World,
	app: AppRecord,
	tokenType: string | undefined,
	token: string | undefined,
): ExpiryResponse {
	if (!tokenType)
		throw oauthError(400, 'invalid_request', 'Missing required parameter: token_type');
	if (!token) throw oauthError(400, 'invalid_request', 'Missing required parameter: token');
	const kind =
		tokenType === 'access' || tokenType === 'access_token'
			? 'access'
			: tokenType === 'refresh' || tokenType === 'refresh_token'
				? 'refresh'
				: undefined;
	if (!kind)
		throw oauthError(
			400,
			'invalid_request',
			`Invalid token_type: ${tokenType} (access or refresh)`,
		);
	const record = world.tokens.get(token);
	if (!record || record.kind !== kind || record.appId !== app.appId || record.revoked) {
		throw oauthError(400, 'invalid_token', 'Token was not recognised');
	}
	const now = world.now();
	return {
		expired: now >= record.expiresMs,
		token_type: kind === 'access' ? 'access_token' : 'refresh_token',
		expires_in: secondsLeft(record.expiresMs, now),
	};
}

export interface AuthorizeRequest {
	clientId?: string;
	redirectUri?: string;
	responseType?: string;
	scope?: string;
	state?: string;
	sellerId?: string;
}

/**
 * The consent step (docs/marketplace-api/authentication.md#authorization-code-flow) without a browser: validates the request as the authorize page
 * would and issues a code for the seller (who "pressed Allow").
 */
export function authorize(world: World, req: AuthorizeRequest): AuthCodeRecord {
	if (!req.clientId) throw oauthError(400, 'invalid_request', 'A client id must be provided');
	const app = world.apps.get(req.clientId);
	if (!app) throw oauthError(400, 'invalid_client', `No client with requested id: ${req.clientId}`);
	if (!app.grantTypes.includes('authorization_code'))
		throw oauthError(400, 'unauthorized_client', 'Unauthorized grant type: authorization_code');
	if (req.responseType === '')
		throw oauthError(400, 'invalid_request', 'A response_type must be supplied.');
	if (req.responseType !== undefined && req.responseType !== 'code') {
		throw oauthError(
			400,
			'unsupported_response_type',
			`Unsupported response types: [${req.responseType}]`,
		);
	}
	if (!req.redirectUri)
		throw oauthError(400, 'invalid_request', 'A redirect_uri must be supplied.');
	if (!app.redirectUris.includes(req.redirectUri)) {
		throw oauthError(
			400,
			'invalid_grant',
			`Invalid redirect: ${req.redirectUri} does not match one of the registered values.`,
		);
	}
	const scopes = parseScopes(req.scope);
	const sellerId = req.sellerId ?? DEMO_SELLER_1;
	if (!world.sellers.seller(sellerId))
		throw oauthError(400, 'invalid_request', `Unknown seller: ${sellerId}`);
	return world.tokens.issueCode(
		{ appId: app.appId, sellerId, redirectUri: req.redirectUri, scopes, state: req.state ?? null },
		world.now(),
		world.config.authCodeTtlSec,
	);
}

/** `redirect_uri?code=…&state=…`, keeping any query the redirect URI already has. */
export function redirectWithCode(redirectUri: string, code: string, state: string | null): string {
	const url = new URL(redirectUri);
	url.searchParams.set('code', code);
	if (state !== null) url.searchParams.set('state', state);
	return url.toString();
}
