import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readStoredTokenData } from '../../../shared/grants';
import { CREDENTIAL_TYPES, PATHS } from '../../../shared/profile';
import { runEachItem } from '../../helpers/execution';
import { apiRequest, credentialTypeOf } from '../../../shared/transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Token',
		name: 'tokenSource',
		type: 'options',
		options: [
			{ name: 'Access Token of the Credential', value: 'credentialAccess' },
			{
				name: 'Refresh Token of the Credential',
				value: 'credentialRefresh',
				description: 'Third party apps only: client credentials give no refresh token',
			},
			{
				name: 'Given Token',
				value: 'given',
				description: "Any token issued to the credential's app",
			},
		],
		default: 'credentialAccess',
		description: 'Which token to check; the token itself is never put in the output',
	},
	{
		displayName: 'Token Type',
		name: 'tokenType',
		type: 'options',
		options: [
			{ name: 'Access Token', value: 'access' },
			{ name: 'Refresh Token', value: 'refresh' },
		],
		default: 'access',
		description: 'Which kind of token the given value is',
		displayOptions: { show: { tokenSource: ['given'] } },
	},
	{
		displayName: 'Token Value',
		name: 'token',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'The token to check, e.g. from an expression; it is sent to the marketplace only and never put in the output',
		displayOptions: { show: { tokenSource: ['given'] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['token'], operation: ['checkExpiry'] } },
	properties,
);

/** How long a token has left (docs/marketplace-api/authentication.md#token-expiry-check), plus the resulting expiry time. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const credentialType = credentialTypeOf(this);
	const credentials = await this.getCredentials(credentialType);
	return await runEachItem(this, items, async (itemIndex) => {
		const source = this.getNodeParameter('tokenSource', itemIndex) as string;
		let tokenType: 'access' | 'refresh';
		let token: string;
		if (source === 'given') {
			tokenType = this.getNodeParameter('tokenType', itemIndex) as 'access' | 'refresh';
			token = String(this.getNodeParameter('token', itemIndex, '')).trim();
		} else if (source === 'credentialRefresh') {
			if (credentialType !== CREDENTIAL_TYPES.thirdParty) {
				throw new NodeOperationError(this.getNode(), 'A self access app has no refresh token', {
					itemIndex,
					description:
						'The client credentials grant issues access tokens only; check the access token instead.',
				});
			}
			tokenType = 'refresh';
			token = readStoredTokenData(credentials).refreshToken ?? '';
		} else {
			tokenType = 'access';
			token = typeof credentials.accessToken === 'string' ? credentials.accessToken : '';
		}
		if (token === '') {
			throw new NodeOperationError(
				this.getNode(),
				`The credential holds no ${tokenType} token yet`,
				{
					itemIndex,
					description:
						'Tokens are fetched on the first call that needs them: run another operation of this node first.',
				},
			);
		}
		const expiry = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: PATHS.grantExpiry,
			family: 'oauth',
			qs: { token_type: tokenType, token },
			expect: { expires_in: 'value', expired: 'value' },
			// A given token is a secret too: keep it out of messages and output.
			secrets: [token],
			operation: 'Check token expiry',
			itemIndex,
		});
		const expiresIn = Number(expiry.expires_in);
		// Only the documented fields (docs/marketplace-api/authentication.md#token-expiry-check), named in the node's camel case like the fields it
		// adds: a server that echoes the token must not put it in the output.
		return {
			expired: expiry.expired,
			tokenType: expiry.token_type,
			expiresIn: expiry.expires_in,
			tokenSource: source,
			...(Number.isFinite(expiresIn)
				? { expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() }
				: {}),
		};
	});
}
