/**
 * What each listing call requires, and where version 3 of the listing model puts each field
 * (docs/marketplace-api/listings.md#request-body, docs/marketplace-api/listings.md#create): the
 * presence checks. The values of what is present are checked in listing.checks.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../../shared/validators';
import { FULFILLMENT_PROFILES } from './listing.values';

/** Which call a listing is written with; hyperlocal listings have their own create and update. */
export type ListingMode =
	| 'create'
	| 'update'
	| 'price'
	| 'inventory'
	| 'hyperlocalCreate'
	| 'hyperlocalUpdate';

const HYPERLOCAL_MODES: ListingMode[] = ['hyperlocalCreate', 'hyperlocalUpdate'];

const isHyperlocal = (mode: ListingMode) => HYPERLOCAL_MODES.includes(mode);

/** `input`: what the user gave; `final`: the body about to be sent. */
export type CheckPhase = 'input' | 'final';

export type Requirement =
	| 'product_id'
	| 'listing_status'
	| 'price'
	| 'tax'
	| 'fulfillment_profile'
	| 'fulfillment'
	| 'packages'
	| 'locations'
	| 'archived_status'
	| 'package'
	| 'location'
	| 'address_label'
	| 'dating_label';

const WHOLE_LISTING: Requirement[] = [
	'product_id',
	'listing_status',
	'price',
	'tax',
	'fulfillment_profile',
	'fulfillment',
	'packages',
	'locations',
];
const HYPERLOCAL_UPDATE: Requirement[] = [
	'product_id',
	'listing_status',
	'price',
	'tax',
	'location',
];
const HYPERLOCAL_CREATE: Requirement[] = [
	...HYPERLOCAL_UPDATE,
	'package',
	'address_label',
	'dating_label',
];

/**
 * The standard listing's entities that the hyperlocal models do not have, and what to give instead
 * (docs/api-choices.md#hyperlocal-listings).
 */
const NOT_HYPERLOCAL: Record<string, string> = {
	packages: 'a hyperlocal listing has a single package: give package {name, dimensions, weight}',
	locations: 'a hyperlocal listing has a single location: give location {id, status, inventory}',
	fulfillment_profile: 'not part of a hyperlocal listing',
	fulfillment: 'not part of a hyperlocal listing',
	shipping_fees: 'not part of a hyperlocal listing',
	subsidized_shipping: 'not part of a hyperlocal listing',
};

/** The hyperlocal entities, which the standard listing has as lists. */
const HYPERLOCAL_ONLY: Record<string, string> = {
	package: 'only hyperlocal listings have a single package: give packages [...] here',
	location: 'only hyperlocal listings have a single location: give locations [...] here',
};

/**
 * What each call requires (docs/marketplace-api/listings.md#create). Create has nothing to complete from; Update and the
 * price / inventory updates read what the user did not give from the current listing.
 */
const REQUIRED: Record<ListingMode, Record<CheckPhase, Requirement[]>> = {
	create: { input: WHOLE_LISTING, final: WHOLE_LISTING },
	// Hyperlocal: one package and one location; the labels on create (docs/marketplace-api/listings.md#hyperlocal-listings). Nothing is
	// read from the current listing, so the input must already hold what the call requires.
	hyperlocalCreate: { input: HYPERLOCAL_CREATE, final: HYPERLOCAL_CREATE },
	hyperlocalUpdate: { input: HYPERLOCAL_UPDATE, final: HYPERLOCAL_UPDATE },
	update: { input: [], final: [...WHOLE_LISTING, 'archived_status'] },
	price: { input: ['price'], final: ['product_id', 'price'] },
	inventory: { input: ['locations'], final: ['product_id', 'locations'] },
};

/** Fields that v3 moved under an entity; the old placement is no longer supported (docs/marketplace-api/listings.md#listing-structure-in-v3). */
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

const blank = (value: unknown) => value === undefined || value === null || value === '';
/** A label left out or empty; a label of the wrong type is reported by labelsProblem. */
const absentLabel = (value: unknown) =>
	blank(value) || (isObject(value) && Object.keys(value).length === 0);

