/**
 * Checks of a wire listing against what the official models require (docs/marketplace-api/listings.md#request-body, docs/marketplace-api/listings.md#create), so that
 * bad input is refused before any request, naming the SKU and the field. A write is checked twice:
 * the user's input first, then (Update, Update Price, Update Inventory) the listing completed
 * from the current one, right before it is sent. What must be present is in
 * listing.requirements.ts; this file checks the values of what is.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { SHIPPING_PROVIDERS } from '../../../shared/profile';
import {
	isObject,
	isPositiveNumber,
	isWholeNumber,
	limitNote,
	shown,
} from '../../../shared/validators';
import {
	placementProblem,
	unmetRequirement,
	type CheckPhase,
	type ListingMode,
	type Requirement,
} from './listing.requirements';
import {
	ARCHIVED_STATUSES,
	FULFILLMENT_PROFILES,
	LISTING_STATUSES,
	LOCATION_STATUSES,
	PROCUREMENT_TYPES,
} from './listing.values';

function priceProblem(price: IDataObject): string | undefined {
	for (const field of ['mrp', 'selling_price', 'mop', 'nlc', 'dealer_price']) {
		if (price[field] !== undefined && !isWholeNumber(price[field], 1))
			return `price.${field} must be a whole number above 0${limitNote(price[field])}, got ${shown(price[field])}`;
	}
	if (
		typeof price.mrp === 'number' &&
		typeof price.selling_price === 'number' &&
		price.selling_price > price.mrp
	) {
		return `price.selling_price (${price.selling_price}) must not be above price.mrp (${price.mrp})`;
	}
	if (
		price.currency !== undefined &&
		(typeof price.currency !== 'string' || price.currency.trim() === '')
	)
		return 'price.currency must be a currency code such as INR';
	return undefined;
}

function fulfillmentProblem(fulfillment: IDataObject): string | undefined {
	const providers: string[] = Object.values(SHIPPING_PROVIDERS);
	if (
		fulfillment.shipping_provider !== undefined &&
		!providers.includes(String(fulfillment.shipping_provider))
	) {
		return `fulfillment.shipping_provider "${String(fulfillment.shipping_provider)}" is not one of ${providers.join(', ')}`;
	}
	if (
		fulfillment.procurement_type !== undefined &&
		!(PROCUREMENT_TYPES as readonly string[]).includes(String(fulfillment.procurement_type))
	) {
		return `fulfillment.procurement_type "${String(fulfillment.procurement_type)}" is not one of ${PROCUREMENT_TYPES.join(', ')}`;
	}
	if (fulfillment.dispatch_sla !== undefined && !isWholeNumber(fulfillment.dispatch_sla, 0)) {
		return `fulfillment.dispatch_sla must be a whole number of days${limitNote(fulfillment.dispatch_sla)}, got ${shown(fulfillment.dispatch_sla)}`;
	}
	return undefined;
}

/** One package at `path` (packages[i], or a hyperlocal listing's package). */
function packageProblem(entry: unknown, path: string): string | undefined {
	if (!isObject(entry)) return `${path} must be an object`;
	if (typeof entry.name !== 'string' || entry.name.trim() === '') return `${path}.name is required`;
	const dimensions = isObject(entry.dimensions) ? entry.dimensions : {};
	for (const field of ['length', 'breadth', 'height']) {
		const value = dimensions[field];
		if (!isPositiveNumber(value))
			return `${path}.dimensions.${field} must be a number above 0, got ${shown(value)}`;
	}
	if (!isPositiveNumber(entry.weight))
		return `${path}.weight must be a number above 0, got ${shown(entry.weight)}`;
	return undefined;
}

function packagesProblem(packages: unknown): string | undefined {
	if (!Array.isArray(packages)) return 'packages must be a list';
	for (const [index, entry] of (packages as unknown[]).entries()) {
		const problem = packageProblem(entry, `packages[${index}]`);
		if (problem !== undefined) return problem;
	}
	return undefined;
}

/** One location at `path` (locations[i], or a hyperlocal listing's location). */
function locationProblem(location: unknown, path: string): string | undefined {
	if (!isObject(location) || typeof location.id !== 'string' || location.id.trim() === '')
		return `${path}.id is required`;
	if (!LOCATION_STATUSES.includes(String(location.status)))
		return `${path}.status must be ENABLED or DISABLED, got "${String(location.status)}"`;
	if (location.inventory !== undefined && !isWholeNumber(location.inventory, 0)) {
		return `${path}.inventory must be a whole number of 0 or more${limitNote(location.inventory)}, got ${shown(location.inventory)}`;
	}
	return undefined;
}

function locationsProblem(locations: unknown): string | undefined {
	if (!Array.isArray(locations)) return 'locations must be a list';
	for (const [index, location] of (locations as unknown[]).entries()) {
		const problem = locationProblem(location, `locations[${index}]`);
		if (problem !== undefined) return problem;
	}
	return undefined;
}

