/**
 * Label Details "From Input Shipment": the input item is a shipment as Get Many or Get return it
 * (Simplify off); one invoice per order (dated today) and one tax item per order item that is not
 * cancelled, the package dimensions for every sub-shipment.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { formatInZone, todayInZone } from '../../../helpers/dates';
import { DATE_FORMATS } from '../../../../shared/profile';
import { listOf } from '../../../../shared/transport';
import type { LabelRequest } from './labelRequest';

export function labelRequestFromShipment(
	context: IExecuteFunctions,
	shipment: IDataObject,
	itemIndex: number,
): LabelRequest {
	const shipmentId = typeof shipment.shipmentId === 'string' ? shipment.shipmentId : '';
	const orderItems = listOf(shipment.orderItems);
	if (shipmentId === '' || orderItems.length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			'The input item is not a shipment (no shipmentId or orderItems)',
			{
				itemIndex,
				description:
					'Put Shipment > Get Many or Get before this node with Simplify turned off (the simplified output has no orderItems), or choose another Label Details mode.',
			},
		);
	}
	const locationId = typeof shipment.locationId === 'string' ? shipment.locationId : '';
	if (locationId === '') {
		throw new NodeOperationError(
			context.getNode(),
			`Shipment ${shipmentId}: the input item has no locationId`,
			{ itemIndex },
		);
	}
	const live = orderItems.filter((item) => item.status !== 'CANCELLED');
	const prefix = String(context.getNodeParameter('invoiceNumberPrefix', itemIndex, 'INV-') ?? '');
	// invoiceDate is a date, yyyy-MM-dd, by default (docs/marketplace-api/shipments.md#generate-labels; docs/api-choices.md#date-format-switches).
	const invoiceDate =
		DATE_FORMATS.labelInvoiceDate === 'day'
			? todayInZone(context.getTimezone())
			: formatInZone(Date.now(), context.getTimezone());
	const taxRate = context.getNodeParameter('shipmentTaxRate', itemIndex) as number;
	const dimensions = {
		length: context.getNodeParameter('packageLength', itemIndex, 0),
		breadth: context.getNodeParameter('packageBreadth', itemIndex, 0),
		height: context.getNodeParameter('packageHeight', itemIndex, 0),
		weight: context.getNodeParameter('packageWeight', itemIndex, 0),
	};
	const listed = listOf(shipment.subShipments);
	const subShipments = listed.length > 0 ? listed : [{ subShipmentId: 'SS-1' }];
	return {
		shipmentId,
		locationId,
		invoices: [...new Set(live.map((item) => String(item.orderId ?? '')))].map((orderId) => ({
			orderId,
			invoiceNumber: `${prefix}${orderId}`,
			invoiceDate,
		})),
		taxItems: live.map((item) => ({
			orderItemId: String(item.orderItemId ?? ''),
			taxRate,
			// Quantities may arrive as 1.0 or "1" (docs/marketplace-api/discrepancies.md#lenient-numbers).
			quantity: Number(item.quantity) || 1,
		})),
		subShipments: subShipments.map((sub) => ({
			subShipmentId: String(sub.subShipmentId ?? ''),
			dimensions: { ...dimensions },
		})),
	};
}
