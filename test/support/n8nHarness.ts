/**
 * Runs one of our nodes inside n8n-core's own execution engine (WorkflowExecute), so parameters,
 * expressions, credentials, httpRequestWithAuthentication (with its 401 refresh-and-retry),
 * binary data and continueOnFail go through n8n's real code paths.
 *
 * The only stand-in is the credentials helper, which in n8n lives in the server package: this
 * one keeps credentials in memory and mirrors the server's semantics that matter here
 * (defaults applied, oauthTokenData carried, preAuthentication run when the expirable field is
 * empty or the token expired, its output persisted).
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IExecuteData,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IWorkflowExecuteAdditionalData,
	type ExecutionError,
	type INodeListSearchResult,
} from 'n8n-workflow';

import { MarketplaceSellerApi } from '../../credentials/MarketplaceSellerApi.credentials';
import {
	assertNoSecret,
	credentialSecrets,
	visibleRunText,
} from '../hardening/support/secretGuard';
import { MarketplaceSellerOAuth2Api } from '../../credentials/MarketplaceSellerOAuth2Api.credentials';

/**
 * A stand-in for n8n's own "n8n API" credential (n8nApi, in n8n's nodes-base package, which the
 * tests do not install): the same two fields, and the API key sent as X-N8N-API-KEY.
 */
class TestN8nApi implements ICredentialType {
	name = 'n8nApi';

	displayName = 'n8n API';

	properties: ICredentialType['properties'] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'X-N8N-API-KEY': String(credentials.apiKey) },
		};
	}
}

export const CREDENTIAL_CLASSES: Record<string, ICredentialType> = {
	marketplaceSellerApi: new MarketplaceSellerApi(),
	marketplaceSellerOAuth2Api: new MarketplaceSellerOAuth2Api(),
	n8nApi: new TestN8nApi(),
};

/** In-memory credential storage with a log of what n8n would have written to its database. */
export class CredentialStore {
	readonly saved = new Map<string, ICredentialDataDecryptedObject>();

	readonly updates: Array<{ type: string; data: ICredentialDataDecryptedObject }> = [];

	set(type: string, data: ICredentialDataDecryptedObject): void {
		this.saved.set(type, structuredClone(data));
	}

