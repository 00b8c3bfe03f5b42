import {
	NodeOperationError,
	sleep,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readDay, todayInZone } from '../../helpers/dates';
import { collectUnits, inInputOrder } from '../../helpers/execution';
import { readJsonObject, readRequiredText, splitList } from '../../helpers/parameters';
import { sendShipmentActions } from '../../helpers/results';
import { chunk, listOf } from '../../transport';
import { PATHS } from '../../../shared/profile';
import { shown } from '../../../shared/validators';
import { sizeFields } from '../common.descriptions';
import { LOOKUP_BATCH_SIZE, lookUpShipments } from './get.operation';

/** States at or past PACKED: the label exists. */
const PACKED_OR_LATER = new Set(['PACKED', 'READY_TO_DISPATCH', 'PICKUP_COMPLETE', 'SHIPPED', 'DELIVERED']);

const properties: INodeProperties[] = [
	{
		displayName: 'Shipment ID',
		name: 'shipmentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.shipmentId }}',
		description: 'The shipment to pack; each input item is one shipment, batched 25 per request',
		displayOptions: { hide: { labelInput: ['shipment'] } },
	},
	{
		displayName: 'Location ID',
		name: 'locationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.locationId }}',
		description: 'The seller location the shipment is dispatched from',
		displayOptions: { hide: { labelInput: ['shipment'] } },
	},
	{
		displayName: 'Label Details',
		name: 'labelInput',
		type: 'options',
		options: [
			{ name: 'Define Below', value: 'fields', description: 'Enter invoices, tax items, dimensions and serial numbers in fields' },
			{
				name: 'From Input Shipment',
				value: 'shipment',
				description: 'The input items are shipments (from Search or Get): one invoice per order and one tax item per order item are built from them',
			},
			{ name: 'JSON', value: 'json', description: 'Give invoices, taxItems, serialNumbers and subShipments as one JSON object' },
		],
		default: 'fields',
	},
	{
		displayName: 'Tax Rate (%)',
		name: 'shipmentTaxRate',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 2 },
		required: true,
		default: 0,
		description: 'Tax rate of every order item of the shipment',
		displayOptions: { show: { labelInput: ['shipment'] } },
	},
	{
		displayName: 'Invoice Number Prefix',
		name: 'invoiceNumberPrefix',
		type: 'string',
		default: 'INV-',
		description: 'Each order\'s invoice number is this prefix followed by the order ID; the invoice date is today (workflow time zone)',
		displayOptions: { show: { labelInput: ['shipment'] } },
	},
	{
		displayName: 'Package Dimensions',
		name: 'packageDimensions',
		type: 'collection',
		placeholder: 'Add Dimension',
		default: {},
		description: 'Dimensions of the package of every sub-shipment; all four are required',
		displayOptions: { show: { labelInput: ['shipment'] } },
		options: [sizeFields.breadth, sizeFields.height, sizeFields.length, sizeFields.weight],
	},
	{
		displayName: 'Label Details (JSON)',
		name: 'labelJson',
		type: 'json',
		default: '{\n  "invoices": [],\n  "taxItems": [],\n  "subShipments": []\n}',
		description: 'The shipment\'s invoices, taxItems, serialNumbers and subShipments, as in the marketplace\'s labels request. invoiceDate is a date (2025-03-05); of a date-time only the date is sent.',
		displayOptions: { show: { labelInput: ['json'] } },
	},
	{
		displayName: 'Invoices',
		name: 'invoices',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Invoice',
		default: {},
		description: 'One invoice per order in the shipment; order ID and invoice date are required',
		displayOptions: { show: { labelInput: ['fields'] } },
		options: [
			{
				name: 'invoice',
				displayName: 'Invoice',
				values: [
					{ displayName: 'Order ID', name: 'orderId', type: 'string', default: '' },
					{ displayName: 'Invoice Number', name: 'invoiceNumber', type: 'string', default: '' },
					{
						displayName: 'Invoice Date',
						name: 'invoiceDate',
						type: 'dateTime',
						default: '',
						description: 'Between the order date and today; the marketplace takes a date, so only the date of a date-time is sent',
					},
				],
			},
		],
	},
	{
		displayName: 'Tax Items',
		name: 'taxItems',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Tax Item',
		default: {},
		description: 'The tax rate of each order item',
		displayOptions: { show: { labelInput: ['fields'] } },
		options: [
			{
				name: 'taxItem',
				displayName: 'Tax Item',
				values: [
					{ displayName: 'Order Item ID', name: 'orderItemId', type: 'string', default: '' },
					{
						displayName: 'Tax Rate (%)',
						name: 'taxRate',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 2 },
						default: 0,
					},
					{ displayName: 'Quantity', name: 'quantity', type: 'number', typeOptions: { minValue: 1 }, default: 1 },
				],
			},
		],
	},
	{
		displayName: 'Sub-Shipment Dimensions',
		name: 'subShipments',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Sub-Shipment',
		default: {},
		description: 'Package dimensions per sub-shipment (SS-1 unless the listing has several packages)',
		displayOptions: { show: { labelInput: ['fields'] } },
		options: [
			{
				name: 'subShipment',
				displayName: 'Sub-Shipment',
				values: [
					sizeFields.breadth,
					sizeFields.height,
					sizeFields.length,
					{ displayName: 'Sub-Shipment ID', name: 'subShipmentId', type: 'string', default: 'SS-1' },
					sizeFields.weight,
				],
			},
		],
	},
	{
		displayName: 'Serial Numbers',
		name: 'serialNumbers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Serial Numbers',
		default: {},
		description: 'Serial numbers (e.g. IMEI) of order items that need them',
		displayOptions: { show: { labelInput: ['fields'] } },
		options: [
			{
				name: 'serial',
				displayName: 'Serial Numbers',
				values: [
					{ displayName: 'Order Item ID', name: 'orderItemId', type: 'string', default: '' },
					{
						displayName: 'Serial Numbers',
						name: 'serialNumbers',
						type: 'string',
						default: '',
						description: 'One serial number per unit, comma-separated',
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Ignore Warnings',
				name: 'ignoreWarning',
				type: 'boolean',
				default: false,
				description: 'Whether to generate the label even when the marketplace only warns about the request',
			},
			{
				displayName: 'Wait Until Packed',
				name: 'waitUntilPacked',
				type: 'boolean',
				default: false,
				description: 'Whether to wait until the marketplace reports the shipments packed (label generation is asynchronous: usually seconds, at worst 30 minutes)',
			},
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1800 },
				default: 300,
				description: 'How long to wait at most; shipments still not packed are reported with packed = false',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['shipment'], operation: ['generateLabels'] } }, properties);

