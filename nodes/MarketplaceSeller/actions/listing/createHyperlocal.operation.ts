import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	hyperlocalLocationFields,
	hyperlocalPackageProperty,
	priceAndTaxFields,
	readHyperlocalFields,
	requiredLabelProperties,
} from './hyperlocal.fields';
import {
	fieldsMode,
	newListingProperties,
	newListingTemplate,
	readNewListing,
} from './listing.create';
import { writeListings } from './write';

const properties: INodeProperties[] = [
	...newListingProperties({
		jsonOption: 'The whole hyperlocal listing as a JSON object in the version 3 structure',
		// Every field the hyperlocal create model requires (docs/marketplace-api/listings.md#hyperlocal-listings), to fill in.
		template: newListingTemplate({
			package: { name: '', dimensions: { length: 0, breadth: 0, height: 0 }, weight: 0 },
			location: { id: '', status: 'ENABLED', inventory: 0 },
			address_label: { manufacturer_details: [''], countries_of_origin: ['IN'] },
			dating_label: { shelf_life: 0 },
		}),
		jsonDescription:
			'The hyperlocal listing of this SKU. Required: product_id, listing_status, price (mrp, selling_price, currency), tax.hsn, package (name, dimensions, weight), location (ID, status), address_label, dating_label.',
		activeDescription: 'For sale once it has inventory at its location',
	}),
	...priceAndTaxFields.map((field) => ({ ...field, displayOptions: fieldsMode })),
	{ ...hyperlocalPackageProperty, required: true, displayOptions: fieldsMode },
	...hyperlocalLocationFields.map((field) => ({ ...field, displayOptions: fieldsMode })),
	...requiredLabelProperties.map((field) => ({ ...field, displayOptions: fieldsMode })),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['createHyperlocal'] } },
	properties,
);

/**
 * Creates hyperlocal listings (POST .../listings/v3/hyperlocal; docs/marketplace-api/listings.md#hyperlocal-listings): a single package and
 * location, both labels required. Checked before sending like the standard Create.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await writeListings(this, items, {
		mode: 'hyperlocalCreate',
		operation: 'Create hyperlocal listing',
		read: (itemIndex) =>
			readNewListing(this, itemIndex, () =>
				readHyperlocalFields(this, itemIndex, {
					package: this.getNodeParameter('package', itemIndex, {}),
					addressLabel: this.getNodeParameter('addressLabel', itemIndex, {}),
					datingLabel: this.getNodeParameter('datingLabel', itemIndex, {}),
				} as IDataObject),
			),
	});
}
