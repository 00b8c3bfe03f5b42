/**
 * The parameters of the listing v3 operations (spec 2.5, 9.2; api-facts 7 and 11): SKU pickers,
 * the entities (price, tax, fulfillment, packages, locations, labels) and the enums they use.
 * The wire body is built in listing.wire.ts and checked in listing.checks.ts.
 */
import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { FULFILLED_BY_MARKETPLACE, MARKETPLACE, SHIPPING_PROVIDERS } from '../../../shared/profile';
import { enumOptions, sizeFields } from '../common.descriptions';

/** Listing create / update / price / inventory and lookups take up to 10 SKUs per request (api-facts 4, 7). */
export const LISTING_BATCH_SIZE = 10;

export const PROCUREMENT_TYPES = ['DOMESTIC', 'EXPRESS', 'INTERNATIONAL', 'MADE_TO_ORDER', 'REGULAR'] as const;
export const LOCATION_STATUSES = ['ENABLED', 'DISABLED'];
export const LISTING_STATUSES = ['ACTIVE', 'INACTIVE'];
/** The official update model's archived_status (api-facts 11; older sketches said UNARCHIVED). */
export const ARCHIVED_STATUSES = ['ARCHIVED', 'NONE'];
/** fulfillment_profile: NON_<FBM> | <FBM>_LITE | <FBM> (api-facts 11). */
export const FULFILLMENT_PROFILES = [`NON_${FULFILLED_BY_MARKETPLACE}`, `${FULFILLED_BY_MARKETPLACE}_LITE`, FULFILLED_BY_MARKETPLACE];
/** NON_<FBM>: the seller fulfils (the default profile of a new listing). */
export const SELLER_FULFILLED = FULFILLMENT_PROFILES[0];

/** The listing_status of a listing, to set (Create, Update) or to search by. */
export const listingStatusProperty: INodeProperties = {
	displayName: 'Listing Status',
	name: 'listingStatus',
	type: 'options',
	options: enumOptions(LISTING_STATUSES),
	default: 'ACTIVE',
};

export const skuProperty: INodeProperties = {
	displayName: 'SKU',
	name: 'sku',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. {{ $json.sku }}',
	description: 'The seller SKU of the listing; each input item is one SKU, batched 10 per request',
};

/** An existing listing's SKU: picked from the seller's listings, or given by value. */
export const existingSkuProperty: INodeProperties = {
	displayName: 'SKU',
	name: 'sku',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'id', value: '' },
	description: 'The seller SKU of the listing; each input item is one SKU, batched 10 per request',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchListings', searchable: true },
		},
		{
			displayName: 'By SKU',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. {{ $json.sku }}',
		},
	],
};

/** Update Price and Update Inventory: the official models require product_id (api-facts 11). */
export const productIdLookupProperty: INodeProperties = {
	displayName: 'Product ID',
	name: 'productId',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.product_id }}',
	description:
		'The product the listing sells, which the marketplace requires with every change. Leave empty to let the node read it from the current listing: one extra listing lookup per 10 SKUs.',
};

/** Reads the SKU of an item, from a plain text or a resource locator value. */
export function readSku(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('sku', itemIndex, '', { extractValue: true }) as unknown;
	const sku = String(value ?? '').trim();
	if (sku === '') {
		throw new NodeOperationError(context.getNode(), 'SKU is empty', { itemIndex, description: 'Enter the seller SKU of the listing.' });
	}
	return sku;
}

const shippingProviderOptions = [
	{ name: 'Seller', value: SHIPPING_PROVIDERS.seller, description: 'The seller ships all orders' },
	{
		name: 'Marketplace Logistics',
		value: SHIPPING_PROVIDERS.marketplace,
		description: 'The marketplace\'s own logistics ships all orders',
	},
	{
		name: 'Seller, Then Marketplace',
		value: SHIPPING_PROVIDERS.sellerThenMarketplace,
		description: 'The seller ships; marketplace logistics covers pincodes the seller cannot serve',
	},
	{
		name: 'Marketplace, Then Seller',
		value: SHIPPING_PROVIDERS.marketplaceThenSeller,
		description: 'Marketplace logistics first; the seller ships where logistics cannot and the seller can',
	},
];

export const locationsProperty: INodeProperties = {
	displayName: 'Locations',
	name: 'locations',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Location',
	default: {},
	description: 'Stock and buyability per seller location: inventory makes the listing buyable there, Disabled stops it',
	options: [
		{
			name: 'location',
			displayName: 'Location',
			values: [
				{ displayName: 'Location ID', name: 'id', type: 'string', default: '' },
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					options: [
						{ name: 'Enabled', value: 'ENABLED', description: 'Buyable at this location' },
						{ name: 'Disabled', value: 'DISABLED', description: 'Not buyable at this location' },
					],
					default: 'ENABLED',
				},
				{ displayName: 'Inventory', name: 'inventory', type: 'number', typeOptions: { minValue: 0 }, default: 0 },
			],
		},
	],
};

/** The final packaging; the official listing model requires a name per package (api-facts 11). */
export const packagesProperty: INodeProperties = {
	displayName: 'Packages',
	name: 'packages',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Package',
	default: {},
	description: 'The final packaging: at least one package, several for multi-package listings',
	options: [
		{
			name: 'package',
			displayName: 'Package',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Box 1 of 2', description: 'Name of the package (required)' },
				sizeFields.length,
				sizeFields.breadth,
				sizeFields.height,
				sizeFields.weight,
			],
		},
	],
};

