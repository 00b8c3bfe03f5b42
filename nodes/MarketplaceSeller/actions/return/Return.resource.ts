import type { INodeProperties } from 'n8n-workflow';

import * as search from './search.operation';

export { search };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['return'] } },
		options: [
			{
				name: 'Search',
				value: 'search',
				description: 'Search customer or courier returns',
				action: 'Search returns',
			},
		],
		default: 'search',
	},
	...search.description,
];
