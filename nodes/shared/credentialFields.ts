/**
 * The fields and the test requests of both credential types, as one block (credentialProperties):
 * the app's keys, where the API is (environment and base URLs), the scope, and the hidden token
 * n8n renews. Each credential adds only what its grant needs and its own wording.
 *
 * Base URLs default to empty: an empty field means the profile's address for the environment
 * (profile.ts, baseUrl.ts), so a marketplace-specific build fills in profile.ts only, while the
 * anonymous profile's placeholder is reported as an empty field. The placeholder shows the form.
 */
import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialTestRequest,
	INodeProperties,
} from 'n8n-workflow';

import { MARKETPLACE } from './profile';

const environmentProperties: INodeProperties[] = [
	{
		displayName: 'Environment',
		name: 'environment',
		type: 'options',
		options: [
			{ name: 'Production', value: 'production' },
			{ name: 'Sandbox', value: 'sandbox' },
		],
		default: 'production',
		description:
			'Sandbox apps and credentials are issued by marketplace support and differ from production ones',
	},
	{
		displayName: 'Production Base URL',
		name: 'productionBaseUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://api.example.com',
		description:
			'The production API address your marketplace gave you ({base_url} in the API documentation). HTTPS only; http:// is accepted for localhost (the local simulator).',
		displayOptions: { show: { environment: ['production'] } },
	},
	{
		displayName: 'Sandbox Base URL',
		name: 'sandboxBaseUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://sandbox-api.example.com',
		description:
			'The sandbox API address your marketplace gave you ({sandbox_url} in the API documentation). HTTPS only; http:// is accepted for localhost (the local simulator).',
		displayOptions: { show: { environment: ['sandbox'] } },
	},
];

function scopeProperty(description: string): INodeProperties {
	return {
		displayName: 'Scope',
		name: 'scope',
		type: 'string',
		default: 'Seller_Api',
		description,
	};
}

/** Filled by preAuthentication, again when a call answers 401 (docs/n8n-internals.md#preauthentication-and-the-expirable-field). */
const accessTokenProperty: INodeProperties = {
	displayName: 'Access Token',
	name: 'accessToken',
	type: 'hidden',
	typeOptions: { expirable: true, password: true },
	default: '',
};

/** A copy of the stored token data that the editor's credential test can read (see grants.ts). */
const tokenStateProperty: INodeProperties = {
	displayName: 'Token State',
	name: 'tokenState',
	type: 'hidden',
	typeOptions: { password: true },
	default: '',
};

/**
 * Every field of a credential type, in the order the form shows them: a notice, the app's keys
 * (described for its app kind), `appFields`, environment and base URLs, the scope, `grantFields`,
 * and the hidden token fields.
 */
export function credentialProperties(options: {
	notice: string;
	/** "self access app" or "third party app". */
	appKind: string;
	appSecretNote?: string;
	appFields?: INodeProperties[];
	scopeDescription: string;
	grantFields?: INodeProperties[];
}): INodeProperties[] {
	return [
		{ displayName: options.notice, name: 'notice', type: 'notice', default: '' },
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			required: true,
			default: '',
			description: `The application ID (appid, the OAuth client_id) of your ${options.appKind}`,
		},
		{
			displayName: 'App Secret',
			name: 'appSecret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: `The application secret (app-secret) of your ${options.appKind}${options.appSecretNote ? `. ${options.appSecretNote}` : ''}`,
		},
		...(options.appFields ?? []),
		...environmentProperties,
		scopeProperty(options.scopeDescription),
		...(options.grantFields ?? []),
		accessTokenProperty,
		tokenStateProperty,
	];
}

/** The chosen environment's base URL, the profile's when the field is empty (as baseUrl.ts reads it). */
const BASE_URL_EXPRESSION = `={{ ($credentials.environment === "sandbox" ? ($credentials.sandboxBaseUrl || "").trim() || "${MARKETPLACE.sandboxBaseUrl}" : ($credentials.productionBaseUrl || "").trim() || "${MARKETPLACE.productionBaseUrl}").replace(/\\/+$/, "") }}`;

const REFUSED_APP =
	'The marketplace refused the App ID or App Secret: check both (the appid and app-secret from the developer admin portal) and the environment; sandbox and production apps differ.';

/**
 * The self access app's test asks the token service for a token with the App ID and App Secret
 * as entered (HTTP Basic, attached by the credential's authenticate). A token stored earlier
 * proves nothing about a secret typed in since, so the test never relies on it.
 */
export const clientCredentialsTest: ICredentialTestRequest = {
	request: {
		baseURL: BASE_URL_EXPRESSION,
		url: '/oauth-service/oauth/token',
		method: 'GET',
		qs: {
			grant_type: 'client_credentials',
			scope: '={{ ($credentials.scope || "Seller_Api").trim() }}',
		},
	},
	rules: [
		{ type: 'responseCode', properties: { value: 401, message: REFUSED_APP } },
		{
			type: 'responseCode',
			properties: {
				value: 400,
				message:
					'The token service refused the request: check the Scope (Seller_Api, case-sensitive).',
			},
		},
	],
};

/**
 * n8n's tester applies each rule by its type (docs/n8n-internals.md#the-credential-test); the
 * declared type of `rules` allows one kind per list, so this mixed list is narrowed to it below.
 */
const refreshTokenRules: Array<
	IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
> = [
	{ type: 'responseCode', properties: { value: 401, message: REFUSED_APP } },
	{
		type: 'responseCode',
		properties: {
			value: 400,
			message:
				'The App ID and App Secret were accepted, but the token service does not know the stored refresh token (revoked, or issued to another app): paste a new authorization code.',
		},
	},
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'expired',
			value: true,
			message:
				'The App ID and App Secret were accepted, but the refresh token has expired: the seller must authorize the app again (paste a new authorization code).',
		},
	},
];

/**
 * A third party app cannot use the client credentials grant, and refreshing its token in a test
 * could rotate the refresh token without storing the new one. Its test asks the token expiry
 * endpoint about the credential's refresh token instead: the token service answers only with the
 * right App ID and App Secret (HTTP Basic), and the answer tells whether the seller's approval
 * still holds. The token is filled in by the credential's authenticate, after n8n may have
 * exchanged a newly pasted code (see authorizeRequest.ts).
 */
export const refreshTokenTest: ICredentialTestRequest = {
	request: {
		baseURL: BASE_URL_EXPRESSION,
		url: '/oauth-service/oauth/token/expiry',
		method: 'GET',
		qs: { token_type: 'refresh' },
	},
	rules: refreshTokenRules as IAuthenticateRuleResponseCode[],
};
