/**
 * A listing in the v3 structure (docs/marketplace-api/listings.md#request-body, docs/marketplace-api/listings.md#create): the body is kept in its snake_case wire form,
 * with a few simulator-side fields (title, listing id) that order items copy.
 */
import { FBM } from '../profile';

export const LISTING_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const PROCUREMENT_TYPES = [
	'EXPRESS',
	'REGULAR',
	'INTERNATIONAL',
	'MADE_TO_ORDER',
	'DOMESTIC',
] as const;
export const LOCATION_STATUSES = ['ENABLED', 'DISABLED'] as const;
/** fulfillment_profile: NON_<FBM> | <FBM>_LITE | <FBM> (docs/marketplace-api/listings.md#fulfillment-profile). */
export const FULFILLMENT_PROFILES: readonly string[] = [`NON_${FBM}`, `${FBM}_LITE`, FBM];
/** archived_status of the official update model (not the ARCHIVED / UNARCHIVED of older sketches). */
export const ARCHIVED_STATUSES = ['ARCHIVED', 'NONE'] as const;

export interface ListingLocation {
	id: string;
	status: string;
	inventory: number;
}

export interface ListingBody {
	product_id: string;
	listing_status: string;
	price: { mrp: number; selling_price: number; currency: string; [key: string]: unknown };
	tax: { hsn: string; [key: string]: unknown };
	/** Absent on hyperlocal listings, whose models have no fulfillment entities. */
	fulfillment_profile?: string;
	fulfillment?: {
		dispatch_sla: number;
		shipping_provider: string;
		procurement_type: string;
		[key: string]: unknown;
	};
	packages: unknown[];
	locations: ListingLocation[];
	archived_status: string;
	[key: string]: unknown;
}

export interface ListingRecord {
	sku: string;
	sellerId: string;
	title: string;
	listingId: string;
	createdMs: number;
	updatedMs: number;
	/**
	 * Created through the hyperlocal endpoint: its one package and location are kept as
	 * packages[0] / locations[0] and answered as `package` / `location` (docs/api-choices.md
	 * "Hyperlocal listings").
	 */
	hyperlocal?: boolean;
	body: ListingBody;
}
