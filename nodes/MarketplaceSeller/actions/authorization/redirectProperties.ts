import type { INodeProperties } from 'n8n-workflow';

/** Where Complete Authorization and Connect Seller read the redirect from (redirect.ts). */
export const redirectProperties: INodeProperties[] = [
	{
		displayName: 'Redirect Input',
		name: 'redirectInput',
		type: 'options',
		options: [
			{
				name: 'Query Parameters',
				value: 'query',
				description: "The code and state as an object, e.g. a Webhook node's query",
			},
			{
				name: 'Redirect Address',
				value: 'url',
				description: "The whole address the seller's browser was sent to",
			},
		],
		default: 'query',
	},
	{
		displayName: 'Query Parameters',
		name: 'query',
		type: 'json',
		default: '={{ $json.query }}',
		description:
			"The redirect's query parameters as an object with code and state (or error), e.g. the query of a Webhook node at the redirect URL",
		displayOptions: { show: { redirectInput: ['query'] } },
	},
	{
		displayName: 'Redirect Address',
		name: 'redirectAddress',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://partner.example.com/oauth/callback?code=AbC123&state=v1...',
		description: "The whole address the seller's browser was sent to after pressing Allow",
		displayOptions: { show: { redirectInput: ['url'] } },
	},
];
