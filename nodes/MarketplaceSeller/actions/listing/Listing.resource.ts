import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';
import * as search from './search.operation';
import * as update from './update.operation';
import * as updateInventory from './updateInventory.operation';
import * as updatePrice from './updatePrice.operation';

export { create, get, search, update, updateInventory, updatePrice };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['listing'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create listings, or overwrite existing SKUs',
				action: 'Create a listing',
			},
			{ name: 'Get', value: 'get', description: 'Get listings by SKU', action: 'Get listings' },
			{ name: 'Search', value: 'search', description: 'Search listings by status', action: 'Search listings' },
			{
				name: 'Update',
				value: 'update',
				description: 'Change fields of existing listings (the whole listing is sent, with your changes)',
				action: 'Update a listing',
			},
			{
				name: 'Update Inventory',
				value: 'updateInventory',
				description: 'Set stock and buyability per location',
				action: 'Update listing inventory',
			},
			{
				name: 'Update Price',
				value: 'updatePrice',
				description: 'Set MRP and selling price',
				action: 'Update listing price',
			},
		],
		default: 'get',
	},
	...create.description,
	...get.description,
	...search.description,
	...update.description,
	...updateInventory.description,
	...updatePrice.description,
];
