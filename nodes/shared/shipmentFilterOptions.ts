/**
 * The option lists of the shipment search filters (docs/marketplace-api/shipments.md#search-filter), shared by Shipment > Get Many
 * and the poll trigger so that both offer the same values.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

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

export const SHIPMENT_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Express', value: 'EXPRESS' },
	{ name: 'Normal', value: 'NORMAL' },
	{ name: 'Self Ship', value: 'SELF' },
];

/** The values of an option list, for "none selected means all". */
export function optionValues(options: INodePropertyOptions[]): string[] {
	return options.map((option) => String(option.value));
}
