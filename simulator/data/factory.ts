/**
 * Makes plausible records from the seeded generator: listings, shipments (with order items,
 * packages, addresses, and the label data of states past PACKED) and returns. Identifier
 * counters live here so that a reset with the same seed reproduces the same ids.
 */
import { FBM, MARKETPLACE_COURIER, SHIPPING_PROVIDER_VALUES, SHIPPING_PROVIDERS } from '../profile';
import type { Prng } from '../util/prng';
import { DAY, HOUR, MINUTE, toIstDate } from '../util/dates';
import { CITIES, FIRST_NAMES, LANDMARKS, LAST_NAMES, STREETS } from './people';
import { COLOURS, PRODUCT_TEMPLATES, type ProductTemplate } from './catalog';
import type { ListingRecord } from '../listings/model';
import type { ReturnRecord, ReturnSource, ReturnStatus } from '../returns/model';
import {
	LABELLED_STATES,
	PACKAGING_POLICIES,
	type Address,
	type CancellationType,
	type OrderItemRecord,
	type ShipmentRecord,
	type ShipmentState,
	type ShipmentType,
	type SubShipmentRecord,
} from '../shipments/model';

export const COURIERS: ReadonlyArray<{ name: string; prefix: string }> = [
	{ name: MARKETPLACE_COURIER, prefix: 'MPL' },
	{ name: 'SwiftShip Couriers', prefix: 'SWS' },
	{ name: 'BlueLine Express', prefix: 'BLX' },
	{ name: 'Parcel Runner', prefix: 'PRN' },
];

export interface ShipmentSeed {
	sellerId: string;
	locationId: string;
	state: ShipmentState;
	cancellationType?: CancellationType;
	shipmentType?: ShipmentType;
	hold?: boolean;
	itemCount?: number;
	/** More than 1 makes a multi-package (MPS) shipment with one sub-shipment per package. */
	packageCount?: number;
	withForms?: boolean;
	orderDateMs?: number;
	dispatchAfterMs?: number;
	dispatchByMs?: number;
	sku?: string;
	paymentType?: 'COD' | 'PREPAID';
}

export interface ReturnSeed {
	sellerId: string;
	locationId: string;
	source: ReturnSource;
	status: ReturnStatus;
	shipment?: ShipmentRecord;
	createdMs?: number;
}

export const CANCELLATION_REASONS: Record<CancellationType, { reason: string; subReason: string }> =
	{
		buyerCancellation: { reason: 'order_changed_by_customer', subReason: 'bought_elsewhere' },
		sellerCancellation: { reason: 'not_enough_inventory', subReason: 'out_of_stock' },
		marketplaceCancellation: { reason: 'fraud_check_failed', subReason: 'risky_order' },
	};

