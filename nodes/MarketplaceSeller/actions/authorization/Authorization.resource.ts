import type { INodeProperties } from 'n8n-workflow';

import * as getUrl from './getUrl.operation';

export { getUrl };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['authorization'] } },
		options: [
			{
				name: 'Get Authorization URL',
				value: 'getUrl',
				description: 'Build the link a seller opens to approve your third party app',
				action: 'Get an authorization URL',
			},
		],
		default: 'getUrl',
	},
	...getUrl.description,
];
