/**
 * Runs the poll trigger's poll() inside n8n-core's own PollContext (credentials, parameters,
 * static data, httpRequestWithAuthentication with its token renewal), the way n8n 2.40.7 runs a
 * published poll trigger without the durable scheduler (the default):
 *
 * - activation runs one poll at once; its items would start executions; afterwards n8n saves
 *   the workflow's static data (ActiveWorkflowManager.add -> saveStaticData);
 * - each later poll changes the in-memory static data, which is saved only when the poll emits
 *   items (TriggerExecutionContextFactory __emit -> saveStaticData; a poll returning null only
 *   commits a durable cursor, which is off by default);
 * - a restart builds a new Workflow from the saved static data and activates again.
 *
 * The test controls time: Date alone is faked (jest), so n8n's clock and the in-process
 * simulator's clock (Date.now() + its offset) move together when the test sets the time, and
 * advanceClock on the simulator alone makes the two differ (clock skew).
 *
 * Every poll is checked like every action run (test/hardening/support/secretGuard.ts): no secret
 * of the credential, in any encoding, in its items, its error or the lines it logged.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { PollContext } from 'n8n-core';
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeTypes,
	type LogMetadata,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { MarketplaceSellerPollTrigger } from '../../nodes/MarketplaceSellerPollTrigger/MarketplaceSellerPollTrigger.node';
import { assertNoSecret, visibleRunText } from '../hardening/support/secretGuard';
import { CredentialStore, storeSecrets, TestCredentialsHelper } from '../support/n8nHarness';

export const POLL_TYPE = 'n8n-nodes-marketplace-seller.marketplaceSellerPollTrigger';
export const pollNodeType = new MarketplaceSellerPollTrigger();
// What n8n's node loader does to a node with polling: true (DirectoryLoader.applySpecialNodeParameters).
pollNodeType.description.properties.unshift(...commonPollingParameters);

const nodeTypes = {
	getByName: () => pollNodeType,
	getByNameAndVersion: () => pollNodeType,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

/** Every line n8n's logger was given in this test file (the poll context logs through it). */
export const loggedLines: string[] = [];
const n8nLogger = Container.get(Logger);
const recorder = Object.create(n8nLogger) as Logger;
for (const level of ['error', 'warn', 'info', 'debug'] as const) {
	Object.defineProperty(recorder, level, {
		value: (message: string, metadata?: LogMetadata) => {
			loggedLines.push(`${level}: ${message} ${JSON.stringify(metadata ?? {})}`);
			n8nLogger[level](message, metadata);
		},
	});
}
// Contexts read the logger from n8n's container when they first log.
Container.set(Logger, recorder);

/**
 * Runs one poll and fails the test when its items, its error or a line logged while it ran holds
 * a secret of the stored credentials.
 */
async function guardedPoll(
	store: CredentialStore,
	run: () => Promise<INodeExecutionData[][] | null>,
): Promise<INodeExecutionData[][] | null> {
	const firstLine = loggedLines.length;
	let result: INodeExecutionData[][] | null = null;
	let failure: unknown;
	try {
		result = await run();
	} catch (error) {
		failure = error;
	}
	const seen = [visibleRunText(failure, result?.[0] ?? []), ...loggedLines.slice(firstLine)].join(
		'\n',
	);
	assertNoSecret(seen, storeSecrets(store), 'a poll (items, error or log lines)');
	if (failure !== undefined) throw failure;
	return result;
}

export interface PollRun {
	items: IDataObject[];
	/** Whether n8n would have saved the static data after this poll. */
	saved: boolean;
}

/** Fakes Date only (timers, sockets and n8n's sleep stay real). */
export function fakeDateOnly(): void {
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}

/** One published poll trigger, its saved static data surviving restarts. */
export class PollTriggerRunner {
	/** What n8n has in its database (workflow_entity.staticData). */
	saved: IDataObject = {};

	private workflow!: Workflow;

	private context!: PollContext;

	private activated = false;

	readonly node: INode;

	constructor(
		private readonly store: CredentialStore,
		parameters: IDataObject,
		credentialType = 'marketplaceSellerApi',
	) {
		this.node = {
			id: 'poll-node-1',
			name: 'Marketplace Seller Poll Trigger',
			type: POLL_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				authentication:
					credentialType === 'marketplaceSellerApi' ? 'clientCredentials' : 'authorizationCode',
				pollTimes: { item: [{ mode: 'everyMinute' }] },
				...parameters,
			} as never,
			credentials: { [credentialType]: { id: 'cred-1', name: 'Test credential' } },
		};
		this.start();
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: new TestCredentialsHelper(this.store),
			restApiUrl: 'http://127.0.0.1/rest',
			instanceBaseUrl: 'http://127.0.0.1/',
			webhookBaseUrl: 'http://127.0.0.1/webhook',
			variables: {},
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	/** A process of n8n with the workflow published: the saved static data, read afresh. */
	private start(): void {
		this.workflow = new Workflow({
			id: 'wf-poll',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: structuredClone(this.saved),
		});
		this.context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'trigger',
			'activate',
		);
		this.activated = false;
	}

	/** The next poll (the first one of a process is the activation poll). */
	async poll(): Promise<PollRun> {
		const result = await guardedPoll(
			this.store,
			async () => (await pollNodeType.poll!.call(this.context)) as INodeExecutionData[][] | null,
		);
		const items = result?.[0]?.map((item) => item.json) ?? [];
		const saved = !this.activated || items.length > 0;
		this.activated = true;
		if (saved) this.saved = JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
		return { items, saved };
	}

	/** n8n stops and starts again: only the saved static data survives. */
	restart(): void {
		this.start();
	}

	/** The node's static data as it is in memory now. */
	nodeStaticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}
}

/** A manual run ("Fetch Test Event") of the same node, with a workflow of its own. */
export async function manualPoll(
	store: CredentialStore,
	parameters: IDataObject,
	staticData: IDataObject = {},
): Promise<{ items: IDataObject[]; staticData: IDataObject }> {
	const node: INode = {
		id: 'poll-node-1',
		name: 'Marketplace Seller Poll Trigger',
		type: POLL_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			authentication: 'clientCredentials',
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			...parameters,
		} as never,
		credentials: { marketplaceSellerApi: { id: 'cred-1', name: 'Test credential' } },
	};
	const workflow = new Workflow({
		id: 'wf-poll',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		staticData: structuredClone(staticData),
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(store),
		restApiUrl: 'http://127.0.0.1/rest',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new PollContext(workflow, node, additionalData, 'manual', 'manual');
	const result = await guardedPoll(
		store,
		async () => (await pollNodeType.poll!.call(context)) as INodeExecutionData[][] | null,
	);
	return {
		items: result?.[0]?.map((item) => item.json) ?? [],
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
	};
}

/**
 * The lines the poll trigger logs from now on: a stand-in for n8n's logger in every PollContext
 * that has not used its logger yet (n8n-core memoizes a context's logger on first use).
 */
export function captureLogs(): { lines: string[]; stop: () => void } {
	const lines: string[] = [];
	const line = (level: string) => (message: string) => {
		lines.push(`${level}: ${message}`);
	};
	const logger = {
		info: line('info'),
		warn: line('warn'),
		error: line('error'),
		debug: line('debug'),
	};
	Object.defineProperty(PollContext.prototype, 'logger', { configurable: true, get: () => logger });
	return {
		lines,
		stop: () => {
			delete (PollContext.prototype as unknown as { logger?: unknown }).logger;
		},
	};
}
