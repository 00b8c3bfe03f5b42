import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['return'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get returns by return or tracking IDs',
				action: 'Get returns',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many customer or courier returns',
				action: 'Get many returns',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
];
