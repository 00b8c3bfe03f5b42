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
	describeFailure,
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

function toFailure(call: TokenCall, error: unknown): TokenFailure {
	const { status, body, networkCode, location } = readHttpFailure(error);
	if (status !== undefined && status >= 300 && status < 400)
		return redirectFailure(call, status, location);
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
		const malformed: TokenFailure = {
			grant: call.grant,
			errorDescription: 'the answer was not JSON',
		};
		throw new TokenRequestError(describeFailure(malformed), malformed, hintFor(malformed));
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
