import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { readRequiredText } from '../../helpers/parameters';
import { locationLocator } from '../common.descriptions';
import { fetchVendorGroups, OTC_NOT_GENERATED } from './handover';

const properties: INodeProperties[] = [
	locationLocator('The seller location whose shipments await pickup'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getHandoverCounts'] } },
	properties,
);

/**
 * Per logistics vendor group: how many shipments await pickup, the pickup slot and the one-time
 * code for the pickup executive (docs/marketplace-api/handover.md#handover-counts). One output item per group.
 */
export async function executeItem(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject[]> {
	const locationId = readRequiredText(this, 'locationId', itemIndex, 'Location');
	const groups = await fetchVendorGroups(this, locationId, itemIndex);
	return groups.map((group) => ({
		locationId,
		...group,
		...(group.otc === null ? { otcNote: OTC_NOT_GENERATED } : {}),
	}));
}
