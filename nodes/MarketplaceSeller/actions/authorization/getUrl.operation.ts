import {
	NodeOperationError,
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { checkRedirectUrl, resolveBaseUrl } from '../../../shared/baseUrl';
import { buildAuthorizationUrl, newState } from '../../../shared/oauth';
import { CREDENTIAL_TYPES, MARKETPLACE } from '../../../shared/profile';
import { forEachItem } from '../../helpers/execution';
import { credentialTypeOf } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName:
			'Builds the link a seller opens to approve your third party app. After they press Allow, their browser goes to your redirect URL with ?code=...&state=...; paste the code (or that whole address) into the credential, and check that the state matches the one output here.',
		name: 'authorizationNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'State',
		name: 'state',
		type: 'string',
		default: '',
		description: 'Text echoed back with the code, against request forgery. Leave empty to generate a random one (recommended).',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['authorization'], operation: ['getUrl'] } }, properties);

/** Spec 4.2: the authorization request URL, with a cryptographically random state. No request is sent. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (credentialTypeOf(this) !== CREDENTIAL_TYPES.thirdParty) {
		throw new NodeOperationError(this.getNode(), 'Authorization URLs are for third party apps', {
			description: 'Set Authentication to "Third Party App (Authorization Code)"; a self access app needs no seller approval.',
		});
	}
	const credentials = await this.getCredentials(CREDENTIAL_TYPES.thirdParty);
	return await forEachItem(this, items, async (itemIndex) => {
		const baseUrl = resolveBaseUrl(credentials);
		const redirectUri = checkRedirectUrl(credentials.redirectUrl);
		const given = String(this.getNodeParameter('state', itemIndex, '') ?? '').trim();
		const state = given || newState();
		const scope = String(credentials.scope ?? '').trim() || MARKETPLACE.defaultScope;
		return {
			authorizationUrl: buildAuthorizationUrl({ baseUrl, appId: String(credentials.appId ?? '').trim(), redirectUri, scope, state }),
			state,
			clientId: String(credentials.appId ?? '').trim(),
			redirectUri,
			scope,
		};
	});
}
