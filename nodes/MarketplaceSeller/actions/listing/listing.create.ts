/**
 * What Create and Create Hyperlocal share: the fields every new listing requires
 * (docs/marketplace-api/listings.md#create, docs/marketplace-api/listings.md#hyperlocal-listings), as
 * the Listing (JSON) template and as the first parameters, and reading an item's SKU and listing.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readRequiredText } from '../../helpers/parameters';
import {
	listingInputProperty,
	listingStatusProperty,
	productIdProperty,
	skuProperty,
} from './listing.fields';
import { readListing } from './listing.input';

/** Shows a parameter only when the listing is defined with fields rather than JSON. */
export const fieldsMode = { show: { listingInput: ['fields'] } };

/**
 * The Listing (JSON) default: the required fields of every new listing, then the operation's own.
 * The string is the parameter's default, so it must not change: n8n leaves default values out of
 * saved workflows, which would then read a different listing.
 */
export function newListingTemplate(ownFields: IDataObject): string {
	return JSON.stringify(
		{
			product_id: '',
			listing_status: 'ACTIVE',
			price: { mrp: 0, selling_price: 0, currency: 'INR' },
			tax: { hsn: '' },
			...ownFields,
		},
		null,
		2,
	);
}

/** The first parameters of a create operation: SKU, fields or JSON, the JSON, product and status. */
export function newListingProperties({
	jsonOption,
	template,
	jsonDescription,
	activeDescription,
}: {
	/** What the JSON option of Listing Details gives. */
	jsonOption: string;
	template: string;
	/** The Listing (JSON) description: the required and optional fields. */
	jsonDescription: string;
	/** What Active means: at a location, or at the hyperlocal listing's one location. */
	activeDescription: string;
}): INodeProperties[] {
	return [
		skuProperty,
		listingInputProperty(jsonOption),
		{
			displayName: 'Listing (JSON)',
			name: 'listingJson',
			type: 'json',
			default: template,
			description: jsonDescription,
			displayOptions: { show: { listingInput: ['json'] } },
		},
		{ ...productIdProperty, displayOptions: fieldsMode },
		{
			...listingStatusProperty,
			options: [
				{ name: 'Active', value: 'ACTIVE', description: activeDescription },
				{ name: 'Inactive', value: 'INACTIVE', description: 'Created but not for sale' },
			],
			displayOptions: fieldsMode,
		},
	];
}

/**
 * The parameter values of the required fields above (see listingFromFields), which Update
 * Hyperlocal requires too. MRP and selling price start empty (null).
 */
export function readCommonFields(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return {
		productId: context.getNodeParameter('productId', itemIndex, ''),
		listingStatus: context.getNodeParameter('listingStatus', itemIndex, 'ACTIVE'),
		mrp: context.getNodeParameter('mrp', itemIndex, null),
		sellingPrice: context.getNodeParameter('sellingPrice', itemIndex, null),
		currency: context.getNodeParameter('currency', itemIndex, ''),
		hsn: context.getNodeParameter('hsn', itemIndex, ''),
	};
}

/** An item's SKU (plain text: a new listing has none to pick) and its wire listing. */
export function readNewListing(
	context: IExecuteFunctions,
	itemIndex: number,
	readFields: () => IDataObject,
): { sku: string; listing: IDataObject } {
	const sku = readRequiredText(context, 'sku', itemIndex, 'SKU');
	return { sku, listing: readListing(context, itemIndex, sku, readFields) };
}
