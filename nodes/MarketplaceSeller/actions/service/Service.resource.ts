import type { INodeProperties } from 'n8n-workflow';

import * as complete from './complete.operation';
import * as recordAttempt from './recordAttempt.operation';

export { complete, recordAttempt };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['service'] } },
		options: [
			{
				name: 'Complete',
				value: 'complete',
				description: 'Complete assembly or installation services of self-ship orders',
				action: 'Complete services',
			},
			{
				name: 'Record Attempt',
				value: 'recordAttempt',
				description: 'Record a failed service visit and the new service date',
				action: 'Record service attempt',
			},
		],
		default: 'complete',
	},
	...complete.description,
	...recordAttempt.description,
];
