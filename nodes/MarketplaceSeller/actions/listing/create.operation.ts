import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	entityFields,
	locationsProperty,
	packagesProperty,
	subsidizedShippingProperty,
} from './listing.fields';
import { labelFieldOptions } from './labels.fields';
import {
	fieldsMode,
	newListingProperties,
	newListingTemplate,
	readCommonFields,
	readNewListing,
} from './listing.create';
import { SELLER_FULFILLED } from './listing.values';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	...newListingProperties({
		jsonOption: 'The whole listing as a JSON object in the version 3 structure',
		// Every field the create model requires (docs/marketplace-api/listings.md#create), to fill in.
		template: newListingTemplate({
			fulfillment_profile: SELLER_FULFILLED,
			fulfillment: { shipping_provider: 'SELLER', procurement_type: 'REGULAR', dispatch_sla: 2 },
			packages: [{ name: '', dimensions: { length: 0, breadth: 0, height: 0 }, weight: 0 }],
			locations: [{ id: '', status: 'ENABLED', inventory: 0 }],
		}),
		jsonDescription:
			'The listing of this SKU. Required: product_id, listing_status, price (mrp, selling_price, currency), tax.hsn, fulfillment_profile, packages (each with a name), locations. Optional: fulfillment, shipping_fees, address_label, dating_label.',
		activeDescription: 'For sale once it has inventory at a location',
	}),
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
		options: [...labelFieldOptions, subsidizedShippingProperty],
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
		read: (itemIndex) =>
			readNewListing(this, itemIndex, () => ({
				...readCommonFields(this, itemIndex),
				fulfillmentProfile: this.getNodeParameter('fulfillmentProfile', itemIndex),
				shippingProvider: this.getNodeParameter('shippingProvider', itemIndex),
				procurementType: this.getNodeParameter('procurementType', itemIndex),
				dispatchSla: this.getNodeParameter('dispatchSla', itemIndex),
				packages: this.getNodeParameter('packages', itemIndex, {}),
				locations: this.getNodeParameter('locations', itemIndex, {}),
				...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
			})),
	});
}
