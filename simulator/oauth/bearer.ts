/**
 * Bearer validation for every /sellers path (docs/marketplace-api/authentication.md#which-header-a-call-carries, docs/marketplace-api/errors.md#subscription-statuses). The header must be exactly
 * `Bearer <token>` with one space (docs/marketplace-api/discrepancies.md#mistakes-seen-in-public-clients: "Bearer<token>" fails). Like the real
 * server, error descriptions echo the token, which clients must redact.
 */
import { oauthError } from '../http/errors';
import type { AuthContext, RequestContext } from '../http/types';
import type { World } from '../world';
import { SELLER_API_SCOPE } from './apps';
import { FULL_AUTH_REQUIRED } from './flows';

const challenge = (error?: string, description?: string) => ({
	'WWW-Authenticate': error
		? `Bearer realm="oauth2-resource", error="${error}", error_description="${description}"`
		: 'Bearer realm="oauth2-resource"',
});

export function authenticateBearer(world: World, header: string | undefined): AuthContext {
	const match = header ? /^Bearer ([^\s]+)$/.exec(header) : null;
	if (!match) throw oauthError(401, 'unauthorized', FULL_AUTH_REQUIRED, challenge());
	const token = match[1];
	const record = world.tokens.get(token);
	if (!record || record.kind !== 'access' || record.revoked) {
		const description = `Invalid access token: ${token}`;
		throw oauthError(401, 'invalid_token', description, challenge('invalid_token', description));
	}
	if (world.now() >= record.expiresMs) {
		const description = `Access token expired: ${token}`;
		throw oauthError(401, 'invalid_token', description, challenge('invalid_token', description));
	}
	if (!record.scopes.includes(SELLER_API_SCOPE)) {
		throw oauthError(
			403,
			'insufficient_scope',
			'Insufficient scope for this resource',
			challenge('insufficient_scope', 'Insufficient scope for this resource'),
		);
	}
	return { token, appId: record.appId, sellerId: record.sellerId, scopes: [...record.scopes] };
}

/** The caller of a /sellers route: the server authenticates every such request before its handler. */
export function sellerAuth(ctx: RequestContext): AuthContext {
	if (!ctx.auth) throw new Error('route needs an authenticated seller');
	return ctx.auth;
}
