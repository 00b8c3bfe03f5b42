/**
 * Workflows the suite creates through the public API, and helpers to run them and read their
 * executions back.
 */
import { randomUUID } from 'node:crypto';

import {
	sleep,
	type Credential,
	type Execution,
	type N8nInstance,
	type PublicApiClient,
	type Workflow,
	type WorkflowNode,
} from '../../../scripts/e2e/lib';
import { ACTION_TYPE, CREDENTIAL_TYPE, TRIGGER_TYPE } from './session';

export const TRIGGER_NODE = 'Marketplace Seller Trigger';
export const WEBHOOK_NODE = 'Webhook';
export const ACTION_NODE = 'Marketplace Seller';
export const SPLIT_NODE = 'Split Out';

type Json = Record<string, unknown>;

function credentialRef(
	credential: Credential,
	type = CREDENTIAL_TYPE,
): WorkflowNode['credentials'] {
	return { [type]: { id: credential.id, name: credential.name } };
}

/** The credential type of a third party app (authentication authorizationCode). */
export const PARTNER_CREDENTIAL_TYPE = 'marketplaceSellerOAuth2Api';

function connect(from: string, to: string): Record<string, unknown> {
	return { [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } };
}

export interface TriggerWorkflow {
	workflow: Workflow;
	webhookId: string;
	/** Path under /webhook/ (the trigger's production path). */
	path: string;
	/** The trigger's production URL: what the marketplace (the simulator) posts to and signs. */
	productionUrl: string;
}

export interface TriggerWorkflowExtras {
	/** Publish and wait for the route (default true). */
	publish?: boolean;
	/** Nodes between the trigger and NoOp, in order. */
	steps?: WorkflowNode[];
	/** The workflow's static data as stored (e.g. what an earlier release of the trigger wrote). */
	staticData?: Record<string, unknown>;
	/** Workflow settings added to `executionOrder: 'v1'` (e.g. `saveExecutionProgress`). */
	settings?: Record<string, unknown>;
}

/**
 * Marketplace Seller Trigger (all events, defaults) -> [steps] -> NoOp, published, its route
 * answering (unless `publish` is false: a workflow only tested in the editor).
 * `typeVersion` 2 is what the editor adds today; 1 is what workflows saved before it hold.
 */
export async function createTriggerWorkflow(
	n8n: N8nInstance,
	api: PublicApiClient,
	credential: Credential,
	name: string,
	typeVersion = 2,
	options: Record<string, unknown> = {},
	{ publish = true, steps = [], staticData, settings = {} }: TriggerWorkflowExtras = {},
): Promise<TriggerWorkflow> {
	const webhookId = randomUUID();
	const chain = [TRIGGER_NODE, ...steps.map((step) => step.name), 'NoOp'];
	let connections: Record<string, unknown> = {};
	for (let i = 1; i < chain.length; i += 1)
		connections = { ...connections, ...connect(chain[i - 1], chain[i]) };
	const workflow = await api.createWorkflow({
		name,
		nodes: [
			{
				name: TRIGGER_NODE,
				type: TRIGGER_TYPE,
				typeVersion,
				position: [0, 0],
				webhookId,
				parameters: {
					authentication: 'clientCredentials',
					events: ['*'],
					registeredUrl: '',
					options,
				},
				credentials: credentialRef(credential),
			},
			...steps,
			{
				name: 'NoOp',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240 * (steps.length + 1), 0],
				parameters: {},
			},
		],
		connections,
		settings: { executionOrder: 'v1', ...settings },
		...(staticData ? { staticData } : {}),
	});
	const path = `${webhookId}/webhook`;
	if (!publish) return { workflow, webhookId, path, productionUrl: n8n.webhookUrl(path) };
	await api.publishWorkflow(workflow.id);
	// Right after publishing the route can answer 404 "not registered"; postWebhook waits that out.
	// An unsigned probe is answered 401 by the trigger itself and runs nothing.
	const probe = await n8n.postWebhook(path, { probe: true });
	if (probe.status !== 401)
		throw new Error(`trigger route probe answered ${probe.status}: ${JSON.stringify(probe.data)}`);
	return { workflow, webhookId, path, productionUrl: n8n.webhookUrl(path) };
}

export interface ActionWorkflow {
	workflow: Workflow;
	path: string;
}

/**
 * Webhook (POST, answers with the last node's items) -> [Split Out body.items] -> Marketplace
 * Seller with `parameters`. With `splitItems`, the request body's `items` array becomes one
 * input item each, so one request runs the action node on many items in one execution.
 * `credentialType` is the type of `credential` (default: the self access app's).
 */
