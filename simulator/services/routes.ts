/** POST /sellers/v2/services/attempt and /complete (docs/marketplace-api/return-actions.md#service-updates). */
import { json } from '../http/errors';
import type { Router } from '../http/router';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';
import { runServiceUpdate, serviceBody } from './actions';

export function registerServiceRoutes(router: Router, world: World): void {
	for (const kind of ['attempt', 'complete'] as const) {
		router.add('POST', `/sellers/v2/services/${kind}`, (ctx) =>
			json(serviceBody(runServiceUpdate(world, sellerAuth(ctx), kind, ctx.json()))),
		);
	}
}