/** What is missing for a requirement, as "field: what", or undefined when it is met. */
function missing(listing: IDataObject, requirement: Requirement): string | undefined {
	const value = listing[requirement];
	switch (requirement) {
		case 'product_id':
			return typeof value === 'string' && value.trim() !== ''
				? undefined
				: 'product_id is required';
		case 'listing_status':
			return blank(value) ? 'listing_status is required (ACTIVE or INACTIVE)' : undefined;
		case 'price': {
			if (!isObject(value)) return 'price (mrp, selling_price, currency) is required';
			const field = ['mrp', 'selling_price', 'currency'].find((key) => blank(value[key]));
			return field === undefined ? undefined : `price.${field} is required`;
		}
		case 'tax':
			return isObject(value) && !blank(value.hsn) ? undefined : 'tax.hsn is required (8 digits)';
		case 'fulfillment_profile':
			return blank(value)
				? `fulfillment_profile is required (${FULFILLMENT_PROFILES.slice(0, -1).join(', ')} or ${FULFILLMENT_PROFILES.at(-1)})`
				: undefined;
		case 'fulfillment': {
			// Optional, but complete when given (docs/marketplace-api/listings.md#create).
			if (value === undefined) return undefined;
			if (!isObject(value))
				return 'fulfillment must be an object {dispatch_sla, shipping_provider, procurement_type}';
			const field = ['dispatch_sla', 'shipping_provider', 'procurement_type'].find((key) =>
				blank(value[key]),
			);
			return field === undefined
				? undefined
				: `fulfillment.${field} is required when fulfillment is given`;
		}
		case 'packages':
			return Array.isArray(value) && value.length > 0
				? undefined
				: 'packages: at least one package is required';
		case 'locations':
			return Array.isArray(value) && value.length > 0
				? undefined
				: 'locations: at least one location is required';
		case 'archived_status':
			return blank(value) ? 'archived_status is required (ARCHIVED or NONE)' : undefined;
		case 'package':
			return isObject(value)
				? undefined
				: 'package: one package {name, dimensions, weight} is required';
		case 'location':
			return isObject(value)
				? undefined
				: 'location: one location {id, status, inventory} is required';
		case 'address_label':
			// Required on hyperlocal create; the model's fields are each optional, so one must be given.
			return absentLabel(value)
				? 'address_label is required for a hyperlocal listing (manufacturer, importer or packer details, or countries of origin)'
				: undefined;
		case 'dating_label':
			return absentLabel(value)
				? 'dating_label is required for a hyperlocal listing (mfg_date, shelf_life or expiry_date)'
				: undefined;
	}
}

/** Whether the body for `mode` lacks something the current listing has to supply. */
export function needsCurrentListing(listing: IDataObject, mode: ListingMode): boolean {
	return REQUIRED[mode].final.some((requirement) => missing(listing, requirement) !== undefined);
}

/**
 * A field in the wrong place: where version 3 no longer takes it, or an entity of the other kind
 * of listing (a standard listing's lists in a hyperlocal one, or the reverse).
 */
export function placementProblem(listing: IDataObject, mode: ListingMode): string | undefined {
	const hyperlocal = isHyperlocal(mode);
	for (const [field, entity] of Object.entries(MOVED_IN_V3)) {
		const under = hyperlocal && entity === 'packages' ? 'package' : entity;
		if (listing[field] !== undefined)
			return `${field} must be given under ${under} (version 3 moved it there)`;
	}
	for (const [field, why] of Object.entries(hyperlocal ? NOT_HYPERLOCAL : HYPERLOCAL_ONLY)) {
		if (listing[field] !== undefined) return `${field}: ${why}`;
	}
	return undefined;
}

/** What `requirement` lacks when the call in `mode` requires it at `phase`; else undefined. */
export function unmetRequirement(
	listing: IDataObject,
	mode: ListingMode,
	phase: CheckPhase,
	requirement: Requirement,
): string | undefined {
	return REQUIRED[mode][phase].includes(requirement) ? missing(listing, requirement) : undefined;
}