export async function createActionWorkflow(
	n8n: N8nInstance,
	api: PublicApiClient,
	credential: Credential,
	name: string,
	parameters: Json,
	opts: { splitItems?: boolean; credentialType?: string } = {},
): Promise<ActionWorkflow> {
	const path = `e2e-${randomUUID()}`;
	const nodes: WorkflowNode[] = [
		{
			name: WEBHOOK_NODE,
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: {
				httpMethod: 'POST',
				path,
				responseMode: 'lastNode',
				responseData: 'allEntries',
				options: {},
			},
		},
	];
	let connections: Record<string, unknown>;
	if (opts.splitItems) {
		nodes.push({
			name: SPLIT_NODE,
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} },
		});
		connections = { ...connect(WEBHOOK_NODE, SPLIT_NODE), ...connect(SPLIT_NODE, ACTION_NODE) };
	} else {
		connections = connect(WEBHOOK_NODE, ACTION_NODE);
	}
	nodes.push({
		name: ACTION_NODE,
		type: ACTION_TYPE,
		typeVersion: 1,
		position: [440, 0],
		parameters: {
			authentication:
				opts.credentialType === PARTNER_CREDENTIAL_TYPE ? 'authorizationCode' : 'clientCredentials',
			...parameters,
		},
		credentials: credentialRef(credential, opts.credentialType),
	});
	const workflow = await api.createWorkflow({
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	});
	await api.publishWorkflow(workflow.id);
	return { workflow, path };
}

export interface ActionRun {
	status: number;
	/** What the webhook answered (the action node's items, or n8n's error message). */
	response: unknown;
	execution: Execution;
}

/**
 * Posts `body` to an action workflow and returns the execution it ran, read back through the
 * public API with its data. Each workflow's executions are counted before the call, so the new
 * one is the only execution beyond that count.
 */
export async function runAction(
	n8n: N8nInstance,
	api: PublicApiClient,
	flow: ActionWorkflow,
	body: Json = {},
): Promise<ActionRun> {
	const before = new Set(
		(await api.listAllExecutions({ workflowId: flow.workflow.id })).map((e) => String(e.id)),
	);
	const answer = await n8n.postWebhook(flow.path, body);
	const done = await api.waitForExecutions(flow.workflow.id, before.size + 1, {
		timeoutMs: 120_000,
	});
	const fresh = done.filter((e) => !before.has(String(e.id)));
	if (fresh.length !== 1)
		throw new Error(`expected one new execution of ${flow.workflow.name}, found ${fresh.length}`);
	const execution = await api.getExecution(fresh[0].id, { includeData: true });
	return { status: answer.status, response: answer.data, execution };
}

/** The output items of one node in an execution (first run, first output). */
export function nodeOutput(
	execution: Execution,
	nodeName: string,
): Array<{ json: Json; binary?: Record<string, Json> }> {
	const runs = execution.data?.resultData.runData[nodeName];
	const items = runs?.[0]?.data?.main?.[0] ?? [];
	return items as Array<{ json: Json; binary?: Record<string, Json> }>;
}

/** The error an execution ended with, as n8n stored it. */
export function executionError(execution: Execution): {
	message: string;
	description: string;
	text: string;
} {
	const error = (execution.data?.resultData.error ?? {}) as Json;
	const message = typeof error.message === 'string' ? error.message : '';
	const description = typeof error.description === 'string' ? error.description : '';
	return { message, description, text: JSON.stringify(error) };
}

/** Waits until the workflow has no running or queued execution. */
export async function waitIdle(
	api: PublicApiClient,
	workflowId: string,
	timeoutMs = 60_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while ((await api.activeExecutions(workflowId)).length > 0) {
		if (Date.now() > deadline)
			throw new Error(`workflow ${workflowId} still has running executions after ${timeoutMs} ms`);
		await sleep(200);
	}
}

/**
 * Every execution of the workflow once nothing is running any more. A short settle period
 * covers the moment between a webhook's answer and its execution being created.
 */
export async function settledExecutions(
	api: PublicApiClient,
	workflowId: string,
	opts: { includeData?: boolean } = {},
): Promise<Execution[]> {
	await waitIdle(api, workflowId);
	await sleep(750);
	await waitIdle(api, workflowId);
	return await api.listAllExecutions({ workflowId, includeData: opts.includeData });
}
