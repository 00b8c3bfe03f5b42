/**
 * Marketplace words as the simulator uses them. Everything comes from the package's shared
 * profile so the simulator stays as anonymous as the specification; the few derived spellings
 * (title case, the discount field, the <FBM> code) are computed here once.
 */
import { FULFILLED_BY_MARKETPLACE, MARKETPLACE, SHIPPING_PROVIDERS } from '../nodes/shared/profile';

export { MARKETPLACE, SHIPPING_PROVIDERS };

/**
 * Paths of the interface (docs/marketplace-api/conventions.md#paths). They are the specification's own paths, not
 * marketplace words, so the simulator keeps its own copy and does not follow renames elsewhere.
 */
export const PATHS = {
	token: '/oauth-service/oauth/token',
	tokenExpiry: '/oauth-service/oauth/token/expiry',
	authorize: '/oauth-service/oauth/authorize',
	sellers: '/sellers',
} as const;

/** `<Marketplace>` as in `<Marketplace>_Fulfilment` (docs/marketplace-api/shipments.md#shipment-record). */
export const MARKETPLACE_TITLE =
	MARKETPLACE.upperName.charAt(0) + MARKETPLACE.upperName.slice(1).toLowerCase();

/** `<marketplace>Discount`, the price component named after the marketplace (docs/marketplace-api/shipments.md#shipment-record). */
export const DISCOUNT_FIELD = `${MARKETPLACE.sourceName}Discount`;

/** `<FBM>`, the three-letter "fulfilled by the marketplace" code (docs/marketplace-api/README.md#placeholders). */
export const FBM = FULFILLED_BY_MARKETPLACE;

/** The marketplace's own courier, used as a vendor name on labels. */
export const MARKETPLACE_COURIER = `${MARKETPLACE_TITLE} Logistics`;

/** The four shipping_provider values of a listing (docs/marketplace-api/listings.md#shipping-provider). */
export const SHIPPING_PROVIDER_VALUES: readonly string[] = Object.values(SHIPPING_PROVIDERS);
