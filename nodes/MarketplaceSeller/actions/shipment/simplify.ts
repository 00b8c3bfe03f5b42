/**
 * Simplify for Shipment > Get Many and Get: the marketplace's shipment record nests its order
 * items and sub-shipments (docs/marketplace-api/shipments.md#shipment-record), a screen tall per
 * row in Table view. The simplified item is flat: one row per shipment with one state, the order
 * ids, an items summary, the amount, the dates and the cancellation groups. Fields merged into the record by other
 * options (Include Details) are kept as they are.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listOf } from '../../../shared/transport';

export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** The fields of the raw record the simplified item replaces (docs/marketplace-api/shipments.md#shipment-record). */
const RECORD_FIELDS = new Set([
	'shipmentId',
	'locationId',
	'dispatchAfterDate',
	'dispatchByDate',
	'updatedAt',
	'hold',
	'mps',
	'packagingPolicy',
	'shipmentType',
	'forms',
	'subShipments',
	'orderItems',
]);

/** The life cycle, earliest first (docs/marketplace-api/shipments.md#shipment-states). */
const LIFE_CYCLE = [
	'APPROVED',
	'PACKING_IN_PROGRESS',
	'FORM_FAILED',
	'PACKED',
	'READY_TO_DISPATCH',
	'PICKUP_COMPLETE',
	'SHIPPED',
	'DELIVERED',
	'RETURN_REQUESTED',
	'RETURNED',
	'COMPLETED',
];

/**
 * The marketplace keeps a state per order item only. A shipment's state is that of its order
 * items that are not cancelled (CANCELLED when all are); when they differ, the earliest, which is
 * what the shipment still waits for.
 */
export function shipmentState(orderItems: IDataObject[]): string {
	const states = orderItems.map((item) => String(item.status ?? ''));
	const live = [...new Set(states.filter((state) => state !== 'CANCELLED'))];
	if (live.length === 0) return states.length > 0 ? 'CANCELLED' : '';
	if (live.length === 1) return live[0];
	const rank = (state: string) =>
		LIFE_CYCLE.includes(state) ? LIFE_CYCLE.indexOf(state) : LIFE_CYCLE.length;
	return [...live].sort((a, b) => rank(a) - rank(b))[0];
}

function unique(values: unknown[]): string[] {
	return [
		...new Set(
			values.filter((value) => value !== undefined && value !== null && value !== '').map(String),
		),
	];
}

function amount(value: unknown): number {
	const number = typeof value === 'number' ? value : Number(value);
	return Number.isFinite(number) ? number : 0;
}

/** "SKU-1 × 2, SKU-2 × 1": each SKU once, with the quantity of its live order items. */
function itemsSummary(orderItems: IDataObject[]): string {
	const quantities = new Map<string, number>();
	for (const item of orderItems) {
		const sku = String(item.sku ?? item.fsn ?? '?');
		quantities.set(sku, (quantities.get(sku) ?? 0) + (amount(item.quantity) || 1));
	}
	return [...quantities].map(([sku, quantity]) => `${sku} × ${quantity}`).join(', ');
}

export function simplifyShipment(shipment: IDataObject): IDataObject {
	const orderItems = listOf(shipment.orderItems);
	const live = orderItems.filter((item) => item.status !== 'CANCELLED');
	const counted = live.length > 0 ? live : orderItems;
	const orderDates = unique(orderItems.map((item) => item.orderDate)).sort();
	const total = counted.reduce(
		(sum, item) => sum + amount((item.priceComponents as IDataObject | undefined)?.totalPrice),
		0,
	);
	const simplified: IDataObject = {
		shipmentId: shipment.shipmentId,
		orderIds: unique(orderItems.map((item) => item.orderId)),
		state: shipmentState(orderItems),
		hold: shipment.hold,
		locationId: shipment.locationId,
		shipmentType: shipment.shipmentType,
		items: itemsSummary(counted),
		totalPrice: Math.round(total * 100) / 100,
		orderDate: orderDates[0],
		dispatchAfterDate: shipment.dispatchAfterDate,
		dispatchByDate: shipment.dispatchByDate,
		// What Cancel needs, which the raw record keeps per order item.
		cancellationGroupIds: unique(live.map((item) => item.cancellationGroupId)),
	};
	// Whatever was merged into the record (Include Details: courier, tracking, addresses, dimensions).
	for (const [key, value] of Object.entries(shipment)) {
		if (!RECORD_FIELDS.has(key) && !(key in simplified)) simplified[key] = value;
	}
	return simplified;
}
