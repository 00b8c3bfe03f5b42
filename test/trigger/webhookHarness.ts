/**
 * Runs the trigger's webhook() the way n8n 2.40.7's live-webhook path does, on a real HTTP
 * server: an express app on loopback builds, for every request, a fresh n8n Workflow (static
 * data loaded from a stand-in database row) and n8n-core's own WebhookContext around the real
 * express request and response, calls webhook(), and then does what n8n does with the result
 * (webhook-helpers.js executeWebhook, workflow-runner.js run):
 * - the node answered itself (noWebhookResponse): save the static data if it changed, start nothing;
 * - workflowData without an answer (responseMode "responseNode"): a second Workflow on the same
 *   static data object (establishContextForPersistence) resets its change flag; the execution is
 *   created (recorded) with static data read afresh from the database; the trigger's execute()
 *   runs in n8n-core's ExecuteContext; the execution's static data is saved if it changed; only
 *   then is the push answered 200 (or 500 when the execution failed).
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import express from 'express';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExecuteContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
	type NodeExecutionHint,
} from 'n8n-workflow';
import type { Server } from 'node:http';

import { MarketplaceSellerTrigger } from '../../nodes/MarketplaceSellerTrigger/MarketplaceSellerTrigger.node';

export interface LogLine {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	meta?: unknown;
}

const logLines: LogLine[] = [];
const captureLogger = {
	error: (message: string, meta?: unknown) => logLines.push({ level: 'error', message, meta }),
	warn: (message: string, meta?: unknown) => logLines.push({ level: 'warn', message, meta }),
	info: (message: string, meta?: unknown) => logLines.push({ level: 'info', message, meta }),
	debug: (message: string, meta?: unknown) => logLines.push({ level: 'debug', message, meta }),
	scoped() {
		return this;
	},
};
Container.set(Logger, captureLogger as unknown as Logger);

const trigger = new MarketplaceSellerTrigger();
const NODE_TYPE = 'n8n-nodes-marketplace-seller.marketplaceSellerTrigger';
const nodeTypes: INodeTypes = {
	getByName: () => trigger as INodeType,
	getByNameAndVersion: () => trigger as INodeType,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

export interface ReceiverOptions {
	parameters?: INodeParameters;
	credentials?: { appId: string; appSecret: string };
	/**
	 * Test-mode webhook instead of the production one: requests go to the Test URL
	 * (/webhook-test/...), which n8n 2.x hands to the node (webhookData.isTest).
	 */
	mode?: 'webhook' | 'manual';
	/** Models n8n 1.x's webhook context, which has no getWebhookResourceUrl. */
	n8nMajor?: 1 | 2;
	nodeId?: string;
	/**
	 * Hold every credential lookup until this many requests are waiting, then release them all
	 * at once: the requests then race through webhook() from the same point, which is the
	 * worst case for a check-then-insert dedup.
	 */
	credentialBarrier?: number;
	/** Awaited after the execution was created and before it runs (to hold runs in flight). */
	beforeExecute?: (item: IDataObject) => Promise<void>;
	/** Awaited after the trigger's execute step, before the execution ends and saves. */
	afterExecute?: (item: IDataObject) => Promise<void>;
	/** Makes creating the execution fail for these items (n8n then answers 500). */
	failExecution?: (item: IDataObject) => boolean;
	/**
	 * Queue mode (n8n 2.40.7, `EXECUTIONS_MODE=queue`), as a webhook process sees it: the job runs
	 * on a worker, another process, so the trigger's execute step does not run here (the worker
	 * has no receiver state and writes nothing). When the job ends, n8n's response callback saves
	 * the request's static data if it changed (live-webhooks.js:147) and answers 200. `workerDies`
	 * models a worker killed mid-job: n8n never answers, and the sender gives up (the connection
	 * is cut). `jobStalls` models a job whose worker was killed and that n8n then fails as stalled:
	 * n8n never answers that push, and the connection stays open for as long as the sender (or a
	 * proxy that ignores its abort) keeps it (docs/n8n-internals.md#a-stalled-job-is-never-answered).
	 */
	queueMode?: {
		workerDies?: (item: IDataObject) => boolean;
		jobStalls?: (item: IDataObject) => boolean;
	};
	/** A database row shared with another receiver (another webhook process of one n8n). */
	database?: { staticData: string | null };
}

export interface Response {
	status: number;
	body: string;
	/** The Retry-After header, when the answer has one. */
	retryAfter?: string;
}

