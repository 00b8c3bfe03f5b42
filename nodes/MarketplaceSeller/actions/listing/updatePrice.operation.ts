import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { entityFields, existingSkuProperty, listingFromFields, readSku } from './listing.fields';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	existingSkuProperty,
	...entityFields(true).filter((field) => field.name === 'mrp' || field.name === 'sellingPrice'),
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		default: '',
		placeholder: 'e.g. INR',
		description: 'Currency of the prices, when the marketplace expects one',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['updatePrice'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		suffix: '/update/price',
		rules: { mode: 'price' },
		operation: 'Update listing price',
		read: (itemIndex) => ({
			sku: readSku(this, itemIndex),
			listing: listingFromFields({
				mrp: this.getNodeParameter('mrp', itemIndex),
				sellingPrice: this.getNodeParameter('sellingPrice', itemIndex),
				currency: this.getNodeParameter('currency', itemIndex, ''),
			}),
		}),
	});
}
