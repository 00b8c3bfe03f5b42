import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readRequiredText } from '../../helpers/parameters';
import {
	additionalFieldOptions,
	entityFields,
	listingInputProperty,
	locationsProperty,
	readListing,
	skuProperty,
} from './listing.fields';
import { writeListings } from './write';

const fieldsMode = { show: { listingInput: ['fields'] } };

const properties: INodeProperties[] = [
	skuProperty,
	listingInputProperty('The whole listing as a JSON object in the version 3 structure'),
	{
		displayName: 'Listing (JSON)',
		name: 'listingJson',
		type: 'json',
		default: '{\n  "product_id": "",\n  "price": { "mrp": 0, "selling_price": 0 },\n  "tax": { "hsn": "" },\n  "fulfillment": { "shipping_provider": "SELLER", "procurement_type": "REGULAR", "dispatch_sla": 2 }\n}',
		description: 'The listing of this SKU: product_id, price, tax, fulfillment, locations, packages, address_label, dating_label',
		displayOptions: { show: { listingInput: ['json'] } },
	},
	{
		displayName: 'Product ID',
		name: 'productId',
		type: 'string',
		required: true,
		default: '',
		description: 'The marketplace product the listing sells',
		displayOptions: fieldsMode,
	},
	{
		displayName: 'Listing Status',
		name: 'listingStatus',
		type: 'options',
		options: [
			{ name: 'Active', value: 'ACTIVE', description: 'For sale once it has inventory at a location' },
			{ name: 'Inactive', value: 'INACTIVE', description: 'Created but not for sale' },
		],
		default: 'ACTIVE',
		displayOptions: fieldsMode,
	},
	...entityFields(true).map((field) => ({ ...field, displayOptions: fieldsMode })),
	{ ...locationsProperty, displayOptions: fieldsMode },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: fieldsMode,
		options: additionalFieldOptions.filter((option) => option.name !== 'listingStatus'),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['create'] } }, properties);

/** Creates listings; an existing SKU is overwritten (api-facts 7). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		suffix: '',
		rules: { mode: 'create' },
		operation: 'Create listing',
		read: (itemIndex) => {
			const sku = readRequiredText(this, 'sku', itemIndex, 'SKU');
			const listing = readListing(this, itemIndex, sku, () => ({
				productId: this.getNodeParameter('productId', itemIndex, ''),
				listingStatus: this.getNodeParameter('listingStatus', itemIndex, 'ACTIVE'),
				mrp: this.getNodeParameter('mrp', itemIndex),
				sellingPrice: this.getNodeParameter('sellingPrice', itemIndex),
				hsn: this.getNodeParameter('hsn', itemIndex, ''),
				shippingProvider: this.getNodeParameter('shippingProvider', itemIndex),
				procurementType: this.getNodeParameter('procurementType', itemIndex),
				dispatchSla: this.getNodeParameter('dispatchSla', itemIndex),
				locations: this.getNodeParameter('locations', itemIndex, {}),
				...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
			}));
			return { sku, listing };
		},
	});
}
