/** Routes of the order life after Ready to Dispatch: self-ship calls, handover counts, manifest, return OTCs. */
import { json } from '../http/errors';
import { pathIds, queryParam } from '../http/query';
import type { Router } from '../http/router';
import type { RequestContext } from '../http/types';
import { sellerAuth } from '../oauth/bearer';
import { perItemBody } from '../shipments/results';
import type { World } from '../world';
import {
	selfShipDeliveryAttempt,
	selfShipDelivery,
	selfShipDispatch,
	updateTracking,
} from './actions';
import { handoverCounts, manifestPdf, returnOtcs } from './handover';

export function registerSelfShipRoutes(router: Router, world: World): void {
	// Self-ship calls answer per shipment with processingStatus (docs/marketplace-api/self-ship.md#answers).
	const batch = (fn: typeof selfShipDispatch) => (ctx: RequestContext) =>
		json(perItemBody(fn(world, sellerAuth(ctx), ctx.json()), 'processingStatus'));
	router.add('POST', '/sellers/v3/shipments/selfShip/dispatch', batch(selfShipDispatch));
	router.add('POST', '/sellers/v3/shipments/selfShip/delivery', batch(selfShipDelivery));
	router.add(
		'POST',
		'/sellers/v3/shipments/selfShip/deliveryAttempt',
		batch(selfShipDeliveryAttempt),
	);
	router.add('POST', '/sellers/v3/shipments/{shipmentId}/update', (ctx) => {
		updateTracking(world, sellerAuth(ctx), ctx.params.shipmentId, ctx.json());
		// No answer body is documented.
		return { status: 200 };
	});
	router.add('GET', '/sellers/v3/shipments/handover/counts', (ctx) =>
		json(handoverCounts(world, sellerAuth(ctx), queryParam(ctx.query, 'locationId'))),
	);
	router.add('POST', '/sellers/v3/shipments/manifest', (ctx) => ({
		status: 200,
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': 'attachment; filename="manifest.pdf"',
		},
		body: manifestPdf(world, sellerAuth(ctx), ctx.json()),
	}));
	router.add('GET', '/sellers/v3/shipments/otc/{locationIds}', (ctx) =>
		json(
			returnOtcs(
				world,
				sellerAuth(ctx),
				pathIds(ctx.params.locationIds),
				queryParam(ctx.query, 'requestType'),
			),
		),
	);
}
