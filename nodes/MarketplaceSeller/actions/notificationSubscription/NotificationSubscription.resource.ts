import type { INodeProperties } from 'n8n-workflow';

import * as update from './update.operation';

export { update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notificationSubscription'] } },
		options: [
			{
				name: 'Update',
				value: 'update',
				description: 'Switch order and return notifications of a seller location on or off',
				action: 'Update notification subscription',
			},
		],
		default: 'update',
	},
	...update.description,
];
