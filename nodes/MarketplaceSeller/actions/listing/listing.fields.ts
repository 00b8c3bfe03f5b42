/**
 * The parameters of the listing v3 operations (docs/marketplace-api/listings.md#listing-structure-in-v3, docs/marketplace-api/listings.md#request-body, docs/marketplace-api/listings.md#create): SKU pickers,
 * the entities (price, tax, fulfillment, packages, locations, labels) and the enums they use.
 * The wire body is built in listing.wire.ts and checked in listing.checks.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { MARKETPLACE, SHIPPING_PROVIDERS } from '../../../shared/profile';
import { enumOptions } from '../common.descriptions';
import {
	FULFILLMENT_PROFILES,
	LISTING_STATUSES,
	PROCUREMENT_TYPES,
	SELLER_FULFILLED,
} from './listing.values';

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

/**
 * An existing listing's SKU: picked from the seller's listings (listing search pages, the
 * default, as n8n's guidelines ask where the API can list), or given by value.
 */
export const existingSkuProperty: INodeProperties = {
	displayName: 'SKU',
	name: 'sku',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
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

/** Create: the product a new listing sells. */
export const productIdProperty: INodeProperties = {
	displayName: 'Product ID',
	name: 'productId',
	type: 'string',
	required: true,
	default: '',
	description: 'The marketplace product the listing sells',
};

/** Update Price and Update Inventory: the official models require product_id (docs/marketplace-api/listings.md#update-price). */
export const productIdLookupProperty: INodeProperties = {
	displayName: 'Product ID',
	name: 'productId',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.product_id }}',
	description:
		'The product the listing sells, which the marketplace requires with every change. Leave empty to let the node read it from the current listing: one extra listing lookup per 10 SKUs.',
};

const shippingProviderOptions = [
	{ name: 'Seller', value: SHIPPING_PROVIDERS.seller, description: 'The seller ships all orders' },
	{
		name: 'Marketplace Logistics',
		value: SHIPPING_PROVIDERS.marketplace,
		description: "The marketplace's own logistics ships all orders",
	},
	{
		name: 'Seller, Then Marketplace',
		value: SHIPPING_PROVIDERS.sellerThenMarketplace,
		description: 'The seller ships; marketplace logistics covers pincodes the seller cannot serve',
	},
	{
		name: 'Marketplace, Then Seller',
		value: SHIPPING_PROVIDERS.marketplaceThenSeller,
		description:
			'Marketplace logistics first; the seller ships where logistics cannot and the seller can',
	},
];

export const locationsProperty: INodeProperties = {
	displayName: 'Locations',
	name: 'locations',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Location',
	default: {},
	description:
		'Stock and buyability per seller location: inventory makes the listing buyable there, Disabled stops it',
	options: [
		{
			name: 'location',
			displayName: 'Location',
			values: [
				{
					displayName: 'Location ID',
					name: 'id',
					type: 'string',
					required: true,
					default: '',
					placeholder: 'e.g. LOC1234567890',
				},
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
				{
					displayName: 'Inventory',
					name: 'inventory',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 0,
				},
			],
		},
	],
};

/**
 * A package's sides and weight, all required and above 0: they start empty rather than at a 0 the
 * marketplace refuses. n8n's lint title-cases display names ("(Cm)"), so the unit is the hint.
 */
export const packageSizeFields: INodeProperties[] = [
	{
		displayName: 'Length',
		name: 'length',
		type: 'number',
		typeOptions: { minValue: 0 },
		required: true,
		default: null,
		placeholder: 'e.g. 30',
		hint: 'In cm',
	},
	{
		displayName: 'Breadth',
		name: 'breadth',
		type: 'number',
		typeOptions: { minValue: 0 },
		required: true,
		default: null,
		placeholder: 'e.g. 20',
		hint: 'In cm',
	},
	{
		displayName: 'Height',
		name: 'height',
		type: 'number',
		typeOptions: { minValue: 0 },
		required: true,
		default: null,
		placeholder: 'e.g. 5',
		hint: 'In cm',
	},
	{
		displayName: 'Weight',
		name: 'weight',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 3 },
		required: true,
		default: null,
		placeholder: 'e.g. 0.4',
		hint: 'In kg',
	},
];

/** The final packaging; the official listing model requires a name per package (docs/marketplace-api/listings.md#packages). */
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
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					required: true,
					default: '',
					placeholder: 'e.g. Box 1 of 2',
					description: 'Name of the package',
				},
				...packageSizeFields,
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
		{
			name: 'Fulfilled by the Seller',
			value: SELLER_FULFILLED,
			description: 'The seller stores and packs the stock',
		},
		{ name: `Fulfilled by ${MARKETPLACE.displayName} Lite`, value: FULFILLMENT_PROFILES[1] },
		{
			name: `Fulfilled by ${MARKETPLACE.displayName}`,
			value: FULFILLMENT_PROFILES[2],
			description: 'The marketplace stores and packs the stock',
		},
	],
	default: SELLER_FULFILLED,
	description: "Who fulfils the orders of this listing (the listing's fulfillment_profile)",
};

export const archivedStatusProperty: INodeProperties = {
	displayName: 'Archived Status',
	name: 'archivedStatus',
	type: 'options',
	options: [
		{
			name: 'Archived',
			value: 'ARCHIVED',
			description: "Hide the listing from the seller's active catalogue",
		},
		{ name: 'Not Archived', value: 'NONE', description: 'Bring an archived listing back' },
	],
	default: 'NONE',
	description:
		'Whether the listing is archived; left out, the listing keeps its current archived status',
};

/** Writable on create and update (docs/marketplace-api/listings.md#create). */
export const subsidizedShippingProperty: INodeProperties = {
	displayName: 'Subsidized Shipping',
	name: 'subsidizedShipping',
	type: 'boolean',
	default: false,
	description:
		"Whether the listing takes part in the marketplace's subsidized shipping (the listing's subsidized_shipping)",
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
			// No default: a price of 0 is never valid, so the field starts empty (n8n's Beeminder node does the same).
			default: null,
			placeholder: 'e.g. 999',
			description: 'Maximum retail price, a whole number',
			...requiredFlag,
		},
		{
			displayName: 'Selling Price',
			name: 'sellingPrice',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: null,
			placeholder: 'e.g. 799',
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
			description:
				'The 8-digit HSN classification of the product (tax entity, mandatory in version 3)',
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
