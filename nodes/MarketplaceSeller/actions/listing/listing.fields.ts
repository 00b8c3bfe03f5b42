/**
 * The listing v3 entities (spec 2.5, 9.2; api-facts 7): parameters, the wire body, and the checks
 * that refuse bad input before any request, naming the SKU and the field.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { SHIPPING_PROVIDERS } from '../../../shared/profile';
import { isPositiveNumber, isWholeNumber, limitNote, shown } from '../../../shared/validators';
import { redactSecrets } from '../../../shared/redact';
import { readJsonObject } from '../../helpers/parameters';
import { knownSecrets, listOf } from '../../transport';
import { unitFailure, type Unit, type UnitOutcome } from '../../helpers/execution';
import { enumOptions, sizeFields } from '../common.descriptions';

/** Listing create / update / price / inventory take up to 10 SKUs per request (api-facts 4, 7). */
export const LISTING_BATCH_SIZE = 10;

const PROCUREMENT_TYPES = ['DOMESTIC', 'EXPRESS', 'INTERNATIONAL', 'MADE_TO_ORDER', 'REGULAR'] as const;
const LOCATION_STATUSES = ['ENABLED', 'DISABLED'];
const LISTING_STATUSES = ['ACTIVE', 'INACTIVE'];

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
		{
			displayName: 'HSN Code',
			name: 'hsn',
			type: 'string',
			default: '',
			placeholder: 'e.g. 61091000',
			description: 'The 8-digit HSN classification of the product (tax entity, mandatory in version 3)',
			...requiredFlag,
		},
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

/** Optional fields of both Create and Update. */
export const additionalFieldOptions: INodeProperties[] = [
	{
		displayName: 'Address Label',
		name: 'addressLabel',
		type: 'string',
		default: '',
		description: 'The address label of the listing (version 3); JSON is accepted for a structured value',
	},
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		default: '',
		placeholder: 'e.g. INR',
		description: 'Currency of the prices, when the marketplace expects one',
	},
	{
		displayName: 'Dating Label',
		name: 'datingLabel',
		type: 'string',
		default: '',
		description: 'The dating label of the listing (version 3); JSON is accepted for a structured value',
	},
	listingStatusProperty,
	{
		displayName: 'Packages',
		name: 'packages',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Package',
		default: {},
		description: 'Dimensions of the final packaging; several for multi-package listings',
		options: [
			{
				name: 'package',
				displayName: 'Package',
				values: [sizeFields.length, sizeFields.breadth, sizeFields.height, sizeFields.weight],
			},
		],
	},
];

function structured(value: unknown): IDataObject[string] {
	if (typeof value !== 'string') return value as IDataObject[string];
	const text = value.trim();
	if (text.startsWith('{') || text.startsWith('[')) {
		try {
			return JSON.parse(text) as IDataObject;
		} catch {
			return value;
		}
	}
	return value;
}

