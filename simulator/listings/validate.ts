/**
 * Per-SKU validation of listing v3 payloads against the official models (docs/marketplace-api/listings.md#per-sku-results, docs/marketplace-api/listings.md#create;
 * docs/api-choices.md#listings). Problems are reported the way the service reports them: a list
 * of `{severity, code, description, path}` per SKU with integer codes; unknown attributes are
 * warnings in `attribute_errors` (which add `attribute`), everything else an error.
 */
import { isRecord } from '../http/query';
import { SHIPPING_PROVIDER_VALUES } from '../profile';
import {
	ARCHIVED_STATUSES,
	FULFILLMENT_PROFILES,
	LISTING_STATUSES,
	LOCATION_STATUSES,
	PROCUREMENT_TYPES,
} from './model';

/**
 * The simulator's integer error codes (the official model types `code` as an integer; the live
 * numbers are not published, so these are the simulator's own, listed in simulator/README.md).
 */
export const LISTING_ERROR_CODES = {
	MISSING_ATTRIBUTE: 1001,
	INVALID_ATTRIBUTE_VALUE: 1002,
	MISSING_HSN: 1003,
	INVALID_HSN: 1004,
	INVALID_PRICE: 1005,
	MRP_LESS_THAN_SELLING_PRICE: 1006,
	INVALID_CURRENCY: 1007,
	INVALID_SHIPPING_PROVIDER: 1008,
	INVALID_PROCUREMENT_TYPE: 1009,
	INVALID_FULFILLMENT_PROFILE: 1010,
	INVALID_LOCATION: 1011,
	INVALID_LOCATION_STATUS: 1012,
	INVALID_INVENTORY: 1013,
	INVALID_LISTING_STATUS: 1014,
	INVALID_ARCHIVED_STATUS: 1015,
	INVALID_PACKAGE: 1016,
	INVALID_LABEL: 1017,
	UNSUPPORTED_ATTRIBUTE_PLACEMENT: 1018,
	INVALID_SKU: 1019,
	SKU_NOT_FOUND: 1020,
	PRODUCT_ID_MISMATCH: 1021,
	UNKNOWN_ATTRIBUTE: 2001,
} as const;

export type ListingErrorName = keyof typeof LISTING_ERROR_CODES;

export interface ListingIssue {
	severity: 'ERROR' | 'WARNING';
	code: number;
	description: string;
	path: string;
	/** attribute_errors only. */
	attribute?: string;
}

export type ListingMode =
	| 'create'
	| 'update'
	| 'price'
	| 'inventory'
	| 'hyperlocalCreate'
	| 'hyperlocalUpdate';

/** The hyperlocal models: a single package and location, no fulfillment entities (docs/marketplace-api/listings.md#hyperlocal-listings). */
const HYPERLOCAL_KEYS = [
	'product_id',
	'listing_status',
	'price',
	'tax',
	'package',
	'location',
	'address_label',
	'dating_label',
] as const;

const LISTING_KEYS = [
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
	// Writable on create and update (the 2024 reference; docs/marketplace-api/listings.md#create).
	'subsidized_shipping',
] as const;

/** What each call's model requires, and which keys it knows (docs/marketplace-api/listings.md#create). */
const MODES: Record<ListingMode, { required: readonly string[]; known: ReadonlySet<string> }> = {
	create: {
		required: [
			'product_id',
			'price',
			'tax',
			'listing_status',
			'fulfillment_profile',
			'packages',
			'locations',
		],
		known: new Set(LISTING_KEYS),
	},
	update: {
		required: [
			'product_id',
			'price',
			'tax',
			'listing_status',
			'fulfillment_profile',
			'packages',
			'locations',
		],
		known: new Set([...LISTING_KEYS, 'archived_status']),
	},
	price: { required: ['product_id', 'price'], known: new Set(['product_id', 'price']) },
	hyperlocalCreate: { required: HYPERLOCAL_KEYS, known: new Set(HYPERLOCAL_KEYS) },
	hyperlocalUpdate: {
		required: ['product_id', 'price', 'tax', 'listing_status', 'location'],
		known: new Set([...HYPERLOCAL_KEYS, 'archived_status']),
	},
	inventory: { required: ['product_id', 'locations'], known: new Set(['product_id', 'locations']) },
};

