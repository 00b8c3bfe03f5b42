/**
 * The wire listing (snake_case, v3 entities; docs/marketplace-api/listings.md#request-body, docs/marketplace-api/listings.md#create): built from parameter values or
 * from JSON input, and completed from the current listing where a call needs the whole listing
 * or its product_id (docs/api-choices.md#listings).
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../../shared/validators';
import { splitList } from '../../helpers/parameters';

/** The fields a listing write may carry; what a lookup adds (listing_id, sku, ...) is left out. */
const WRITABLE_FIELDS = [
	'product_id',
	'listing_status',
	'price',
	'tax',
	'fulfillment_profile',
	'fulfillment',
	'packages',
	'locations',
	'shipping_fees',
	'address_label',
	'dating_label',
	'archived_status',
	'subsidized_shipping',
];

/** Entities whose fields a change merges into the current listing; lists are replaced whole. */
const MERGED_ENTITIES = [
	'price',
	'tax',
	'fulfillment',
	'shipping_fees',
	'address_label',
	'dating_label',
];

function lines(value: unknown, separator: RegExp): string[] {
	return String(value ?? '')
		.split(separator)
		.map((entry) => entry.trim())
		.filter(Boolean);
}

/** address_label from the Address Label fields: lists of texts (one per line; countries comma-separated). */
function addressLabelFromFields(fields: IDataObject): IDataObject | undefined {
	const label: IDataObject = {};
	const add = (key: string, values: string[]) => {
		if (values.length > 0) label[key] = values;
	};
	add('manufacturer_details', lines(fields.manufacturerDetails, /\r?\n/));
	add('importer_details', lines(fields.importerDetails, /\r?\n/));
	add('packer_details', lines(fields.packerDetails, /\r?\n/));
	add(
		'countries_of_origin',
		splitList(String(fields.countriesOfOrigin ?? '').replace(/\r?\n/g, ',')),
	);
	return Object.keys(label).length > 0 ? label : undefined;
}

/** dating_label from the Dating Label fields: whole numbers, as given. */
function datingLabelFromFields(fields: IDataObject): IDataObject | undefined {
	const label: IDataObject = {};
	for (const [from, to] of [
		['mfgDate', 'mfg_date'],
		['shelfLife', 'shelf_life'],
		['expiryDate', 'expiry_date'],
	]) {
		if (fields[from] !== undefined && fields[from] !== '') label[to] = fields[from];
	}
	return Object.keys(label).length > 0 ? label : undefined;
}

/** The listing model nests the three sides under dimensions, next to weight and a name (docs/marketplace-api/listings.md#packages). */
function packageFromFields(entry: IDataObject): IDataObject {
	return {
		name: String(entry.name ?? '').trim(),
		dimensions: { length: entry.length, breadth: entry.breadth, height: entry.height },
		weight: entry.weight,
	};
}

function locationFromFields(location: IDataObject): IDataObject {
	return {
		id: String(location.id ?? '').trim(),
		status: location.status,
		inventory: location.inventory,
	};
}

/** A flat package {name, length, breadth, height, weight} in the model's nested form. */
function nestedPackage<T>(entry: T): T | IDataObject {
	if (!isObject(entry) || entry.dimensions !== undefined || entry.length === undefined)
		return entry;
	const { length, breadth, height, ...rest } = entry;
	return { ...rest, dimensions: { length, breadth, height } };
}

/** Builds the wire listing from parameter values; only the fields given appear. */
export function listingFromFields(fields: IDataObject): IDataObject {
	const listing: IDataObject = {};
	if (fields.productId !== undefined && String(fields.productId).trim() !== '')
		listing.product_id = String(fields.productId).trim();
	if (fields.listingStatus !== undefined) listing.listing_status = fields.listingStatus;
	const currency = typeof fields.currency === 'string' ? fields.currency.trim() : '';
	if (fields.mrp !== undefined || fields.sellingPrice !== undefined || currency !== '') {
		listing.price = {
			...(fields.mrp !== undefined ? { mrp: fields.mrp } : {}),
			...(fields.sellingPrice !== undefined ? { selling_price: fields.sellingPrice } : {}),
			...(currency !== '' ? { currency } : {}),
		};
	}
	if (fields.hsn !== undefined) listing.tax = { hsn: String(fields.hsn).trim() };
	if (fields.fulfillmentProfile !== undefined)
		listing.fulfillment_profile = fields.fulfillmentProfile;
	if (
		fields.shippingProvider !== undefined ||
		fields.procurementType !== undefined ||
		fields.dispatchSla !== undefined
	) {
		listing.fulfillment = {
			...(fields.dispatchSla !== undefined ? { dispatch_sla: fields.dispatchSla } : {}),
			...(fields.shippingProvider !== undefined
				? { shipping_provider: fields.shippingProvider }
				: {}),
			...(fields.procurementType !== undefined ? { procurement_type: fields.procurementType } : {}),
		};
	}
	const packages = ((fields.packages as IDataObject | undefined)?.package ?? undefined) as
		| IDataObject[]
		| undefined;
	if (packages !== undefined) listing.packages = packages.map(packageFromFields);
	const locations = ((fields.locations as IDataObject | undefined)?.location ?? undefined) as
		| IDataObject[]
		| undefined;
	if (locations !== undefined) listing.locations = locations.map(locationFromFields);
	// A hyperlocal listing's single package (a one-value fixed collection) and location.
	const singlePackage = (fields.package as IDataObject | undefined)?.package;
	if (isObject(singlePackage)) listing.package = packageFromFields(singlePackage);
	if (isObject(fields.location)) listing.location = locationFromFields(fields.location);
	const addressLabel = isObject(fields.addressLabel)
		? addressLabelFromFields(fields.addressLabel)
		: undefined;
	if (addressLabel) listing.address_label = addressLabel;
	const datingLabel = isObject(fields.datingLabel)
		? datingLabelFromFields(fields.datingLabel)
		: undefined;
	if (datingLabel) listing.dating_label = datingLabel;
	if (fields.archivedStatus !== undefined) listing.archived_status = fields.archivedStatus;
	if (fields.subsidizedShipping !== undefined)
		listing.subsidized_shipping = fields.subsidizedShipping;
	return listing;
}

