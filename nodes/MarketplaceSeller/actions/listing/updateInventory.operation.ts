import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { existingSkuProperty, locationsProperty, productIdLookupProperty } from './listing.fields';
import { readSku } from './listing.input';
import { listingFromFields } from './listing.wire';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	existingSkuProperty,
	productIdLookupProperty,
	{ ...locationsProperty, required: true },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['updateInventory'] } },
	properties,
);

/**
 * {<sku>: {product_id, locations}} (docs/marketplace-api/listings.md#update-inventory): inventory makes the listing buyable at a
 * location, DISABLED stops it (docs/marketplace-api/listings.md#update-inventory).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'inventory',
		operation: 'Update listing inventory',
		read: (itemIndex) => ({
			sku: readSku(this, itemIndex),
			listing: listingFromFields({
				productId: this.getNodeParameter('productId', itemIndex, ''),
				locations: this.getNodeParameter('locations', itemIndex, {}),
			}),
		}),
	});
}
