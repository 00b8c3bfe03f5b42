/**
 * The shipment record the simulator keeps (docs/marketplace-api/shipments.md#shipment-record, docs/marketplace-api/batch-limits.md#limits-per-call), and the shipment states.
 * Dates are epoch milliseconds inside; they are formatted with +05:30 only on the wire.
 */

export const PRE_DISPATCH_STATES = [
	'APPROVED',
	'PACKING_IN_PROGRESS',
	'PACKED',
	'FORM_FAILED',
	'READY_TO_DISPATCH',
] as const;
export const POST_DISPATCH_STATES = ['PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED'] as const;
/** In the state enum after delivery; older docs tie them to no filter type (docs/marketplace-api/shipments.md#search-filter). */
export const AFTER_DELIVERY_STATES = ['RETURN_REQUESTED', 'RETURNED', 'COMPLETED'] as const;

export type ShipmentState =
	| (typeof PRE_DISPATCH_STATES)[number]
	| (typeof POST_DISPATCH_STATES)[number]
	| 'CANCELLED'
	| (typeof AFTER_DELIVERY_STATES)[number];

export const ALL_STATES: readonly ShipmentState[] = [
	...PRE_DISPATCH_STATES,
	...POST_DISPATCH_STATES,
	'CANCELLED',
	...AFTER_DELIVERY_STATES,
];

export const CANCELLATION_TYPES = [
	'sellerCancellation',
	'buyerCancellation',
	'marketplaceCancellation',
] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];

export const SHIPMENT_TYPES = ['NORMAL', 'EXPRESS', 'SELF'] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export const DISPATCH_SERVICE_TIERS = ['REGULAR', 'EXPRESS'] as const;
export type DispatchServiceTier = (typeof DISPATCH_SERVICE_TIERS)[number];

export const PACKAGING_POLICIES = [
	'GREEN_PACKAGE',
	'TRANSPARENT_PACKAGE',
	'DEFAULT',
	'NA',
] as const;

/** Seller cancellation reasons accepted by the cancel operation (docs/marketplace-api/shipments.md#cancel). */
export const SELLER_CANCELLATION_REASONS = [
	'cannot_procure_item',
	'not_enough_inventory',
	'b2b_order',
] as const;

/** States from which a shipment has a generated label (and invoice). */
export const LABELLED_STATES: readonly ShipmentState[] = [
	'PACKED',
	'FORM_FAILED',
	'READY_TO_DISPATCH',
	...POST_DISPATCH_STATES,
];

export interface Dimensions {
	length: number;
	breadth: number;
	height: number;
	weight: number;
}

export interface Address {
	firstName: string;
	lastName: string;
	addressLine1: string;
	addressLine2: string | null;
	city: string;
	state: string;
	pinCode: string;
	landmark: string | null;
	contactNumber: string | null;
}

export interface PriceComponents {
	sellingPrice: number;
	totalPrice: number;
	shippingCharge: number;
	customerPrice: number;
	/** `<marketplace>Discount` on the wire. */
	discount: number;
}

export interface OrderItemRecord {
	orderItemId: string;
	orderId: string;
	cancellationGroupId: string;
	status: ShipmentState;
	quantity: number;
	paymentType: 'COD' | 'PREPAID';
	orderDateMs: number;
	cancellationDateMs: number | null;
	cancellationReason: string | null;
	cancellationSubReason: string | null;
	cancellationType: CancellationType | null;
	sku: string;
	fsn: string;
	listingId: string;
	hsn: string | null;
	title: string;
	packageIds: string[];
	price: PriceComponents;
	serviceProfile: string;
	isReplacement: boolean;
}

export interface PackageRecord {
	packageId: string;
	packageSku: string;
	packageTitle: string;
	dimensions: Dimensions;
}

export interface SubShipmentRecord {
	subShipmentId: string;
	packages: PackageRecord[];
	dimensions: Dimensions;
	/** Assigned when the label is generated. */
	trackingId: string | null;
	vendorName: string | null;
}

export interface FormRecord {
	/** Form code, e.g. EWAY_BILL. */
	name: string;
	automated: boolean;
	/** Set when generation failed (FORM_FAILED) until an acknowledgement number is supplied. */
	failed: boolean;
	ackNumber: string | null;
}

export interface InvoiceRecord {
	orderId: string;
	invoiceNumber: string;
	/** A calendar date, yyyy-MM-dd (docs/marketplace-api/shipments.md#generate-labels: the official model's LocalDate). */
	invoiceDate: string;
}

export interface TaxItemRecord {
	orderItemId: string;
	taxRate: number;
	quantity: number;
}

export interface ShipmentRecord {
	shipmentId: string;
	sellerId: string;
	locationId: string;
	orderId: string;
	dispatchAfterMs: number;
	dispatchByMs: number;
	updatedMs: number;
	hold: boolean;
	mps: boolean;
	packagingPolicy: (typeof PACKAGING_POLICIES)[number];
	shipmentType: ShipmentType;
	dispatchServiceTier: DispatchServiceTier;
	forms: FormRecord[];
	subShipments: SubShipmentRecord[];
	items: OrderItemRecord[];
	buyer: { firstName: string; lastName: string; email: string; phone: string };
	deliveryAddress: Address;
	billingAddress: Address;
	invoices: InvoiceRecord[];
	taxItems: TaxItemRecord[];
	serialNumbers: Array<{ orderItemId: string; serialNumbers: string[][] }>;
	/** Simulator-clock time at which PACKING_IN_PROGRESS becomes PACKED. */
	packingDueMs: number | null;
	/** Set when the label (and invoice) exists. */
	labelsGeneratedMs: number | null;
}

/** The shipment's state: that of its live items, or CANCELLED when every item is cancelled. */
export function stateOf(shipment: ShipmentRecord): ShipmentState {
	const live = shipment.items.find((i) => i.status !== 'CANCELLED');
	return live ? live.status : 'CANCELLED';
}

export function liveItems(shipment: ShipmentRecord): OrderItemRecord[] {
	return shipment.items.filter((i) => i.status !== 'CANCELLED');
}

/** Moves every live item to `state` (cancellation is per group and goes through cancelItems). */
export function setLiveState(shipment: ShipmentRecord, state: ShipmentState, now: number): void {
	for (const item of shipment.items) if (item.status !== 'CANCELLED') item.status = state;
	shipment.updatedMs = now;
}

export function cancelItems(
	shipment: ShipmentRecord,
	items: OrderItemRecord[],
	type: CancellationType,
	reason: string,
	subReason: string | null,
	now: number,
): void {
	for (const item of items) {
		item.status = 'CANCELLED';
		item.cancellationType = type;
		item.cancellationReason = reason;
		item.cancellationSubReason = subReason;
		item.cancellationDateMs = now;
	}
	shipment.updatedMs = now;
	if (stateOf(shipment) === 'CANCELLED') shipment.packingDueMs = null;
}

export function earliestOrderDate(shipment: ShipmentRecord): number {
	let min = Infinity;
	for (const item of shipment.items) if (item.orderDateMs < min) min = item.orderDateMs;
	return min;
}
