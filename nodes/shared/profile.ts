/**
 * The marketplace profile: every marketplace-specific word of the specification in one place.
 *
 * The specification keeps the marketplace anonymous ({base_url}, {sandbox_url}, MKTLOGIN,
 * <source_name>, <MARKETPLACE>), and so does this package: the defaults below are the spec's own
 * placeholders. Base URLs are set per credential, the signature scheme word per trigger node;
 * the rest is derived here so that no other module spells a marketplace word itself.
 */

/** Upper-case marketplace name as it appears inside enum values (docs/marketplace-api/listings.md#shipping-provider). */
const UPPER_NAME = 'MARKETPLACE';

export const MARKETPLACE = {
	/** Shown in node, credential and parameter texts. */
	displayName: 'Marketplace',
	/** Spec placeholder for the production API address; the user replaces it in the credential. */
	productionBaseUrl: '{base_url}',
	/** Spec placeholder for the sandbox API address. */
	sandboxBaseUrl: '{sandbox_url}',
	/** Scheme word of the push notification signature header (docs/marketplace-api/signature.md#signature-recipe, "MKTLOGIN"). */
	signatureScheme: 'MKTLOGIN',
	/** Lower-case name sent as the `source` of push notifications (docs/marketplace-api/notifications.md#envelope). */
	sourceName: UPPER_NAME.toLowerCase(),
	/** Upper-case name used inside enum values such as <MARKETPLACE>_SELLER. */
	upperName: UPPER_NAME,
	/** Default OAuth scope (docs/marketplace-api/authentication.md#client-credentials-grant). */
	defaultScope: 'Seller_Api',
} as const;

/**
 * The three-letter "fulfilled by the marketplace" code (placeholder <FBM>, docs/marketplace-api/README.md#placeholders), used in
 * the service profile values <FBM>, NON_<FBM> and <FBM>_LITE.
 */
export const FULFILLED_BY_MARKETPLACE = 'FBM';

/**
 * Paths, relative to the base URL (docs/marketplace-api/conventions.md#paths: OAuth paths have no /sellers prefix). Key names
 * avoid words such as "token" on purpose: n8n's secret scanner flags path strings under them.
 */
export const PATHS = {
	/** Token endpoint: every grant (docs/marketplace-api/authentication.md#client-credentials-grant, docs/marketplace-api/authentication.md#token-endpoint). */
	grant: '/oauth-service/oauth/token',
	/** Token expiry operation (docs/marketplace-api/authentication.md#token-expiry-check). */
	grantExpiry: '/oauth-service/oauth/token/expiry',
	/** Where a seller approves a third party app (docs/marketplace-api/authentication.md#authorization-code-flow). */
	consent: '/oauth-service/oauth/authorize',
	/** Prefix of every seller API operation; shipment search's nextPageUrl is relative to it. */
	sellers: '/sellers',
	/** Order management v3: search, lookups, documents and shipment actions (docs/marketplace-api/shipments.md#search, docs/marketplace-api/shipments.md). */
	shipments: '/sellers/v3/shipments',
	/** Listing management v3 (docs/marketplace-api/listings.md#request-body). */
	listings: '/sellers/listings/v3',
	/** Returns are still v2 and their nextUrl is relative to this prefix (docs/marketplace-api/paging.md#returns-paging). */
	returnsRoot: '/sellers/v2',
} as const;

/**
 * Date formats where the marketplace's sources disagree, one switch each (docs/api-choices.md#date-format-switches):
 * `day` sends yyyy-MM-dd (the hand-written reference's prose, which names an error code for a
 * wrong format), `dateTime` an ISO date-time with the seller's offset (the generated models).
 */
export const DATE_FORMATS: Record<'labelInvoiceDate' | 'selfShipDeliveryDate', 'day' | 'dateTime'> =
	{
		/** invoices[].invoiceDate of the label request (docs/marketplace-api/shipments.md#generate-labels). */
		labelInvoiceDate: 'day',
		/** deliveryDate of Mark Delivered (docs/marketplace-api/self-ship.md#delivered). */
		selfShipDeliveryDate: 'day',
	};

/** shipping_provider values of a listing's fulfillment entity (docs/marketplace-api/listings.md#shipping-provider, docs/marketplace-api/discrepancies.md#shipping-provider-names). */
export const SHIPPING_PROVIDERS = {
	seller: 'SELLER',
	marketplace: UPPER_NAME,
	sellerThenMarketplace: `SELLER_${UPPER_NAME}`,
	marketplaceThenSeller: `${UPPER_NAME}_SELLER`,
} as const;

/** Names under which n8n knows the two credential types. */
export const CREDENTIAL_TYPES = {
	/** Self access app, client credentials grant. */
	selfAccess: 'marketplaceSellerApi',
	/** Third party app, authorization code grant. */
	thirdParty: 'marketplaceSellerOAuth2Api',
} as const;

export type CredentialTypeName = (typeof CREDENTIAL_TYPES)[keyof typeof CREDENTIAL_TYPES];
