import type { INodeProperties } from 'n8n-workflow';

import * as checkExpiry from './checkExpiry.operation';

export { checkExpiry };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['token'] } },
		options: [
			{
				name: 'Check Expiry',
				value: 'checkExpiry',
				description: 'Check whether a token has expired and how long it has left',
				action: 'Check token expiry',
			},
		],
		default: 'checkExpiry',
	},
	...checkExpiry.description,
];
