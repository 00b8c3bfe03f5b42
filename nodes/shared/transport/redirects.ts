/**
 * Redirects. n8n follows them by default and re-attaches the Authorization header even across
 * origins (`sendCredentialsOnCrossOriginRedirect` defaults to true in @n8n/backend-network), and
 * the answer of the other host would be taken for the marketplace's. The marketplace's API needs
 * no redirect to another address, so every request asks n8n not to follow any
 * (`disableFollowRedirect`), and the transport decides here: a redirect that stays under the
 * credential's base URL is followed (the credential re-checks the address before it attaches
 * anything); any other is an error naming the target host.
 */
import type { IHttpRequestMethods } from 'n8n-workflow';

import { isUnderBaseUrl } from '../baseUrl';
import type { HttpFailure, RedirectFailure } from './failure';

/** Redirects followed in a row before giving up (a loop within the base URL). */
export const MAX_REDIRECTS = 5;

export function isRedirect(status: number): boolean {
	return status >= 300 && status < 400 && status !== 304;
}

/**
 * The URL to send the request to next, or why the redirect is not followed. 307 and 308 keep the
 * method and body; 301, 302 and 303 turn a POST into a GET (RFC 9110), which would drop the
 * request's body and send something else than what was asked for, so they are followed for GET
 * only.
 */
export function redirectTarget(
	failure: HttpFailure,
	currentUrl: string,
	baseUrl: string,
	method: IHttpRequestMethods,
): { url: string } | RedirectFailure {
	const location = failure.location?.trim();
	if (!location || !URL.canParse(location, currentUrl))
		return { kind: 'redirect', status: failure.status, reason: 'noLocation' };
	const target = new URL(location, currentUrl);
	if (!isUnderBaseUrl(target.href, baseUrl)) {
		return { kind: 'redirect', status: failure.status, reason: 'otherOrigin', host: target.host };
	}
	const keepsMethod = failure.status === 307 || failure.status === 308;
	if (!keepsMethod && method !== 'GET' && method !== 'HEAD')
		return { kind: 'redirect', status: failure.status, reason: 'changesMethod' };
	return { url: target.href };
}
