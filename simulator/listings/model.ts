/**
 * A listing in the v3 structure (api-facts 7): the body is kept in its snake_case wire form, with
 * a few simulator-side fields (title, listing id) that order items copy.
 */

export const LISTING_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const PROCUREMENT_TYPES = ['EXPRESS', 'REGULAR', 'INTERNATIONAL', 'MADE_TO_ORDER', 'DOMESTIC'] as const;
export const LOCATION_STATUSES = ['ENABLED', 'DISABLED'] as const;

export interface ListingLocation {
	id: string;
	status: string;
	inventory: number;
}

export interface ListingBody {
	product_id: string;
	listing_status: string;
	price: { mrp: number; selling_price: number; currency: string };
	tax: { hsn: string };
	fulfillment: { dispatch_sla?: number; shipping_provider: string; procurement_type: string; [key: string]: unknown };
	packages?: unknown[];
	locations: ListingLocation[];
	[key: string]: unknown;
}

export interface ListingRecord {
	sku: string;
	sellerId: string;
	title: string;
	listingId: string;
	createdMs: number;
	updatedMs: number;
	body: ListingBody;
}
