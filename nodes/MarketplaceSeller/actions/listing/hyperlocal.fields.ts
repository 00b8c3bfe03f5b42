/**
 * The parameters of the hyperlocal listing operations (docs/marketplace-api/listings.md#hyperlocal-listings): the standard
 * listing's price, tax and labels, but a single package and a single location, and no
 * fulfillment entities (docs/api-choices.md#hyperlocal-listings).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { locationLocator } from '../common.descriptions';
import { labelFieldOptions } from './labels.fields';
import { readCommonFields } from './listing.create';
import { entityFields, packageSizeFields } from './listing.fields';

/** Price and tax: the standard listing's MRP, selling price, currency and HSN fields. */
export const priceAndTaxFields: INodeProperties[] = entityFields(true).filter((field) =>
	['mrp', 'sellingPrice', 'currency', 'hsn'].includes(field.name),
);

/** The one package of a hyperlocal listing: a one-value fixed collection named like the wire field. */
export const hyperlocalPackageProperty: INodeProperties = {
	displayName: 'Package',
	name: 'package',
	type: 'fixedCollection',
	placeholder: 'Add Package',
	default: {},
	description: 'The final packaging of the product: a hyperlocal listing has exactly one package',
	options: [
		{
			name: 'package',
			displayName: 'Package',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					required: true,
					default: '',
					placeholder: 'e.g. Box',
				},
				...packageSizeFields,
			],
		},
	],
};

/** The one location of a hyperlocal listing, as three plain fields. */
export const hyperlocalLocationFields: INodeProperties[] = [
	locationLocator('The seller location the hyperlocal listing sells from'),
	{
		displayName: 'Location Status',
		name: 'locationStatus',
		type: 'options',
		options: [
			{ name: 'Enabled', value: 'ENABLED', description: 'Buyable at this location' },
			{ name: 'Disabled', value: 'DISABLED', description: 'Not buyable at this location' },
		],
		default: 'ENABLED',
	},
	{
		displayName: 'Inventory',
		name: 'inventory',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Stock at the location; 0 makes the listing not buyable there',
	},
];

/** The address and dating labels, top-level: hyperlocal create requires both. */
export const requiredLabelProperties: INodeProperties[] = labelFieldOptions.map((label) => ({
	...label,
	description: `${String(label.description)}. Required for a hyperlocal listing: add at least one field.`,
}));

/** The wire field values of a hyperlocal listing given in fields mode (see listingFromFields). */
export function readHyperlocalFields(
	context: IExecuteFunctions,
	itemIndex: number,
	extra: IDataObject,
): IDataObject {
	return {
		...readCommonFields(context, itemIndex),
		location: {
			id: context.getNodeParameter('locationId', itemIndex, '', { extractValue: true }),
			status: context.getNodeParameter('locationStatus', itemIndex, 'ENABLED'),
			inventory: context.getNodeParameter('inventory', itemIndex, 0),
		},
		...extra,
	};
}
