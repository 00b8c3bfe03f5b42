/**
 * The seeded world: ~25 listings per seller, a spread of shipments per location covering every
 * filter type and state (some on hold, some not yet dispatchable, EXPRESS and SELF ones,
 * multi-item and multi-package ones), returns of both sources, and the three subscriptions of
 * the demo identities. The pattern is index-based so coverage does not depend on chance; the
 * remaining detail comes from the seeded generator.
 */
import { DAY, HOUR } from '../util/dates';
import type { CancellationType, ShipmentState, ShipmentType } from '../shipments/model';
import type { ReturnSource, ReturnStatus } from '../returns/model';
import type { World } from '../world';
import { DEMO_SELLER_1, DEMO_SELLER_2 } from './sellers';
import type { ShipmentSeed } from './factory';

/** One cycle of 15: five APPROVED, then packed, dispatched, failed, post-dispatch and cancelled ones. */
const STATE_CYCLE: ReadonlyArray<{ state: ShipmentState; cancellationType?: CancellationType }> = [
	{ state: 'APPROVED' },
	{ state: 'APPROVED' },
	{ state: 'APPROVED' },
	{ state: 'APPROVED' },
	{ state: 'APPROVED' },
	{ state: 'PACKED' },
	{ state: 'PACKED' },
	{ state: 'READY_TO_DISPATCH' },
	{ state: 'FORM_FAILED' },
	{ state: 'PICKUP_COMPLETE' },
	{ state: 'SHIPPED' },
	{ state: 'DELIVERED' },
	{ state: 'CANCELLED', cancellationType: 'buyerCancellation' },
	{ state: 'CANCELLED', cancellationType: 'sellerCancellation' },
	{ state: 'CANCELLED', cancellationType: 'marketplaceCancellation' },
];

/** The seed parameters of the i-th seeded shipment of a location. */
export function seededShipmentPlan(
	i: number,
	now: number,
): Omit<ShipmentSeed, 'sellerId' | 'locationId'> {
	const { state, cancellationType } = STATE_CYCLE[i % STATE_CYCLE.length];
	const shipmentType: ShipmentType = i % 7 === 3 ? 'EXPRESS' : i % 7 === 5 ? 'SELF' : 'NORMAL';
	const plan: Omit<ShipmentSeed, 'sellerId' | 'locationId'> = {
		state,
		cancellationType,
		shipmentType,
		hold: state === 'APPROVED' && i % 15 === 2,
		itemCount: i % 8 === 5 ? 3 : i % 4 === 1 ? 2 : 1,
		packageCount: i % 6 === 4 ? 2 : 1,
	};
	if (state === 'APPROVED' && i % 15 === 3) {
		// Not yet dispatchable: labels fail until the clock passes dispatchAfterDate.
		plan.orderDateMs = now - 2 * HOUR;
		plan.dispatchAfterMs = now + 6 * HOUR;
		plan.dispatchByMs = now + 2 * DAY;
	}
	return plan;
}

const RETURN_STATUS_CYCLE: readonly ReturnStatus[] = [
	'RETURN_CREATED',
	'RETURN_PICKED_UP',
	'RETURN_COMPLETED',
	'RETURN_CANCELLED',
];

export function seedWorld(world: World): void {
	const { options, sellers, factory } = world;
	const now = world.now();

	for (const seller of sellers.allSellers()) {
		for (let i = 0; i < options.seedListingsPerSeller; i++) {
			// Every eighth listing is INACTIVE so that search by listing_status has both kinds.
			world.listings.put(
				factory.listing(
					seller.sellerId,
					seller.locationIds,
					i,
					i % 8 === 7 ? 'INACTIVE' : 'ACTIVE',
				),
			);
		}
	}

	for (const location of sellers.allLocations()) {
		const catalog = world.listings.forSeller(location.sellerId);
		for (let i = 0; i < options.seedShipmentsPerLocation; i++) {
			world.shipments.add(
				factory.shipment(
					{
						sellerId: location.sellerId,
						locationId: location.locationId,
						...seededShipmentPlan(i, now),
					},
					catalog,
				),
			);
		}
	}

	for (const location of sellers.allLocations()) {
		const shipments = world.shipments
			.forSeller(location.sellerId)
			.filter((s) => s.locationId === location.locationId);
		const delivered = shipments.filter((s) => s.items[0].status === 'DELIVERED');
		const inTransit = shipments.filter(
			(s) => s.items[0].status === 'SHIPPED' || s.items[0].status === 'PICKUP_COMPLETE',
		);
		for (let r = 0; r < options.seedReturnsPerLocation; r++) {
			const source: ReturnSource = r % 2 === 0 ? 'customer_return' : 'courier_return';
			const pool = source === 'customer_return' ? delivered : inTransit;
			world.returns.add(
				factory.return({
					sellerId: location.sellerId,
					locationId: location.locationId,
					source,
					status: RETURN_STATUS_CYCLE[(r >> 1) % RETURN_STATUS_CYCLE.length],
					shipment: pool.length > 0 ? pool[r % pool.length] : undefined,
					createdMs: now - (options.seedReturnsPerLocation - r) * 6 * HOUR,
				}),
			);
		}
	}

	const { selfApp, partnerApp } = world.apps;
	for (const [sellerId, locationId, appId] of [
		[DEMO_SELLER_1, 'LOC-DEMO-1', selfApp.appId],
		[DEMO_SELLER_1, 'LOC-DEMO-2', partnerApp.appId],
		[DEMO_SELLER_2, 'LOC-DEMO-3', partnerApp.appId],
	]) {
		world.subscriptions.put({
			sellerId,
			locationId,
			appId,
			disableOrder: false,
			disableReturns: false,
			updatedMs: now,
		});
	}
}