export const currencyProperty: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'string',
	default: 'INR',
	description: 'Currency of the prices; the marketplace requires it with every price',
};

export const fulfillmentProfileProperty: INodeProperties = {
	displayName: 'Fulfillment Profile',
	name: 'fulfillmentProfile',
	type: 'options',
	options: [
		{ name: 'Fulfilled by the Seller', value: SELLER_FULFILLED, description: 'The seller stores and packs the stock' },
		{ name: `Fulfilled by ${MARKETPLACE.displayName} Lite`, value: FULFILLMENT_PROFILES[1] },
		{ name: `Fulfilled by ${MARKETPLACE.displayName}`, value: FULFILLMENT_PROFILES[2], description: 'The marketplace stores and packs the stock' },
	],
	default: SELLER_FULFILLED,
	description: 'Who fulfils the orders of this listing (the listing\'s fulfillment_profile)',
};

export const archivedStatusProperty: INodeProperties = {
	displayName: 'Archived Status',
	name: 'archivedStatus',
	type: 'options',
	options: [
		{ name: 'Archived', value: 'ARCHIVED', description: 'Hide the listing from the seller\'s active catalogue' },
		{ name: 'Not Archived', value: 'NONE', description: 'Bring an archived listing back' },
	],
	default: 'NONE',
	description: 'Whether the listing is archived; left out, the listing keeps its current archived status',
};

/** Entity fields shared by Create (top level) and Update (inside a collection). */
export function entityFields(required: boolean): INodeProperties[] {
	const requiredFlag = required ? { required: true } : {};
	return [
		{
			displayName: 'MRP',
			name: 'mrp',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 0,
			description: 'Maximum retail price, a whole number',
			...requiredFlag,
		},
		{
			displayName: 'Selling Price',
			name: 'sellingPrice',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 0,
			description: 'Selling price, a whole number not above the MRP',
			...requiredFlag,
		},
		{ ...currencyProperty, ...requiredFlag },
		{
			displayName: 'HSN Code',
			name: 'hsn',
			type: 'string',
			default: '',
			placeholder: 'e.g. 61091000',
			description: 'The 8-digit HSN classification of the product (tax entity, mandatory in version 3)',
			...requiredFlag,
		},
		{ ...fulfillmentProfileProperty, ...requiredFlag },
		{
			displayName: 'Shipping Provider',
			name: 'shippingProvider',
			type: 'options',
			options: shippingProviderOptions,
			default: 'SELLER',
			description: 'Who ships the orders of this listing',
		},
		{
			displayName: 'Procurement Type',
			name: 'procurementType',
			type: 'options',
			options: enumOptions(PROCUREMENT_TYPES),
			default: 'REGULAR',
		},
		{
			displayName: 'Dispatch SLA (Days)',
			name: 'dispatchSla',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 2,
			description: 'Days the seller needs to dispatch an order (procurement SLA)',
		},
	];
}

/**
 * The address and dating labels: objects in the official model, never texts (api-facts 11;
 * docs/api-choices.md "Address and dating labels").
 */
export const labelFieldOptions: INodeProperties[] = [
	{
		displayName: 'Address Label',
		name: 'addressLabel',
		type: 'collection',
		placeholder: 'Add Address Label Field',
		default: {},
		description: 'Who made, imported and packed the product, and where it comes from (the listing\'s address_label)',
		options: [
			{
				displayName: 'Countries of Origin',
				name: 'countriesOfOrigin',
				type: 'string',
				default: '',
				placeholder: 'e.g. IN',
				description: 'Comma-separated',
			},
			{
				displayName: 'Importer Details',
				name: 'importerDetails',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'One importer name and address per line',
			},
			{
				displayName: 'Manufacturer Details',
				name: 'manufacturerDetails',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'One manufacturer name and address per line',
			},
			{
				displayName: 'Packer Details',
				name: 'packerDetails',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'One packer name and address per line',
			},
		],
	},
	{
		displayName: 'Dating Label',
		name: 'datingLabel',
		type: 'collection',
		placeholder: 'Add Dating Label Field',
		default: {},
		description: 'Manufacturing date, shelf life and expiry date (the listing\'s dating_label); whole numbers, as the marketplace\'s documentation for the category prescribes',
		options: [
			{ displayName: 'Expiry Date', name: 'expiryDate', type: 'number', default: 0, description: 'Whole number (expiry_date)' },
			{ displayName: 'Manufacturing Date', name: 'mfgDate', type: 'number', default: 0, description: 'Whole number (mfg_date)' },
			{ displayName: 'Shelf Life', name: 'shelfLife', type: 'number', default: 0, description: 'Whole number (shelf_life)' },
		],
	},
];

/**
 * Create's and Update's choice between fields and a JSON listing; JSON mode reads the operation's
 * `listingJson` parameter (see readListing in listing.wire.ts).
 */
export function listingInputProperty(jsonDescription: string): INodeProperties {
	return {
		displayName: 'Listing Details',
		name: 'listingInput',
		type: 'options',
		options: [
			{ name: 'Define Below', value: 'fields' },
			{ name: 'JSON', value: 'json', description: jsonDescription },
		],
		default: 'fields',
	};
}
