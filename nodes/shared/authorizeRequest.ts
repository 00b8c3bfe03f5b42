/**
 * The credentials' `authenticate`: which header a request gets (spec 5.1, 5.2). Token-issuing
 * operations under the OAuth service take HTTP Basic with the app's id and secret; every other
 * operation takes the Bearer access token. Nothing is attached to a URL outside the
 * credential's base URL, so a wrong or malicious URL never receives a secret.
 */
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { InvalidUrlError, isUnderBaseUrl, parseUrl, resolveBaseUrl } from './baseUrl';
import { basicAuthorization } from './oauth';
import { PATHS } from './profile';

const OAUTH_SERVICE_PREFIX = PATHS.grant.slice(0, PATHS.grant.indexOf('/oauth/'));

function absoluteUrl(options: IHttpRequestOptions): string {
	const url = options.url ?? '';
	if (parseUrl(url) !== undefined || !options.baseURL) return url;
	return `${options.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

export async function authorizeRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const baseUrl = resolveBaseUrl(credentials);
	const target = absoluteUrl(requestOptions);
	if (!isUnderBaseUrl(target, baseUrl)) {
		const origin = parseUrl(target)?.origin ?? target;
		throw new InvalidUrlError(
			`Refusing to send the marketplace credential to ${origin}: requests must go to the credential's base URL ${baseUrl}`,
		);
	}
	const path = new URL(target).pathname.slice(new URL(baseUrl).pathname.replace(/\/+$/, '').length);
	const headers: IDataObject = {};
	for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
		if (name.toLowerCase() !== 'authorization') headers[name] = value;
	}
	if (path.startsWith(`${OAUTH_SERVICE_PREFIX}/`)) {
		// The same App ID as the token requests use (trimmed, see grants.ts).
		headers.Authorization = basicAuthorization(String(credentials.appId ?? '').trim(), String(credentials.appSecret ?? ''));
	} else {
		// One space after Bearer: public clients that omit it get 401 (api-facts 10.2).
		headers.Authorization = `Bearer ${String(credentials.accessToken ?? '')}`;
	}
	return { ...requestOptions, headers };
}
