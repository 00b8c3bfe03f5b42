import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import type { ItemResult } from '../../helpers/execution';
import { readLimit } from '../../helpers/parameters';
import { searchAll } from '../../../shared/transport/paging';
import { limitProperty, returnAllProperty } from '../common.descriptions';
import { listingStatusProperty } from './listing.fields';

const properties: INodeProperties[] = [listingStatusProperty, returnAllProperty, limitProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['getAll'] } },
	properties,
);

export async function executeItem(this: IExecuteFunctions, itemIndex: number): Promise<ItemResult> {
	const limit = readLimit(this, itemIndex);
	// The schema spells it "lisitng_status"; the documented field is listing_status (docs/marketplace-api/discrepancies.md#listing-status-spelling).
	const filters = { listing_status: this.getNodeParameter('listingStatus', itemIndex) };
	return await searchAll(this, 'listings', filters, {
		limit,
		itemIndex,
		operation: 'Get many listings',
	});
}