export interface Receiver {
	/** The production URL n8n shows for the node (what the marketplace signs by default). */
	url: string;
	/** The Test URL n8n shows for the node; post() goes there in test mode. */
	testUrl: string;
	executions: IDataObject[];
	/** Hints the trigger's execute step added (n8n shows them in the output panel). */
	hints: NodeExecutionHint[];
	logs: LogLine[];
	/** The workflow row's static data as the "database" holds it. */
	database: { staticData: string | null };
	/** Changes the node's parameters for the next requests, as a saved edit in the editor does. */
	editParameters(parameters: INodeParameters): void;
	post(
		headers: Record<string, string>,
		body: string | object,
		contentType?: string,
		/** Aborting it cuts the connection, as a sender that gives up does. */
		signal?: AbortSignal,
	): Promise<Response>;
	close(): Promise<void>;
}

let counter = 0;

/** How long a queue-mode job takes on the worker, from its creation to job-finished. */
const JOB_MS = 40;

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
	counter += 1;
	const webhookId = `wh-${counter}`;
	const executions: IDataObject[] = [];
	const hints: NodeExecutionHint[] = [];
	const manual = options.mode === 'manual';
	const database = options.database ?? { staticData: null as string | null };
	const credentials = options.credentials;
	let waiting: Array<() => void> = [];
	const barrier = async () => {
		if (options.credentialBarrier === undefined) return;
		await new Promise<void>((resolve) => {
			waiting.push(resolve);
			if (waiting.length >= options.credentialBarrier!) {
				const release = waiting;
				waiting = [];
				for (const go of release) go();
			}
		});
	};

	const node: INode = {
		id: options.nodeId ?? `node-${counter}`,
		name: 'Marketplace Seller Trigger',
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: options.parameters ?? {},
		credentials: {
			marketplaceSellerApi: { id: '1', name: 'Self access app' },
			marketplaceSellerOAuth2Api: { id: '2', name: 'Third party app' },
		},
	};

	const app = express();
	let baseUrl = '';
	app.post(
		manual ? '/webhook-test/:webhookId/webhook' : '/webhook/:webhookId/webhook',
		express.json({ strict: false }),
		express.text({ type: 'text/*' }),
		async (req, res, next) => {
			try {
				// As n8n's live webhooks do: a new Workflow per request, static data from the database.
				const rowStaticData = (
					database.staticData === null ? {} : JSON.parse(database.staticData)
				) as IDataObject;
				const newWorkflow = (staticData: IDataObject) =>
					new Workflow({
						id: 'workflow-1',
						name: 'Orders',
						nodes: [structuredClone(node)],
						connections: {},
						active: true,
						nodeTypes,
						staticData,
					});
				const workflow = newWorkflow(rowStaticData);
				const additionalData = {
					webhookBaseUrl: `${baseUrl}/webhook`,
					webhookTestBaseUrl: `${baseUrl}/webhook-test`,
					httpRequest: req,
					httpResponse: res,
					credentialsHelper: {
						getDecrypted: async () => {
							await barrier();
							if (!credentials) throw new Error('Node does not have any credentials set');
							return { ...credentials };
						},
						isCredentialUsableByNode: () => true,
						getCredentialsProperties: () => [],
					},
				} as unknown as IWorkflowExecuteAdditionalData;
				const description = trigger.description.webhooks![0];
				const webhookData: IWebhookData = {
					httpMethod: 'POST',
					node: node.name,
					path: `${webhookId}/webhook`,
					webhookDescription: description,
					workflowId: 'workflow-1',
					workflowExecuteAdditionalData: additionalData,
					isTest: manual,
				};
				const context = new WebhookContext(
					workflow,
					workflow.getNode(node.name)!,
					additionalData,
					options.mode ?? 'webhook',
					webhookData,
					[],
					null,
				);
				if (options.n8nMajor === 1)
					Object.defineProperty(context, 'getWebhookResourceUrl', { value: undefined });

				const result = await trigger.webhook.call(context);
				const saveIfChanged = (run: Workflow) => {
					const staticData = run.staticData as IDataObject & { __dataChanged?: boolean };
					if (staticData.__dataChanged === true) {
						database.staticData = JSON.stringify(staticData);
						staticData.__dataChanged = false;
					}
				};

				if (options.queueMode !== undefined && result.workflowData !== undefined) {
					// An early answer of the node's own (noWebhookResponse) makes n8n save first.
					if (result.noWebhookResponse === true) saveIfChanged(workflow);
					const items = result.workflowData[0];
					newWorkflow(rowStaticData); // run(): establishContextForPersistence resets the change flag
					for (const item of items) executions.push(item.json);
					for (const item of items) await options.beforeExecute?.(item.json);
					if (items.some((item) => options.queueMode?.workerDies?.(item.json) === true)) {
						// The job never finishes: the sender times out and closes the connection.
						res.destroy();
						return;
					}
					if (items.some((item) => options.queueMode?.jobStalls?.(item.json) === true)) return;
					// The job's run on the worker takes a moment; then job-finished reaches this process.
					await new Promise((resolve) => setTimeout(resolve, JOB_MS));
					saveIfChanged(workflow); // the response callback at the job's end
					if (!res.headersSent) res.status(200).end();
					return;
				}

				if (result.noWebhookResponse === true || result.workflowData === undefined) {
					saveIfChanged(workflow);
					if (!res.headersSent) res.status(200).json({ message: 'Webhook call received' });
					if (result.workflowData !== undefined) {
						for (const item of result.workflowData[0]) executions.push(item.json);
					}
					return;
				}

				const items = result.workflowData[0];
				newWorkflow(rowStaticData); // run(): establishContextForPersistence resets the change flag
				if (items.some((item) => options.failExecution?.(item.json) === true)) {
					saveIfChanged(workflow);
					res.status(500).json({ message: 'There was a problem executing the workflow' });
					return;
				}
				for (const item of items) executions.push(item.json);
				for (const item of items) await options.beforeExecute?.(item.json);
				const run = newWorkflow(
					(database.staticData === null ? {} : JSON.parse(database.staticData)) as IDataObject,
				);
				const runNode = run.getNode(node.name)!;
				const executeContext = new ExecuteContext(
					run,
					runNode,
					additionalData,
					options.mode ?? 'webhook',
					{ resultData: { runData: {} } } as never,
					0,
					items,
					{ main: [items] },
					{ node: runNode, data: { main: [items] }, source: null },
					[],
				);
				// sendResponse from the execution (Buffer body): n8n ends the response at once.
				(additionalData as { hooks?: unknown }).hooks = {
					runHook: async (
						name: string,
						[response]: Array<{ statusCode?: number; body?: Buffer }>,
					) => {
						if (name === 'sendResponse' && !res.headersSent)
							res.status(response.statusCode ?? 200).end(response.body);
					},
				};
				await trigger.execute!.call(executeContext);
				hints.push(...(executeContext as unknown as { hints: NodeExecutionHint[] }).hints);
				await options.afterExecute?.(items[0].json);
				saveIfChanged(run); // workflowExecuteAfter
				saveIfChanged(workflow); // the response callback (nothing: its flag was reset)
				if (!res.headersSent) res.status(200).end();
			} catch (error) {
				next(error);
			}
		},
	);

	const server: Server = await new Promise((resolve) => {
		const s = app.listen(0, '127.0.0.1', () => resolve(s));
	});
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const url = `${baseUrl}/webhook/${webhookId}/webhook`;
	const testUrl = `${baseUrl}/webhook-test/${webhookId}/webhook`;

	return {
		url,
		testUrl,
		executions,
		hints,
		logs: logLines,
		database,
		editParameters: (parameters) => {
			node.parameters = parameters;
		},
		post: async (headers, body, contentType = 'application/json', signal) =>
			await new Promise<Response>((resolve, reject) => {
				const payload = typeof body === 'string' ? body : JSON.stringify(body);
				const req = httpRequest(
					manual ? testUrl : url,
					{
						method: 'POST',
						headers: {
							'content-type': contentType,
							'content-length': Buffer.byteLength(payload),
							...headers,
						},
						agent: false,
						signal,
					},
					(res) => {
						const chunks: Buffer[] = [];
						res.on('data', (chunk: Buffer) => chunks.push(chunk));
						res.on('end', () =>
							resolve({
								status: res.statusCode ?? 0,
								body: Buffer.concat(chunks).toString('utf8'),
								...(typeof res.headers['retry-after'] === 'string'
									? { retryAfter: res.headers['retry-after'] }
									: {}),
							}),
						);
						res.on('error', reject);
					},
				);
				req.on('error', reject);
				req.end(payload);
			}),
		close: async () =>
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
