import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES } from '../../../shared/profile';
import { runEachItem } from '../../helpers/execution';
import { partnerAppKeys, partnerCredentials } from './partnerCredentials';
import { checkRedirect } from './redirect';
import { redirectProperties } from './redirectProperties';

const properties: INodeProperties[] = [
	{
		displayName:
			"Checks the redirect a seller's browser brought to your redirect URL and outputs the seller reference and the code, for a flow of your own. To create the seller's credential, use Connect Seller instead: it keeps the App Secret out of the workflow. Nothing is sent to the marketplace.",
		name: 'completeNotice',
		type: 'notice',
		default: '',
	},
	...redirectProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['authorization'], operation: ['completeAuthorization'] } },
	properties,
);

/**
 * docs/marketplace-api/authentication.md#authorization-code-flow: the seller's browser comes back
 * to the redirect URL with code and state. The redirect is checked (redirect.ts checkRedirect:
 * signed and unused state, opaque code) before anything is output; no request is sent.
 *
 * There is no credential data in the output (docs/marketplace-seller-node.md#complete-authorization):
 * a credential made from it needs the App Secret typed into the workflow.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const credentials = await partnerCredentials(
		this,
		'Complete Authorization is for third party apps',
	);
	const keys = partnerAppKeys(this, credentials);
	return await runEachItem(this, items, async (itemIndex) => {
		const redirect = checkRedirect(this, itemIndex, keys);
		return {
			sellerReference: redirect.sellerReference,
			code: redirect.code,
			state: redirect.state,
			stateIssuedAt: redirect.stateIssuedAt,
			stateExpiresAt: redirect.stateExpiresAt,
			credentialType: CREDENTIAL_TYPES.thirdParty,
		};
	});
}
