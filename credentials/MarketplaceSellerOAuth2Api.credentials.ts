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
import { credentialProperties, refreshTokenTest } from '../nodes/shared/credentialFields';

/**
 * Third party app (docs/marketplace-api/authentication.md#applications) acting for a seller: authorization code grant with refresh
 * (docs/marketplace-api/authentication.md#authorization-code-flow, docs/marketplace-api/authentication.md#token-endpoint, docs/marketplace-api/authentication.md#refresh-token-renewal). The marketplace's token endpoint takes GET with query parameters and
 * HTTP Basic, which n8n's generic OAuth2 credential cannot do, so the grant runs in
 * preAuthentication. The refresh token is kept in oauthTokenData, which n8n preserves when the
 * credential is edited (docs/n8n-internals.md#oauthtokendata).
 */
export class MarketplaceSellerOAuth2Api implements ICredentialType {
	name = 'marketplaceSellerOAuth2Api';

	displayName = 'Marketplace Seller OAuth2 API';

	icon: Icon = { light: 'file:marketplaceSeller.svg', dark: 'file:marketplaceSeller.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-marketplace-seller#credentials';

	properties: INodeProperties[] = credentialProperties({
		notice:
			'For partners and aggregators acting for a seller. First setup: 1) fill in App ID, App Secret, Redirect URL and the base URL, leave Authorization Code empty and save. The test then answers "Couldn\'t connect" on purpose: under More details it gives the authorization URL. 2) The seller opens it and presses Allow; their browser goes to your redirect URL with ?code=...&state=... 3) Paste that code, or the whole address, into Authorization Code and save: the test now passes. The code works once and is cleared after use; n8n renews access with the refresh token by itself. Many sellers: the Marketplace Seller node\'s Connect Seller operation creates this credential for each seller (see the partner onboarding example).',
		appKind: 'third party app',
		appFields: [
			{
				displayName: 'Redirect URL',
				name: 'redirectUrl',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. https://partner.example.com/oauth/callback',
				description:
					'The https redirect URL registered on your third party app; it must match exactly',
			},
		],
		scopeDescription: 'OAuth scope requested in the authorization URL, case-sensitive',
		grantFields: [
			{
				displayName: 'Authorization Code',
				name: 'authorizationCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://partner.example.com/oauth/callback?code=AbC123&state=...',
				description:
					"The one-time code the seller's approval produced, or the whole address their browser was sent to. Cleared once exchanged; paste a new one only when asked to re-authorize.",
			},
			{
				displayName: 'State',
				name: 'authorizationState',
				type: 'string',
				default: '',
				description:
					'The state value that came back with the code. Not needed when the whole address was pasted above.',
			},
			{
				displayName: 'Tokens From Connect Seller',
				name: 'connectSellerTokens',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					"Filled by the node's Connect Seller operation with the tokens of the seller's approval; moved into the credential's own token storage on first use, then emptied. Leave it empty.",
			},
		],
	});

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
