/**
 * What each credential type's preAuthentication does: obtain an access token with the grant of
 * its app kind (docs/marketplace-api/authentication.md#applications) and return the fields n8n stores back into the credential.
 *
 * The partner app's refresh token and token metadata are stored twice: in `oauthTokenData`,
 * which survives edits in the editor, and in the hidden password field `tokenState`, which the
 * editor's credential test can read (docs/n8n-internals.md#oauthtokendata). Executions read the
 * database copy, where both are complete.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { baseUrlField, checkRedirectUrl, resolveBaseUrl } from './baseUrl';
import { buildAuthorizationUrl, newState, parseAuthorizationInput } from './authorizationUrl';
import { fingerprint } from './fingerprint';
import {
	describeFailure,
	isTokenRequestError,
	TokenRequestError,
	type TokenFailure,
} from './tokenFailure';
import { requestToken, type TokenResponse } from './tokenService';
import { MARKETPLACE } from './profile';
import { singleFlight } from './singleFlight';

/**
 * Share a refresh answer with callers that held the same old refresh token for this long: the
 * old one may be revoked by then. Client credentials share only requests in flight; a later
 * caller simply asks again and gets the same token (docs/marketplace-api/authentication.md#client-credentials-grant).
 */
const REFRESH_REUSE_MS = 30_000;

/** Token metadata kept in the credential's oauthTokenData (never shown in the editor). */
export interface StoredTokenData extends IDataObject {
	accessTokenExpiresAt?: string;
	refreshToken?: string;
	refreshTokenExpiresAt?: string;
	/** Fingerprint of the authorization code already exchanged, so it is not sent twice. */
	codeFingerprint?: string;
	scope?: string;
	grant?: string;
	obtainedAt?: string;
	/** Fingerprint of the base URL, App ID and App Secret the access token was issued for (settingsFingerprint). */
	settings?: string;
}

/**
 * The tokens Connect Seller obtained for a seller, written into the new credential's visible
 * password field `connectSellerTokens`: n8n's public API accepts no hidden field
 * (docs/marketplace-seller-node.md#connect-seller). The first preAuthentication moves them into
 * the credential's own token fields and empties it.
 */
export interface HandedOverTokens extends StoredTokenData {
	accessToken: string;
}

export const HANDOVER_FIELD = 'connectSellerTokens';

function readHandover(credentials: ICredentialDataDecryptedObject): HandedOverTokens | undefined {
	const raw = credentials[HANDOVER_FIELD];
	if (typeof raw !== 'string' || !raw.startsWith('{')) return undefined;
	try {
		const parsed = JSON.parse(raw) as Partial<HandedOverTokens>;
		if (typeof parsed.refreshToken === 'string' && parsed.refreshToken !== '')
			return { accessToken: '', ...parsed } as HandedOverTokens;
	} catch {
		// An unreadable handover is ignored like a missing one.
	}
	return undefined;
}

export function readStoredTokenData(credentials: ICredentialDataDecryptedObject): StoredTokenData {
	const data = credentials.oauthTokenData;
	if (data && typeof data === 'object' && !Array.isArray(data)) return data as StoredTokenData;
	if (typeof credentials.tokenState === 'string' && credentials.tokenState.startsWith('{')) {
		try {
			const parsed = JSON.parse(credentials.tokenState) as unknown;
			if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
				return parsed as StoredTokenData;
		} catch {
			// An unreadable copy is ignored like a missing one.
		}
	}
	return {};
}

/**
 * Identifies where and for which app a token was issued, without storing the secret: a token is
 * used only with the settings it came with (authorizeRequest.ts).
 */
export function settingsFingerprint(credentials: ICredentialDataDecryptedObject): string {
	const appSecret = typeof credentials.appSecret === 'string' ? credentials.appSecret : '';
	return fingerprint([resolveBaseUrl(credentials), text(credentials.appId), appSecret].join('\n'));
}

