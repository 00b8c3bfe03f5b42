/**
 * The credentials' `authenticate`: which header a request gets (docs/marketplace-api/authentication.md#which-header-a-call-carries). Token-issuing
 * operations under the OAuth service take HTTP Basic with the app's id and secret; every other
 * operation takes the Bearer access token. Nothing is attached to a URL outside the
 * credential's base URL, and redirects are never followed with it, so a wrong or malicious URL
 * never receives a secret.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { InvalidUrlError, isUnderBaseUrl, parseUrl, resolveBaseUrl } from './baseUrl';
import { readStoredTokenData, tokenIsForOtherSettings } from './grants';
import { basicAuthorization } from './tokenService';
import { PATHS } from './profile';

const OAUTH_SERVICE_PREFIX = PATHS.grant.slice(0, PATHS.grant.indexOf('/oauth/'));

/**
 * Thrown, before anything is sent, when the stored access token was issued for another base URL,
 * App ID or App Secret. It answers like a refused token (status 401), so n8n renews the token with
 * the settings as they are now and sends the request once more
 * (docs/n8n-internals.md#preauthentication-and-the-expirable-field): a token never goes to an
 * address it was not issued by, and the editor's credential test of an edited credential reports
 * what the token service says of the new settings (docs/n8n-internals.md#the-credential-test).
 */
export class TokenForOtherSettingsError extends Error {
	readonly response = { status: 401 };

	constructor() {
		super(
			"The credential's base URL, App ID or App Secret changed since its access token was issued: a new token is needed",
		);
		this.name = 'TokenForOtherSettingsError';
	}
}

/**
 * Where the request goes. A relative url is joined to baseURL, as axios sends it (keeping a base
 * path prefix). n8n itself resolves it as a URL reference (docs/n8n-internals.md#http-requests),
 * which makes "//host/x" and "/\\host/x" name another host: that reading must keep the base URL's
 * origin too, or the request is refused.
 */
function targetUrl(
	options: IHttpRequestOptions,
	baseUrl: string,
): { url: string; outside?: string } {
	const url = options.url ?? '';
	if (parseUrl(url) !== undefined || !options.baseURL) return { url };
	const joined = `${options.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
	const resolved = URL.canParse(url, options.baseURL) ? new URL(url, options.baseURL) : undefined;
	const origin = parseUrl(baseUrl)?.origin;
	return resolved !== undefined && resolved.origin !== origin
		? { url: joined, outside: resolved.href }
		: { url: joined };
}

export async function authorizeRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const baseUrl = resolveBaseUrl(credentials);
	const { url: target, outside: elsewhere } = targetUrl(requestOptions, baseUrl);
	const outside = elsewhere ?? (isUnderBaseUrl(target, baseUrl) ? undefined : target);
	if (outside !== undefined) {
		const origin = parseUrl(outside)?.origin ?? outside;
		throw new InvalidUrlError(
			`Refusing to send the marketplace credential to ${origin}: requests must go to the credential's base URL ${baseUrl}`,
		);
	}
	if (tokenIsForOtherSettings(credentials)) throw new TokenForOtherSettingsError();
	const path = new URL(target).pathname.slice(new URL(baseUrl).pathname.replace(/\/+$/, '').length);
	const headers: IDataObject = {};
	for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
		if (name.toLowerCase() !== 'authorization') headers[name] = value;
	}
	let qs = requestOptions.qs;
	if (path.startsWith(`${OAUTH_SERVICE_PREFIX}/`)) {
		// The same App ID as the token requests use (trimmed, see grants.ts).
		headers.Authorization = basicAuthorization(
			String(credentials.appId ?? '').trim(),
			String(credentials.appSecret ?? ''),
		);
		// An expiry question without a token asks about the credential's own token of that type,
		// as it is now (the credential test: n8n may have exchanged a new code just before).
		if (path === PATHS.grantExpiry && (qs?.token === undefined || qs.token === '')) {
			const own =
				qs?.token_type === 'refresh'
					? readStoredTokenData(credentials).refreshToken
					: credentials.accessToken;
			qs = { ...qs, token: String(own ?? '') };
		}
	} else {
		// One space after Bearer: public clients that omit it get 401 (docs/marketplace-api/discrepancies.md#mistakes-seen-in-public-clients).
		headers.Authorization = `Bearer ${String(credentials.accessToken ?? '')}`;
	}
	// n8n follows redirects and re-attaches Authorization across origins by default
	// (docs/n8n-internals.md#http-requests); whoever sends with this credential, it must not.
	return {
		...requestOptions,
		headers,
		qs,
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
}
