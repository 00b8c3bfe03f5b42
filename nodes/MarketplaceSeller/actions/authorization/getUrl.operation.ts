import {
	NodeOperationError,
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { issueState, referenceProblem } from '../../../shared/authorizationState';
import { checkRedirectUrl, resolveBaseUrl } from '../../../shared/baseUrl';
import { buildAuthorizationUrl } from '../../../shared/authorizationUrl';
import { MARKETPLACE } from '../../../shared/profile';
import { runEachItem } from '../../helpers/execution';
import { partnerAppKeys, partnerCredentials } from './partnerCredentials';

const properties: INodeProperties[] = [
	{
		displayName:
			"Builds the link a seller opens to approve your third party app. After they press Allow, their browser goes to your redirect URL with ?code=...&state=...; Connect Seller checks that state and creates the seller's credential (see the partner onboarding example).",
		name: 'authorizationNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Seller Reference',
		name: 'sellerReference',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. acme-store-042',
		description:
			"Your own name or ID for this seller (up to 100 characters; letters, digits, punctuation and plain spaces). It is signed into the state; Connect Seller names the seller's credential after it.",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Valid For (Minutes)',
				name: 'validForMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1440 },
				default: 10,
				description:
					'How long the seller has to approve; Connect Seller and Complete Authorization refuse the state after that',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['authorization'], operation: ['getUrl'] } },
	properties,
);

/**
 * The authorization request URL (docs/marketplace-api/authentication.md#authorization-code-flow), with a signed state (shared/authorizationState.ts)
 * that Complete Authorization verifies later without storage. No request is sent.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const credentials = await partnerCredentials(this, 'Authorization URLs are for third party apps');
	const { appId, appSecret } = partnerAppKeys(this, credentials);
	return await runEachItem(this, items, async (itemIndex) => {
		const baseUrl = resolveBaseUrl(credentials);
		const redirectUri = checkRedirectUrl(credentials.redirectUrl);
		const sellerReference = String(
			this.getNodeParameter('sellerReference', itemIndex, '') ?? '',
		).trim();
		const problem = referenceProblem(sellerReference);
		if (problem !== undefined) {
			throw new NodeOperationError(this.getNode(), `Seller Reference ${problem}`, {
				itemIndex,
				description:
					'Enter your own name or ID for the seller: 1 to 100 letters, digits, punctuation or plain spaces on one line, e.g. acme-store-042.',
			});
		}
		const validForMinutes = Number(this.getNodeParameter('options.validForMinutes', itemIndex, 10));
		if (!Number.isFinite(validForMinutes) || validForMinutes < 1 || validForMinutes > 1440) {
			throw new NodeOperationError(
				this.getNode(),
				`Valid For (Minutes) must be between 1 and 1440, not ${validForMinutes}`,
				{ itemIndex },
			);
		}
		const issued = issueState({
			appId,
			appSecret,
			sellerReference,
			validForSeconds: Math.round(validForMinutes * 60),
			nowMs: Date.now(),
		});
		const scope = String(credentials.scope ?? '').trim() || MARKETPLACE.defaultScope;
		return {
			authorizationUrl: buildAuthorizationUrl({
				baseUrl,
				appId,
				redirectUri,
				scope,
				state: issued.state,
			}),
			sellerReference,
			state: issued.state,
			expiresAt: issued.expiresAt,
			clientId: appId,
			redirectUri,
			scope,
		};
	});
}
