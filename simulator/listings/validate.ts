/**
 * Per-SKU validation of listing v3 payloads (spec 2.5, 9.2; api-facts 7). Problems are reported
 * the way the service reports them: a list of `{severity, code, description, path}` per SKU;
 * unknown attributes are warnings, everything else an error.
 */
import { isRecord } from '../http/query';
import { SHIPPING_PROVIDER_VALUES } from '../profile';
import { LISTING_STATUSES, LOCATION_STATUSES, PROCUREMENT_TYPES } from './model';

export interface ListingIssue {
	severity: 'ERROR' | 'WARNING';
	code: string;
	description: string;
	path: string;
}

export type ListingMode = 'create' | 'update' | 'price' | 'inventory';

const KNOWN_KEYS = new Set([
	'product_id',
	'listing_status',
	'price',
	'tax',
	'fulfillment',
	'fulfillment_profile',
	'packages',
	'locations',
	'shipping_fees',
	'address_label',
	'dating_label',
	'archived_status',
]);

/** v2 top-level fields and where v3 moved them (spec 9.2: the old placement is not supported). */
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

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/ ]{0,63}$/;

export const isValidSku = (sku: string) => SKU_PATTERN.test(sku);

const error = (code: string, description: string, path: string): ListingIssue => ({ severity: 'ERROR', code, description, path });
const isPositiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isNonNegativeInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export class ListingValidator {
	readonly errors: ListingIssue[] = [];
	readonly warnings: ListingIssue[] = [];

	constructor(private readonly ownsLocation: (locationId: string) => boolean) {}

	/** Top-level keys: v2 placements are errors; unknown keys warnings (or errors where only some keys apply). */
	keys(input: Record<string, unknown>, mode: ListingMode): void {
		const allowed = mode === 'price' ? new Set(['product_id', 'price']) : mode === 'inventory' ? new Set(['product_id', 'locations']) : KNOWN_KEYS;
		for (const key of Object.keys(input)) {
			if (key in V2_PLACEMENT) {
				this.errors.push(error('UNSUPPORTED_ATTRIBUTE_PLACEMENT', `"${key}" is not supported at the top level in listings v3; use ${V2_PLACEMENT[key]}`, key));
			} else if (!allowed.has(key)) {
				this.warnings.push({ severity: 'WARNING', code: 'UNKNOWN_ATTRIBUTE', description: `Attribute "${key}" is not recognised and was ignored`, path: key });
			}
		}
		if (mode === 'create' && 'archived_status' in input) {
			this.errors.push(error('INVALID_ATTRIBUTE', 'archived_status can only be set through update', 'archived_status'));
		}
	}

	required(input: Record<string, unknown>, names: string[]): void {
		for (const name of names) {
			if (input[name] === undefined || input[name] === null || input[name] === '') this.errors.push(error('MISSING_ATTRIBUTE', `${name} is required`, name));
		}
	}

	productId(value: unknown): void {
		if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) this.errors.push(error('INVALID_ATTRIBUTE_VALUE', 'product_id must be a non-empty string', 'product_id'));
	}

	listingStatus(value: unknown): void {
		if (value !== undefined && !(LISTING_STATUSES as readonly unknown[]).includes(value)) {
			this.errors.push(error('INVALID_LISTING_STATUS', `listing_status must be one of ${LISTING_STATUSES.join(', ')}`, 'listing_status'));
		}
	}

	archivedStatus(value: unknown): void {
		if (value !== undefined && value !== 'ARCHIVED' && value !== 'UNARCHIVED') {
			this.errors.push(error('INVALID_ATTRIBUTE_VALUE', 'archived_status must be ARCHIVED or UNARCHIVED', 'archived_status'));
		}
	}

	price(value: unknown): void {
		if (value === undefined) return;
		if (!isRecord(value)) {
			this.errors.push(error('INVALID_ATTRIBUTE_VALUE', 'price must be an object {mrp, selling_price, currency}', 'price'));
			return;
		}
		for (const field of ['mrp', 'selling_price'] as const) {
			if (value[field] === undefined) this.errors.push(error('MISSING_ATTRIBUTE', `price.${field} is required`, `price.${field}`));
			else if (!isPositiveInt(value[field])) this.errors.push(error('INVALID_PRICE', `price.${field} must be a positive integer`, `price.${field}`));
		}
		if (isPositiveInt(value.mrp) && isPositiveInt(value.selling_price) && value.mrp < value.selling_price) {
			this.errors.push(error('MRP_LESS_THAN_SELLING_PRICE', 'price.mrp must be greater than or equal to price.selling_price', 'price.mrp'));
		}
		if (value.currency !== undefined && value.currency !== 'INR') this.errors.push(error('INVALID_CURRENCY', 'price.currency must be INR', 'price.currency'));
	}

	tax(value: unknown, required: boolean): void {
		if (value === undefined) {
			if (required) this.errors.push(error('MISSING_HSN', 'tax.hsn is required', 'tax.hsn'));
			return;
		}
		if (!isRecord(value) || value.hsn === undefined || value.hsn === null || value.hsn === '') {
			this.errors.push(error('MISSING_HSN', 'tax.hsn is required', 'tax.hsn'));
			return;
		}
		const hsn = typeof value.hsn === 'number' ? String(value.hsn) : value.hsn;
		if (typeof hsn !== 'string' || !/^\d{8}$/.test(hsn)) this.errors.push(error('INVALID_HSN', 'tax.hsn must be exactly 8 digits', 'tax.hsn'));
	}

	fulfillment(value: unknown, required: boolean): void {
		if (value === undefined) {
			if (required) this.errors.push(error('MISSING_ATTRIBUTE', 'fulfillment is required', 'fulfillment'));
			return;
		}
		if (!isRecord(value)) {
			this.errors.push(error('INVALID_ATTRIBUTE_VALUE', 'fulfillment must be an object', 'fulfillment'));
			return;
		}
		if (required || value.shipping_provider !== undefined) {
			if (!SHIPPING_PROVIDER_VALUES.includes(value.shipping_provider as string)) {
				this.errors.push(error('INVALID_SHIPPING_PROVIDER', `fulfillment.shipping_provider must be one of ${SHIPPING_PROVIDER_VALUES.join(', ')}`, 'fulfillment.shipping_provider'));
			}
		}
		if (required || value.procurement_type !== undefined) {
			if (!(PROCUREMENT_TYPES as readonly unknown[]).includes(value.procurement_type)) {
				this.errors.push(error('INVALID_PROCUREMENT_TYPE', `fulfillment.procurement_type must be one of ${PROCUREMENT_TYPES.join(', ')}`, 'fulfillment.procurement_type'));
			}
		}
		if (value.dispatch_sla !== undefined && !isNonNegativeInt(value.dispatch_sla)) {
			this.errors.push(error('INVALID_ATTRIBUTE_VALUE', 'fulfillment.dispatch_sla must be a non-negative integer', 'fulfillment.dispatch_sla'));
		}
	}

	packages(value: unknown): void {
		if (value === undefined) return;
		if (!Array.isArray(value)) {
			this.errors.push(error('INVALID_PACKAGE', 'packages must be an array', 'packages'));
			return;
		}
		value.forEach((p, i) => {
			const dims = isRecord(p) && isRecord(p.dimensions) ? p.dimensions : undefined;
			const ok = dims && ['length', 'breadth', 'height'].every((k) => typeof dims[k] === 'number' && (dims[k] as number) > 0) && isRecord(p) && typeof p.weight === 'number' && p.weight > 0;
			if (!ok) this.errors.push(error('INVALID_PACKAGE', 'packages[] need positive dimensions {length, breadth, height} and weight', `packages[${i}]`));
		});
	}

	/** Locations must be the seller's; status is optional only for inventory updates. */
	locations(value: unknown, statusRequired: boolean): void {
		if (value === undefined) return;
		if (!Array.isArray(value)) {
			this.errors.push(error('INVALID_ATTRIBUTE_VALUE', 'locations must be an array of {id, status, inventory}', 'locations'));
			return;
		}
		value.forEach((loc, i) => {
			const path = `locations[${i}]`;
			if (!isRecord(loc) || typeof loc.id !== 'string') {
				this.errors.push(error('INVALID_LOCATION', 'locations[].id is required', `${path}.id`));
				return;
			}
			if (!this.ownsLocation(loc.id)) this.errors.push(error('INVALID_LOCATION', `Location ${loc.id} does not belong to the seller`, `${path}.id`));
			if ((statusRequired || loc.status !== undefined) && !(LOCATION_STATUSES as readonly unknown[]).includes(loc.status)) {
				this.errors.push(error('INVALID_LOCATION_STATUS', `locations[].status must be ${LOCATION_STATUSES.join(' or ')}`, `${path}.status`));
			}
			if (!isNonNegativeInt(loc.inventory)) this.errors.push(error('INVALID_INVENTORY', 'locations[].inventory must be an integer >= 0', `${path}.inventory`));
		});
	}
}