interface LabelRequest extends IDataObject {
	shipmentId: string;
	locationId: string;
}

function positive(value: unknown): boolean {
	return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** Checks one shipment's label request (api-facts 5.1), naming the field that is wrong. */
function validateLabelRequest(context: IExecuteFunctions, request: LabelRequest, itemIndex: number): void {
	const fail = (message: string, description?: string) => {
		throw new NodeOperationError(context.getNode(), `Shipment ${request.shipmentId}: ${message}`, { itemIndex, description });
	};
	const invoices = listOf(request.invoices);
	if (invoices.length === 0) fail('no invoice given', 'Add one invoice per order, with order ID and invoice date.');
	for (const invoice of invoices) {
		if (typeof invoice.orderId !== 'string' || invoice.orderId.trim() === '') fail('an invoice has no order ID');
		if (!invoice.invoiceDate) fail(`invoice of order ${String(invoice.orderId)} has no invoice date`);
	}
	for (const tax of listOf(request.taxItems)) {
		if (typeof tax.orderItemId !== 'string' || tax.orderItemId.trim() === '') fail('a tax item has no order item ID');
		const rate = tax.taxRate;
		if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 100) {
			fail(`tax rate of order item ${String(tax.orderItemId)} must be a number from 0 to 100, got ${shown(rate)}`);
		}
	}
	for (const sub of listOf(request.subShipments)) {
		const dimensions = (sub.dimensions ?? {}) as IDataObject;
		if (typeof sub.subShipmentId !== 'string' || sub.subShipmentId.trim() === '') fail('a sub-shipment has no ID');
		for (const field of ['length', 'breadth', 'height', 'weight']) {
			if (!positive(dimensions[field])) {
				fail(`${field} of sub-shipment ${String(sub.subShipmentId)} must be a number above 0, got ${shown(dimensions[field])}`);
			}
		}
	}
}

/**
 * "From Input Shipment": the input item is a shipment as Search or Get return it; one invoice per
 * order (dated now) and one tax item per order item that is not cancelled, the given dimensions
 * for every sub-shipment.
 */
