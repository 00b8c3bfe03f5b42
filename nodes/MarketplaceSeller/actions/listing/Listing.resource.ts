import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as createHyperlocal from './createHyperlocal.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as updateHyperlocal from './updateHyperlocal.operation';
import * as updateInventory from './updateInventory.operation';
import * as updatePrice from './updatePrice.operation';

export {
	create,
	createHyperlocal,
	get,
	getAll,
	update,
	updateHyperlocal,
	updateInventory,
	updatePrice,
};

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
				action: 'Create listing',
			},
			{
				name: 'Create Hyperlocal',
				value: 'createHyperlocal',
				description:
					'Create hyperlocal listings: one package, one location, address and dating labels',
				action: 'Create hyperlocal listing',
			},
			{ name: 'Get', value: 'get', description: 'Get listings by SKU', action: 'Get listings' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many listings, by status',
				action: 'Get many listings',
			},
			{
				name: 'Update',
				value: 'update',
				description:
					'Change fields of existing listings (the whole listing is sent, with your changes)',
				action: 'Update listing',
			},
			{
				name: 'Update Hyperlocal',
				value: 'updateHyperlocal',
				description: 'Update hyperlocal listings (the listing is sent as given)',
				action: 'Update hyperlocal listing',
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
	...createHyperlocal.description,
	...get.description,
	...getAll.description,
	...update.description,
	...updateHyperlocal.description,
	...updateInventory.description,
	...updatePrice.description,
];