/** Builds the wire listing (snake_case, v3 entities) from parameter values. */
export function listingFromFields(fields: IDataObject): IDataObject {
	const listing: IDataObject = {};
	if (fields.productId !== undefined && fields.productId !== '') listing.product_id = String(fields.productId).trim();
	if (fields.listingStatus !== undefined) listing.listing_status = fields.listingStatus;
	if (fields.mrp !== undefined || fields.sellingPrice !== undefined || fields.currency) {
		listing.price = {
			...(fields.mrp !== undefined ? { mrp: fields.mrp } : {}),
			...(fields.sellingPrice !== undefined ? { selling_price: fields.sellingPrice } : {}),
			...(fields.currency ? { currency: String(fields.currency).trim() } : {}),
		};
	}
	if (fields.hsn !== undefined) listing.tax = { hsn: String(fields.hsn).trim() };
	if (fields.shippingProvider !== undefined || fields.procurementType !== undefined || fields.dispatchSla !== undefined) {
		listing.fulfillment = {
			...(fields.dispatchSla !== undefined ? { dispatch_sla: fields.dispatchSla } : {}),
			...(fields.shippingProvider !== undefined ? { shipping_provider: fields.shippingProvider } : {}),
			...(fields.procurementType !== undefined ? { procurement_type: fields.procurementType } : {}),
		};
	}
	const locations = ((fields.locations as IDataObject | undefined)?.location ?? undefined) as IDataObject[] | undefined;
	if (locations !== undefined) {
		listing.locations = locations.map((location) => ({
			id: String(location.id ?? '').trim(),
			status: location.status,
			inventory: location.inventory,
		}));
	}
	const packages = ((fields.packages as IDataObject | undefined)?.package ?? undefined) as IDataObject[] | undefined;
	// The listing model nests the three sides under dimensions, next to weight (api-facts 10.1 #3).
	if (packages !== undefined) {
		listing.packages = packages.map((entry) => ({
			dimensions: { length: entry.length, breadth: entry.breadth, height: entry.height },
			weight: entry.weight,
		}));
	}
	if (fields.addressLabel !== undefined && fields.addressLabel !== '') listing.address_label = structured(fields.addressLabel);
	if (fields.datingLabel !== undefined && fields.datingLabel !== '') listing.dating_label = structured(fields.datingLabel);
	return listing;
}

/**
 * Accepts the prose names of the spec in JSON input and sends the wire names (api-facts 10.1 #8):
 * sellingPrice -> selling_price, addressLabel -> address_label, datingLabel -> dating_label,
 * procurement_sla -> dispatch_sla.
 */
function normalizeListing(input: IDataObject): IDataObject {
	const listing: IDataObject = { ...input };
	const rename = (target: IDataObject, from: string, to: string) => {
		if (target[from] !== undefined && target[to] === undefined) {
			target[to] = target[from];
			delete target[from];
		}
	};
	rename(listing, 'addressLabel', 'address_label');
	rename(listing, 'datingLabel', 'dating_label');
	rename(listing, 'productId', 'product_id');
	rename(listing, 'listingStatus', 'listing_status');
	if (listing.price && typeof listing.price === 'object') {
		listing.price = { ...(listing.price as IDataObject) };
		rename(listing.price as IDataObject, 'sellingPrice', 'selling_price');
	}
	if (listing.fulfillment && typeof listing.fulfillment === 'object') {
		listing.fulfillment = { ...(listing.fulfillment as IDataObject) };
		const fulfillment = listing.fulfillment as IDataObject;
		rename(fulfillment, 'procurement_sla', 'dispatch_sla');
		rename(fulfillment, 'shippingProvider', 'shipping_provider');
		rename(fulfillment, 'procurementType', 'procurement_type');
		rename(fulfillment, 'dispatchSla', 'dispatch_sla');
	}
	if (listing.tax && typeof listing.tax === 'object' && typeof (listing.tax as IDataObject).hsn === 'number') {
		listing.tax = { ...(listing.tax as IDataObject), hsn: String((listing.tax as IDataObject).hsn) };
	}
	return listing;
}

/** Fields that v3 moved under an entity; the old placement is no longer supported (spec 9.2). */
const MOVED_IN_V3: Record<string, string> = {
	length: 'packages',
	breadth: 'packages',
	height: 'packages',
	weight: 'packages',
	mrp: 'price',
	selling_price: 'price',
	sellingPrice: 'price',
	procurement_type: 'fulfillment',
	shipping_provider: 'fulfillment',
	procurement_sla: 'fulfillment',
	dispatch_sla: 'fulfillment',
	hsn: 'tax',
};


export interface ListingRules {
	/** Create needs product_id, price, tax and fulfillment; update needs tax. */
	mode: 'create' | 'update' | 'price' | 'inventory';
}

