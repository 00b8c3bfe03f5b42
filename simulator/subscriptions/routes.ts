/**
 * POST /sellers/v3/notification/subscription (spec 4.5, 7): switches order and return
 * notifications of an existing subscription. Statuses: 400 (bad body, or the token's seller is
 * not seller_id), 401 (token; checked before this handler), 403 (another app's subscription),
 * 404 (no such subscription), 500 (fault injection only).
 */
import { HttpError } from '../http/errors';
import { isRecord } from '../http/query';
import type { Router } from '../http/router';
import type { World } from '../world';

const fail = (status: number, error: string, message: string) => new HttpError(status, { error, message });

export function registerSubscriptionRoutes(router: Router, world: World): void {
	router.add('POST', '/sellers/v3/notification/subscription', (ctx) => {
		const body = ctx.json();
		if (!isRecord(body)) throw fail(400, 'BAD_REQUEST', 'The request body must be a JSON object');
		const { seller_id: sellerId, location_id: locationId, disable_order: disableOrder, disable_returns: disableReturns } = body;
		if (typeof sellerId !== 'string' || sellerId === '') throw fail(400, 'BAD_REQUEST', 'seller_id is required');
		if (typeof locationId !== 'string' || locationId === '') throw fail(400, 'BAD_REQUEST', 'location_id is required');
		for (const [name, value] of [['disable_order', disableOrder], ['disable_returns', disableReturns]] as const) {
			if (value !== undefined && value !== null && typeof value !== 'boolean') throw fail(400, 'BAD_REQUEST', `${name} must be a boolean`);
		}
		const caller = ctx.auth;
		if (!caller || caller.sellerId !== sellerId) throw fail(400, 'BAD_REQUEST', `The access token does not belong to seller ${sellerId}`);
		const subscription = world.subscriptions.get(sellerId, locationId);
		if (!subscription) throw fail(404, 'NOT_FOUND', `Subscription not found for seller ${sellerId} and location ${locationId}`);
		if (subscription.appId !== caller.appId) {
			throw fail(403, 'FORBIDDEN', `The subscription for seller ${sellerId} and location ${locationId} does not belong to the calling application`);
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
		if (changes.length === 0) return { status: 200, body: { message: 'No change requested; subscription unchanged' } };
		subscription.updatedMs = world.now();
		return { status: 200, body: { message: `Subscription updated successfully: ${changes.join(', ')}` } };
	});
}
