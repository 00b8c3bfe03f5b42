import type { INodeProperties } from 'n8n-workflow';

import * as completeAuthorization from './completeAuthorization.operation';
import * as connectSeller from './connectSeller.operation';
import * as getUrl from './getUrl.operation';

export { completeAuthorization, connectSeller, getUrl };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['authorization'] } },
		options: [
			{
				name: 'Complete Authorization',
				value: 'completeAuthorization',
				description:
					"Check the redirect a seller's browser brought back and output the seller reference and code, for a flow of your own",
				action: 'Complete seller authorization',
			},
			{
				name: 'Connect Seller',
				value: 'connectSeller',
				description:
					"Check the redirect a seller's browser brought back, then create or update the seller's credential in this n8n",
				action: 'Connect seller and save their credential',
			},
			{
				name: 'Get Authorization URL',
				value: 'getUrl',
				description: 'Build the link a seller opens to approve your third party app',
				action: 'Get seller authorization URL',
			},
		],
		default: 'getUrl',
	},
	...getUrl.description,
	...completeAuthorization.description,
	...connectSeller.description,
];