/**
 * True when the credential holds an access token issued for other settings (the base URL, App
 * ID or App Secret were changed since). Tokens stored before the fingerprint existed count as
 * current.
 */
export function tokenIsForOtherSettings(credentials: ICredentialDataDecryptedObject): boolean {
	if (typeof credentials.accessToken !== 'string' || credentials.accessToken === '') return false;
	const issuedFor = readStoredTokenData(credentials).settings;
	return issuedFor !== undefined && issuedFor !== settingsFingerprint(credentials);
}

/** The fields preAuthentication returns for n8n to store (see the module comment). */
function storedFields(
	accessToken: string,
	token: StoredTokenData,
	credentials: ICredentialDataDecryptedObject,
): IDataObject {
	const data: StoredTokenData = { ...token, settings: settingsFingerprint(credentials) };
	return { accessToken, oauthTokenData: data, tokenState: JSON.stringify(data) };
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

function expiresAt(now: number, seconds: number | undefined): string | undefined {
	return seconds === undefined ? undefined : new Date(now + seconds * 1000).toISOString();
}

function requireAppKeys(credentials: ICredentialDataDecryptedObject): {
	appId: string;
	appSecret: string;
} {
	const appId = text(credentials.appId);
	const appSecret = typeof credentials.appSecret === 'string' ? credentials.appSecret : '';
	if (appId === '' || appSecret === '') {
		const failure: TokenFailure = {
			grant: 'client_credentials',
			errorDescription: 'App ID or App Secret is empty',
		};
		throw new TokenRequestError(
			'The credential has no App ID or App Secret',
			failure,
			'Enter the appid and app-secret of your app from the developer admin portal.',
		);
	}
	return { appId, appSecret };
}

/** Client credentials grant (docs/marketplace-api/authentication.md#client-credentials-grant): self access apps. */
export async function obtainClientCredentialsToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const baseUrl = resolveBaseUrl(credentials);
	const { appId, appSecret } = requireAppKeys(credentials);
	const scope = text(credentials.scope) || MARKETPLACE.defaultScope;
	const previous =
		typeof credentials.accessToken === 'string' ? fingerprint(credentials.accessToken) : '';
	const key = ['cc', baseUrl, appId, fingerprint(appSecret), scope, previous].join('|');
	return await singleFlight(key, 0, async () => {
		const token = await requestToken(helper, {
			baseUrl,
			appId,
			appSecret,
			grant: 'client_credentials',
			query: { scope },
			baseUrlField: baseUrlField(credentials),
		});
		const now = Date.now();
		// The service may hand back the token it already issued, with a shorter expires_in
		// (docs/marketplace-api/authentication.md#client-credentials-grant): the expiry is always computed from this answer.
		const stored: StoredTokenData = {
			accessTokenExpiresAt: expiresAt(now, token.expires_in),
			scope: token.scope ?? scope,
			grant: 'client_credentials',
			obtainedAt: new Date(now).toISOString(),
		};
		return storedFields(token.access_token, stored, credentials);
	});
}

function reauthorizationError(
	message: string,
	failure: TokenFailure,
	options: { baseUrl: string; appId: string; redirectUri: string; scope: string },
	firstSetup = false,
): TokenRequestError {
	const url = buildAuthorizationUrl({ ...options, state: newState() });
	// n8n shows this under "More details" of the credential test, as plain text: the URL stands
	// alone between spaces so that it can be selected and copied whole.
	const next = firstSetup
		? `Next step: the seller approves your app. Open ${url} as the seller (or send it to them), press Allow, then paste the code their browser brings to your redirect URL (or that whole address) into Authorization Code and save.`
		: `The seller must authorize the app again: open ${url} , approve access, and paste the new code (or the whole address the browser was sent to) into the credential's Authorization Code field.`;
	return new TokenRequestError(
		`${message}. ${next}`,
		failure,
		firstSetup
			? 'Open the authorization URL as the seller, press Allow, then paste the code into Authorization Code and save.'
			: 'Open the authorization URL as the seller, approve, then paste the new code into the credential.',
		url,
	);
}

