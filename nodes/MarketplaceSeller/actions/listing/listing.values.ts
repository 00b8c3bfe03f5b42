/**
 * The values of the listing v3 models (api-facts 7 and 11): batch size and the enums the
 * parameters offer and the checks accept.
 */
import { FULFILLED_BY_MARKETPLACE } from '../../../shared/profile';

/** Listing create / update / price / inventory and lookups take up to 10 SKUs per request (api-facts 4, 7). */
export const LISTING_BATCH_SIZE = 10;

export const PROCUREMENT_TYPES = ['DOMESTIC', 'EXPRESS', 'INTERNATIONAL', 'MADE_TO_ORDER', 'REGULAR'] as const;
export const LOCATION_STATUSES = ['ENABLED', 'DISABLED'];
export const LISTING_STATUSES = ['ACTIVE', 'INACTIVE'];
/** The official update model's archived_status (api-facts 11; older sketches said UNARCHIVED). */
export const ARCHIVED_STATUSES = ['ARCHIVED', 'NONE'];
/** fulfillment_profile: NON_<FBM> | <FBM>_LITE | <FBM> (api-facts 11). */
export const FULFILLMENT_PROFILES = [`NON_${FULFILLED_BY_MARKETPLACE}`, `${FULFILLED_BY_MARKETPLACE}_LITE`, FULFILLED_BY_MARKETPLACE];
/** NON_<FBM>: the seller fulfils (the default profile of a new listing). */
export const SELLER_FULFILLED = FULFILLMENT_PROFILES[0];
