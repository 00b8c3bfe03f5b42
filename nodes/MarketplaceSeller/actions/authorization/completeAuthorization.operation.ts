import {
	NodeOperationError,
	updateDisplayOptions,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { verifyState } from '../../../shared/authorizationState';
import { CREDENTIAL_TYPES } from '../../../shared/profile';
import { forEachItem } from '../../helpers/execution';
import { partnerCredentials } from './partnerCredentials';
import { readRedirect, type RedirectParameters } from './redirect';
import { stateError } from './stateErrors';

const properties: INodeProperties[] = [
	{
		displayName:
			"Checks the redirect a seller's browser brought to your redirect URL: the state must come from Get Authorization URL with this credential's app and must not have expired. Nothing is sent to the marketplace; the code is exchanged later by the seller's new credential.",
		name: 'completeNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Redirect Input',
		name: 'redirectInput',
		type: 'options',
		options: [
			{
				name: 'Query Parameters',
				value: 'query',
				description: "The code and state as an object, e.g. a Webhook node's query",
			},
			{
				name: 'Redirect Address',
				value: 'url',
				description: "The whole address the seller's browser was sent to",
			},
		],
		default: 'query',
	},
	{
		displayName: 'Query Parameters',
		name: 'query',
		type: 'json',
		default: '={{ $json.query }}',
		description:
			"The redirect's query parameters as an object with code and state (or error), e.g. the query of a Webhook node at the redirect URL",
		displayOptions: { show: { redirectInput: ['query'] } },
	},
	{
		displayName: 'Redirect Address',
		name: 'redirectAddress',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://partner.example.com/oauth/callback?code=AbC123&state=v1...',
		description: "The whole address the seller's browser was sent to after pressing Allow",
		displayOptions: { show: { redirectInput: ['url'] } },
	},
	{
		displayName: 'Include Credential Data',
		name: 'includeCredentialData',
		type: 'boolean',
		default: false,
		description:
			'Whether to add credentialData: the fields of a new "Marketplace Seller OAuth2 API" credential for this seller (your app\'s, with this code and state) for the n8n node\'s Create Credential. The App Secret is never output: add it there.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['authorization'], operation: ['completeAuthorization'] } },
	properties,
);

/**
 * The fields of the seller's own credential: the partner app's, with this seller's code and
 * state. Not the App Secret: like tokens it never appears in an output (helpers/redaction.ts).
 */
function credentialData(
	credentials: ICredentialDataDecryptedObject,
	redirect: RedirectParameters,
): IDataObject {
	const data: IDataObject = {};
	for (const key of [
		'appId',
		'redirectUrl',
		'environment',
		'productionBaseUrl',
		'sandboxBaseUrl',
		'scope',
	]) {
		if (typeof credentials[key] === 'string')
			data[key] = key === 'appId' ? String(credentials[key]).trim() : credentials[key];
	}
	return { ...data, authorizationCode: redirect.code, authorizationState: redirect.state };
}

/**
 * docs/marketplace-api/authentication.md#authorization-code-flow: the seller's browser comes back to the redirect URL with code and state. The state
 * is verified (shared/authorizationState.ts) before anything else; no request is sent.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const credentials = await partnerCredentials(
		this,
		'Complete Authorization is for third party apps',
	);
	const appId = String(credentials.appId ?? '').trim();
	const appSecret = String(credentials.appSecret ?? '');
	return await forEachItem(this, items, async (itemIndex) => {
		const redirect = readRedirect(this, itemIndex);
		const check = verifyState(redirect.state, { appId, appSecret, nowMs: Date.now() });
		if (!check.ok) throw stateError(this.getNode(), check, appId, itemIndex);
		if (redirect.denied !== undefined) {
			throw new NodeOperationError(
				this.getNode(),
				`The seller did not approve access (${redirect.denied})`,
				{
					itemIndex,
					description: `Seller "${check.verified.sellerReference}" pressed Deny or the marketplace refused the request. Send them a new authorization URL if they want to try again.`,
				},
			);
		}
		if (redirect.code === '') {
			throw new NodeOperationError(this.getNode(), 'The redirect has no code', {
				itemIndex,
				description:
					'The marketplace sends ?code=...&state=... to the redirect URL after the seller presses Allow: pass those query parameters (or the whole address).',
			});
		}
		const output: IDataObject = {
			sellerReference: check.verified.sellerReference,
			code: redirect.code,
			state: redirect.state,
			stateIssuedAt: check.verified.issuedAt,
			stateExpiresAt: check.verified.expiresAt,
			credentialType: CREDENTIAL_TYPES.thirdParty,
		};
		if (this.getNodeParameter('includeCredentialData', itemIndex, false) === true) {
			output.credentialData = credentialData(credentials, redirect);
		}
		return output;
	});
}