function isInvalidGrant(error: unknown): error is TokenRequestError {
	// 401 at the token endpoint means wrong App ID / secret, not a bad grant; that keeps its own message.
	return (
		isTokenRequestError(error) &&
		(error.failure.error === 'invalid_grant' ||
			(error.failure.status === 400 && error.failure.error === undefined))
	);
}

/** The token data to keep from a code or refresh grant's answer. */
function nextTokenData(
	token: TokenResponse,
	stored: StoredTokenData,
	grant: 'authorization_code' | 'refresh_token',
	scope: string,
	codeFingerprint: string | undefined,
): StoredTokenData {
	const now = Date.now();
	const refreshToken = token.refresh_token ?? stored.refreshToken;
	const refreshRenewed =
		token.refresh_token !== undefined && token.refresh_token !== stored.refreshToken;
	return {
		accessTokenExpiresAt: expiresAt(now, token.expires_in),
		refreshToken,
		refreshTokenExpiresAt:
			expiresAt(now, token.refresh_token_expires_in) ??
			(refreshRenewed ? undefined : stored.refreshTokenExpiresAt),
		codeFingerprint: codeFingerprint ?? stored.codeFingerprint,
		scope: token.scope ?? scope,
		grant,
		obtainedAt: new Date(now).toISOString(),
	};
}

/**
 * Exchanges a seller's authorization code with the partner credential's app (Connect Seller,
 * docs/marketplace-api/authentication.md#authorization-code-flow): the same token service call
 * as the credential's own first exchange. Answers the tokens to hand over to the seller's new
 * credential; a refused code is a TokenRequestError.
 */
export async function exchangeAuthorizationCode(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	code: string,
	state: string,
): Promise<HandedOverTokens> {
	const baseUrl = resolveBaseUrl(credentials);
	const { appId, appSecret } = requireAppKeys(credentials);
	const redirectUri = checkRedirectUrl(credentials.redirectUrl);
	const scope = text(credentials.scope) || MARKETPLACE.defaultScope;
	const token = await requestToken(helper, {
		baseUrl,
		appId,
		appSecret,
		grant: 'authorization_code',
		query: { redirect_uri: redirectUri, code, state },
		secrets: [code],
		baseUrlField: baseUrlField(credentials),
	});
	if (token.refresh_token === undefined) {
		const failure: TokenFailure = {
			grant: 'authorization_code',
			errorDescription: 'the answer had no refresh_token',
		};
		throw new TokenRequestError(
			'The token service gave no refresh token for the code',
			failure,
			'A third party app needs a refresh token to act for the seller later; check that the credential is your third party app, not a self access app.',
		);
	}
	const data = nextTokenData(token, {}, 'authorization_code', scope, fingerprint(code));
	return { accessToken: token.access_token, ...data };
}

function withoutAccessToken(handover: HandedOverTokens): StoredTokenData {
	const data: StoredTokenData = { ...handover };
	delete data.accessToken;
	return data;
}

/** An access token handed over by Connect Seller is used while it has this much time left. */
const HANDOVER_MIN_VALIDITY_MS = 5 * 60_000;

/**
 * Authorization code and refresh grants (docs/marketplace-api/authentication.md#authorization-code-flow, docs/marketplace-api/authentication.md#token-endpoint, docs/marketplace-api/authentication.md#refresh-token-renewal): third party apps. A new code is
 * exchanged once; afterwards the refresh token renews the access token, and a refresh token the
 * marketplace renews is stored in place of the old one.
 */
