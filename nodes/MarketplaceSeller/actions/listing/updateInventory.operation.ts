import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readRequiredText } from '../../helpers/ids';
import { listingFromFields, locationsProperty, skuProperty } from './listing.fields';
import { writeListings } from './write';

const properties: INodeProperties[] = [skuProperty, { ...locationsProperty, required: true }];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['updateInventory'] } }, properties);

/** Stock per location; inventory makes the listing buyable there, DISABLED stops it (spec 2.5). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		suffix: '/update/inventory',
		rules: { mode: 'inventory' },
		operation: 'Update listing inventory',
		read: (itemIndex) => ({
			sku: readRequiredText(this, 'sku', itemIndex, 'SKU'),
			listing: listingFromFields({ locations: this.getNodeParameter('locations', itemIndex, {}) }),
		}),
	});
}