/** Returns the first problem of a wire listing, as "field: what is wrong", or undefined. */
function listingProblem(listing: IDataObject, rules: ListingRules): string | undefined {
	for (const [field, entity] of Object.entries(MOVED_IN_V3)) {
		if (listing[field] !== undefined) return `${field} must be given under ${entity} (version 3 moved it there)`;
	}
	if (rules.mode === 'create' && (typeof listing.product_id !== 'string' || listing.product_id === '')) {
		return 'product_id is required to create a listing';
	}
	if (rules.mode === 'create' || rules.mode === 'update') {
		const hsn = (listing.tax as IDataObject | undefined)?.hsn;
		if (hsn === undefined || hsn === '') return 'tax.hsn is required (8 digits)';
	}
	const tax = listing.tax as IDataObject | undefined;
	if (tax?.hsn !== undefined && !/^\d{8}$/.test(String(tax.hsn))) {
		return `tax.hsn must be exactly 8 digits, got "${String(tax.hsn)}"`;
	}
	const price = listing.price as IDataObject | undefined;
	if ((rules.mode === 'create' || rules.mode === 'price') && !price) return 'price (mrp and selling_price) is required';
	if (price) {
		if (price.mrp !== undefined && !isWholeNumber(price.mrp, 1)) return `price.mrp must be a whole number above 0${limitNote(price.mrp)}, got ${shown(price.mrp)}`;
		if (price.selling_price !== undefined && !isWholeNumber(price.selling_price, 1)) {
			return `price.selling_price must be a whole number above 0${limitNote(price.selling_price)}, got ${shown(price.selling_price)}`;
		}
		if (rules.mode === 'create' || rules.mode === 'price') {
			if (price.mrp === undefined) return 'price.mrp is required';
			if (price.selling_price === undefined) return 'price.selling_price is required';
		}
		if (typeof price.mrp === 'number' && typeof price.selling_price === 'number' && price.selling_price > price.mrp) {
			return `price.selling_price (${price.selling_price}) must not be above price.mrp (${price.mrp})`;
		}
	}
	const fulfillment = listing.fulfillment as IDataObject | undefined;
	if (rules.mode === 'create' && !fulfillment) return 'fulfillment (shipping_provider, procurement_type, dispatch_sla) is required';
	if (fulfillment) {
		const providers: string[] = Object.values(SHIPPING_PROVIDERS);
		if (fulfillment.shipping_provider !== undefined && !providers.includes(String(fulfillment.shipping_provider))) {
			return `fulfillment.shipping_provider "${String(fulfillment.shipping_provider)}" is not one of ${providers.join(', ')}`;
		}
		if (fulfillment.procurement_type !== undefined && !(PROCUREMENT_TYPES as readonly string[]).includes(String(fulfillment.procurement_type))) {
			return `fulfillment.procurement_type "${String(fulfillment.procurement_type)}" is not one of ${PROCUREMENT_TYPES.join(', ')}`;
		}
		if (fulfillment.dispatch_sla !== undefined && !isWholeNumber(fulfillment.dispatch_sla, 0)) {
			return `fulfillment.dispatch_sla must be a whole number of days${limitNote(fulfillment.dispatch_sla)}, got ${shown(fulfillment.dispatch_sla)}`;
		}
	}
	if (listing.listing_status !== undefined && !LISTING_STATUSES.includes(String(listing.listing_status))) {
		return `listing_status must be ACTIVE or INACTIVE, got "${String(listing.listing_status)}"`;
	}
	if (rules.mode === 'inventory' && (!Array.isArray(listing.locations) || listing.locations.length === 0)) {
		return 'locations: at least one location is required';
	}
	if (listing.locations !== undefined) {
		if (!Array.isArray(listing.locations)) return 'locations must be a list';
		for (const [index, location] of (listing.locations as IDataObject[]).entries()) {
			if (typeof location.id !== 'string' || location.id.trim() === '') return `locations[${index}].id is required`;
			if (!LOCATION_STATUSES.includes(String(location.status))) {
				return `locations[${index}].status must be ENABLED or DISABLED, got "${String(location.status)}"`;
			}
			if (location.inventory !== undefined && !isWholeNumber(location.inventory, 0)) {
				return `locations[${index}].inventory must be a whole number of 0 or more${limitNote(location.inventory)}, got ${shown(location.inventory)}`;
			}
		}
	}
	if (listing.packages !== undefined) {
		if (!Array.isArray(listing.packages)) return 'packages must be a list';
		for (const [index, entry] of (listing.packages as IDataObject[]).entries()) {
			if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return `packages[${index}] must be an object`;
			// The package shape is not documented: accept flat {length, ..., weight} and the listing
			// model's {dimensions: {length, breadth, height}, weight} (api-facts 10.1 #3: accept all).
			const dimensions = entry.dimensions !== null && typeof entry.dimensions === 'object' ? (entry.dimensions as IDataObject) : undefined;
			for (const field of ['length', 'breadth', 'height', 'weight']) {
				const nested = field !== 'weight' && dimensions !== undefined && entry[field] === undefined;
				const value = nested ? dimensions[field] : entry[field];
				const path = nested ? `packages[${index}].dimensions.${field}` : `packages[${index}].${field}`;
				if (!isPositiveNumber(value)) return `${path} must be a number above 0, got ${shown(value)}`;
			}
		}
	}
	return undefined;
}

