import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	NodeOperationError,
} from 'n8n-workflow';

import { RETURN_SOURCE_OPTIONS } from '../../../shared/shipmentFilterOptions';
import { readDate } from '../../helpers/dates';
import type { ItemResult } from '../../helpers/execution';
import { locatorValue, readLimit, splitList } from '../../helpers/parameters';
import { searchAll } from '../../../shared/transport/paging';
import { limitProperty, locationLocator, returnAllProperty } from '../common.descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: RETURN_SOURCE_OPTIONS,
		default: 'customer_return',
		description: 'Which returns to search; the marketplace requires it',
	},
	returnAllProperty,
	limitProperty,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '' },
			{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '' },
			locationLocator('Only returns to this seller location', false),
			{ displayName: 'Modified After', name: 'modifiedAfter', type: 'dateTime', default: '' },
			{ displayName: 'Modified Before', name: 'modifiedBefore', type: 'dateTime', default: '' },
			{
				displayName: 'Return IDs',
				name: 'returnIds',
				type: 'string',
				default: '',
				description: 'Only these returns, comma-separated, at most 25',
			},
			{
				displayName: 'Tracking IDs',
				name: 'trackingIds',
				type: 'string',
				default: '',
				description: 'Only returns with these tracking IDs, comma-separated, at most 25',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['return'], operation: ['getAll'] } },
	properties,
);

/** Returns are still on version 2 of the API (docs/marketplace-api/returns.md#return-search). One output item per return item. */
export async function executeItem(this: IExecuteFunctions, itemIndex: number): Promise<ItemResult> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = { source: this.getNodeParameter('source', itemIndex) };
	for (const field of ['createdAfter', 'createdBefore', 'modifiedAfter', 'modifiedBefore']) {
		const date = readDate(this, filters[field], itemIndex, field);
		if (date !== undefined) qs[field] = date;
	}
	const locationId = locatorValue(filters.locationId);
	if (locationId !== '') qs.locationId = locationId;
	for (const field of ['returnIds', 'trackingIds']) {
		const ids = splitList(filters[field]);
		if (ids.length > 25) {
			throw new NodeOperationError(
				this.getNode(),
				`At most 25 ${field} per search, got ${ids.length}`,
				{
					itemIndex,
					description: 'Split the IDs over several input items.',
				},
			);
		}
		if (ids.length > 0) qs[field] = ids.join(',');
	}
	return await searchAll(this, 'returns', qs, {
		limit: readLimit(this, itemIndex),
		itemIndex,
		operation: 'Search returns',
	});
}
