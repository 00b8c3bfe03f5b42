/** Parameters shared by several operations. */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** Options for upper-case enum values, named in title case: PACKING_IN_PROGRESS is "Packing In Progress". */
export function enumOptions(values: readonly string[]): INodePropertyOptions[] {
	return values.map((value) => ({
		name: value
			.toLowerCase()
			.split('_')
			.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
			.join(' '),
		value,
	}));
}

/** A package's sides in cm and weight in kg, as label generation and listings take them. */
export const sizeFields = {
	length: {
		displayName: 'Length (Centimetres)',
		name: 'length',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
	},
	breadth: {
		displayName: 'Breadth (Centimetres)',
		name: 'breadth',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
	},
	height: {
		displayName: 'Height (Centimetres)',
		name: 'height',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
	},
	weight: {
		displayName: 'Weight (Kilograms)',
		name: 'weight',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 3 },
		default: 0,
	},
} satisfies Record<string, INodeProperties>;

export const shipmentIdsProperty: INodeProperties = {
	displayName: 'Shipment IDs',
	name: 'shipmentIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. {{ $json.shipmentId }}',
	description:
		'One or more shipment IDs, comma-separated, usually an expression reading the shipment ID of the input item. The same settings apply to all of them, so input items are batched into as few requests as the marketplace allows.',
};

export const binaryPropertyNameProperty: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	hint: 'The name of the output binary field to put the file in',
};

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/** One shipment, picked from the pre-dispatch shipments or given by ID (methods/shipmentLists.ts). */
export function shipmentLocator(description: string): INodeProperties {
	return {
		displayName: 'Shipment',
		name: 'shipmentId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a shipment...',
				typeOptions: { searchListMethod: 'searchShipments', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. {{ $json.shipmentId }}',
			},
		],
	};
}

/** A seller location, picked from those of the seller's shipments and listings or given by ID. */
export function locationLocator(description: string, required = true): INodeProperties {
	return {
		displayName: 'Location',
		name: 'locationId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a location...',
				typeOptions: { searchListMethod: 'searchLocations', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. {{ $json.locationId }}',
			},
		],
	};
}

/** Why a delivery, pickup or service attempt failed: the attempt calls require it. */
export function attemptReason(placeholder: string, description: string): INodeProperties {
	return {
		displayName: 'Reason',
		name: 'reason',
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
	};
}