export async function obtainPartnerToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const baseUrl = resolveBaseUrl(credentials);
	const { appId, appSecret } = requireAppKeys(credentials);
	const redirectUri = checkRedirectUrl(credentials.redirectUrl);
	const scope = text(credentials.scope) || MARKETPLACE.defaultScope;
	const handover = readHandover(credentials);
	// Tokens from Connect Seller replace whatever the credential held (n8n's update replaced its data).
	const stored: StoredTokenData = handover
		? withoutAccessToken(handover)
		: readStoredTokenData(credentials);
	const handoverCleared = handover ? { [HANDOVER_FIELD]: '' } : {};
	if (
		handover &&
		handover.accessToken !== '' &&
		Date.parse(handover.accessTokenExpiresAt ?? '') - Date.now() > HANDOVER_MIN_VALIDITY_MS &&
		text(credentials.authorizationCode) === ''
	) {
		return { ...storedFields(handover.accessToken, stored, credentials), ...handoverCleared };
	}
	const input = parseAuthorizationInput(
		credentials.authorizationCode,
		credentials.authorizationState,
	);
	const reauthorize = { baseUrl, appId, redirectUri, scope };

	if (input.kind === 'denied') {
		throw reauthorizationError(
			`The seller did not approve access (${input.reason})`,
			{ grant: 'authorization_code', error: 'access_denied', errorDescription: input.reason },
			reauthorize,
		);
	}
	const codeFingerprint = input.kind === 'code' ? fingerprint(input.code) : undefined;
	const hasNewCode = codeFingerprint !== undefined && codeFingerprint !== stored.codeFingerprint;

	let grant: 'authorization_code' | 'refresh_token';
	let query: IDataObject;
	let secrets: string[];
	if (hasNewCode && input.kind === 'code') {
		grant = 'authorization_code';
		query = {
			redirect_uri: redirectUri,
			code: input.code,
			...(input.state ? { state: input.state } : {}),
		};
		secrets = [input.code];
	} else if (stored.refreshToken) {
		grant = 'refresh_token';
		query = { refresh_token: stored.refreshToken };
		secrets = [stored.refreshToken];
	} else if (input.kind === 'code') {
		throw reauthorizationError(
			'The authorization code in the credential was already used and no refresh token is stored',
			{
				grant: 'authorization_code',
				error: 'invalid_grant',
				errorDescription: 'authorization code already used',
			},
			reauthorize,
		);
	} else {
		throw reauthorizationError(
			'The credential has no authorization code yet',
			{
				grant: 'authorization_code',
				error: 'invalid_grant',
				errorDescription: 'no authorization code',
			},
			reauthorize,
			true,
		);
	}

	// The app secret is part of the key: a request with another (wrong) secret never shares an answer.
	const key = ['ac', baseUrl, appId, fingerprint(appSecret), grant, fingerprint(secrets[0])].join(
		'|',
	);
	let token: TokenResponse | undefined;
	let failure: unknown;
	try {
		token = await singleFlight(
			key,
			REFRESH_REUSE_MS,
			async () =>
				await requestToken(helper, {
					baseUrl,
					appId,
					appSecret,
					grant,
					query,
					secrets,
					baseUrlField: baseUrlField(credentials),
				}),
		);
	} catch (error) {
		failure = error;
	}
	if (token === undefined) {
		if (isInvalidGrant(failure)) {
			const what =
				grant === 'authorization_code'
					? 'The authorization code was refused: it was already used, has expired, or was issued for another app or redirect URL'
					: 'The refresh token was refused: it has expired (refresh tokens last about 180 days) or was revoked';
			throw reauthorizationError(
				`${what} (${describeFailure(failure.failure)})`,
				failure.failure,
				reauthorize,
			);
		}
		throw failure;
	}

	const next = nextTokenData(token, stored, grant, scope, codeFingerprint);
	// n8n stores every field preAuthentication returns
	// (docs/n8n-internals.md#preauthentication-and-the-expirable-field): the used code and its
	// state are cleared, the fingerprint keeps a copy of the code pasted again from a stale form
	// from being sent twice.
	const cleared = input.kind === 'code' ? { authorizationCode: '', authorizationState: '' } : {};
	return { ...storedFields(token.access_token, next, credentials), ...cleared, ...handoverCleared };
}
