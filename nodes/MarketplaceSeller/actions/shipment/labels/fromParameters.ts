/**
 * Label Details "JSON" and "Define Below": the shipment and location from their fields, the
 * invoices, tax items, sub-shipments and serial numbers from one JSON object or from fields.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readDate } from '../../../helpers/dates';
import { DATE_FORMATS } from '../../../../shared/profile';
import { readJsonObject, readRequiredText, splitList } from '../../../helpers/parameters';
import type { LabelRequest } from './labelRequest';

function fromJson(context: IExecuteFunctions, request: LabelRequest, itemIndex: number): void {
	const { shipmentId } = request;
	const parsed = readJsonObject(
		context,
		'labelJson',
		itemIndex,
		`Shipment ${shipmentId}: Label Details (JSON) is not a JSON object`,
	);
	for (const key of ['invoices', 'taxItems', 'serialNumbers', 'subShipments']) {
		if (parsed[key] !== undefined) request[key] = parsed[key];
	}
	// invoiceDate is a date by default: a date-time keeps its date (docs/api-choices.md#generate-labels); the format is one switch (docs/api-choices.md#date-format-switches).
	if (Array.isArray(request.invoices)) {
		request.invoices = (request.invoices as unknown[]).map((invoice) =>
			invoice !== null && typeof invoice === 'object' && !Array.isArray(invoice)
				? {
						...(invoice as IDataObject),
						invoiceDate: readDate(
							context,
							(invoice as IDataObject).invoiceDate,
							itemIndex,
							`Shipment ${shipmentId}: Invoice Date`,
							DATE_FORMATS.labelInvoiceDate,
						),
					}
				: invoice,
		);
	}
	// The spec names it subShipmentID.dimension; the wire form is subShipments[].dimensions (docs/marketplace-api/discrepancies.md#sub-shipment-dimensions).
	for (const sub of (request.subShipments as IDataObject[] | undefined) ?? []) {
		if (sub.dimensions === undefined && sub.dimension !== undefined) {
			sub.dimensions = sub.dimension;
			delete sub.dimension;
		}
	}
}

function entries(
	context: IExecuteFunctions,
	parameter: string,
	key: string,
	itemIndex: number,
): IDataObject[] {
	return ((context.getNodeParameter(parameter, itemIndex, {}) as IDataObject)[key] ??
		[]) as IDataObject[];
}

function fromFields(context: IExecuteFunctions, request: LabelRequest, itemIndex: number): void {
	request.invoices = entries(context, 'invoices', 'invoice', itemIndex).map((invoice) => ({
		orderId: String(invoice.orderId ?? '').trim(),
		...(invoice.invoiceNumber ? { invoiceNumber: String(invoice.invoiceNumber) } : {}),
		invoiceDate: readDate(
			context,
			invoice.invoiceDate,
			itemIndex,
			'Invoice Date',
			DATE_FORMATS.labelInvoiceDate,
		),
	}));
	const taxItems = entries(context, 'taxItems', 'taxItem', itemIndex);
	if (taxItems.length > 0) {
		request.taxItems = taxItems.map((tax) => ({
			orderItemId: String(tax.orderItemId ?? '').trim(),
			taxRate: tax.taxRate,
			quantity: tax.quantity ?? 1,
		}));
	}
	const subShipments = entries(context, 'subShipments', 'subShipment', itemIndex);
	if (subShipments.length > 0) {
		request.subShipments = subShipments.map((sub) => ({
			subShipmentId: String(sub.subShipmentId ?? '').trim(),
			dimensions: {
				length: sub.length,
				breadth: sub.breadth,
				height: sub.height,
				weight: sub.weight,
			},
		}));
	}
	const serials = entries(context, 'serialNumbers', 'serial', itemIndex);
	if (serials.length > 0) {
		request.serialNumbers = serials.map((entry) => ({
			orderItemId: String(entry.orderItemId ?? '').trim(),
			// One array per unit (docs/marketplace-api/shipments.md#generate-labels: [["IMEI-1"]]).
			serialNumbers: splitList(entry.serialNumbers).map((serial) => [serial]),
		}));
	}
}

export function labelRequestFromParameters(
	context: IExecuteFunctions,
	itemIndex: number,
	mode: 'json' | 'fields',
): LabelRequest {
	const shipmentId = readRequiredText(context, 'shipmentId', itemIndex, 'Shipment ID');
	const locationId = readRequiredText(context, 'locationId', itemIndex, 'Location ID');
	const request: LabelRequest = { shipmentId, locationId };
	if (mode === 'json') fromJson(context, request, itemIndex);
	else fromFields(context, request, itemIndex);
	return request;
}
