/** One shipment's part of the labels request (docs/marketplace-api/shipments.md#generate-labels) and the checks made before it is sent. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { listOf } from '../../../../shared/transport';
import { shown } from '../../../../shared/validators';

export interface LabelRequest extends IDataObject {
	shipmentId: string;
	locationId: string;
}

function positive(value: unknown): boolean {
	return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** Checks one shipment's label request (docs/marketplace-api/shipments.md#generate-labels), naming the field that is wrong. */
export function validateLabelRequest(
	context: IExecuteFunctions,
	request: LabelRequest,
	itemIndex: number,
): void {
	const fail = (message: string, description?: string) => {
		throw new NodeOperationError(context.getNode(), `Shipment ${request.shipmentId}: ${message}`, {
			itemIndex,
			description,
		});
	};
	const invoices = listOf(request.invoices);
	if (invoices.length === 0)
		fail('no invoice given', 'Add one invoice per order, with order ID and invoice date.');
	for (const invoice of invoices) {
		if (typeof invoice.orderId !== 'string' || invoice.orderId.trim() === '')
			fail('an invoice has no order ID');
		if (!invoice.invoiceDate)
			fail(`invoice of order ${String(invoice.orderId)} has no invoice date`);
	}
	for (const tax of listOf(request.taxItems)) {
		if (typeof tax.orderItemId !== 'string' || tax.orderItemId.trim() === '')
			fail('a tax item has no order item ID');
		const rate = tax.taxRate;
		if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 100) {
			fail(
				`tax rate of order item ${String(tax.orderItemId)} must be a number from 0 to 100, got ${shown(rate)}`,
			);
		}
	}
	for (const sub of listOf(request.subShipments)) {
		const dimensions = (sub.dimensions ?? {}) as IDataObject;
		if (typeof sub.subShipmentId !== 'string' || sub.subShipmentId.trim() === '')
			fail('a sub-shipment has no ID');
		for (const field of ['length', 'breadth', 'height', 'weight']) {
			if (!positive(dimensions[field])) {
				fail(
					`${field} of sub-shipment ${String(sub.subShipmentId)} must be a number above 0, got ${shown(dimensions[field])}`,
				);
			}
		}
	}
}
