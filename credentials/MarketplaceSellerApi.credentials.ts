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
import { clientCredentialsTest, credentialProperties } from '../nodes/shared/credentialFields';

/**
 * Self access app (docs/marketplace-api/authentication.md#applications): the seller's own application, client credentials grant (docs/marketplace-api/authentication.md#client-credentials-grant).
 * The access token is fetched by preAuthentication, stored in the hidden expirable field, and
 * fetched again when a call answers 401 (docs/n8n-internals.md#preauthentication-and-the-expirable-field).
 */
export class MarketplaceSellerApi implements ICredentialType {
	name = 'marketplaceSellerApi';

	displayName = 'Marketplace Seller API';

	icon: Icon = { light: 'file:marketplaceSeller.svg', dark: 'file:marketplaceSeller.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-marketplace-seller#credentials';

	properties: INodeProperties[] = credentialProperties({
		notice:
			'For your own seller account: create a self access app in the seller dashboard (profile management > developer access > create new access) and copy its App ID and App Secret here. Partners and aggregators use the "Marketplace Seller OAuth2 API" credential instead.',
		appKind: 'self access app',
		appSecretNote: 'Never share it with a partner.',
		scopeDescription:
			'OAuth scope, case-sensitive; a comma-separated list is allowed, e.g. Seller_Api,Default',
	});

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

	/** Proves the App ID and App Secret as entered with the token service (credentialFields.ts). */
	test: ICredentialTestRequest = clientCredentialsTest;
}