export function checkListing(context: IExecuteFunctions, sku: string, listing: IDataObject, rules: ListingRules, itemIndex: number): void {
	if (!/^\S+$/.test(sku)) {
		throw new NodeOperationError(context.getNode(), `SKU "${sku}" is empty or contains spaces`, { itemIndex });
	}
	const problem = listingProblem(listing, rules);
	if (problem !== undefined) {
		throw new NodeOperationError(context.getNode(), `SKU ${sku}: ${problem}`, {
			itemIndex,
			description: 'Nothing was sent. Fix the field named above.',
		});
	}
}

/**
 * Create's and Update's choice between fields and a JSON listing; JSON mode reads the operation's
 * `listingJson` parameter (see readListing).
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

/**
 * The wire listing of one item: the Listing (JSON) parameter in JSON mode, else built from the
 * parameter values `readFields` returns.
 */
export function readListing(context: IExecuteFunctions, itemIndex: number, sku: string, readFields: () => IDataObject): IDataObject {
	if (context.getNodeParameter('listingInput', itemIndex, 'fields') === 'json') {
		return normalizeListing(readJsonObject(context, 'listingJson', itemIndex, `SKU ${sku}: Listing (JSON) is not a JSON object`));
	}
	return listingFromFields(readFields());
}

/**
 * Per-SKU results under HTTP 200: {"SKU": {status, errors, attribute_errors}} (api-facts 7).
 * SUCCESS and WARNING pass (warnings kept in the output); FAILURE and a missing SKU fail.
 */
export function skuOutcomes(
	context: IExecuteFunctions,
	batch: Array<Unit<unknown>>,
	response: IDataObject,
	what: string,
): UnitOutcome[] {
	return batch.map((unit): UnitOutcome => {
		const result = response[unit.id] as IDataObject | undefined;
		const status = String(result?.status ?? '').toUpperCase();
		if (result && (status === 'SUCCESS' || status === 'WARNING')) return { ok: true, json: { sku: unit.id, ...result } };
		const problems = [...listOf(result?.errors), ...listOf(result?.attribute_errors)]
			.map((entry) => [entry.code, entry.description ?? entry.message, entry.path ? `at ${String(entry.path)}` : undefined].filter(Boolean).join(' '))
			.filter(Boolean);
		const detail = result
			? redactSecrets(problems.join('; '), knownSecrets(context)) || `status ${status || 'missing'}`
			: 'the marketplace did not report a result for this SKU';
		return unitFailure(
			context,
			unit,
			{ sku: unit.id, status: status || 'NO_RESULT', ...(result ?? {}) },
			{
				message: `${what} failed for SKU ${unit.id}: ${detail}`,
				description: 'Fix the listing fields named by the marketplace and send this SKU again.',
			},
			{ sku: unit.id, status: status || 'NO_RESULT' },
		);
	});
}
