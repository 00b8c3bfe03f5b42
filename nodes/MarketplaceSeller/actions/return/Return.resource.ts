import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['return'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many customer or courier returns',
				action: 'Get many returns',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
