/** The parameters of Shipment > Generate Labels: where the label details come from, and the wait. */
import type { INodeProperties } from 'n8n-workflow';

import { locationLocator, shipmentLocator, sizeFields } from '../../common.descriptions';

export const properties: INodeProperties[] = [
	{
		...shipmentLocator(
			'The shipment to pack. One per input item, since each carries its own label details; items are batched, 25 per request.',
		),
		displayOptions: { hide: { labelInput: ['shipment'] } },
	},
	{
		...locationLocator('The seller location the shipment is dispatched from'),
		displayOptions: { hide: { labelInput: ['shipment'] } },
	},
	{
		displayName: 'Label Details',
		name: 'labelInput',
		type: 'options',
		options: [
			{
				name: 'Define Below',
				value: 'fields',
				description: 'Enter invoices, tax items, dimensions and serial numbers in fields',
			},
			{
				name: 'From Input Shipment',
				value: 'shipment',
				description:
					'The input items are shipments (from Search or Get): one invoice per order and one tax item per order item are built from them',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Give invoices, taxItems, serialNumbers and subShipments as one JSON object',
			},
		],
		default: 'fields',
		description: 'Where the invoices, tax items and package sizes of each shipment come from',
	},
	{
		displayName: 'Tax Rate (%)',
		name: 'shipmentTaxRate',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 2 },
		required: true,
		default: 0,
		description: 'Tax rate of every order item of the shipment; 0 only for tax-exempt goods',
		displayOptions: { show: { labelInput: ['shipment'] } },
	},
	{
		displayName: 'Invoice Number Prefix',
		name: 'invoiceNumberPrefix',
		type: 'string',
		default: 'INV-',
		description:
			"Each order's invoice number is this prefix followed by the order ID; the invoice date is today (workflow time zone)",
		displayOptions: { show: { labelInput: ['shipment'] } },
	},
	...(['length', 'breadth', 'height', 'weight'] as const).map(
		(side): INodeProperties => ({
			...sizeFields[side],
			displayName: `Package ${sizeFields[side].displayName}`,
			name: `package${side.charAt(0).toUpperCase()}${side.slice(1)}`,
			required: true,
			description: `The ${side} of the package of every sub-shipment; must be above 0`,
			displayOptions: { show: { labelInput: ['shipment'] } },
		}),
	),
	{
		displayName: 'Label Details (JSON)',
		name: 'labelJson',
		type: 'json',
		default: '{\n  "invoices": [],\n  "taxItems": [],\n  "subShipments": []\n}',
		description:
			"The shipment's invoices, taxItems, serialNumbers and subShipments, as in the marketplace's labels request. invoiceDate is a date (2025-03-05); of a date-time only the date is sent.",
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
						description:
							'Between the order date and today; the marketplace takes a date, so only the date of a date-time is sent',
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
					{
						displayName: 'Quantity',
						name: 'quantity',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1,
					},
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
		description:
			'Package dimensions per sub-shipment (SS-1 unless the listing has several packages)',
		displayOptions: { show: { labelInput: ['fields'] } },
		options: [
			{
				name: 'subShipment',
				displayName: 'Sub-Shipment',
				values: [
					{
						displayName: 'Sub-Shipment ID',
						name: 'subShipmentId',
						type: 'string',
						default: 'SS-1',
					},
					sizeFields.length,
					sizeFields.breadth,
					sizeFields.height,
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
				description:
					'Whether to generate the label even when the marketplace only warns about the request',
			},
			{
				displayName: 'Wait Until Packed',
				name: 'waitUntilPacked',
				type: 'boolean',
				default: false,
				description:
					'Whether to wait until the marketplace reports the shipments packed (label generation is asynchronous: usually seconds, at worst 30 minutes)',
			},
			{
				displayName: 'Max Wait (Seconds)',
				name: 'maxWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1800 },
				default: 300,
				description:
					'How long to wait at most; shipments still not packed are reported with packed = false',
				displayOptions: { show: { waitUntilPacked: [true] } },
			},
		],
	},
];
