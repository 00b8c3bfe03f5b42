/**
 * Per-item results of batch operations (docs/marketplace-api/errors.md#per-item-results): HTTP 200 even when items fail, one
 * entry per shipment, the outcome under `status` or `processingStatus` (runtime switch).
 */
import type { PerItemStatusField } from '../options';

export interface ItemOutcome {
	shipmentId: string | null;
	errorCode?: string;
	errorMessage?: string;
}

export const success = (shipmentId: string): ItemOutcome => ({ shipmentId });

export const failure = (
	shipmentId: string | null,
	errorCode: string,
	errorMessage: string,
): ItemOutcome => ({ shipmentId, errorCode, errorMessage });

export function perItemBody(
	outcomes: ItemOutcome[],
	field: PerItemStatusField,
): { shipments: Record<string, unknown>[] } {
	return {
		shipments: outcomes.map((o) => ({
			shipmentId: o.shipmentId,
			[field]: o.errorCode ? 'FAILURE' : 'SUCCESS',
			errorCode: o.errorCode ?? null,
			errorMessage: o.errorMessage ?? null,
		})),
	};
}

/** Error codes of per-item failures, documented in the README. */
export const ERROR_CODES = {
	invalidRequest: 'INVALID_REQUEST',
	invalidShipments: 'INVALID_SHIPMENTS',
	invalidLocation: 'INVALID_LOCATION_ID',
	invalidState: 'INVALID_SHIPMENT_STATE',
	onHold: 'SHIPMENT_ON_HOLD',
	notYetDispatchable: 'DISPATCH_AFTER_DATE_NOT_REACHED',
	missingInvoice: 'INVOICE_DETAILS_MISSING',
	invalidInvoiceDate: 'INVALID_INVOICE_DATE',
	invalidTaxRate: 'INVALID_TAX_RATE',
	invalidOrderItem: 'INVALID_ORDER_ITEM_ID',
	invalidDimensions: 'INVALID_DIMENSIONS',
	invalidSubShipment: 'INVALID_SUB_SHIPMENT_ID',
	invalidReason: 'EMPTY_OR_INVALID_REASON_FOR_CANCELLATION',
	invalidCancellationGroup: 'INVALID_CANCELLATION_GROUP_ID',
	invalidForms: 'INVALID_FORMS',
	missingAckNumber: 'MISSING_ACK_NUMBER',
} as const;
