/** The text of shipping labels, tax invoices and compliance form pages. */
import { MARKETPLACE_TITLE } from '../profile';
import type { LocationRecord } from '../data/sellers';
import {
	liveItems,
	type InvoiceRecord,
	type OrderItemRecord,
	type ShipmentRecord,
} from '../shipments/model';
import { formStatus } from '../shipments/wire';
import { A4_PAGE, LABEL_PAGE, type PdfLine, type PdfPage } from './pdf';

export function labelPage(shipment: ShipmentRecord, location: LocationRecord | undefined): PdfPage {
	const a = shipment.deliveryAddress;
	const total = liveItems(shipment).reduce((sum, i) => sum + i.price.customerPrice, 0);
	const lines: PdfLine[] = [
		{ text: `${MARKETPLACE_TITLE} SHIPPING LABEL`, size: 13, bold: true },
		{ text: `Shipment: ${shipment.shipmentId}` },
		{ text: `Order: ${shipment.orderId}` },
	];
	for (const sub of shipment.subShipments) {
		lines.push({ text: `${sub.subShipmentId}  Courier: ${sub.vendorName ?? '-'}`, bold: true });
		lines.push({ text: `Tracking ID: ${sub.trackingId ?? '-'}` });
		lines.push({
			text: `Dimensions: ${sub.dimensions.length} x ${sub.dimensions.breadth} x ${sub.dimensions.height} cm, ${sub.dimensions.weight} kg`,
			size: 8,
		});
	}
	lines.push(
		{ text: 'Deliver to:', bold: true },
		{ text: `${a.firstName} ${a.lastName}` },
		{ text: a.addressLine1 },
		...(a.addressLine2 ? [{ text: a.addressLine2 }] : []),
		{ text: `${a.city}, ${a.state} ${a.pinCode}` },
		{
			text: `${shipment.shipmentType}  ${shipment.items[0]?.paymentType ?? ''}  Collect: ${shipment.items[0]?.paymentType === 'COD' ? total.toFixed(2) : '0.00'}`,
		},
		{ text: `From: ${location?.name ?? shipment.locationId} (${shipment.locationId})`, size: 8 },
	);
	return { ...LABEL_PAGE, lines };
}

/** The items an invoice covers: the live items of its order. */
export function invoiceItems(shipment: ShipmentRecord, invoice: InvoiceRecord): OrderItemRecord[] {
	return liveItems(shipment).filter((i) => i.orderId === invoice.orderId);
}

/** The tax rate given for (or assigned to) an item when the label was generated. */
export function taxRateOf(shipment: ShipmentRecord, item: OrderItemRecord): number | undefined {
	return shipment.taxItems.find((t) => t.orderItemId === item.orderItemId)?.taxRate;
}

export function invoicePages(shipment: ShipmentRecord): PdfPage[] {
	return shipment.invoices.map((invoice) => {
		const lines: PdfLine[] = [
			{ text: 'TAX INVOICE', size: 16, bold: true },
			{ text: `Invoice number: ${invoice.invoiceNumber}` },
			{ text: `Invoice date: ${invoice.invoiceDate}` },
			{ text: `Order: ${invoice.orderId}` },
			{ text: `Shipment: ${shipment.shipmentId}` },
			{
				text: `Bill to: ${shipment.billingAddress.firstName} ${shipment.billingAddress.lastName}, ${shipment.billingAddress.city} ${shipment.billingAddress.pinCode}`,
			},
			{ text: 'Items', bold: true },
		];
		for (const item of invoiceItems(shipment, invoice)) {
			const tax = taxRateOf(shipment, item) ?? 0;
			lines.push({
				text: `${item.title} x ${item.quantity}  SKU ${item.sku}  HSN ${item.hsn ?? '-'}  GST ${tax}%  Total ${item.price.totalPrice.toFixed(2)}`,
				size: 9,
			});
		}
		return { ...A4_PAGE, lines };
	});
}

export function formsPage(shipment: ShipmentRecord): PdfPage | undefined {
	if (shipment.forms.length === 0) return undefined;
	return {
		...A4_PAGE,
		lines: [
			{ text: 'COMPLIANCE FORMS', size: 14, bold: true },
			{ text: `Shipment: ${shipment.shipmentId}` },
			...shipment.forms.map((f) => ({
				text: `${f.name}: ${formStatus(shipment, f)}${f.ackNumber ? `  ack ${f.ackNumber}` : ''}`,
			})),
		],
	};
}
