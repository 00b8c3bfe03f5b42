/** OAuth endpoints under /oauth-service (no /sellers prefix, docs/marketplace-api/conventions.md#paths). */
import { json } from '../http/errors';
import type { Router } from '../http/router';
import { queryParam } from '../http/query';
import type { World } from '../world';
import {
	authenticateClient,
	authorizationCodeGrant,
	authorize,
	checkGrantType,
	clientCredentialsGrant,
	redirectWithCode,
	refreshTokenGrant,
	tokenExpiry,
} from './flows';
import { PATHS } from '../profile';

export function registerOAuthRoutes(router: Router, world: World): void {
	router.add('GET', PATHS.token, (ctx) => {
		const app = authenticateClient(world, ctx.headers.authorization);
		const q = (name: string) => queryParam(ctx.query, name);
		switch (checkGrantType(app, q('grant_type'))) {
			case 'client_credentials':
				return json(clientCredentialsGrant(world, app, q('scope')));
			case 'authorization_code':
				return json(authorizationCodeGrant(world, app, q('code'), q('redirect_uri')));
			default:
				return json(refreshTokenGrant(world, app, q('refresh_token')));
		}
	});

	router.add('GET', PATHS.tokenExpiry, (ctx) => {
		const app = authenticateClient(world, ctx.headers.authorization);
		return json(
			tokenExpiry(world, app, queryParam(ctx.query, 'token_type'), queryParam(ctx.query, 'token')),
		);
	});

	router.add('GET', PATHS.authorize, (ctx) => {
		const q = (name: string) => queryParam(ctx.query, name);
		const code = authorize(world, {
			clientId: q('client_id'),
			redirectUri: q('redirect_uri'),
			responseType: q('response_type') ?? '',
			scope: q('scope'),
			state: q('state'),
			sellerId: q('seller_id'),
		});
		return {
			status: 302,
			headers: { Location: redirectWithCode(code.redirectUri, code.code, code.state) },
			body: '',
		};
	});
}
