import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { forEachItem } from '../../helpers/execution';
import { readLimit } from '../../helpers/parameters';
import { searchAll } from '../../../shared/transport/paging';
import { limitProperty, returnAllProperty } from '../common.descriptions';
import { listingStatusProperty } from './listing.fields';

const properties: INodeProperties[] = [listingStatusProperty, returnAllProperty, limitProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['getAll'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const limit = readLimit(this, itemIndex);
		// The schema spells it "lisitng_status"; the documented field is listing_status (docs/marketplace-api/discrepancies.md#listing-status-spelling).
		const filters = { listing_status: this.getNodeParameter('listingStatus', itemIndex) };
		return await searchAll(this, 'listings', filters, {
			limit,
			itemIndex,
			operation: 'Get many listings',
		});
	});
}
