/**
 * Listing writes (docs/marketplace-api/listings.md#create, docs/marketplace-api/listings.md#update): create (overwrites), update (the whole listing, with
 * archived_status), price and inventory updates, hyperlocal create and update. Every SKU is validated and answered on its own;
 * a SKU with errors is not written, one with only warnings is written and reported as WARNING.
 */
import { isRecord } from '../http/query';
import type { World } from '../world';
import type { ListingBody, ListingLocation, ListingRecord } from './model';
import {
	isValidSku,
	listingError,
	ListingValidator,
	type ListingErrorName,
	type ListingIssue,
	type ListingMode,
} from './validate';

export interface SkuResult {
	status: 'SUCCESS' | 'FAILURE' | 'WARNING';
	errors: ListingIssue[];
	attribute_errors: ListingIssue[];
}

function result(validator: ListingValidator): SkuResult {
	return {
		status:
			validator.errors.length > 0
				? 'FAILURE'
				: validator.warnings.length > 0
					? 'WARNING'
					: 'SUCCESS',
		errors: validator.errors,
		attribute_errors: validator.warnings,
	};
}

const failure = (name: ListingErrorName, description: string, path = 'sku'): SkuResult => ({
	status: 'FAILURE',
	errors: [listingError(name, description, path)],
	attribute_errors: [],
});

/**
 * A listing as the lookup by SKU answers it (the official listing detail: listing_id, product_id,
 * price, tax, listing_status, fulfillment_profile, packages, locations, archived_status, and the
 * optional entities when set).
 */
export function listingDetailToWire(listing: ListingRecord): Record<string, unknown> {
	if (listing.hyperlocal) {
		// Answered in the hyperlocal shape it was written in (inferred: docs/api-choices.md#hyperlocal-listings).
		const { packages, locations, ...rest } = structuredClone(listing.body);
		return { listing_id: listing.listingId, ...rest, package: packages[0], location: locations[0] };
	}
	return { listing_id: listing.listingId, ...structuredClone(listing.body) };
}

const isHyperlocal = (mode: ListingMode) =>
	mode === 'hyperlocalCreate' || mode === 'hyperlocalUpdate';

/** Which records a write may change: each create overwrites; each update keeps to its own kind. */
function kindProblem(
	existing: ListingRecord | undefined,
	sku: string,
	mode: ListingMode,
): SkuResult | undefined {
	if (!existing) return undefined;
	if (mode === 'update' && existing.hyperlocal)
		return failure(
			'INVALID_ATTRIBUTE_VALUE',
			`Listing ${sku} is a hyperlocal listing; update it through /listings/v3/hyperlocal/update`,
		);
	if (mode === 'hyperlocalUpdate' && !existing.hyperlocal)
		return failure(
			'INVALID_ATTRIBUTE_VALUE',
			`Listing ${sku} is not a hyperlocal listing; update it through /listings/v3/update`,
		);
	return undefined;
}

/** A hyperlocal write kept in the stored form: optional parts left out keep their stored values. */
function hyperlocalBody(
	known: Record<string, unknown>,
	existing: ListingRecord | undefined,
): ListingBody {
	const {
		package: onePackage,
		location,
		...rest
	} = known as Record<string, unknown> & { location?: ListingLocation };
	const current = existing?.hyperlocal ? existing.body : undefined;
	return {
		...(current?.address_label !== undefined ? { address_label: current.address_label } : {}),
		...(current?.dating_label !== undefined ? { dating_label: current.dating_label } : {}),
		...(rest as Partial<ListingBody>),
		tax: { ...(rest.tax as ListingBody['tax']), hsn: String((rest.tax as { hsn: unknown }).hsn) },
		packages: onePackage !== undefined ? [onePackage] : (current?.packages ?? []),
		locations: [
			{
				id: (location as ListingLocation).id,
				status: (location as ListingLocation).status,
				inventory: (location as ListingLocation).inventory ?? 0,
			},
		],
		archived_status:
			(rest.archived_status as string | undefined) ?? current?.archived_status ?? 'NONE',
	} as ListingBody;
}

/** A listing in a search page: the detail plus its SKU (the search model is not published). */
export function listingToWire(listing: ListingRecord): Record<string, unknown> {
	return { sku: listing.sku, ...listingDetailToWire(listing) };
}