/** address_label and dating_label are objects in the official model, never texts (docs/marketplace-api/listings.md#address-and-dating-labels). */
function labelsProblem(listing: IDataObject): string | undefined {
	const address = listing.address_label;
	if (address !== undefined) {
		if (!isObject(address))
			return 'address_label must be an object {manufacturer_details, importer_details, packer_details, countries_of_origin}, not a text';
		for (const field of [
			'manufacturer_details',
			'importer_details',
			'packer_details',
			'countries_of_origin',
		]) {
			const list = address[field];
			if (
				list !== undefined &&
				!(Array.isArray(list) && list.every((entry) => typeof entry === 'string'))
			)
				return `address_label.${field} must be a list of texts`;
		}
	}
	const dating = listing.dating_label;
	if (dating !== undefined) {
		if (!isObject(dating))
			return 'dating_label must be an object {mfg_date, shelf_life, expiry_date}, not a text';
		for (const field of ['mfg_date', 'shelf_life', 'expiry_date']) {
			if (dating[field] !== undefined && !isWholeNumber(dating[field], 0))
				return `dating_label.${field} must be a whole number${limitNote(dating[field])}, got ${shown(dating[field])}`;
		}
	}
	return undefined;
}

/** Returns the first problem of a wire listing, as "field: what is wrong", or undefined. */
export function listingProblem(
	listing: IDataObject,
	mode: ListingMode,
	phase: CheckPhase,
): string | undefined {
	const misplaced = placementProblem(listing, mode);
	if (misplaced !== undefined) return misplaced;
	const unmet = (requirement: Requirement) => unmetRequirement(listing, mode, phase, requirement);
	const problems: Array<() => string | undefined> = [
		() => unmet('product_id'),
		() => unmet('listing_status'),
		() =>
			listing.listing_status !== undefined &&
			!LISTING_STATUSES.includes(String(listing.listing_status))
				? `listing_status must be ACTIVE or INACTIVE, got "${String(listing.listing_status)}"`
				: undefined,
		() => unmet('price'),
		() =>
			listing.price === undefined
				? undefined
				: isObject(listing.price)
					? priceProblem(listing.price)
					: 'price must be an object {mrp, selling_price, currency}',
		() => unmet('tax'),
		() => {
			const hsn = isObject(listing.tax) ? listing.tax.hsn : undefined;
			return hsn !== undefined && !/^\d{8}$/.test(String(hsn))
				? `tax.hsn must be exactly 8 digits, got "${String(hsn)}"`
				: undefined;
		},
		() => unmet('fulfillment_profile'),
		() =>
			listing.fulfillment_profile !== undefined &&
			!FULFILLMENT_PROFILES.includes(String(listing.fulfillment_profile))
				? `fulfillment_profile "${String(listing.fulfillment_profile)}" is not one of ${FULFILLMENT_PROFILES.join(', ')}`
				: undefined,
		() => (isObject(listing.fulfillment) ? fulfillmentProblem(listing.fulfillment) : undefined),
		() => unmet('fulfillment'),
		() => unmet('packages'),
		() => (listing.packages === undefined ? undefined : packagesProblem(listing.packages)),
		() => unmet('locations'),
		() => (listing.locations === undefined ? undefined : locationsProblem(listing.locations)),
		() => unmet('package'),
		() => (listing.package === undefined ? undefined : packageProblem(listing.package, 'package')),
		() => unmet('location'),
		() =>
			listing.location === undefined ? undefined : locationProblem(listing.location, 'location'),
		() => unmet('address_label'),
		() => unmet('dating_label'),
		() => labelsProblem(listing),
		() =>
			listing.archived_status !== undefined && mode !== 'update' && mode !== 'hyperlocalUpdate'
				? 'archived_status can only be set with Update'
				: undefined,
		() =>
			listing.archived_status !== undefined &&
			!ARCHIVED_STATUSES.includes(String(listing.archived_status))
				? `archived_status must be ARCHIVED or NONE, got "${String(listing.archived_status)}"`
				: undefined,
		() => unmet('archived_status'),
	];
	for (const problem of problems) {
		const found = problem();
		if (found !== undefined) return found;
	}
	return undefined;
}

/** Refuses bad input before anything is sent, naming the SKU and the field. */
export function checkListing(
	context: IExecuteFunctions,
	sku: string,
	listing: IDataObject,
	mode: ListingMode,
	itemIndex: number,
): void {
	if (!/^\S+$/.test(sku)) {
		throw new NodeOperationError(context.getNode(), `SKU "${sku}" is empty or contains spaces`, {
			itemIndex,
		});
	}
	const problem = listingProblem(listing, mode, 'input');
	if (problem !== undefined) {
		throw new NodeOperationError(context.getNode(), `SKU ${sku}: ${problem}`, {
			itemIndex,
			description: 'Nothing was sent. Fix the field named above.',
		});
	}
}
