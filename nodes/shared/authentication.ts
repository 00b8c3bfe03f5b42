/**
 * The one Authentication selector of the action node, the push trigger and the poll trigger, the
 * credential each of its choices asks for, and the reading of it back into a credential type.
 */
import type {
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	INodeCredentialDescription,
	INodeProperties,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES, type CredentialTypeName } from './profile';

export const authenticationProperty: INodeProperties = {
	displayName: 'Authentication',
	name: 'authentication',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Self Access App (Client Credentials)',
			value: 'clientCredentials',
			description: 'Your own seller account, with the App ID and secret of a self access app',
		},
		{
			name: 'Third Party App (Authorization Code)',
			value: 'authorizationCode',
			description: 'A partner or aggregator acting for a seller who approved the app',
		},
	],
	default: 'clientCredentials',
	description: 'The kind of app the credential belongs to',
};

/** The credential of each Authentication choice (the node's `credentials`). */
export const credentialsByAuthentication: INodeCredentialDescription[] = [
	{
		name: CREDENTIAL_TYPES.selfAccess,
		required: true,
		displayOptions: { show: { authentication: ['clientCredentials'] } },
	},
	{
		name: CREDENTIAL_TYPES.thirdParty,
		required: true,
		displayOptions: { show: { authentication: ['authorizationCode'] } },
	},
];

export type AuthenticationContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions;

/** The credential type chosen by the node's Authentication parameter. */
export function credentialTypeOf(context: AuthenticationContext): CredentialTypeName {
	// Only an execute context reads parameters per item; the others take no item index.
	const authentication = (
		'getInputData' in context
			? context.getNodeParameter('authentication', 0, 'clientCredentials')
			: (context as ILoadOptionsFunctions).getNodeParameter('authentication', 'clientCredentials')
	) as string;
	return authentication === 'authorizationCode'
		? CREDENTIAL_TYPES.thirdParty
		: CREDENTIAL_TYPES.selfAccess;
}
