/** Bulk seeding through the control interface (fast: 10,000 shipments take well under a second). */
import type { World } from '../world';
import {
	CANCELLATION_TYPES,
	SHIPMENT_TYPES,
	ALL_STATES,
	type ShipmentRecord,
	type ShipmentState,
} from '../shipments/model';
import { RETURN_SOURCES, RETURN_STATUSES } from '../returns/model';
import { LISTING_STATUSES } from '../listings/model';
import { DEMO_SELLER_1 } from '../data/sellers';
import { ControlError, invalid, oneOf, optionalDate, requireInt } from './errors';

export const MAX_BULK = 200_000;

export interface SeedShipmentsRequest {
	sellerId?: string;
	locationId?: string;
	count: number;
	state?: ShipmentState;
	shipmentType?: 'NORMAL' | 'EXPRESS' | 'SELF';
	cancellationType?: 'sellerCancellation' | 'buyerCancellation' | 'marketplaceCancellation';
	hold?: boolean;
	itemCount?: number;
	packageCount?: number;
	withForms?: boolean;
	orderDate?: string | number;
	dispatchAfterDate?: string | number;
	dispatchByDate?: string | number;
	sku?: string;
	paymentType?: 'COD' | 'PREPAID';
}

export interface SeedReturnsRequest {
	sellerId?: string;
	locationId?: string;
	count: number;
	source?: 'customer_return' | 'courier_return';
	status?: 'RETURN_CREATED' | 'RETURN_PICKED_UP' | 'RETURN_COMPLETED' | 'RETURN_CANCELLED';
	shipmentId?: string;
}

export interface SeedListingsRequest {
	sellerId?: string;
	count: number;
	listingStatus?: 'ACTIVE' | 'INACTIVE';
}

/** The seller and location a request names: a location implies its seller; a seller its first location. */
export function resolveLocation(
	world: World,
	sellerId: string | undefined,
	locationId: string | undefined,
): { sellerId: string; locationId: string } {
	if (locationId !== undefined) {
		const location = world.sellers.location(locationId);
		if (!location) throw invalid(`Unknown location ${locationId}`);
		if (sellerId !== undefined && location.sellerId !== sellerId)
			throw invalid(`Location ${locationId} does not belong to seller ${sellerId}`);
		return { sellerId: location.sellerId, locationId };
	}
	const seller = world.sellers.seller(sellerId ?? DEMO_SELLER_1);
	if (!seller) throw invalid(`Unknown seller ${sellerId}`);
	return { sellerId: seller.sellerId, locationId: seller.locationIds[0] };
}

export function seedShipments(
	world: World,
	req: SeedShipmentsRequest,
): { count: number; shipmentIds: string[] } {
	const count = requireInt(req.count, 'count', 1, MAX_BULK);
	const { sellerId, locationId } = resolveLocation(world, req.sellerId, req.locationId);
	const state = oneOf(req.state, 'state', ALL_STATES) ?? 'APPROVED';
	const shipmentType = oneOf(req.shipmentType, 'shipmentType', SHIPMENT_TYPES);
	const cancellationType = oneOf(req.cancellationType, 'cancellationType', CANCELLATION_TYPES);
	if (req.hold !== undefined && typeof req.hold !== 'boolean')
		throw invalid('hold must be a boolean');
	const itemCount =
		req.itemCount === undefined ? undefined : requireInt(req.itemCount, 'itemCount', 1, 20);
	const packageCount =
		req.packageCount === undefined
			? undefined
			: requireInt(req.packageCount, 'packageCount', 1, 10);
	const paymentType = oneOf(req.paymentType, 'paymentType', ['COD', 'PREPAID'] as const);
	const dates = {
		orderDateMs: optionalDate(req.orderDate, 'orderDate'),
		dispatchAfterMs: optionalDate(req.dispatchAfterDate, 'dispatchAfterDate'),
		dispatchByMs: optionalDate(req.dispatchByDate, 'dispatchByDate'),
	};
	const catalog = world.listings.forSeller(sellerId);
	const shipmentIds: string[] = [];
	for (let i = 0; i < count; i++) {
		const shipment = world.factory.shipment(
			{
				sellerId,
				locationId,
				state,
				shipmentType,
				cancellationType,
				hold: req.hold,
				itemCount,
				packageCount,
				withForms: req.withForms,
				sku: req.sku,
				paymentType,
				...dates,
			},
			catalog,
		);
		// Its order date may lie in the past, but the record appears now: that is its modifiedDate
		// on the simulator clock, so searches by modifiedDate (the poll trigger) find it.
		shipment.updatedMs = world.now();
		world.shipments.add(shipment);
		if (state === 'PACKING_IN_PROGRESS')
			world.packing.schedule(shipment, world.config.packingDelayMs);
		shipmentIds.push(shipment.shipmentId);
	}
	return { count, shipmentIds };
}

export function seedReturns(
	world: World,
	req: SeedReturnsRequest,
): { count: number; returnIds: string[] } {
	const count = requireInt(req.count, 'count', 1, MAX_BULK);
	let target: ShipmentRecord | undefined;
	if (req.shipmentId !== undefined) {
		target = world.shipments.get(req.shipmentId);
		if (!target) throw new ControlError(404, `Unknown shipment ${req.shipmentId}`);
	}
	const { sellerId, locationId } = target
		? { sellerId: target.sellerId, locationId: target.locationId }
		: resolveLocation(world, req.sellerId, req.locationId);
	const source = oneOf(req.source, 'source', RETURN_SOURCES) ?? 'customer_return';
	const status = oneOf(req.status, 'status', RETURN_STATUSES) ?? 'RETURN_CREATED';
	const pool = target
		? [target]
		: world.shipments
				.forSeller(sellerId)
				.filter((s) => s.locationId === locationId && s.items[0].status === 'DELIVERED');
	const returnIds: string[] = [];
	for (let i = 0; i < count; i++) {
		const record = world.factory.return({
			sellerId,
			locationId,
			source,
			status,
			shipment: pool.length > 0 ? pool[i % pool.length] : undefined,
		});
		record.updatedMs = world.now();
		world.returns.add(record);
		returnIds.push(record.returnId);
	}
	return { count, returnIds };
}

export function seedListings(
	world: World,
	req: SeedListingsRequest,
): { count: number; skus: string[] } {
	const count = requireInt(req.count, 'count', 1, MAX_BULK);
	const seller = world.sellers.seller(req.sellerId ?? DEMO_SELLER_1);
	if (!seller) throw invalid(`Unknown seller ${req.sellerId}`);
	const status = oneOf(req.listingStatus, 'listingStatus', LISTING_STATUSES) ?? 'ACTIVE';
	const start = world.listings.count(seller.sellerId);
	const skus: string[] = [];
	for (let i = 0; i < count; i++) {
		const listing = world.factory.listing(seller.sellerId, seller.locationIds, start + i, status);
		world.listings.put(listing);
		skus.push(listing.sku);
	}
	return { count, skus };
}
