import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readRequiredText } from '../../helpers/parameters';
import {
	entityFields,
	listingInputProperty,
	listingStatusProperty,
	locationsProperty,
	packagesProperty,
	productIdProperty,
	skuProperty,
} from './listing.fields';
import { labelFieldOptions } from './labels.fields';
import { readListing } from './listing.input';
import { SELLER_FULFILLED } from './listing.values';
import { writeListings } from './write';

const fieldsMode = { show: { listingInput: ['fields'] } };

/** The Listing (JSON) default: every field the create model requires (docs/marketplace-api/listings.md#create), to fill in. */
const LISTING_JSON_TEMPLATE = JSON.stringify(
	{
		product_id: '',
		listing_status: 'ACTIVE',
		price: { mrp: 0, selling_price: 0, currency: 'INR' },
		tax: { hsn: '' },
		fulfillment_profile: SELLER_FULFILLED,
		fulfillment: { shipping_provider: 'SELLER', procurement_type: 'REGULAR', dispatch_sla: 2 },
		packages: [{ name: '', dimensions: { length: 0, breadth: 0, height: 0 }, weight: 0 }],
		locations: [{ id: '', status: 'ENABLED', inventory: 0 }],
	},
	null,
	2,
);

const properties: INodeProperties[] = [
	skuProperty,
	listingInputProperty('The whole listing as a JSON object in the version 3 structure'),
	{
		displayName: 'Listing (JSON)',
		name: 'listingJson',
		type: 'json',
		default: LISTING_JSON_TEMPLATE,
		description:
			'The listing of this SKU. Required: product_id, listing_status, price (mrp, selling_price, currency), tax.hsn, fulfillment_profile, packages (each with a name), locations. Optional: fulfillment, shipping_fees, address_label, dating_label.',
		displayOptions: { show: { listingInput: ['json'] } },
	},
	{ ...productIdProperty, displayOptions: fieldsMode },
	{
		...listingStatusProperty,
		options: [
			{
				name: 'Active',
				value: 'ACTIVE',
				description: 'For sale once it has inventory at a location',
			},
			{ name: 'Inactive', value: 'INACTIVE', description: 'Created but not for sale' },
		],
		displayOptions: fieldsMode,
	},
	...entityFields(true).map((field) => ({ ...field, displayOptions: fieldsMode })),
	{ ...packagesProperty, required: true, displayOptions: fieldsMode },
	{ ...locationsProperty, required: true, displayOptions: fieldsMode },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: fieldsMode,
		options: labelFieldOptions,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['create'] } },
	properties,
);

/** Creates listings; an existing SKU is overwritten (docs/marketplace-api/listings.md#create). Nothing is read first. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'create',
		operation: 'Create listing',
		read: (itemIndex) => {
			const sku = readRequiredText(this, 'sku', itemIndex, 'SKU');
			const listing = readListing(this, itemIndex, sku, () => ({
				productId: this.getNodeParameter('productId', itemIndex, ''),
				listingStatus: this.getNodeParameter('listingStatus', itemIndex, 'ACTIVE'),
				mrp: this.getNodeParameter('mrp', itemIndex),
				sellingPrice: this.getNodeParameter('sellingPrice', itemIndex),
				currency: this.getNodeParameter('currency', itemIndex, ''),
				hsn: this.getNodeParameter('hsn', itemIndex, ''),
				fulfillmentProfile: this.getNodeParameter('fulfillmentProfile', itemIndex),
				shippingProvider: this.getNodeParameter('shippingProvider', itemIndex),
				procurementType: this.getNodeParameter('procurementType', itemIndex),
				dispatchSla: this.getNodeParameter('dispatchSla', itemIndex),
				packages: this.getNodeParameter('packages', itemIndex, {}),
				locations: this.getNodeParameter('locations', itemIndex, {}),
				...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
			}));
			return { sku, listing };
		},
	});
}
