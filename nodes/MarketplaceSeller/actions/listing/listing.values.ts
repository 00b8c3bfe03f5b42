/**
 * The values of the listing v3 models (docs/marketplace-api/listings.md#entities): batch size and the enums the
 * parameters offer and the checks accept.
 */
import { FULFILLED_BY_MARKETPLACE } from '../../../shared/profile';

/** Listing create / update / price / inventory and lookups take up to 10 SKUs per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const LISTING_BATCH_SIZE = 10;

export const PROCUREMENT_TYPES = [
	'DOMESTIC',
	'EXPRESS',
	'INTERNATIONAL',
	'MADE_TO_ORDER',
	'REGULAR',
] as const;
export const LOCATION_STATUSES = ['ENABLED', 'DISABLED'];
export const LISTING_STATUSES = ['ACTIVE', 'INACTIVE'];
/** The official update model's archived_status (docs/marketplace-api/listings.md#update; older sketches said UNARCHIVED). */
export const ARCHIVED_STATUSES = ['ARCHIVED', 'NONE'];
/** fulfillment_profile: NON_<FBM> | <FBM>_LITE | <FBM> (docs/marketplace-api/listings.md#fulfillment-profile). */
export const FULFILLMENT_PROFILES = [
	`NON_${FULFILLED_BY_MARKETPLACE}`,
	`${FULFILLED_BY_MARKETPLACE}_LITE`,
	FULFILLED_BY_MARKETPLACE,
];
/** NON_<FBM>: the seller fulfils (the default profile of a new listing). */
export const SELLER_FULFILLED = FULFILLMENT_PROFILES[0];