function labelRequestFromShipment(context: IExecuteFunctions, shipment: IDataObject, itemIndex: number): LabelRequest {
	const shipmentId = typeof shipment.shipmentId === 'string' ? shipment.shipmentId : '';
	const orderItems = listOf(shipment.orderItems);
	if (shipmentId === '' || orderItems.length === 0) {
		throw new NodeOperationError(context.getNode(), 'The input item is not a shipment (no shipmentId or orderItems)', {
			itemIndex,
			description: 'Put Shipment > Search or Get before this node, or choose another Label Details mode.',
		});
	}
	const locationId = typeof shipment.locationId === 'string' ? shipment.locationId : '';
	const live = orderItems.filter((item) => item.status !== 'CANCELLED');
	const prefix = String(context.getNodeParameter('invoiceNumberPrefix', itemIndex, 'INV-') ?? '');
	// The official model types invoiceDate as a date, yyyy-MM-dd (api-facts 11; docs/api-choices.md "Generate Labels").
	const invoiceDate = todayInZone(context.getTimezone());
	const taxRate = context.getNodeParameter('shipmentTaxRate', itemIndex) as number;
	const size = context.getNodeParameter('packageDimensions', itemIndex, {}) as IDataObject;
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
			// Quantities may arrive as 1.0 or "1" (api-facts 10.1 #12).
			quantity: Number(item.quantity) || 1,
		})),
		subShipments: subShipments.map((sub) => ({
			subShipmentId: String(sub.subShipmentId ?? ''),
			dimensions: { length: size.length, breadth: size.breadth, height: size.height, weight: size.weight },
		})),
	};
}

/** "JSON" and "Define Below": the shipment and location from their fields, the details from JSON or fields. */
function labelRequestFromParameters(context: IExecuteFunctions, itemIndex: number, fromJson: boolean): LabelRequest {
	const shipmentId = readRequiredText(context, 'shipmentId', itemIndex, 'Shipment ID');
	const locationId = readRequiredText(context, 'locationId', itemIndex, 'Location ID');
	const request: LabelRequest = { shipmentId, locationId };
	if (fromJson) {
		const parsed = readJsonObject(context, 'labelJson', itemIndex, `Shipment ${shipmentId}: Label Details (JSON) is not a JSON object`);
		for (const key of ['invoices', 'taxItems', 'serialNumbers', 'subShipments']) {
			if (parsed[key] !== undefined) request[key] = parsed[key];
		}
		// invoiceDate is a date in the official model: a date-time keeps its date (docs/api-choices.md "Generate Labels").
		if (Array.isArray(request.invoices)) {
			request.invoices = (request.invoices as unknown[]).map((invoice) =>
				invoice !== null && typeof invoice === 'object' && !Array.isArray(invoice)
					? { ...(invoice as IDataObject), invoiceDate: readDay(context, (invoice as IDataObject).invoiceDate, itemIndex, `Shipment ${shipmentId}: Invoice Date`) }
					: invoice,
			);
		}
		// The spec names it subShipmentID.dimension; the wire form is subShipments[].dimensions (api-facts 10.1 #6).
		for (const sub of (request.subShipments as IDataObject[] | undefined) ?? []) {
			if (sub.dimensions === undefined && sub.dimension !== undefined) {
				sub.dimensions = sub.dimension;
				delete sub.dimension;
			}
		}
	} else {
		const invoices = ((context.getNodeParameter('invoices', itemIndex, {}) as IDataObject).invoice ?? []) as IDataObject[];
		request.invoices = invoices.map((invoice) => ({
			orderId: String(invoice.orderId ?? '').trim(),
			...(invoice.invoiceNumber ? { invoiceNumber: String(invoice.invoiceNumber) } : {}),
			invoiceDate: readDay(context, invoice.invoiceDate, itemIndex, 'Invoice Date'),
		}));
		const taxItems = ((context.getNodeParameter('taxItems', itemIndex, {}) as IDataObject).taxItem ?? []) as IDataObject[];
		if (taxItems.length > 0) {
			request.taxItems = taxItems.map((tax) => ({
				orderItemId: String(tax.orderItemId ?? '').trim(),
				taxRate: tax.taxRate,
				quantity: tax.quantity ?? 1,
			}));
		}
		const subShipments = ((context.getNodeParameter('subShipments', itemIndex, {}) as IDataObject).subShipment ?? []) as IDataObject[];
		if (subShipments.length > 0) {
			request.subShipments = subShipments.map((sub) => ({
				subShipmentId: String(sub.subShipmentId ?? '').trim(),
				dimensions: { length: sub.length, breadth: sub.breadth, height: sub.height, weight: sub.weight },
			}));
		}
		const serials = ((context.getNodeParameter('serialNumbers', itemIndex, {}) as IDataObject).serial ?? []) as IDataObject[];
		if (serials.length > 0) {
			request.serialNumbers = serials.map((entry) => ({
				orderItemId: String(entry.orderItemId ?? '').trim(),
				// One array per unit (api-facts 5.1: [["IMEI-1"]]).
				serialNumbers: splitList(entry.serialNumbers).map((serial) => [serial]),
			}));
		}
	}
	return request;
}

