/**
 * The marketplace's token service (docs/marketplace-api/authentication.md#token-endpoint): GET requests with HTTP Basic
 * base64(appid:app-secret), answers as in docs/marketplace-api/authentication.md#token-response, failures with error /
 * error_description (docs/marketplace-api/authentication.md#token-errors).
 * Used by both credential types (inside preAuthentication).
 */
import type { IDataObject, IHttpRequestHelper } from 'n8n-workflow';

import { decodeBody } from './httpBody';
import { PATHS } from './profile';
import { redactSecrets } from './redact';
import {
	failureMessage,
	hintFor,
	TokenRequestError,
	type TokenFailure,
	type TokenGrant,
} from './tokenFailure';

export type { TokenGrant } from './tokenFailure';

/** docs/marketplace-api/authentication.md#token-response */
export interface TokenResponse {
	access_token: string;
	token_type?: string;
	expires_in: number;
	scope?: string;
	refresh_token?: string;
	refresh_token_expires_in?: number;
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
	/** The credential field holding baseUrl, for messages ("Production Base URL"). */
	baseUrlField?: string;
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
		const location = Object.entries(headers).find(
			([name]) => name.toLowerCase() === 'location',
		)?.[1];
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
function redirectFailure(
	call: TokenCall,
	status: number,
	location: string | undefined,
): TokenFailure {
	const target =
		location !== undefined && URL.canParse(location, call.baseUrl)
			? new URL(location, call.baseUrl).host
			: undefined;
	return {
		grant: call.grant,
		status,
		redirected: true,
		errorDescription: `the token service redirected the request${target ? ` to ${target}` : ''}, which is not followed`,
	};
}

/** Where the request went and which field says so, for the messages (tokenFailure.ts). */
function whereOf(call: TokenCall): Pick<TokenFailure, 'baseUrl' | 'baseUrlField'> {
	return { baseUrl: call.baseUrl, baseUrlField: call.baseUrlField };
}

function toFailure(call: TokenCall, error: unknown): TokenFailure {
	const { status, body, networkCode, location } = readHttpFailure(error);
	if (status !== undefined && status >= 300 && status < 400)
		return { ...redirectFailure(call, status, location), ...whereOf(call) };
	const parsed = decodeBody(body).body;
	const text = (value: unknown) =>
		typeof value === 'string' ? redactSecrets(value, call.secrets) : undefined;
	const errorCode = text(parsed?.error);
	const errorDescription = text(parsed?.error_description ?? parsed?.message);
	return {
		grant: call.grant,
		status,
		networkCode,
		error: errorCode,
		errorDescription,
		...whereOf(call),
		// A client error without the OAuth server's error body came from something else
		// (docs/marketplace-api/authentication.md#token-errors); 5xx may be the service itself.
		notTokenService:
			status !== undefined &&
			status >= 400 &&
			status < 500 &&
			status !== 401 &&
			errorCode === undefined &&
			errorDescription === undefined,
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
		throw new TokenRequestError(failureMessage(failure), failure, hintFor(failure));
	}
	const parsed = decodeBody(body).body;
	if (parsed === undefined) {
		const malformed: TokenFailure = {
			grant: call.grant,
			errorDescription: 'the answer was not JSON',
			notTokenService: true,
			...whereOf(call),
		};
		throw new TokenRequestError(failureMessage(malformed), malformed, hintFor(malformed));
	}
	return parsed;
}

/** Requests a token with one of the three grants (docs/marketplace-api/authentication.md#token-endpoint). */
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
		/** The credential field holding baseUrl, named in messages. */
		baseUrlField?: string;
	},
): Promise<TokenResponse> {
	const parsed = await callTokenService(helper, {
		...options,
		// The pair is what the Basic header encodes: its echoes are removed in every encoding.
		secrets: [
			options.appSecret,
			`${options.appId}:${options.appSecret}`,
			...(options.secrets ?? []),
		],
	});
	const accessToken = parsed.access_token;
	// The sample shows expires_in as a number; accept a numeric string too (docs/marketplace-api/authentication.md#token-response).
	const expiresIn = Number(parsed.expires_in);
	if (typeof accessToken !== 'string' || accessToken === '' || !Number.isFinite(expiresIn)) {
		const malformed: TokenFailure = {
			grant: options.grant,
			errorDescription: 'the answer had no access_token or expires_in',
			notTokenService: true,
			baseUrl: options.baseUrl,
			baseUrlField: options.baseUrlField,
		};
		throw new TokenRequestError(failureMessage(malformed), malformed, hintFor(malformed));
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
