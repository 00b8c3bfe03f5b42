/**
 * The push path: webhook() decides and answers what it can; the execute step records the
 * delivery once its execution exists. See docs/trigger-durability.md.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { credentialTypeOf } from '../shared/authentication';
import { logDecision } from './decisionLog';
import { NODE_DISPLAY_NAME } from './nodeName';
import { ALL_EVENTS } from '../shared/events';
import { handlePush } from './receiver';
import { DeliveryMemory, rememberExecutedPush } from './deliveryMemory';
import {
	buildSettings,
	deduplicates,
	type ReceiverSettings,
	type SettingsResult,
	type TriggerOptions,
} from './settings';
import { SettingsCache, settingsFingerprint } from './settingsCache';
import { testPushHints, testWebhookUrlOf } from './testMode';
import type { HeaderBag } from './verification/verifyPush';

type AnyContext = IWebhookFunctions | IHookFunctions;

/** How often a copy waits for the same delivery in flight before it is answered 503. */
const MAX_IN_FLIGHT_WAITS = 3;

/** The settings; `testWebhookUrl` in test mode only (see ReceiverSettings.testUrl). */
export async function readSettings(
	context: AnyContext,
	testWebhookUrl?: string,
): Promise<SettingsResult> {
	const credentials = await context.getCredentials(credentialTypeOf(context));
	return buildSettings({
		events: context.getNodeParameter('events', [ALL_EVENTS]),
		registeredUrl: context.getNodeParameter('registeredUrl', ''),
		productionWebhookUrl: context.getNodeWebhookUrl('default'),
		testWebhookUrl,
		options: context.getNodeParameter('options', {}) as TriggerOptions,
		credentials,
	});
}

/** The key of a trigger node's memory in this process: workflow, node, and test or production. */
function receiverStateKey(workflowId: string | undefined, nodeId: string, manual: boolean): string {
	return `${workflowId ?? ''}/${nodeId}${manual ? '/test' : ''}`;
}

/** Settings per workflow and node, with what they were read with, so a push does not read the credential. */
const settingsCache = new SettingsCache<ReceiverSettings>();

/** Settings from the credential and parameters; invalid ones throw (answered 500 by the caller). */
async function freshSettings(
	context: IWebhookFunctions,
	manual: boolean,
): Promise<ReceiverSettings> {
	const result = await readSettings(context, manual ? testWebhookUrlOf(context) : undefined);
	if (!result.ok) throw new NodeOperationError(context.getNode(), result.problem);
	return result.settings;
}

