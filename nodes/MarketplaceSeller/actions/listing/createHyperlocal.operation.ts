import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readRequiredText } from '../../helpers/parameters';
import {
	hyperlocalLocationFields,
	hyperlocalPackageProperty,
	priceAndTaxFields,
	readHyperlocalFields,
	requiredLabelProperties,
} from './hyperlocal.fields';
import {
	listingInputProperty,
	listingStatusProperty,
	productIdProperty,
	skuProperty,
} from './listing.fields';
import { readListing } from './listing.input';
import { writeListings } from './write';

const fieldsMode = { show: { listingInput: ['fields'] } };

/** The Listing (JSON) default: every field the hyperlocal create model requires (docs/marketplace-api/listings.md#hyperlocal-listings), to fill in. */
const HYPERLOCAL_JSON_TEMPLATE = JSON.stringify(
	{
		product_id: '',
		listing_status: 'ACTIVE',
		price: { mrp: 0, selling_price: 0, currency: 'INR' },
		tax: { hsn: '' },
		package: { name: '', dimensions: { length: 0, breadth: 0, height: 0 }, weight: 0 },
		location: { id: '', status: 'ENABLED', inventory: 0 },
		address_label: { manufacturer_details: [''], countries_of_origin: ['IN'] },
		dating_label: { shelf_life: 0 },
	},
	null,
	2,
);

const properties: INodeProperties[] = [
	skuProperty,
	listingInputProperty('The whole hyperlocal listing as a JSON object in the version 3 structure'),
	{
		displayName: 'Listing (JSON)',
		name: 'listingJson',
		type: 'json',
		default: HYPERLOCAL_JSON_TEMPLATE,
		description:
			'The hyperlocal listing of this SKU. Required: product_id, listing_status, price (mrp, selling_price, currency), tax.hsn, package (name, dimensions, weight), location (ID, status), address_label, dating_label.',
		displayOptions: { show: { listingInput: ['json'] } },
	},
	{ ...productIdProperty, displayOptions: fieldsMode },
	{
		...listingStatusProperty,
		options: [
			{
				name: 'Active',
				value: 'ACTIVE',
				description: 'For sale once it has inventory at its location',
			},
			{ name: 'Inactive', value: 'INACTIVE', description: 'Created but not for sale' },
		],
		displayOptions: fieldsMode,
	},
	...priceAndTaxFields.map((field) => ({ ...field, displayOptions: fieldsMode })),
	{ ...hyperlocalPackageProperty, required: true, displayOptions: fieldsMode },
	...hyperlocalLocationFields.map((field) => ({ ...field, displayOptions: fieldsMode })),
	...requiredLabelProperties.map((field) => ({ ...field, displayOptions: fieldsMode })),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['createHyperlocal'] } },
	properties,
);

/**
 * Creates hyperlocal listings (POST .../listings/v3/hyperlocal; docs/marketplace-api/listings.md#hyperlocal-listings): a single package and
 * location, both labels required. Checked before sending like the standard Create.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'hyperlocalCreate',
		operation: 'Create hyperlocal listing',
		read: (itemIndex) => {
			const sku = readRequiredText(this, 'sku', itemIndex, 'SKU');
			const listing = readListing(this, itemIndex, sku, () =>
				readHyperlocalFields(this, itemIndex, {
					package: this.getNodeParameter('package', itemIndex, {}),
					addressLabel: this.getNodeParameter('addressLabel', itemIndex, {}),
					datingLabel: this.getNodeParameter('datingLabel', itemIndex, {}),
				} as IDataObject),
			);
			return { sku, listing };
		},
	});
}
