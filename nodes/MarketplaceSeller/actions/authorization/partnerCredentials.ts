import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IExecuteFunctions,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES } from '../../../shared/profile';
import { credentialTypeOf } from '../../transport';

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
