import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	archivedStatusProperty,
	entityFields,
	existingSkuProperty,
	listingInputProperty,
	listingStatusProperty,
	locationsProperty,
	packagesProperty,
	subsidizedShippingProperty,
} from './listing.fields';
import { labelFieldOptions } from './labels.fields';
import { readListing, readSku } from './listing.input';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	existingSkuProperty,
	{
		displayName:
			'The marketplace takes the whole listing with every update. The node reads the current listing (one lookup per 10 SKUs) and sends it with your changes, unless your JSON already holds the whole listing. Stock is sent back as read: change stock with Update Inventory.',
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	listingInputProperty(
		'The listing fields to change, or the whole listing, as a JSON object in the version 3 structure',
	),
	{
		displayName: 'Listing (JSON)',
		name: 'listingJson',
		type: 'json',
		default: '{\n  "listing_status": "ACTIVE"\n}',
		description:
			'The fields to change (e.g. {"price": {"selling_price": 450}}); what is left out is taken from the current listing. Includes archived_status: ARCHIVED or NONE.',
		displayOptions: { show: { listingInput: ['json'] } },
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'The fields to change; every other field keeps its current value',
		displayOptions: { show: { listingInput: ['fields'] } },
		options: [
			...entityFields(false),
			archivedStatusProperty,
			listingStatusProperty,
			locationsProperty,
			packagesProperty,
			...labelFieldOptions,
			subsidizedShippingProperty,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['update'] } },
	properties,
);

/** Sends the whole listing with the changes and archived_status ARCHIVED or NONE (docs/marketplace-api/listings.md#update). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'update',
		operation: 'Update listing',
		read: (itemIndex) => {
			const sku = readSku(this, itemIndex);
			const listing = readListing(
				this,
				itemIndex,
				sku,
				() => this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
			);
			return { sku, listing };
		},
	});
}