export async function receivePush(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const res = this.getResponseObject();
	let nowMs = Date.now();
	const headers = this.getHeaderData() as HeaderBag;
	const body: unknown = this.getBodyData();
	// The request's bytes, so the delivery key reads large numbers exactly (docs/n8n-internals.md#rawbody).
	const rawBody: unknown = (this.getRequestObject() as { rawBody?: unknown }).rawBody;

	// getNode() returns a deep copy of the node: read it once per request.
	const node = this.getNode();
	const manual = this.getMode() === 'manual';
	const stateKey = receiverStateKey(this.getWorkflow().id, node.id, manual);
	// All credential references, not only the chosen type's: then no parameter is read for it.
	const fingerprint = settingsFingerprint(node.credentials, node.parameters);
	let settings = settingsCache.get(stateKey, fingerprint, nowMs);
	const cached = settings !== undefined;
	try {
		if (settings === undefined) {
			settings = await freshSettings(this, manual);
			settingsCache.set(stateKey, fingerprint, settings, nowMs);
		}
	} catch (error) {
		// Misconfiguration: answer like a receiver that is down, so the marketplace retries.
		this.logger.error(`${NODE_DISPLAY_NAME}: cannot verify pushes: ${(error as Error).message}`);
		res.status(500).end();
		return { noWebhookResponse: true };
	}

	// From the state lookup to the dedup claim nothing is awaited: concurrent requests cannot
	// interleave there.
	let nowSeconds = Math.floor(nowMs / 1000);
	const staticData = manual ? undefined : (this.getWorkflowStaticData('node') as IDataObject);
	let memory = DeliveryMemory.open(stateKey, settings, staticData, nowSeconds);
	let decision = await handlePush({ headers, body, rawBody }, settings, memory, nowMs);
	const credentialMismatch =
		decision.action === 'reject' &&
		(decision.reason === 'signature_mismatch' || decision.reason === 'wrong_app_id');
	if (credentialMismatch && cached && settingsCache.claimForcedRead(stateKey, nowMs)) {
		// The secret or App ID may have changed since the settings were cached: check once more
		// with the credential as it is now (a rejection changed no state, so this is safe).
		let current: ReceiverSettings | undefined;
		try {
			current = await freshSettings(this, manual);
		} catch (error) {
			this.logger.warn(
				`${NODE_DISPLAY_NAME}: could not re-read the credential: ${(error as Error).message}`,
			);
		}
		if (current !== undefined) {
			settingsCache.set(stateKey, fingerprint, current, nowMs);
			settings = current;
			memory = DeliveryMemory.open(stateKey, settings, staticData, nowSeconds);
			decision = await handlePush({ headers, body, rawBody }, settings, memory, nowMs);
		}
	}
	// A copy of a delivery that is still running here waits for that run's answer: then it is
	// a duplicate (the first was acknowledged) or it runs itself (the first was not).
	for (let waits = 0; decision.action === 'inFlight'; waits += 1) {
		if (waits === MAX_IN_FLIGHT_WAITS) {
			res.status(503).end();
			return { noWebhookResponse: true };
		}
		await memory.waitForFirstCopy(decision.compactKey, nowSeconds);
		nowMs = Date.now();
		nowSeconds = Math.floor(nowMs / 1000);
		decision = await handlePush({ headers, body, rawBody }, settings, memory, nowMs);
	}
	memory.saveUnexecuted(decision, nowSeconds);
	logDecision(this, stateKey, decision, nowMs);

	if (decision.action !== 'accept') {
		// Rejections, duplicates, unselected events and copies asked to come again later are
		// answered here. n8n then saves the static data (a duplicate rewrites the merged set) and
		// starts nothing.
		if (decision.action === 'retryLater')
			res.setHeader('Retry-After', String(decision.retryAfterSeconds));
		res.status(decision.status).end();
		return { noWebhookResponse: true };
	}
	const workflowData = [[{ json: decision.item }]];
	if (
		decision.claimedKey !== undefined &&
		memory.startRemembering(this, decision.claimedKey, nowSeconds) === 'tentative'
	) {
		// Queue mode: the worker cannot save the delivery (it is handed empty static data, and its
		// save would replace the row). So the key was saved now, before n8n enqueues the job, as
		// tentative, and becomes a remembered delivery at the run's end
		// (docs/trigger-durability.md#several-n8n-processes-queue-mode).
		return { workflowData, noWebhookResponse: true };
	}
	// No answer here: n8n creates the execution, runs it (execute() below records the delivery
	// in the static data it saves at the end) and then answers 200.
	return { workflowData };
}

/**
 * The trigger's step inside the execution: the execution exists now, so the deliveries of its
 * items may be remembered. In the process that received the push they go, merged with the
 * stored row, into the static data n8n saves when the execution ends, before it answers the
 * push. A queue mode worker writes nothing (the receiving webhook process saved the key). The
 * items pass through unchanged.
 */
export async function recordExecutedPush(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	if (this.getMode() === 'manual') {
		this.addExecutionHints(...testPushHints(items));
		return [items];
	}
	const options = this.getNodeParameter('options', 0, {}) as TriggerOptions;
	// The node's id only: the execute data holds the node itself, getNode() a deep copy of it.
	const nodeId = this.getExecuteData().node.id;
	// In another process than the one that received the push (a queue mode worker), nothing is
	// written: the memory module knows (rememberExecutedPush).
	if (deduplicates(options)) {
		rememberExecutedPush(
			receiverStateKey(this.getWorkflow().id, nodeId, false),
			() => this.getWorkflowStaticData('node'),
			items,
			Math.floor(Date.now() / 1000),
		);
	}
	if (options.acknowledge === 'onceStored') {
		// The execution exists: answer now, with a Buffer body so n8n ends the response at once
		// (docs/n8n-internals.md#a-buffer-body-answers-at-once); the key is saved when it ends.
		await this.sendResponse({ body: Buffer.alloc(0), headers: {}, statusCode: 200 });
	}
	return [items];
}