/** v2 top-level fields and where v3 moved them (docs/marketplace-api/listings.md#listing-structure-in-v3: the old placement is not supported). */
const V2_PLACEMENT: Record<string, string> = {
	mrp: 'price.mrp',
	selling_price: 'price.selling_price',
	sellingPrice: 'price.selling_price',
	length: 'packages[].dimensions.length',
	breadth: 'packages[].dimensions.breadth',
	height: 'packages[].dimensions.height',
	weight: 'packages[].weight',
	procurement_type: 'fulfillment.procurement_type',
	shipping_provider: 'fulfillment.shipping_provider',
	procurement_sla: 'fulfillment.dispatch_sla',
	dispatch_sla: 'fulfillment.dispatch_sla',
	hsn: 'tax.hsn',
	stock: 'locations[].inventory',
	inventory: 'locations[].inventory',
};

const ADDRESS_LABEL_FIELDS = [
	'manufacturer_details',
	'importer_details',
	'packer_details',
	'countries_of_origin',
] as const;
const DATING_LABEL_FIELDS = ['mfg_date', 'shelf_life', 'expiry_date'] as const;

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/ ]{0,63}$/;

export const isValidSku = (sku: string) => SKU_PATTERN.test(sku);

export function listingError(
	name: ListingErrorName,
	description: string,
	path: string,
): ListingIssue {
	return { severity: 'ERROR', code: LISTING_ERROR_CODES[name], description, path };
}

const isPositiveInt = (v: unknown): v is number =>
	typeof v === 'number' && Number.isInteger(v) && v > 0;
