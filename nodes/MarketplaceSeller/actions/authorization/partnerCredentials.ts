import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IExecuteFunctions,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES } from '../../../shared/profile';
import { credentialTypeOf } from '../../../shared/transport';

/**
 * The third party credential of the node, or a clear error naming what the user sees: n8n 2.x
 * shows the app kind as the credential type in the credential selector, not as a field.
 */
export async function partnerCredentials(
	context: IExecuteFunctions,
	refusal: string,
): Promise<ICredentialDataDecryptedObject> {
	if (credentialTypeOf(context) !== CREDENTIAL_TYPES.thirdParty) {
		throw new NodeOperationError(context.getNode(), refusal, {
			description:
				'Choose a "Marketplace Seller OAuth2 API" credential (your third party app) in the node\'s credential selector; a "Marketplace Seller API" credential is a self access app, which needs no seller approval.',
		});
	}
	return await context.getCredentials(CREDENTIAL_TYPES.thirdParty);
}

/**
 * The App ID and App Secret of the partner credential, refused when either is empty: with an
 * empty secret anyone could compute a state's signature (shared/authorizationState.ts).
 */
export function partnerAppKeys(
	context: IExecuteFunctions,
	credentials: ICredentialDataDecryptedObject,
): { appId: string; appSecret: string } {
	const appId = String(credentials.appId ?? '').trim();
	const appSecret = typeof credentials.appSecret === 'string' ? credentials.appSecret : '';
	const missing = appSecret === '' ? 'App Secret' : appId === '' ? 'App ID' : undefined;
	if (missing !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The third party app credential has no ${missing}`,
			{
				description: `Enter the ${missing === 'App ID' ? 'appid' : 'app-secret'} of your third party app (developer admin portal) in the "Marketplace Seller OAuth2 API" credential chosen here. Nothing was sent.`,
			},
		);
	}
	return { appId, appSecret };
}
