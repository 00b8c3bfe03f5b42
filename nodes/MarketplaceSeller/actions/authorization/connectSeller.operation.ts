import {
	NodeOperationError,
	updateDisplayOptions,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	exchangeAuthorizationCode,
	HANDOVER_FIELD,
	type HandedOverTokens,
} from '../../../shared/grants';
import { isTokenRequestError } from '../../../shared/tokenFailure';
import { CREDENTIAL_TYPES } from '../../../shared/profile';
import { runEachItem } from '../../helpers/execution';
import {
	createCredential,
	findCredentials,
	replaceCredentialData,
	type N8nCredentialSummary,
} from './n8nCredentialsApi';
import { partnerAppKeys, partnerCredentials } from './partnerCredentials';
import { checkRedirect, type CheckedRedirect } from './redirect';
import { redirectProperties } from './redirectProperties';

export const DEFAULT_NAME_PREFIX = 'Marketplace Seller - ';

const properties: INodeProperties[] = [
	{
		displayName:
			'Connects a seller who approved your third party app: checks the redirect their browser brought to your redirect URL, exchanges the code with the marketplace, and creates their "Marketplace Seller OAuth2 API" credential in this n8n (or updates it when the seller reference already has one). The App Secret is copied from your credential by n8n\'s API, never through the workflow. Needs an n8n API credential.',
		name: 'connectNotice',
		type: 'notice',
		default: '',
	},
	...redirectProperties,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Credential Name Prefix',
				name: 'credentialNamePrefix',
				type: 'string',
				default: DEFAULT_NAME_PREFIX,
				description:
					"The seller's credential is named this prefix followed by the seller reference; a credential of that name is updated instead of adding a second one",
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['authorization'], operation: ['connectSeller'] } },
	properties,
);

/** The fields of the partner's credential the seller's credential copies (n8n validates them). */
const COPIED_FIELDS = ['redirectUrl', 'productionBaseUrl', 'sandboxBaseUrl', 'scope'] as const;

function sellerCredentialData(
	partner: ICredentialDataDecryptedObject,
	keys: { appId: string; appSecret: string },
	tokens: HandedOverTokens,
): IDataObject {
	const data: IDataObject = {
		appId: keys.appId,
		appSecret: keys.appSecret,
		environment: partner.environment === 'sandbox' ? 'sandbox' : 'production',
	};
	for (const field of COPIED_FIELDS) data[field] = String(partner[field] ?? '');
	return {
		...data,
		authorizationCode: '',
		authorizationState: '',
		[HANDOVER_FIELD]: JSON.stringify(tokens),
	};
}

function credentialName(context: IExecuteFunctions, itemIndex: number, reference: string): string {
	const prefix = String(
		context.getNodeParameter('options.credentialNamePrefix', itemIndex, DEFAULT_NAME_PREFIX) ?? '',
	);
	const name = `${prefix}${reference}`;
	if (name.length > 128 || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(prefix)) {
		throw new NodeOperationError(context.getNode(), 'Credential Name Prefix cannot be used', {
			itemIndex,
			description:
				'Use a prefix of plain text on one line; with the seller reference the name must fit in 128 characters.',
		});
	}
	return name;
}

/** The seller's existing credential, refused when it was changed after this link was made. */
async function existingCredential(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	redirect: CheckedRedirect,
): Promise<N8nCredentialSummary | undefined> {
	const found = await findCredentials(context, itemIndex, name, CREDENTIAL_TYPES.thirdParty);
	if (found.length > 1) {
		throw new NodeOperationError(
			context.getNode(),
			`${found.length} credentials are named "${name}": Connect Seller cannot tell which to update`,
			{
				itemIndex,
				description:
					'Delete or rename all but one of them (keep the one your workflows use), then send the seller a new authorization URL. Nothing was sent to the marketplace.',
			},
		);
	}
	const [existing] = found;
	// The state's issue time has whole seconds: a change within that second is not taken as use.
	const changedAfterLink =
		existing !== undefined &&
		Date.parse(existing.updatedAt) >= Date.parse(redirect.stateIssuedAt) + 1000;
	if (changedAfterLink) {
		throw new NodeOperationError(context.getNode(), 'This authorization link was already used', {
			itemIndex,
			description: `The credential "${name}" was changed after this link was made (by this link or by hand), so it is not applied again. Nothing was sent to the marketplace. If the seller really wants to connect again, send them a new authorization URL (Get Authorization URL).`,
		});
	}
	return existing;
}

async function exchange(
	context: IExecuteFunctions,
	itemIndex: number,
	partner: ICredentialDataDecryptedObject,
	redirect: CheckedRedirect,
): Promise<HandedOverTokens> {
	try {
		return await exchangeAuthorizationCode(
			{ helpers: { httpRequest: context.helpers.httpRequest } },
			partner,
			redirect.code,
			redirect.state,
		);
	} catch (error) {
		if (!isTokenRequestError(error))
			throw new NodeOperationError(context.getNode(), error as Error, { itemIndex });
		throw new NodeOperationError(
			context.getNode(),
			`The marketplace did not accept the seller's code: ${error.message}`,
			{
				itemIndex,
				description: `No credential was created or changed. ${error.hint} A code works once and for a few minutes: send the seller a new authorization URL.`,
			},
		);
	}
}

/**
 * docs/marketplace-seller-node.md#connect-seller: the redirect is checked like Complete
 * Authorization's (redirect.ts), the seller's credential looked up by name, the code exchanged
 * with the partner credential (docs/marketplace-api/authentication.md#authorization-code-flow),
 * and the credential created or replaced through n8n's API. Nothing secret is output.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const partner = await partnerCredentials(this, 'Connect Seller is for third party apps');
	const keys = partnerAppKeys(this, partner);
	return await runEachItem(this, items, async (itemIndex) => {
		const redirect = checkRedirect(this, itemIndex, keys);
		const name = credentialName(this, itemIndex, redirect.sellerReference);
		const existing = await existingCredential(this, itemIndex, name, redirect);
		const tokens = await exchange(this, itemIndex, partner, redirect);
		const data = sellerCredentialData(partner, keys, tokens);
		const saved =
			existing === undefined
				? await createCredential(this, itemIndex, {
						name,
						type: CREDENTIAL_TYPES.thirdParty,
						data,
					})
				: await replaceCredentialData(this, itemIndex, existing.id, { name, data });
		return {
			sellerReference: redirect.sellerReference,
			credentialId: saved.id,
			credentialName: name,
			credentialType: CREDENTIAL_TYPES.thirdParty,
			credentialAction: existing === undefined ? 'created' : 'updated',
			accessTokenExpiresAt: tokens.accessTokenExpiresAt,
			refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
		};
	});
}