function rename(target: IDataObject, from: string, to: string): void {
	if (target[from] !== undefined && target[to] === undefined) {
		target[to] = target[from];
		delete target[from];
	}
}

/**
 * Accepts the prose and camelCase names in JSON input and sends the wire names (docs/marketplace-api/discrepancies.md
 * #8): sellingPrice -> selling_price, addressLabel -> address_label, procurement_sla ->
 * dispatch_sla, ... A flat package {name, length, breadth, height, weight} (in packages, or a
 * hyperlocal listing's package) gets the model's nested dimensions; the lookup's own fields (sku, listing_id) are dropped.
 */
export function normalizeListing(input: IDataObject): IDataObject {
	const listing: IDataObject = { ...input };
	// What Get adds is not part of a write, so Get's output can be changed and sent back.
	delete listing.sku;
	delete listing.listing_id;
	for (const [from, to] of [
		['addressLabel', 'address_label'],
		['datingLabel', 'dating_label'],
		['productId', 'product_id'],
		['listingStatus', 'listing_status'],
		['fulfillmentProfile', 'fulfillment_profile'],
		['archivedStatus', 'archived_status'],
		['shippingFees', 'shipping_fees'],
		['subsidizedShipping', 'subsidized_shipping'],
	]) {
		rename(listing, from, to);
	}
	const entity = (key: string, renames: string[][]) => {
		if (!isObject(listing[key])) return;
		const copy = { ...(listing[key] as IDataObject) };
		for (const [from, to] of renames) rename(copy, from, to);
		listing[key] = copy;
	};
	entity('price', [
		['sellingPrice', 'selling_price'],
		['dealerPrice', 'dealer_price'],
	]);
	entity('fulfillment', [
		['procurement_sla', 'dispatch_sla'],
		['shippingProvider', 'shipping_provider'],
		['procurementType', 'procurement_type'],
		['dispatchSla', 'dispatch_sla'],
	]);
	entity('address_label', [
		['manufacturerDetails', 'manufacturer_details'],
		['importerDetails', 'importer_details'],
		['packerDetails', 'packer_details'],
		['countriesOfOrigin', 'countries_of_origin'],
	]);
	entity('dating_label', [
		['mfgDate', 'mfg_date'],
		['shelfLife', 'shelf_life'],
		['expiryDate', 'expiry_date'],
	]);
	if (isObject(listing.tax) && typeof listing.tax.hsn === 'number')
		listing.tax = { ...listing.tax, hsn: String(listing.tax.hsn) };
	if (Array.isArray(listing.packages))
		listing.packages = (listing.packages as unknown[]).map(nestedPackage);
	if (listing.package !== undefined)
		listing.package = nestedPackage(listing.package) as IDataObject;
	return listing;
}

/** The writable part of a listing as a lookup returns it; locations keep id, status and inventory. */
export function writableListing(current: IDataObject): IDataObject {
	const listing: IDataObject = {};
	for (const field of WRITABLE_FIELDS)
		if (current[field] !== undefined && current[field] !== null) listing[field] = current[field];
	if (Array.isArray(listing.locations)) {
		listing.locations = (listing.locations as IDataObject[]).map((location) => ({
			id: location.id,
			status: location.status,
			...(location.inventory !== undefined ? { inventory: location.inventory } : {}),
		}));
	}
	return listing;
}

/**
 * Update: the current listing with the changes on top (an entity's fields merged, lists
 * replaced), keeping the current archived status unless changed (NONE when it has none).
 */
export function mergeListing(current: IDataObject, changes: IDataObject): IDataObject {
	const merged: IDataObject = { ...writableListing(current) };
	for (const [key, value] of Object.entries(changes)) {
		merged[key] =
			MERGED_ENTITIES.includes(key) && isObject(value) && isObject(merged[key])
				? { ...(merged[key] as IDataObject), ...value }
				: value;
	}
	if (merged.archived_status === undefined) merged.archived_status = 'NONE';
	return merged;
}
