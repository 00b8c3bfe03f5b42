/**
 * The option lists of the shipment search filters (docs/marketplace-api/shipments.md#search-filter) and of the return sources, shared by
 * the action node's operations and the poll trigger so that all offer the same values.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { FULFILLED_BY_MARKETPLACE, MARKETPLACE } from './profile';

export const DISPATCH_SERVICE_TIER_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Express', value: 'EXPRESS' },
	{ name: 'Regular', value: 'REGULAR' },
];

export const SERVICE_PROFILE_OPTIONS: INodePropertyOptions[] = [
	{ name: `Fulfilled by ${MARKETPLACE.displayName}`, value: FULFILLED_BY_MARKETPLACE },
	{
		name: `Fulfilled by ${MARKETPLACE.displayName} Lite`,
		value: `${FULFILLED_BY_MARKETPLACE}_LITE`,
	},
	{ name: 'Fulfilled by the Seller', value: `NON_${FULFILLED_BY_MARKETPLACE}` },
];

export const CANCELLATION_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Buyer Cancellation', value: 'buyerCancellation' },
	{ name: 'Marketplace Cancellation', value: 'marketplaceCancellation' },
	{ name: 'Seller Cancellation', value: 'sellerCancellation' },
];

/** Where a return comes from (docs/marketplace-api/returns.md#return-search). */
export const RETURN_SOURCE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Courier Return',
		value: 'courier_return',
		description: 'Returned by the courier (undelivered)',
	},
	{ name: 'Customer Return', value: 'customer_return', description: 'Returned by the buyer' },
];

export const SHIPMENT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Express', value: 'EXPRESS' },
	{ name: 'Normal', value: 'NORMAL' },
	{ name: 'Self Ship', value: 'SELF' },
];

/** The values of an option list, for "none selected means all". */
export function optionValues(options: INodePropertyOptions[]): string[] {
	return options.map((option) => String(option.value));
}

/** The Dispatch Service Tiers filter, the same in Shipment > Get Many and the poll trigger. */
export const DISPATCH_SERVICE_TIERS_FILTER: INodeProperties = {
	displayName: 'Dispatch Service Tiers',
	name: 'dispatchServiceTiers',
	type: 'multiOptions',
	options: DISPATCH_SERVICE_TIER_OPTIONS,
	default: [],
	description:
		'Only these dispatch service tiers; none selected means the marketplace default (both)',
};

/** The Service Profiles filter, the same in Shipment > Get Many and the poll trigger. */
export const SERVICE_PROFILES_FILTER: INodeProperties = {
	displayName: 'Service Profiles',
	name: 'serviceProfiles',
	type: 'multiOptions',
	options: SERVICE_PROFILE_OPTIONS,
	default: [],
	description: 'Only shipments of these fulfilment service profiles; none selected means all',
};

/** The Shipment Types filter, the same in Shipment > Get Many and the poll trigger. */
export const SHIPMENT_TYPES_FILTER: INodeProperties = {
	displayName: 'Shipment Types',
	name: 'shipmentTypes',
	type: 'multiOptions',
	options: SHIPMENT_TYPE_OPTIONS,
	default: [],
	description:
		'Only these shipment types; none selected means the marketplace default (Normal only: add Self Ship to see self-ship orders)',
};