function readLabelRequest(context: IExecuteFunctions, item: INodeExecutionData, itemIndex: number): LabelRequest {
	const mode = context.getNodeParameter('labelInput', itemIndex, 'fields');
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	let request: LabelRequest;
	if (mode === 'shipment') {
		request = labelRequestFromShipment(context, item.json, itemIndex);
		if (request.locationId === '') {
			throw new NodeOperationError(context.getNode(), `Shipment ${request.shipmentId}: the input item has no locationId`, { itemIndex });
		}
	} else {
		request = labelRequestFromParameters(context, itemIndex, mode === 'json');
	}
	if (options.ignoreWarning === true) request.ignoreWarning = true;
	validateLabelRequest(context, request, itemIndex);
	return request;
}

function stateOf(shipment: IDataObject): string {
	const states = [...new Set(listOf(shipment.orderItems).map((item) => String(item.status ?? '')))];
	return states.length === 1 ? states[0] : states.join(',');
}

/**
 * Polls the shipments until each is packed or the time is up (backoff from 2 s to 30 s): label
 * generation is asynchronous, APPROVED -> PACKING_IN_PROGRESS -> PACKED (api-facts 5.1).
 */
async function waitUntilPacked(
	context: IExecuteFunctions,
	shipmentIds: string[],
	maxWaitMs: number,
	itemIndex: number,
): Promise<Map<string, string>> {
	const states = new Map<string, string>();
	const deadline = Date.now() + maxWaitMs;
	let delay = 2_000;
	let pending = [...shipmentIds];
	while (pending.length > 0) {
		for (const ids of chunk(pending, LOOKUP_BATCH_SIZE)) {
			for (const shipment of await lookUpShipments(context, 'shipmentIds', ids, itemIndex)) {
				if (typeof shipment.shipmentId === 'string') states.set(shipment.shipmentId, stateOf(shipment));
			}
		}
		pending = pending.filter((id) => !PACKED_OR_LATER.has(states.get(id) ?? '') && states.get(id) !== 'FORM_FAILED');
		const remaining = deadline - Date.now();
		if (pending.length === 0 || remaining <= 0) break;
		await sleep(Math.min(delay, remaining));
		delay = Math.min(delay * 2, 30_000);
	}
	return states;
}

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<LabelRequest>(this, items, (itemIndex) => {
		const request = readLabelRequest(this, items[itemIndex], itemIndex);
		return [{ id: request.shipmentId, payload: request }];
	});
	const results = await sendShipmentActions(this, units, {
		path: `${PATHS.shipments}/labels`,
		body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
		operation: 'Generate labels',
	});
	const waitOption = units.length > 0 && (this.getNodeParameter('options.waitUntilPacked', 0, false) as boolean);
	if (waitOption) {
		const generated = results.filter((item) => item.json.status === 'SUCCESS').map((item) => String(item.json.shipmentId));
		const maxWaitSeconds = this.getNodeParameter('options.maxWaitSeconds', 0, 300) as number;
		const states = await waitUntilPacked(this, generated, maxWaitSeconds * 1000, units[0].itemIndex);
		for (const item of results) {
			if (item.json.status !== 'SUCCESS') continue;
			const state = states.get(String(item.json.shipmentId)) ?? 'UNKNOWN';
			item.json.packingState = state;
			item.json.packed = PACKED_OR_LATER.has(state);
		}
	}
	return inInputOrder(rejected, results);
}
