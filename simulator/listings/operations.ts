/**
 * Listing writes (api-facts 7): create (overwrites), update (+archived_status), price and
 * inventory updates. Every SKU is validated and answered on its own; a SKU with errors is not
 * written, one with only warnings is written and reported as WARNING.
 */
import { isRecord } from '../http/query';
import type { World } from '../world';
import type { ListingBody, ListingRecord } from './model';
import { isValidSku, ListingValidator, type ListingIssue, type ListingMode } from './validate';

export interface SkuResult {
	status: 'SUCCESS' | 'FAILURE' | 'WARNING';
	errors: ListingIssue[];
	attribute_errors: ListingIssue[];
}

function result(validator: ListingValidator): SkuResult {
	return {
		status: validator.errors.length > 0 ? 'FAILURE' : validator.warnings.length > 0 ? 'WARNING' : 'SUCCESS',
		errors: validator.errors,
		attribute_errors: validator.warnings,
	};
}

const failure = (code: string, description: string, path = 'sku'): SkuResult => ({
	status: 'FAILURE',
	errors: [{ severity: 'ERROR', code, description, path }],
	attribute_errors: [],
});

export function listingToWire(listing: ListingRecord): Record<string, unknown> {
	return { sku: listing.sku, ...structuredClone(listing.body) };
}

export function writeListing(world: World, sellerId: string, sku: string, input: unknown, mode: ListingMode): SkuResult {
	if (!isValidSku(sku)) return failure('INVALID_SKU', `SKU "${sku}" is not a valid seller SKU`);
	if (!isRecord(input)) return failure('INVALID_ATTRIBUTE_VALUE', 'Each SKU must map to an object', sku);
	const existing = world.listings.get(sellerId, sku);
	if (mode !== 'create' && !existing) return failure('SKU_NOT_FOUND', `Listing ${sku} does not exist for seller ${sellerId}`);
	if (existing && mode !== 'create' && input.product_id !== undefined && input.product_id !== existing.body.product_id) {
		return failure('PRODUCT_ID_MISMATCH', `product_id does not match the listing's product ${existing.body.product_id}`, 'product_id');
	}

	const v = new ListingValidator((locationId) => world.sellers.owns(sellerId, locationId));
	v.keys(input, mode);
	const now = world.now();
	if (mode === 'price') {
		if (input.price === undefined) v.required(input, ['price']);
		v.price(input.price);
	} else if (mode === 'inventory') {
		if (input.locations === undefined) v.required(input, ['locations']);
		v.locations(input.locations, false);
	} else {
		if (mode === 'create') v.required(input, ['product_id', 'listing_status', 'price', 'fulfillment']);
		v.productId(input.product_id);
		v.listingStatus(input.listing_status);
		v.archivedStatus(input.archived_status);
		v.price(input.price);
		v.tax(input.tax, mode === 'create');
		v.fulfillment(input.fulfillment, mode === 'create');
		v.packages(input.packages);
		v.locations(input.locations, true);
	}
	if (v.errors.length > 0) return result(v);

	const known = Object.fromEntries(Object.entries(input).filter(([k]) => !k.startsWith('__')));
	let body: ListingBody;
	if (mode === 'create') {
		body = { ...(known as ListingBody), locations: (input.locations as ListingBody['locations'] | undefined) ?? [] };
		body.tax = { hsn: String((input.tax as { hsn: unknown }).hsn) };
	} else {
		body = structuredClone((existing as ListingRecord).body);
		if (mode === 'price') body.price = { ...body.price, ...(input.price as object) };
		else if (mode === 'inventory') body.locations = mergeLocations(body.locations, input.locations as ListingBody['locations']);
		else {
			for (const [key, value] of Object.entries(known)) {
				if (key === 'fulfillment' && isRecord(value)) body.fulfillment = { ...body.fulfillment, ...value } as ListingBody['fulfillment'];
				else if (key === 'price' && isRecord(value)) body.price = { ...body.price, ...value } as ListingBody['price'];
				else if (key === 'tax' && isRecord(value)) body.tax = { hsn: String(value.hsn) };
				else body[key] = value;
			}
		}
		// No price check after merging: a price that is given at all carries both mrp and
		// selling_price, and ListingValidator.price has compared them.
	}
	// Unknown attributes were reported as warnings and are not stored.
	for (const w of v.warnings) delete body[w.path];
	world.listings.put({
		sku,
		sellerId,
		title: existing?.title ?? sku,
		listingId: existing?.listingId ?? `LST${sku.replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 13)}`,
		createdMs: existing?.createdMs ?? now,
		updatedMs: now,
		body,
	});
	return result(v);
}

/** Inventory updates change the named locations and keep the others. */
function mergeLocations(current: ListingBody['locations'], updates: ListingBody['locations']): ListingBody['locations'] {
	const out = current.map((l) => ({ ...l }));
	for (const u of updates) {
		const existing = out.find((l) => l.id === u.id);
		if (existing) {
			existing.inventory = u.inventory;
			if (u.status) existing.status = u.status;
		} else {
			out.push({ id: u.id, status: u.status || 'ENABLED', inventory: u.inventory });
		}
	}
	return out;
}
