import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	currencyProperty,
	entityFields,
	existingSkuProperty,
	productIdLookupProperty,
} from './listing.fields';
import { readSku } from './listing.input';
import { listingFromFields } from './listing.wire';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	existingSkuProperty,
	productIdLookupProperty,
	...entityFields(true).filter((field) => field.name === 'mrp' || field.name === 'sellingPrice'),
	{ ...currencyProperty, required: true },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['updatePrice'] } },
	properties,
);

/** {<sku>: {product_id, price: {mrp, selling_price, currency}}} (docs/marketplace-api/listings.md#update-price). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'price',
		operation: 'Update listing price',
		read: (itemIndex) => ({
			sku: readSku(this, itemIndex),
			listing: listingFromFields({
				productId: this.getNodeParameter('productId', itemIndex, ''),
				mrp: this.getNodeParameter('mrp', itemIndex),
				sellingPrice: this.getNodeParameter('sellingPrice', itemIndex),
				currency: this.getNodeParameter('currency', itemIndex, ''),
			}),
		}),
	});
}
