import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	hyperlocalLocationFields,
	hyperlocalPackageProperty,
	priceAndTaxFields,
	readHyperlocalFields,
} from './hyperlocal.fields';
import {
	archivedStatusProperty,
	existingSkuProperty,
	listingInputProperty,
	listingStatusProperty,
	productIdProperty,
} from './listing.fields';
import { labelFieldOptions } from './labels.fields';
import { readListing, readSku } from './listing.input';
import { writeListings } from './write';

const fieldsMode = { show: { listingInput: ['fields'] } };

const properties: INodeProperties[] = [
	existingSkuProperty,
	{
		displayName:
			'A hyperlocal update sends the listing as given: product, status, price, tax and location are required; package, labels and archived status are optional. Nothing is read from the current listing.',
		name: 'updateHyperlocalNotice',
		type: 'notice',
		default: '',
	},
	listingInputProperty('The hyperlocal listing as a JSON object in the version 3 structure'),
	{
		displayName: 'Listing (JSON)',
		name: 'listingJson',
		type: 'json',
		default:
			'{\n  "product_id": "",\n  "listing_status": "ACTIVE",\n  "price": { "mrp": 0, "selling_price": 0, "currency": "INR" },\n  "tax": { "hsn": "" },\n  "location": { "id": "", "status": "ENABLED", "inventory": 0 }\n}',
		description:
			'Required: product_id, listing_status, price (mrp, selling_price, currency), tax.hsn, location (ID, status). Optional: package, address_label, dating_label, archived_status (ARCHIVED or NONE).',
		displayOptions: { show: { listingInput: ['json'] } },
	},
	{ ...productIdProperty, displayOptions: fieldsMode },
	{ ...listingStatusProperty, displayOptions: fieldsMode },
	...priceAndTaxFields.map((field) => ({ ...field, displayOptions: fieldsMode })),
	...hyperlocalLocationFields.map((field) => ({ ...field, displayOptions: fieldsMode })),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: fieldsMode,
		options: [archivedStatusProperty, hyperlocalPackageProperty, ...labelFieldOptions].sort(
			(a, b) => a.displayName.localeCompare(b.displayName),
		),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['updateHyperlocal'] } },
	properties,
);

/**
 * Updates hyperlocal listings (POST .../listings/v3/hyperlocal/update; docs/marketplace-api/listings.md#hyperlocal-listings). Unlike the
 * standard Update, nothing is completed from a lookup: whether the lookup returns a hyperlocal
 * listing in the hyperlocal shape is not documented (docs/api-choices.md#hyperlocal-listings).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'hyperlocalUpdate',
		operation: 'Update hyperlocal listing',
		read: (itemIndex) => {
			const sku = readSku(this, itemIndex);
			const listing = readListing(this, itemIndex, sku, () =>
				readHyperlocalFields(
					this,
					itemIndex,
					this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
				),
			);
			return { sku, listing };
		},
	});
}
