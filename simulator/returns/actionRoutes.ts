/** POST /sellers/v2/returns/{action} (docs/marketplace-api/return-actions.md#return-actions). */
import { json } from '../http/errors';
import type { Router } from '../http/router';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';
import { RETURN_ACTIONS, returnActionBody, runReturnAction } from './actions';

export function registerReturnActionRoutes(router: Router, world: World): void {
	for (const action of RETURN_ACTIONS) {
		router.add('POST', `/sellers/v2/returns/${action}`, (ctx) =>
			json(returnActionBody(runReturnAction(world, sellerAuth(ctx), action, ctx.json()))),
		);
	}
}
