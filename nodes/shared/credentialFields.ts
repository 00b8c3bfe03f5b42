/**
 * Fields and the test request that both credential types share: where the API is (environment
 * and base URLs), the scope, and the hidden token n8n renews. Each credential class keeps its own
 * App ID and App Secret fields, whose descriptions differ by app kind.
 *
 * n8n's linter wants literal defaults, so the profile's placeholders are spelled out here;
 * test/credentials/profileDefaults.test.ts keeps them equal to profile.ts.
 */
import type { ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

export const environmentProperties: INodeProperties[] = [
	{
		displayName: 'Environment',
		name: 'environment',
		type: 'options',
		options: [
			{ name: 'Production', value: 'production' },
			{ name: 'Sandbox', value: 'sandbox' },
		],
		default: 'production',
		description: 'Sandbox apps and credentials are issued by marketplace support and differ from production ones',
	},
	{
		displayName: 'Production Base URL',
		name: 'productionBaseUrl',
		type: 'string',
		default: '{base_url}',
		placeholder: 'e.g. https://api.example.com',
		description:
			'The production API address ({base_url} in the API documentation). HTTPS only; http:// is accepted for localhost (the local simulator).',
		displayOptions: { show: { environment: ['production'] } },
	},
	{
		displayName: 'Sandbox Base URL',
		name: 'sandboxBaseUrl',
		type: 'string',
		default: '{sandbox_url}',
		placeholder: 'e.g. https://sandbox-api.example.com',
		description:
			'The sandbox API address ({sandbox_url} in the API documentation). HTTPS only; http:// is accepted for localhost (the local simulator).',
		displayOptions: { show: { environment: ['sandbox'] } },
	},
];

export function scopeProperty(description: string): INodeProperties {
	return {
		displayName: 'Scope',
		name: 'scope',
		type: 'string',
		default: 'Seller_Api',
		description,
	};
}

/** Filled by preAuthentication; n8n empties and refills it when a call answers 401. */
export const accessTokenProperty: INodeProperties = {
	displayName: 'Access Token',
	name: 'accessToken',
	type: 'hidden',
	typeOptions: { expirable: true, password: true },
	default: '',
};

/** A copy of the stored token data that the editor's credential test can read (see grants.ts). */
export const tokenStateProperty: INodeProperties = {
	displayName: 'Token State',
	name: 'tokenState',
	type: 'hidden',
	typeOptions: { password: true },
	default: '',
};

/** A harmless read (the first pre-dispatch shipment) proves the token is accepted. */
export function shipmentReadTest(unauthorizedMessage: string): ICredentialTestRequest {
	return {
		request: {
			baseURL:
				'={{ ($credentials.environment === "sandbox" ? $credentials.sandboxBaseUrl : $credentials.productionBaseUrl).replace(/\\/+$/, "") }}',
			url: '/sellers/v3/shipments/filter',
			method: 'POST',
			body: { filter: { type: 'preDispatch' }, pagination: { pageSize: 1 } },
		},
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: unauthorizedMessage } },
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The token works but may not read shipments: check that the seller account is approved for API access.',
				},
			},
		],
	};
}