	get(type: string): ICredentialDataDecryptedObject {
		const data = this.saved.get(type);
		if (!data) throw new Error(`No test credential of type ${type}`);
		return structuredClone(data);
	}
}

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly store: CredentialStore) {
		super();
	}

	private type(name: string): ICredentialType {
		const type = CREDENTIAL_CLASSES[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = this.type(typeName);
		if (typeof type.authenticate !== 'function')
			throw new Error('only function authenticate is used here');
		return await type.authenticate(credentials, requestOptions);
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await type.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		if (node.credentials) {
			const stored = this.store.get(typeName);
			const merged = { ...stored, ...output };
			this.store.set(typeName, merged);
			this.store.updates.push({ type: typeName, data: structuredClone(merged) });
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getCredentialsProperties(type: string) {
		return this.type(type).properties;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store.get(type);
		// As the server does: defaults for missing fields, undeclared fields dropped, oauthTokenData kept.
		const data = NodeHelpers.getNodeParameters(
			this.type(type).properties,
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (stored.oauthTokenData !== undefined) data.oauthTokenData = stored.oauthTokenData;
		return data;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, data);
		this.store.updates.push({ type, data: structuredClone(data) });
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getOAuth2Options(): undefined {
		return undefined;
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}
}

export interface RunNodeOptions {
	node: INodeType;
	/** n8n type name, e.g. n8n-nodes-marketplace-seller.marketplaceSeller */
	type?: string;
	parameters: INodeParameters;
	input?: IDataObject[] | INodeExecutionData[];
	store: CredentialStore;
	/** Which stored credential the node uses (credential type name). */
	credentialType: string;
	/** Further stored credentials the node uses, by type (e.g. n8nApi beside the partner's). */
	otherCredentialTypes?: string[];
	/** The workflow's static data, shared between runs when the same object is passed. */
	staticData?: IDataObject;
	continueOnFail?: boolean;
	/** "On Error: Continue (using error output)": failed items go to a second output. */
	errorOutput?: boolean;
}

export interface RunNodeResult {
	items: INodeExecutionData[];
	/** The second output under `errorOutput`: the items n8n took for errors. */
	errorItems: INodeExecutionData[];
	error?: ExecutionError;
	run: IRun;
}

function singleNodeTypes(node: INodeType): INodeTypes {
	return {
		getByName: () => node,
		getByNameAndVersion: () => node,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

function toItems(input: RunNodeOptions['input']): INodeExecutionData[] {
	if (!input || input.length === 0) return [{ json: {} }];
	return (input as Array<IDataObject | INodeExecutionData>).map((entry) =>
		'json' in entry && typeof entry.json === 'object'
			? (entry as INodeExecutionData)
			: { json: entry as IDataObject },
	);
}

const NODE_NAME = 'Marketplace Seller';

/** The single node of a test workflow, with the stored credential of `credentialType`. */
function testNode(
	parameters: INodeParameters,
	credentialType: string,
	type = 'n8n-nodes-marketplace-seller.marketplaceSeller',
	otherCredentialTypes: string[] = [],
): INode {
	const credentials: INode['credentials'] = {};
	for (const [index, name] of [credentialType, ...otherCredentialTypes].entries())
		credentials[name] = { id: `cred-${index + 1}`, name: `Test credential ${index + 1}` };
	return {
		id: 'node-1',
		name: NODE_NAME,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials,
	};
}

let runCounter = 0;

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	runCounter += 1;
	const executionId = `test-${runCounter}`;
	const node: INode = {
		...testNode(
			options.parameters,
			options.credentialType,
			options.type,
			options.otherCredentialTypes,
		),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
	};
	const workflow = new Workflow({
		id: 'wf-1',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: singleNodeTypes(options.node),
		staticData: options.staticData,
	});
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'wf-1',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	let finished: (run: IRun) => void = () => undefined;
	const done = new Promise<IRun>((resolve) => {
		finished = resolve;
	});
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
	const additionalData = {
		hooks,
		credentialsHelper: new TestCredentialsHelper(options.store),
		executionId,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		currentNodeParameters: undefined,
		variables: {},
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => undefined,
	} as unknown as IWorkflowExecuteAdditionalData;
	const executeData: IExecuteData = {
		node,
		data: { main: [toItems(options.input)] },
		source: null,
	};
	const runExecutionData: IRunExecutionData = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [executeData],
			waitingExecution: {},
			waitingExecutionSource: null,
		},
	} as IRunExecutionData;
	const engine = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	await engine.processRunExecutionData(workflow);
	const run = await done;
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const result = {
		items: taskData?.data?.main?.[0] ?? [],
		errorItems: taskData?.data?.main?.[1] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
		run,
	};
	// Every run of the suite: no secret the run knew, in any encoding, in what the user sees.
	assertNoSecret(
		visibleRunText(result.error, [...result.items, ...result.errorItems]),
		runSecrets(options),
		`the output or error of "${String(options.parameters.operation)}"`,
	);
	return result;
}

/** The secrets of the stored credentials, before and after a run (tokens it obtained included). */
export function storeSecrets(store: CredentialStore): Set<string> {
	const secrets = new Set<string>();
	for (const data of [...store.saved.values(), ...store.updates.map((update) => update.data)]) {
		for (const secret of credentialSecrets(data)) secrets.add(secret);
	}
	return secrets;
}

/** The secrets a run knows: those of the stored credentials (before and after it) and a given token. */
function runSecrets(options: RunNodeOptions): Set<string> {
	const secrets = storeSecrets(options.store);
	if (typeof options.parameters.token === 'string' && !options.parameters.token.startsWith('='))
		secrets.add(options.parameters.token);
	return secrets;
}

/**
 * Runs a list search method (a resource locator's "From List") the way the editor does: through
 * n8n-core's LoadOptionsContext, with the node's current parameters and its credential.
 */
export async function runListSearch(options: {
	node: INodeType;
	method: string;
	parameters: INodeParameters;
	store: CredentialStore;
	credentialType: string;
	filter?: string;
	paginationToken?: string;
}): Promise<INodeListSearchResult> {
	const node = testNode(options.parameters, options.credentialType);
	const workflow = new Workflow({
		id: 'wf-1',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: singleNodeTypes(options.node),
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(options.store),
		currentNodeParameters: options.parameters,
		restApiUrl: 'http://127.0.0.1/rest',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters.sku');
	const method = options.node.methods?.listSearch?.[options.method];
	if (!method) throw new Error(`No list search method ${options.method}`);
	// What the editor shows, result or error, holds no secret of the credential in any encoding.
	const where = `the list search "${options.method}"`;
	let result: INodeListSearchResult;
	try {
		result = await method.call(context, options.filter, options.paginationToken);
	} catch (error) {
		assertNoSecret(visibleRunText(error, []), storeSecrets(options.store), `the error of ${where}`);
		throw error;
	}
	assertNoSecret(JSON.stringify(result), storeSecrets(options.store), `the result of ${where}`);
	return result;
}
