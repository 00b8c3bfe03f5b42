import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { readDate } from '../../helpers/dates';
import { splitList } from '../../helpers/parameters';
import { requiredDateTime, selfShipProperties } from './selfShip.descriptions';
import { checkDay, RequiredFields, runSelfShip } from './selfShip.fields';

const properties: INodeProperties[] = [
	requiredDateTime(
		'Dispatch Date',
		'dispatchDate',
		'When the shipment left your warehouse: today or earlier',
	),
	requiredDateTime(
		'Tentative Delivery Date',
		'tentativeDeliveryDate',
		'When the buyer should get the shipment: today or later',
	),
	{
		displayName: 'Invoice Date',
		name: 'invoiceDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'The date of the invoice; only the date is sent',
	},
	{
		displayName: 'Invoice Number',
		name: 'invoiceNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. INV-1001',
		description: 'Your invoice number for the shipment',
	},
	{
		displayName: 'Invoice Items',
		name: 'invoiceItems',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		required: true,
		placeholder: 'Add Invoice Item',
		default: {},
		description: 'The order items the invoice covers, with their quantities',
		options: [
			{
				name: 'item',
				displayName: 'Item',
				values: [
					{
						displayName: 'Order Item ID',
						name: 'orderItemId',
						type: 'string',
						default: '',
						placeholder: 'e.g. {{ $json.orderItems[0].orderItemId }}',
					},
					{
						displayName: 'Quantity',
						name: 'quantity',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1,
					},
					{
						displayName: 'Serial Numbers',
						name: 'serialNumbers',
						type: 'string',
						default: '',
						description: 'One serial number (e.g. IMEI) per unit, comma-separated',
					},
				],
			},
		],
	},
	{
		displayName: 'Tracking ID',
		name: 'trackingId',
		type: 'string',
		default: '',
		description: "The courier's tracking ID (AWB) of the shipment",
	},
	{
		displayName: 'Delivery Partner',
		name: 'deliveryPartner',
		type: 'string',
		default: '',
		description: "The courier's name as the marketplace lists it for self-ship",
	},
	{
		displayName: 'Delivery Partner Code',
		name: 'deliveryPartnerCode',
		type: 'string',
		default: '',
		description:
			"The courier's vendor code in the marketplace's list of allowed self-ship vendors. The marketplace may require it.",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Dispatch Location',
				name: 'dispatchLocation',
				type: 'fixedCollection',
				default: {},
				description: 'Where the shipment was dispatched from, when not from its own location',
				options: [
					{
						name: 'location',
						displayName: 'Location',
						values: [
							{
								displayName: 'Address Line 1',
								name: 'address1',
								type: 'string',
								default: '',
							},
							{
								displayName: 'Address Line 2',
								name: 'address2',
								type: 'string',
								default: '',
							},
							{
								displayName: 'City',
								name: 'city',
								type: 'string',
								default: '',
							},
							{
								displayName: 'Landmark',
								name: 'landmark',
								type: 'string',
								default: '',
							},
							{
								displayName: 'Location ID',
								name: 'locationId',
								type: 'string',
								default: '',
							},
							{
								displayName: 'Pincode',
								name: 'pincode',
								type: 'string',
								default: '',
							},
							{
								displayName: 'State',
								name: 'state',
								type: 'string',
								default: '',
							},
						],
					},
				],
			},
		],
	},
];

export const description = selfShipProperties(
	'selfShipDispatch',
	'dispatch from your warehouse',
	properties,
);

function invoiceItems(context: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const collection = context.getNodeParameter('invoiceItems', itemIndex, {}) as {
		item?: Array<{ orderItemId?: string; quantity?: number; serialNumbers?: string }>;
	};
	return (collection.item ?? [])
		.filter((entry) => String(entry.orderItemId ?? '').trim() !== '')
		.map((entry) => {
			const serials = splitList(entry.serialNumbers);
			return {
				orderItemId: String(entry.orderItemId).trim(),
				quantity: Number(entry.quantity ?? 1),
				...(serials.length > 0 ? { serialNumbers: serials.map((serial) => [serial]) } : {}),
			};
		});
}

function dispatchLocation(
	context: IExecuteFunctions,
	itemIndex: number,
	required: RequiredFields,
): IDataObject | undefined {
	const options = context.getNodeParameter('options', itemIndex, {}) as {
		dispatchLocation?: { location?: Record<string, string> };
	};
	const location = options.dispatchLocation?.location;
	if (location === undefined) return undefined;
	const text = (key: string) => String(location[key] ?? '').trim();
	required.require(text('locationId') !== '', 'Dispatch Location > Location ID');
	required.require(text('address1') !== '', 'Dispatch Location > Address Line 1');
	const address: IDataObject = {};
	for (const key of ['address1', 'address2', 'landmark', 'city', 'state', 'pincode'])
		if (text(key) !== '') address[key] = text(key);
	return { locationId: text('locationId'), address };
}

/**
 * One shipment's dispatch fields, missing ones marked in `required`; what it returns checks the
 * dates and gives the entry.
 */
function readEntry(
	context: IExecuteFunctions,
	required: RequiredFields,
	itemIndex: number,
): () => IDataObject {
	const dispatchDate = required.dateTime('dispatchDate', 'Dispatch Date');
	const tentativeDeliveryDate = required.dateTime(
		'tentativeDeliveryDate',
		'Tentative Delivery Date',
	);
	const invoiceDate = readDate(
		context,
		context.getNodeParameter('invoiceDate', itemIndex, '') as unknown,
		itemIndex,
		'Invoice Date',
		'day',
	);
	required.require(invoiceDate !== undefined, 'Invoice Date');
	const items = invoiceItems(context, itemIndex);
	required.require(items.length > 0, 'Invoice Items');
	const location = dispatchLocation(context, itemIndex, required);
	return () => {
		checkDay(context, itemIndex, 'Dispatch Date', dispatchDate, 'notAfterToday');
		checkDay(
			context,
			itemIndex,
			'Tentative Delivery Date',
			tentativeDeliveryDate,
			'notBeforeToday',
		);
		const optional = (parameter: string) =>
			String(context.getNodeParameter(parameter, itemIndex, '') ?? '').trim();
		const invoiceNumber = optional('invoiceNumber');
		const entry: IDataObject = {
			dispatchDate,
			tentativeDeliveryDate,
			invoice: {
				...(invoiceNumber ? { invoiceNumber } : {}),
				invoiceDate,
				items,
			},
		};
		for (const field of ['trackingId', 'deliveryPartner', 'deliveryPartnerCode']) {
			const value = optional(field);
			if (value !== '') entry[field] = value;
		}
		if (location) entry.dispatchLocation = location;
		return entry;
	};
}

/**
 * Marks self-ship shipments SHIPPED with their invoice and tracking, 100 per request
 * (docs/marketplace-api/self-ship.md#dispatch). A request whose answer is lost is not sent again:
 * the shipments' state tells whether it took effect (helpers/stateCheck.ts).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runSelfShip(this, items, {
		call: 'dispatch',
		operation: 'Self-ship dispatch',
		read: (required, itemIndex) => readEntry(this, required, itemIndex),
	});
}
