import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	additionalFieldOptions,
	entityFields,
	existingSkuProperty,
	listingInputProperty,
	locationsProperty,
	readListing,
	readSku,
} from './listing.fields';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	existingSkuProperty,
	listingInputProperty('The listing fields to change as a JSON object in the version 3 structure'),
	{
		displayName: 'Listing (JSON)',
		name: 'listingJson',
		type: 'json',
		default: '{\n  "tax": { "hsn": "" }\n}',
		description: 'The fields to change; tax.hsn is mandatory in version 3',
		displayOptions: { show: { listingInput: ['json'] } },
	},
	{
		displayName: 'HSN Code',
		name: 'hsn',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 61091000',
		description: 'The 8-digit HSN classification of the product (mandatory in version 3)',
		displayOptions: { show: { listingInput: ['fields'] } },
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { listingInput: ['fields'] } },
		options: [
			...entityFields(false).filter((field) => field.name !== 'hsn'),
			locationsProperty,
			...additionalFieldOptions,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['update'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		suffix: '/update',
		rules: { mode: 'update' },
		operation: 'Update listing',
		read: (itemIndex) => {
			const sku = readSku(this, itemIndex);
			const listing = readListing(this, itemIndex, sku, () => ({
				hsn: this.getNodeParameter('hsn', itemIndex, ''),
				...(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject),
			}));
			return { sku, listing };
		},
	});
}
