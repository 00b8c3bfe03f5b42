import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { authorizeRequest } from '../nodes/shared/authorizeRequest';
import { obtainClientCredentialsToken } from '../nodes/shared/grants';
import { MARKETPLACE } from '../nodes/shared/profile';

/**
 * Self access app (spec 1.4): the seller's own application, client credentials grant (spec 4.1).
 * The access token is fetched by preAuthentication, stored in the hidden expirable field, and
 * fetched again when a call answers 401 (n8n retries that call once).
 */
export class MarketplaceSellerApi implements ICredentialType {
	name = 'marketplaceSellerApi';

	displayName = 'Marketplace Seller API';

	icon: Icon = { light: 'file:marketplaceSeller.svg', dark: 'file:marketplaceSeller.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-marketplace-seller#credentials';

	properties: INodeProperties[] = [
		{
			displayName:
				'For your own seller account: create a self access app in the seller dashboard (profile management > developer access > create new access) and copy its App ID and App Secret here. Partners and aggregators use the "Marketplace Seller OAuth2 API" credential instead.',
			name: 'notice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			required: true,
			default: '',
			description: 'The application ID (appid, the OAuth client_id) of your self access app',
		},
		{
			displayName: 'App Secret',
			name: 'appSecret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The application secret (app-secret) of your self access app. Never share it with a partner.',
		},
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
			default: MARKETPLACE.productionBaseUrl,
			placeholder: 'e.g. https://api.example.com',
			description: 'The production API address ({base_url} in the API documentation). HTTPS only; http:// is accepted for localhost (the local simulator).',
			displayOptions: { show: { environment: ['production'] } },
		},
		{
			displayName: 'Sandbox Base URL',
			name: 'sandboxBaseUrl',
			type: 'string',
			default: MARKETPLACE.sandboxBaseUrl,
			placeholder: 'e.g. https://sandbox-api.example.com',
			description: 'The sandbox API address ({sandbox_url} in the API documentation). HTTPS only; http:// is accepted for localhost (the local simulator).',
			displayOptions: { show: { environment: ['sandbox'] } },
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: MARKETPLACE.defaultScope,
			description: 'OAuth scope, case-sensitive; a comma-separated list is allowed, e.g. Seller_Api,Default',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		return await obtainClientCredentialsToken(this, credentials);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return await authorizeRequest(credentials, requestOptions);
	}

	// A harmless read (the first pre-dispatch shipment) proves the token is accepted.
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ ($credentials.environment === "sandbox" ? $credentials.sandboxBaseUrl : $credentials.productionBaseUrl).replace(/\\/+$/, "") }}',
			url: '/sellers/v3/shipments/filter',
			method: 'POST',
			body: { filter: { type: 'preDispatch' }, pagination: { pageSize: 1 } },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The marketplace refused the access token. Check the App ID, App Secret and environment.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The token works but this app may not read shipments: check that the seller account is approved for API access.',
				},
			},
		],
	};
}
