/** The seller API's route table. */
import { Router } from './http/router';
import type { World } from './world';
import { registerOAuthRoutes } from './oauth/routes';
import { registerShipmentRoutes } from './shipments/routes';
import { registerDocumentRoutes } from './documents/routes';
import { registerSubscriptionRoutes } from './subscriptions/routes';
import { registerListingRoutes } from './listings/routes';
import { registerReturnRoutes } from './returns/routes';
import { registerSelfShipRoutes } from './selfShip/routes';
import { registerServiceRoutes } from './services/routes';

export function apiRouter(world: World): Router {
	const router = new Router();
	registerOAuthRoutes(router, world);
	registerShipmentRoutes(router, world);
	registerDocumentRoutes(router, world);
	registerSubscriptionRoutes(router, world);
	registerListingRoutes(router, world);
	registerReturnRoutes(router, world);
	registerSelfShipRoutes(router, world);
	registerServiceRoutes(router, world);
	return router;
}
