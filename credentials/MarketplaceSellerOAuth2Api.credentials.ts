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
import { obtainPartnerToken } from '../nodes/shared/grants';
import {
	accessTokenProperty,
	environmentProperties,
	scopeProperty,
	refreshTokenTest,
	tokenStateProperty,
} from '../nodes/shared/credentialFields';

/**
 * Third party app (spec 1.4) acting for a seller: authorization code grant with refresh
 * (spec 4.2, 4.3, 5.6). The marketplace's token endpoint takes GET with query parameters and
 * HTTP Basic, which n8n's generic OAuth2 credential cannot do, so the grant runs in
 * preAuthentication. The refresh token is kept in oauthTokenData, which n8n preserves when the
 * credential is edited.
 */
export class MarketplaceSellerOAuth2Api implements ICredentialType {
	name = 'marketplaceSellerOAuth2Api';

	displayName = 'Marketplace Seller OAuth2 API';

	icon: Icon = { light: 'file:marketplaceSeller.svg', dark: 'file:marketplaceSeller.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-marketplace-seller#credentials';

	properties: INodeProperties[] = [
		{
			displayName:
				'For partners and aggregators acting for a seller. 1) Fill in App ID, App Secret, Redirect URL and the base URL, leave Authorization Code empty and save: the test answers with the authorization URL. 2) Send it to the seller; after they press Allow, their browser goes to your redirect URL with ?code=...&state=... 3) Paste that code, or the whole address, into Authorization Code and save. The code works once; n8n then renews access with the refresh token by itself.',
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
			description: 'The application ID (appid, the OAuth client_id) of your third party app',
		},
		{
			displayName: 'App Secret',
			name: 'appSecret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The application secret (app-secret) of your third party app',
		},
		{
			displayName: 'Redirect URL',
			name: 'redirectUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://partner.example.com/oauth/callback',
			description: 'The https redirect URL registered on your third party app; it must match exactly',
		},
		...environmentProperties,
		scopeProperty('OAuth scope requested in the authorization URL, case-sensitive'),
		{
			displayName: 'Authorization Code',
			name: 'authorizationCode',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://partner.example.com/oauth/callback?code=AbC123&state=...',
			description: 'The one-time code the seller\'s approval produced, or the whole address their browser was sent to. Used once; paste a new one only when asked to re-authorize.',
		},
		{
			displayName: 'State',
			name: 'authorizationState',
			type: 'string',
			default: '',
			description: 'The state value that came back with the code. Not needed when the whole address was pasted above.',
		},
		accessTokenProperty,
		tokenStateProperty,
	];

	async preAuthentication(
		this: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	): Promise<IDataObject> {
		return await obtainPartnerToken(this, credentials);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return await authorizeRequest(credentials, requestOptions);
	}

	/** Proves the App ID and App Secret as entered with the token service (credentialFields.ts). */
	test: ICredentialTestRequest = refreshTokenTest;
}