const RETURN_REASONS: Record<ReturnSource, string[]> = {
	customer_return: ['DAMAGED_PRODUCT', 'WRONG_PRODUCT', 'SIZE_ISSUE', 'QUALITY_ISSUE'],
	courier_return: ['CUSTOMER_NOT_AVAILABLE', 'ADDRESS_NOT_FOUND', 'CUSTOMER_REFUSED'],
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export class RecordFactory {
	private orderSeq = 0;
	private itemSeq = 0;
	private groupSeq = 0;
	private invoiceSeq = 0;
	private trackingSeq = 0;
	private returnSeq = 0;
	private listingSeq = 0;

	constructor(
		private readonly prng: Prng,
		private readonly now: () => number,
	) {}

	// ---------------------------------------------------------------- listings

	/** A listing of the seller built from a product template, enabled at the given locations. */
	listing(
		sellerId: string,
		locationIds: string[],
		index: number,
		status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
	): ListingRecord {
		const template = PRODUCT_TEMPLATES[index % PRODUCT_TEMPLATES.length];
		const colour = COLOURS[Math.floor(index / PRODUCT_TEMPLATES.length) % COLOURS.length];
		const seq = ++this.listingSeq;
		const sku = `${template.code}-${colour}-${pad(seq, 3)}`;
		const now = this.now();
		return {
			sku,
			sellerId,
			title: template.title,
			listingId: `LST${this.prng.alphanumeric(13)}`,
			createdMs: now - this.prng.int(30, 300) * DAY,
			updatedMs: now - this.prng.int(1, 29) * DAY,
			body: {
				product_id: this.prng.alphanumeric(16),
				listing_status: status,
				price: { mrp: template.mrp, selling_price: template.sellingPrice, currency: 'INR' },
				tax: { hsn: template.hsn },
				// Every tenth listing is fulfilled by the marketplace, the rest by the seller.
				fulfillment_profile: index % 10 === 9 ? FBM : `NON_${FBM}`,
				fulfillment: {
					dispatch_sla: this.prng.int(1, 3),
					shipping_provider:
						index % 5 === 4
							? SHIPPING_PROVIDER_VALUES[index % SHIPPING_PROVIDER_VALUES.length]
							: SHIPPING_PROVIDERS.seller,
					procurement_type: 'REGULAR',
				},
				packages: Array.from({ length: template.packages }, (_, k) => ({
					id: `PKG${k + 1}`,
					name: template.packages > 1 ? `Box ${k + 1} of ${template.packages}` : 'Default package',
					dimensions: {
						length: template.dimensions.length,
						breadth: template.dimensions.breadth,
						height: template.dimensions.height,
					},
					weight: template.dimensions.weight,
				})),
				locations: locationIds.map((id) => ({
					id,
					status: 'ENABLED',
					inventory: this.prng.int(0, 120),
				})),
				archived_status: 'NONE',
			},
		};
	}

	// ---------------------------------------------------------------- shipments

	shipment(seed: ShipmentSeed, catalog: readonly ListingRecord[]): ShipmentRecord {
		const now = this.now();
		const p = this.prng;
		const state = seed.state;
		const postDispatch =
			state === 'PICKUP_COMPLETE' || state === 'SHIPPED' || state === 'DELIVERED';
		const orderDateMs =
			seed.orderDateMs ??
			(postDispatch
				? now - p.int(3 * 24, 12 * 24) * HOUR
				: state === 'CANCELLED'
					? now - p.int(24, 6 * 24) * HOUR
					: now - p.int(60, 48 * 60) * MINUTE);
		const dispatchAfterMs =
			seed.dispatchAfterMs ??
			Math.min(orderDateMs + p.int(0, 120) * MINUTE, Math.max(orderDateMs, now - MINUTE));
		const dispatchByMs = seed.dispatchByMs ?? dispatchAfterMs + p.int(24, 48) * HOUR;
		const shipmentType = seed.shipmentType ?? 'NORMAL';
		const packageCount = Math.max(1, seed.packageCount ?? 1);
		const mps = packageCount > 1;
		const itemCount = mps ? 1 : Math.max(1, seed.itemCount ?? 1);
		const orderId = `OD4${pad(++this.orderSeq, 17)}`;
		const paymentType = seed.paymentType ?? (p.chance(0.35) ? 'COD' : 'PREPAID');
		const buyer = this.person();
		const deliveryAddress = this.address(buyer.firstName, buyer.lastName);

		const items: OrderItemRecord[] = [];
		const subShipments: SubShipmentRecord[] = [];
		const products = this.pickProducts(catalog, itemCount, mps, seed.sku);
		for (const product of products) {
			const orderItemId = `3${pad(++this.itemSeq, 15)}`;
			const quantity = mps ? 1 : p.chance(0.1) ? 2 : 1;
			const sellingPrice = product.sellingPrice * quantity;
			const shippingCharge = sellingPrice >= 500 ? 0 : 40;
			const discount = p.chance(0.3) ? 50 : 0;
			const totalPrice = sellingPrice + shippingCharge;
			items.push({
				orderItemId,
				orderId,
				cancellationGroupId: `grp${pad(++this.groupSeq, 11)}`,
				status: state,
				quantity,
				paymentType,
				orderDateMs,
				cancellationDateMs: null,
				cancellationReason: null,
				cancellationSubReason: null,
				cancellationType: null,
				sku: product.sku,
				fsn: product.fsn,
				listingId: product.listingId,
				hsn: p.chance(0.08) ? null : product.hsn,
				title: product.title,
				packageIds: [],
				price: {
					sellingPrice,
					totalPrice,
					shippingCharge,
					customerPrice: totalPrice - discount,
					discount,
				},
				serviceProfile:
					shipmentType === 'SELF'
						? 'Seller_Fulfilment'
						: p.pick([`NON_${FBM}`, `NON_${FBM}`, `NON_${FBM}`, `${FBM}_LITE`, 'Smart_Fulfilment']),
				isReplacement: p.chance(0.05),
			});
		}
		if (mps) {
			const item = items[0];
			const product = products[0];
			for (let k = 1; k <= packageCount; k++) {
				const packageId = `PKG${item.orderItemId}${k}`;
				item.packageIds.push(packageId);
				subShipments.push(
					this.subShipment(`SS-${k}`, [
						{
							packageId,
							packageSku: `${item.sku}-P${k}`,
							packageTitle: `${product.title} (box ${k} of ${packageCount})`,
							dimensions: product.dimensions,
						},
					]),
				);
			}
		} else {
			const packages = items.map((item, k) => {
				const packageId = `PKG${item.orderItemId}`;
				item.packageIds.push(packageId);
				return {
					packageId,
					packageSku: item.sku,
					packageTitle: item.title,
					dimensions: products[k].dimensions,
				};
			});
			subShipments.push(this.subShipment('SS-1', packages));
		}

		const shipment: ShipmentRecord = {
			shipmentId: p.uuid(),
			sellerId: seed.sellerId,
			locationId: seed.locationId,
			orderId,
			dispatchAfterMs,
			dispatchByMs,
			updatedMs: orderDateMs,
			hold: seed.hold ?? false,
			mps,
			packagingPolicy: p.chance(0.7) ? 'DEFAULT' : p.pick(PACKAGING_POLICIES),
			shipmentType,
			dispatchServiceTier: shipmentType === 'EXPRESS' ? 'EXPRESS' : 'REGULAR',
			forms: [],
			subShipments,
			items,
			buyer: {
				...buyer,
				email: `${buyer.firstName.toLowerCase()}.${buyer.lastName.toLowerCase()}@example.com`,
				phone: deliveryAddress.contactNumber ?? '',
			},
			deliveryAddress,
			billingAddress: p.chance(0.8)
				? { ...deliveryAddress }
				: this.address(buyer.firstName, buyer.lastName),
			invoices: [],
			taxItems: [],
			serialNumbers: [],
			packingDueMs: null,
			labelsGeneratedMs: null,
		};
		const totalValue = items.reduce((sum, i) => sum + i.price.totalPrice, 0);
		if (seed.withForms ?? totalValue >= 5000)
			shipment.forms.push({ name: 'EWAY_BILL', automated: true, failed: false, ackNumber: null });

		if (state === 'CANCELLED') {
			const type = seed.cancellationType ?? 'buyerCancellation';
			const { reason, subReason } = CANCELLATION_REASONS[type];
			const at = Math.min(now, orderDateMs + p.int(1, 20) * HOUR);
			for (const item of items) {
				item.cancellationType = type;
				item.cancellationReason = reason;
				item.cancellationSubReason = subReason;
				item.cancellationDateMs = at;
			}
			shipment.updatedMs = at;
		} else if (LABELLED_STATES.includes(state)) {
			const packedAt = Math.min(now, Math.max(dispatchAfterMs, orderDateMs + p.int(1, 6) * HOUR));
			this.completeLabel(shipment, packedAt);
			shipment.updatedMs = postDispatch ? Math.min(now, packedAt + p.int(4, 48) * HOUR) : packedAt;
			if (state === 'FORM_FAILED') this.failForm(shipment);
		}
		return shipment;
	}

	/** Invoice, tax rates (when the label call gave none) and tracking ids: what a generated label has. */
	completeLabel(shipment: ShipmentRecord, at: number): void {
		if (shipment.invoices.length === 0) {
			shipment.invoices.push({
				orderId: shipment.orderId,
				invoiceNumber: this.invoiceNumber(),
				invoiceDate: toIstDate(at),
			});
		}
		for (const item of shipment.items) {
			if (!shipment.taxItems.some((t) => t.orderItemId === item.orderItemId)) {
				shipment.taxItems.push({
					orderItemId: item.orderItemId,
					taxRate: item.price.sellingPrice > 1000 ? 18 : 12,
					quantity: item.quantity,
				});
			}
		}
		this.assignTracking(shipment);
		shipment.labelsGeneratedMs = at;
		shipment.packingDueMs = null;
	}

	/** Marks the shipment's first form (adding an e-way bill when it has none) as failed. */
	failForm(shipment: ShipmentRecord): void {
		if (shipment.forms.length === 0)
			shipment.forms.push({ name: 'EWAY_BILL', automated: true, failed: false, ackNumber: null });
		shipment.forms[0].failed = true;
		shipment.forms[0].ackNumber = null;
	}

	invoiceNumber(): string {
		return `INV-${pad(++this.invoiceSeq, 8)}`;
	}

	private assignTracking(shipment: ShipmentRecord): void {
		if (shipment.shipmentType === 'SELF') {
			for (const sub of shipment.subShipments) {
				sub.vendorName = 'Self Ship';
				sub.trackingId = sub.trackingId ?? `SELF${pad(++this.trackingSeq, 10)}`;
			}
			return;
		}
		const courier = COURIERS[this.trackingSeq % COURIERS.length];
		for (const sub of shipment.subShipments) {
			if (sub.trackingId) continue;
			sub.vendorName = courier.name;
			sub.trackingId = `${courier.prefix}${pad(++this.trackingSeq, 10)}`;
		}
	}

	// ---------------------------------------------------------------- returns

	return(seed: ReturnSeed): ReturnRecord {
		const p = this.prng;
		const now = this.now();
		const createdMs = seed.createdMs ?? now - p.int(2, 20 * 24) * HOUR;
		const item = seed.shipment?.items[0];
		const courier = p.pick(COURIERS);
		const status = seed.status;
		return {
			returnId: `R${pad(++this.returnSeq, 11)}`,
			sellerId: seed.sellerId,
			locationId: seed.locationId,
			source: seed.source,
			orderItemId: item?.orderItemId ?? `3${pad(++this.itemSeq, 15)}`,
			orderId: item?.orderId ?? `OD4${pad(++this.orderSeq, 17)}`,
			orderDateMs: item?.orderDateMs ?? createdMs - 5 * DAY,
			shipmentId: seed.shipment?.shipmentId ?? p.uuid(),
			shipmentStatus: item?.status ?? (seed.source === 'customer_return' ? 'DELIVERED' : 'SHIPPED'),
			serviceProfile: item?.serviceProfile ?? `NON_${FBM}`,
			sku: item?.sku ?? 'UNKNOWN-SKU',
			quantity: item?.quantity ?? 1,
			status,
			action:
				seed.source === 'courier_return' ? 'refund' : p.chance(0.3) ? 'replacement' : 'refund',
			reason: p.pick(RETURN_REASONS[seed.source]),
			subReason: null,
			trackingId: `${courier.prefix}R${pad(++this.trackingSeq, 10)}`,
			courierName: courier.name,
			expectedDateMs: createdMs + 3 * DAY,
			approvedMs:
				status === 'RETURN_PICKED_UP' || status === 'RETURN_COMPLETED' ? createdMs + HOUR : null,
			comments: null,
			createdMs,
			updatedMs:
				status === 'RETURN_CREATED' ? createdMs : Math.min(now, createdMs + p.int(6, 48) * HOUR),
		};
	}

	// ---------------------------------------------------------------- helpers

	private subShipment(
		subShipmentId: string,
		packages: SubShipmentRecord['packages'],
	): SubShipmentRecord {
		const first = packages[0].dimensions;
		return {
			subShipmentId,
			packages,
			dimensions: {
				...first,
				weight: Math.round(packages.reduce((w, pk) => w + pk.dimensions.weight, 0) * 1000) / 1000,
			},
			trackingId: null,
			vendorName: null,
		};
	}

	private pickProducts(
		catalog: readonly ListingRecord[],
		count: number,
		mps: boolean,
		sku: string | undefined,
	) {
		const fromListing = (l: ListingRecord) => {
			const template =
				PRODUCT_TEMPLATES.find((t) => l.sku.startsWith(`${t.code}-`)) ?? PRODUCT_TEMPLATES[0];
			return {
				sku: l.sku,
				fsn: l.body.product_id,
				listingId: l.listingId,
				hsn: l.body.tax.hsn,
				title: l.title,
				sellingPrice: l.body.price.selling_price,
				dimensions: template.dimensions,
			};
		};
		const fromTemplate = (t: ProductTemplate) => ({
			sku: `${t.code}-STD-000`,
			fsn: `${t.code}FSN0000000000`.slice(0, 16),
			listingId: `LST${t.code}`,
			hsn: t.hsn,
			title: t.title,
			sellingPrice: t.sellingPrice,
			dimensions: t.dimensions,
		});
		const out = [];
		for (let i = 0; i < count; i++) {
			const wanted = sku && i === 0 ? catalog.find((l) => l.sku === sku) : undefined;
			if (wanted) {
				out.push(fromListing(wanted));
				continue;
			}
			const pool = mps ? catalog.filter((l) => (l.body.packages?.length ?? 1) > 1) : catalog;
			if (pool.length > 0) out.push(fromListing(this.prng.pick(pool)));
			else
				out.push(
					fromTemplate(
						mps
							? (PRODUCT_TEMPLATES.find((t) => t.packages > 1) ?? PRODUCT_TEMPLATES[0])
							: this.prng.pick(PRODUCT_TEMPLATES),
					),
				);
			if (sku && i === 0 && !wanted) out[0].sku = sku;
		}
		return out;
	}

	private person(): { firstName: string; lastName: string } {
		return { firstName: this.prng.pick(FIRST_NAMES), lastName: this.prng.pick(LAST_NAMES) };
	}

	private address(firstName: string, lastName: string): Address {
		const city = this.prng.pick(CITIES);
		return {
			firstName,
			lastName,
			addressLine1: `${this.prng.int(1, 999)}, ${this.prng.pick(STREETS)}`,
			addressLine2: this.prng.chance(0.5)
				? `Flat ${this.prng.int(1, 40)}${this.prng.pick(['A', 'B', 'C'])}`
				: null,
			city: city.city,
			state: city.state,
			pinCode: `${city.pinPrefix}${this.prng.digits(3)}`,
			landmark: this.prng.pick(LANDMARKS),
			contactNumber: `9${this.prng.digits(9)}`,
		};
	}
}
