/**
 * Shipment records as the API shows them: the search/lookup shape (docs/marketplace-api/shipments.md#shipment-record), the shipping
 * details shape (docs/marketplace-api/shipments.md#shipping-details) and the form list (docs/marketplace-api/shipments.md#forms).
 */
import { DISCOUNT_FIELD } from '../profile';
import { toIst, toIstOrNull } from '../util/dates';
import type { LocationRecord } from '../data/sellers';
import { stateOf, type FormRecord, type OrderItemRecord, type ShipmentRecord } from './model';

export type FormStatus = 'Not created' | 'In-progress' | 'Completed' | 'Failed';

export function orderItemToWire(item: OrderItemRecord): Record<string, unknown> {
	return {
		orderItemId: item.orderItemId,
		orderId: item.orderId,
		cancellationGroupId: item.cancellationGroupId,
		status: item.status,
		quantity: item.quantity,
		paymentType: item.paymentType,
		orderDate: toIst(item.orderDateMs),
		cancellationDate: toIstOrNull(item.cancellationDateMs),
		cancellationReason: item.cancellationReason,
		cancellationSubReason: item.cancellationSubReason,
		courierReturn: false,
		fsn: item.fsn,
		sku: item.sku,
		listingId: item.listingId,
		hsn: item.hsn,
		title: item.title,
		packageIds: [...item.packageIds],
		priceComponents: {
			sellingPrice: item.price.sellingPrice,
			totalPrice: item.price.totalPrice,
			shippingCharge: item.price.shippingCharge,
			customerPrice: item.price.customerPrice,
			[DISCOUNT_FIELD]: item.price.discount,
		},
		serviceProfile: item.serviceProfile,
		is_replacement: item.isReplacement,
	};
}

/** A form as the search shape lists it; its link is the combined labels PDF, which carries the forms (docs/marketplace-api/shipments.md#label-and-invoice-documents). */
function formToWire(
	baseUrl: string,
	shipment: ShipmentRecord,
	form: FormRecord,
): Record<string, unknown> {
	const link =
		formStatus(shipment, form) === 'Completed'
			? `${baseUrl}/sellers/v3/shipments/${shipment.shipmentId}/labels`
			: null;
	return { name: form.name, link, automated: form.automated };
}

export function formStatus(shipment: ShipmentRecord, form: FormRecord): FormStatus {
	if (form.failed) return 'Failed';
	const state = stateOf(shipment);
	if (state === 'PACKING_IN_PROGRESS') return 'In-progress';
	return shipment.labelsGeneratedMs !== null ? 'Completed' : 'Not created';
}

export function shipmentToWire(shipment: ShipmentRecord, baseUrl: string): Record<string, unknown> {
	return {
		shipmentId: shipment.shipmentId,
		locationId: shipment.locationId,
		dispatchAfterDate: toIst(shipment.dispatchAfterMs),
		dispatchByDate: toIst(shipment.dispatchByMs),
		updatedAt: toIst(shipment.updatedMs),
		hold: shipment.hold,
		mps: shipment.mps,
		packagingPolicy: shipment.packagingPolicy,
		shipmentType: shipment.shipmentType,
		forms: shipment.forms.map((f) => formToWire(baseUrl, shipment, f)),
		subShipments: shipment.subShipments.map((s) => ({
			subShipmentId: s.subShipmentId,
			packages: s.packages.map((p) => ({ packageId: p.packageId, packageSku: p.packageSku })),
		})),
		orderItems: shipment.items.map(orderItemToWire),
	};
}

export function shipmentFormsToWire(
	shipment: ShipmentRecord,
	baseUrl: string,
): Record<string, unknown> {
	return {
		shipmentId: shipment.shipmentId,
		forms: shipment.forms.map((f) => ({
			...formToWire(baseUrl, shipment, f),
			status: formStatus(shipment, f),
		})),
	};
}

/** A package heavier than this must be weighed at pickup (the simulator's rule for weighingRequired). */
const WEIGHING_THRESHOLD_KG = 5;

/**
 * Shipping details (GET /v3/shipments/{ids}) in the official shape (docs/marketplace-api/shipments.md#shipping-details): order items,
 * weighingRequired, the four addresses, buyer details and one top-level courierDetails (of the
 * first sub-shipment; docs/api-choices.md#shipping-details-and-invoices). Buyer phone and e-mail
 * only for self-ship.
 */
export function shipmentDetailsToWire(
	shipment: ShipmentRecord,
	location: LocationRecord | undefined,
): Record<string, unknown> {
	const selfShip = shipment.shipmentType === 'SELF';
	const withContact = <T extends { contactNumber: string | null }>(a: T): T => ({
		...a,
		contactNumber: selfShip ? a.contactNumber : null,
	});
	const seller = location?.address ?? null;
	const first = shipment.subShipments[0];
	const courier = { trackingId: first?.trackingId ?? null, vendorName: first?.vendorName ?? null };
	return {
		shipmentId: shipment.shipmentId,
		orderId: shipment.orderId,
		orderItems: shipment.items.map(orderItemToWire),
		weighingRequired: shipment.subShipments.some(
			(s) => s.dimensions.weight > WEIGHING_THRESHOLD_KG,
		),
		deliveryAddress: withContact(shipment.deliveryAddress),
		billingAddress: withContact(shipment.billingAddress),
		buyerDetails: {
			firstName: shipment.buyer.firstName,
			lastName: shipment.buyer.lastName,
			email: selfShip ? shipment.buyer.email : null,
			contactNumber: selfShip ? shipment.buyer.phone : null,
		},
		sellerAddress: seller,
		returnAddress: seller,
		courierDetails: { pickupDetails: { ...courier }, deliveryDetails: { ...courier } },
	};
}
