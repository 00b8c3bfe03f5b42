import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { forEachItem } from '../../helpers/execution';
import { searchListingPages } from '../../transport/paging';
import { limitProperty, returnAllProperty } from '../common.descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Listing Status',
		name: 'listingStatus',
		type: 'options',
		options: [
			{ name: 'Active', value: 'ACTIVE' },
			{ name: 'Inactive', value: 'INACTIVE' },
		],
		default: 'ACTIVE',
	},
	returnAllProperty,
	limitProperty,
];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['search'] } }, properties);

export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return await forEachItem(this, items, async (itemIndex) => {
		const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? undefined : (this.getNodeParameter('limit', itemIndex, 50) as number);
		// The schema spells it "lisitng_status"; the documented field is listing_status (api-facts 10.1 #9).
		const filters = { listing_status: this.getNodeParameter('listingStatus', itemIndex) };
		return await searchListingPages(this, filters, { limit, itemIndex, operation: 'Search listings' });
	});
}