const isNonNegativeInt = (v: unknown): v is number =>
	typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPositiveNumber = (v: unknown): v is number =>
	typeof v === 'number' && Number.isFinite(v) && v > 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export class ListingValidator {
	readonly errors: ListingIssue[] = [];
	readonly warnings: ListingIssue[] = [];

	constructor(private readonly ownsLocation: (locationId: string) => boolean) {}

	private fail(name: ListingErrorName, description: string, path: string): void {
		this.errors.push(listingError(name, description, path));
	}

	/** Validates one SKU's payload for the call `mode`. */
	check(input: Record<string, unknown>, mode: ListingMode): void {
		const { required, known } = MODES[mode];
		for (const key of Object.keys(input)) {
			if (key in V2_PLACEMENT) {
				this.fail(
					'UNSUPPORTED_ATTRIBUTE_PLACEMENT',
					`"${key}" is not supported at the top level in listings v3; use ${V2_PLACEMENT[key]}`,
					key,
				);
			} else if (key === 'archived_status' && (mode === 'create' || mode === 'hyperlocalCreate')) {
				this.fail('INVALID_ATTRIBUTE_VALUE', 'archived_status can only be set through update', key);
			} else if (!known.has(key)) {
				this.warnings.push({
					severity: 'WARNING',
					code: LISTING_ERROR_CODES.UNKNOWN_ATTRIBUTE,
					description: `Attribute "${key}" is not recognised and was ignored`,
					attribute: key,
					path: key,
				});
			}
		}
		for (const name of required) {
			if (input[name] === undefined || input[name] === null || input[name] === '') {
				this.fail(
					name === 'tax' ? 'MISSING_HSN' : 'MISSING_ATTRIBUTE',
					name === 'tax' ? 'tax.hsn is required' : `${name} is required`,
					name === 'tax' ? 'tax.hsn' : name,
				);
			}
		}
		const present = (name: string) =>
			known.has(name) && input[name] !== undefined && input[name] !== null;
		if (present('product_id') && !isText(input.product_id))
			this.fail('INVALID_ATTRIBUTE_VALUE', 'product_id must be a non-empty string', 'product_id');
		if (
			present('listing_status') &&
			!(LISTING_STATUSES as readonly unknown[]).includes(input.listing_status)
		) {
			this.fail(
				'INVALID_LISTING_STATUS',
				`listing_status must be one of ${LISTING_STATUSES.join(', ')}`,
				'listing_status',
			);
		}
		if (
			present('archived_status') &&
			!(ARCHIVED_STATUSES as readonly unknown[]).includes(input.archived_status)
		) {
			this.fail(
				'INVALID_ARCHIVED_STATUS',
				`archived_status must be one of ${ARCHIVED_STATUSES.join(', ')}`,
				'archived_status',
			);
		}
		if (
			present('fulfillment_profile') &&
			!FULFILLMENT_PROFILES.includes(input.fulfillment_profile as string)
		) {
			this.fail(
				'INVALID_FULFILLMENT_PROFILE',
				`fulfillment_profile must be one of ${FULFILLMENT_PROFILES.join(', ')}`,
				'fulfillment_profile',
			);
		}
		if (present('price')) this.price(input.price);
		if (present('tax')) this.tax(input.tax);
		if (present('fulfillment')) this.fulfillment(input.fulfillment);
		if (present('packages')) this.packages(input.packages);
		if (present('locations')) this.locations(input.locations, mode === 'inventory');
		if (present('package')) this.onePackage(input.package, 'package');
		if (present('location')) this.oneLocation(input.location, 'location', false);
		if (mode === 'hyperlocalCreate') {
			// Required on hyperlocal create; every field inside is optional, so an empty label is missing.
			for (const label of ['address_label', 'dating_label']) {
				if (isRecord(input[label]) && Object.keys(input[label]).length === 0)
					this.fail('MISSING_ATTRIBUTE', `${label} must not be empty`, label);
			}
		}
		if (present('address_label')) this.addressLabel(input.address_label);
		if (present('dating_label')) this.datingLabel(input.dating_label);
		if (present('shipping_fees') && !isRecord(input.shipping_fees))
			this.fail('INVALID_ATTRIBUTE_VALUE', 'shipping_fees must be an object', 'shipping_fees');
		if (present('subsidized_shipping') && typeof input.subsidized_shipping !== 'boolean')
			this.fail(
				'INVALID_ATTRIBUTE_VALUE',
				'subsidized_shipping must be a boolean',
				'subsidized_shipping',
			);
	}

	/** price: mrp and selling_price (whole numbers) and currency are required (docs/marketplace-api/listings.md#update-price). */
	private price(value: unknown): void {
		if (!isRecord(value)) {
			this.fail(
				'INVALID_ATTRIBUTE_VALUE',
				'price must be an object {mrp, selling_price, currency}',
				'price',
			);
			return;
		}
		for (const field of ['mrp', 'selling_price'] as const) {
			if (value[field] === undefined || value[field] === null)
				this.fail('MISSING_ATTRIBUTE', `price.${field} is required`, `price.${field}`);
			else if (!isPositiveInt(value[field]))
				this.fail('INVALID_PRICE', `price.${field} must be a positive integer`, `price.${field}`);
		}
		for (const field of ['mop', 'nlc', 'dealer_price'] as const) {
			if (value[field] !== undefined && !isPositiveInt(value[field]))
				this.fail('INVALID_PRICE', `price.${field} must be a positive integer`, `price.${field}`);
		}
		if (
			isPositiveInt(value.mrp) &&
			isPositiveInt(value.selling_price) &&
			value.mrp < value.selling_price
		) {
			this.fail(
				'MRP_LESS_THAN_SELLING_PRICE',
				'price.mrp must be greater than or equal to price.selling_price',
				'price.mrp',
			);
		}
		if (value.currency === undefined || value.currency === null || value.currency === '')
			this.fail('MISSING_ATTRIBUTE', 'price.currency is required', 'price.currency');
		else if (value.currency !== 'INR')
			this.fail('INVALID_CURRENCY', 'price.currency must be INR', 'price.currency');
	}

	private tax(value: unknown): void {
		if (!isRecord(value) || value.hsn === undefined || value.hsn === null || value.hsn === '') {
			this.fail('MISSING_HSN', 'tax.hsn is required', 'tax.hsn');
			return;
		}
		const hsn = typeof value.hsn === 'number' ? String(value.hsn) : value.hsn;
		if (typeof hsn !== 'string' || !/^\d{8}$/.test(hsn))
			this.fail('INVALID_HSN', 'tax.hsn must be exactly 8 digits', 'tax.hsn');
	}

	/** fulfillment is optional, but when given all three fields are required inside (docs/marketplace-api/listings.md#fulfillment). */
	private fulfillment(value: unknown): void {
		if (!isRecord(value)) {
			this.fail('INVALID_ATTRIBUTE_VALUE', 'fulfillment must be an object', 'fulfillment');
			return;
		}
		if (!SHIPPING_PROVIDER_VALUES.includes(value.shipping_provider as string)) {
			this.fail(
				'INVALID_SHIPPING_PROVIDER',
				`fulfillment.shipping_provider must be one of ${SHIPPING_PROVIDER_VALUES.join(', ')}`,
				'fulfillment.shipping_provider',
			);
		}
		if (!(PROCUREMENT_TYPES as readonly unknown[]).includes(value.procurement_type)) {
			this.fail(
				'INVALID_PROCUREMENT_TYPE',
				`fulfillment.procurement_type must be one of ${PROCUREMENT_TYPES.join(', ')}`,
				'fulfillment.procurement_type',
			);
		}
		if (!isNonNegativeInt(value.dispatch_sla))
			this.fail(
				'INVALID_ATTRIBUTE_VALUE',
				'fulfillment.dispatch_sla must be a non-negative integer',
				'fulfillment.dispatch_sla',
			);
	}

	/** At least one package; each with a name, positive dimensions {length, breadth, height} and weight. */
	private packages(value: unknown): void {
		if (!Array.isArray(value) || value.length === 0) {
			this.fail('INVALID_PACKAGE', 'packages must be a non-empty array', 'packages');
			return;
		}
		value.forEach((p, i) => this.onePackage(p, `packages[${i}]`));
	}

	/** One package (of packages, or a hyperlocal listing's package). */
	private onePackage(p: unknown, path: string): void {
		if (!isRecord(p)) {
			this.fail('INVALID_PACKAGE', 'each package must be an object', path);
			return;
		}
		if (!isText(p.name)) this.fail('INVALID_PACKAGE', `${path}.name is required`, `${path}.name`);
		const dims = isRecord(p.dimensions) ? p.dimensions : undefined;
		if (
			!dims ||
			!['length', 'breadth', 'height'].every((k) => isPositiveNumber(dims[k])) ||
			!isPositiveNumber(p.weight)
		) {
			this.fail(
				'INVALID_PACKAGE',
				`${path} needs positive dimensions {length, breadth, height} and weight`,
				path,
			);
		}
	}

	/** Locations must be the seller's, with a status; inventory is required for inventory updates. */
	private locations(value: unknown, inventoryRequired: boolean): void {
		if (!Array.isArray(value) || value.length === 0) {
			this.fail(
				'INVALID_ATTRIBUTE_VALUE',
				'locations must be a non-empty array of {id, status, inventory}',
				'locations',
			);
			return;
		}
		value.forEach((loc, i) => this.oneLocation(loc, `locations[${i}]`, inventoryRequired));
	}

	/** One location (of locations, or a hyperlocal listing's location). */
	private oneLocation(loc: unknown, path: string, inventoryRequired: boolean): void {
		if (!isRecord(loc) || typeof loc.id !== 'string') {
			this.fail('INVALID_LOCATION', `${path}.id is required`, `${path}.id`);
			return;
		}
		if (!this.ownsLocation(loc.id))
			this.fail(
				'INVALID_LOCATION',
				`Location ${loc.id} does not belong to the seller`,
				`${path}.id`,
			);
		if (!(LOCATION_STATUSES as readonly unknown[]).includes(loc.status)) {
			this.fail(
				'INVALID_LOCATION_STATUS',
				`${path}.status must be ${LOCATION_STATUSES.join(' or ')}`,
				`${path}.status`,
			);
		}
		if ((inventoryRequired || loc.inventory !== undefined) && !isNonNegativeInt(loc.inventory)) {
			this.fail(
				'INVALID_INVENTORY',
				`${path}.inventory must be an integer >= 0`,
				`${path}.inventory`,
			);
		}
	}

	/** address_label is an object of string lists, never a text (docs/marketplace-api/listings.md#address-and-dating-labels). */
	private addressLabel(value: unknown): void {
		if (!isRecord(value)) {
			this.fail(
				'INVALID_LABEL',
				`address_label must be an object {${ADDRESS_LABEL_FIELDS.join(', ')}}`,
				'address_label',
			);
			return;
		}
		for (const field of ADDRESS_LABEL_FIELDS) {
			const list = value[field];
			if (
				list !== undefined &&
				!(Array.isArray(list) && list.every((entry) => typeof entry === 'string'))
			) {
				this.fail(
					'INVALID_LABEL',
					`address_label.${field} must be a list of texts`,
					`address_label.${field}`,
				);
			}
		}
	}

	/** dating_label is an object of whole numbers (the official model types them as 64-bit integers). */
	private datingLabel(value: unknown): void {
		if (!isRecord(value)) {
			this.fail(
				'INVALID_LABEL',
				`dating_label must be an object {${DATING_LABEL_FIELDS.join(', ')}}`,
				'dating_label',
			);
			return;
		}
		for (const field of DATING_LABEL_FIELDS) {
			if (
				value[field] !== undefined &&
				!(typeof value[field] === 'number' && Number.isInteger(value[field]))
			) {
				this.fail(
					'INVALID_LABEL',
					`dating_label.${field} must be a whole number`,
					`dating_label.${field}`,
				);
			}
		}
	}
}
