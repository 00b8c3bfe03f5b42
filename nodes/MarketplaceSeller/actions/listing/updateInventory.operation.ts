import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { existingSkuProperty, listingFromFields, locationsProperty, readSku } from './listing.fields';
import { writeListings } from './write';

const properties: INodeProperties[] = [existingSkuProperty, { ...locationsProperty, required: true }];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['updateInventory'] } }, properties);

/** Stock per location; inventory makes the listing buyable there, DISABLED stops it (spec 2.5). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		suffix: '/update/inventory',
		rules: { mode: 'inventory' },
		operation: 'Update listing inventory',
		read: (itemIndex) => ({
			sku: readSku(this, itemIndex),
			listing: listingFromFields({ locations: this.getNodeParameter('locations', itemIndex, {}) }),
		}),
	});
}
