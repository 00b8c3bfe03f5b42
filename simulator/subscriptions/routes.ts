/**
 * POST /sellers/v3/notification/subscription (docs/marketplace-api/notifications.md#subscription-switch, docs/marketplace-api/errors.md#subscription-statuses): switches order and return
 * notifications of an existing subscription. Statuses: 400 (bad body, or the token's seller is
 * not seller_id), 401 (token; checked before this handler), 403 (another app's subscription),
 * 404 (no such subscription), 500 (fault injection only).
 */
import { apiError, badRequest, json } from '../http/errors';
import { isRecord } from '../http/query';
import type { Router } from '../http/router';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';

export function registerSubscriptionRoutes(router: Router, world: World): void {
	router.add('POST', '/sellers/v3/notification/subscription', (ctx) => {
		const body = ctx.json();
		if (!isRecord(body)) throw badRequest('The request body must be a JSON object');
		const {
			seller_id: sellerId,
			location_id: locationId,
			disable_order: disableOrder,
			disable_returns: disableReturns,
		} = body;
		if (typeof sellerId !== 'string' || sellerId === '') throw badRequest('seller_id is required');
		if (typeof locationId !== 'string' || locationId === '')
			throw badRequest('location_id is required');
		for (const [name, value] of [
			['disable_order', disableOrder],
			['disable_returns', disableReturns],
		] as const) {
			if (value !== undefined && value !== null && typeof value !== 'boolean')
				throw badRequest(`${name} must be a boolean`);
		}
		const caller = sellerAuth(ctx);
		if (caller.sellerId !== sellerId)
			throw badRequest(`The access token does not belong to seller ${sellerId}`);
		const subscription = world.subscriptions.get(sellerId, locationId);
		if (!subscription)
			throw apiError(
				404,
				'NOT_FOUND',
				`Subscription not found for seller ${sellerId} and location ${locationId}`,
			);
		if (subscription.appId !== caller.appId) {
			throw apiError(
				403,
				'FORBIDDEN',
				`The subscription for seller ${sellerId} and location ${locationId} does not belong to the calling application`,
			);
		}
		const changes: string[] = [];
		if (typeof disableOrder === 'boolean') {
			subscription.disableOrder = disableOrder;
			changes.push(`order notifications ${disableOrder ? 'disabled' : 'enabled'}`);
		}
		if (typeof disableReturns === 'boolean') {
			subscription.disableReturns = disableReturns;
			changes.push(`returns notifications ${disableReturns ? 'disabled' : 'enabled'}`);
		}
		if (changes.length === 0)
			return json({ message: 'No change requested; subscription unchanged' });
		subscription.updatedMs = world.now();
		return json({ message: `Subscription updated successfully: ${changes.join(', ')}` });
	});
}