export function writeListing(
	world: World,
	sellerId: string,
	sku: string,
	input: unknown,
	mode: ListingMode,
): SkuResult {
	if (!isValidSku(sku)) return failure('INVALID_SKU', `SKU "${sku}" is not a valid seller SKU`);
	if (!isRecord(input))
		return failure('INVALID_ATTRIBUTE_VALUE', 'Each SKU must map to an object', sku);
	const existing = world.listings.get(sellerId, sku);
	if (mode !== 'create' && mode !== 'hyperlocalCreate' && !existing)
		return failure('SKU_NOT_FOUND', `Listing ${sku} does not exist for seller ${sellerId}`);
	const wrongKind = kindProblem(existing, sku, mode);
	if (wrongKind) return wrongKind;
	if (
		existing &&
		mode !== 'create' &&
		mode !== 'hyperlocalCreate' &&
		input.product_id !== undefined &&
		input.product_id !== existing.body.product_id
	) {
		return failure(
			'PRODUCT_ID_MISMATCH',
			`product_id does not match the listing's product ${existing.body.product_id}`,
			'product_id',
		);
	}

	const v = new ListingValidator((locationId) => world.sellers.owns(sellerId, locationId));
	v.check(input, mode);
	if (v.errors.length > 0) return result(v);

	// Unknown attributes were reported as warnings and are not stored.
	const ignored = new Set(v.warnings.map((w) => w.path));
	const known = Object.fromEntries(
		Object.entries(input).filter(([key]) => !ignored.has(key)),
	) as Partial<ListingBody>;
	let body: ListingBody;
	if (mode === 'price') {
		body = {
			...structuredClone((existing as ListingRecord).body),
			price: known.price as ListingBody['price'],
		};
	} else if (isHyperlocal(mode)) {
		body = hyperlocalBody(known, existing);
	} else if (mode === 'inventory') {
		const current = (existing as ListingRecord).body;
		// A hyperlocal listing sells from its one location (inferred, docs/api-choices.md#hyperlocal-listings).
		const elsewhere = existing?.hyperlocal
			? (known.locations as ListingBody['locations']).find((l) => l.id !== current.locations[0]?.id)
			: undefined;
		if (elsewhere)
			return failure(
				'INVALID_LOCATION',
				`Listing ${sku} is a hyperlocal listing at location ${current.locations[0]?.id}; it cannot have stock at ${elsewhere.id}`,
				'locations',
			);
		body = {
			...structuredClone(current),
			locations: mergeLocations(current.locations, known.locations as ListingBody['locations']),
		};
	} else {
		// Create and update both carry the whole listing; an update that leaves out the optional
		// fulfillment keeps the stored one (the lookup may not return it: docs/api-choices.md#listings).
		body = {
			...(known as ListingBody),
			tax: {
				...(known.tax as ListingBody['tax']),
				hsn: String((known.tax as { hsn: unknown }).hsn),
			},
			locations: (known.locations as ListingBody['locations']).map((l) => ({
				id: l.id,
				status: l.status,
				inventory: l.inventory ?? 0,
			})),
			archived_status:
				(known.archived_status as string | undefined) ?? existing?.body.archived_status ?? 'NONE',
		};
		if (mode === 'update' && body.fulfillment === undefined && existing?.body.fulfillment)
			body.fulfillment = structuredClone(existing.body.fulfillment);
	}
	const now = world.now();
	world.listings.put({
		sku,
		sellerId,
		title: existing?.title ?? sku,
		listingId:
			existing?.listingId ??
			`LST${sku
				.replace(/[^A-Za-z0-9]/g, '')
				.toUpperCase()
				.slice(0, 13)}`,
		createdMs: existing?.createdMs ?? now,
		updatedMs: now,
		hyperlocal: mode === 'hyperlocalCreate' || (mode !== 'create' && existing?.hyperlocal === true),
		body,
	});
	return result(v);
}

/** Inventory updates change the named locations and keep the others. */
function mergeLocations(
	current: ListingBody['locations'],
	updates: ListingBody['locations'],
): ListingBody['locations'] {
	const out = current.map((l) => ({ ...l }));
	for (const u of updates) {
		const existing = out.find((l) => l.id === u.id);
		if (existing) {
			existing.inventory = u.inventory;
			existing.status = u.status;
		} else {
			out.push({ id: u.id, status: u.status, inventory: u.inventory });
		}
	}
	return out;
}
