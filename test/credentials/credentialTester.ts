/**
 * The editor's credential test (the Test / Retry button), run the way n8n 2.40.7 runs it
 * (packages/cli CredentialsTester.runRequestTest, n8n/dist/services/credentials-tester.service.js
 * 256-407): the credential type's `test.request` becomes the routing of a temporary NoOp node,
 * n8n-core's RoutingNode sends it through httpRequestWithAuthentication with the credential data
 * the editor sent, and the outcome becomes "Connection successful!" or the first matching rule.
 *
 * n8n's credentials helper has a rule to run preAuthentication in such a test even when a token
 * is stored (credentials-helper.js 107-113, `isTestingCredentials`), but in the editor flow of
 * n8n 2.40.7 a test of a saved credential made no token request (test/e2e, 02-action): the stored
 * token was used as it is, which is the default here. `forcePreAuthentication: true` models the
 * rule. The test must prove the App ID and secret either way, never just reuse the stored token.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import {
	createEmptyRunExecutionData,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialTestRequest,
	type IHttpRequestHelper,
	type INode,
	type INodeType,
	type INodeTypes,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { CREDENTIAL_CLASSES, CredentialStore, TestCredentialsHelper } from '../support/n8nHarness';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

class TesterCredentialsHelper extends TestCredentialsHelper {
	constructor(
		store: CredentialStore,
		private readonly force: boolean,
	) {
		super(store);
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		// n8n: isTestingCredentials = node.parameters.temp === '' && node.type === 'n8n-nodes-base.noOp'.
		const testing =
			this.force && node.parameters.temp === '' && node.type === 'n8n-nodes-base.noOp';
		return await super.preAuthentication(
			helpers,
			credentials,
			typeName,
			node,
			credentialsExpired || testing,
		);
	}
}

export async function testCredential(options: {
	type: string;
	data: ICredentialDataDecryptedObject;
	store: CredentialStore;
	forcePreAuthentication?: boolean;
}): Promise<CredentialTestResult> {
	const test = CREDENTIAL_CLASSES[options.type].test as ICredentialTestRequest;
	const nodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: 'n8n-nodes-base.noOp',
			group: ['organization'],
			version: 1,
			description: '',
			defaults: { name: 'Temp-Node' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: options.type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	} as unknown as INodeType;
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		credentials: { [options.type]: { id: 'cred-1', name: 'Test credential' } },
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = {
		credentialsHelper: new TesterCredentialsHelper(
			options.store,
			options.forcePreAuthentication ?? false,
		),
		restApiUrl: 'http://127.0.0.1/rest',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createEmptyRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routing = new RoutingNode(context, nodeType, {
		id: 'cred-1',
		name: 'Test credential',
		type: options.type,
		data: options.data,
	});
	let response: Awaited<ReturnType<RoutingNode['runNode']>>;
	try {
		response = await routing.runNode();
	} catch (caught) {
		// As CredentialsTester.runRequestTest (credentials-tester.service.js 336-376).
		const error = caught as {
			message: string;
			cause?: { response?: { status: number; statusText?: string }; code?: string };
		};
		const response = error.cause?.response;
		if (response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.status)
					return { status: 'Error', message: rule.properties.message };
			}
			if (response.status < 199 || response.status > 299) {
				return {
					status: 'Error',
					message: response.statusText || `Received HTTP status code: ${response.status}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: error.message.toString() };
	}
	// As runRequestTest after a success (credentials-tester.service.js 382-395).
	const json =
		(response as Array<Array<{ json: Record<string, unknown> }>> | undefined)?.[0]?.[0]?.json ?? {};
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && json[rule.properties.key] === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
