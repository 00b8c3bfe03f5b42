/**
 * The push path: webhook() decides and answers what it can; the execute step records the
 * delivery once its execution exists. See docs/trigger-durability.md.
 */
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { credentialTypeOf } from '../shared/authentication';
import { noPersistence, staticDataPersistence } from './dedup/persistence';
import { logDecision } from './decisionLog';
import { NODE_DISPLAY_NAME } from './nodeName';
import { ALL_EVENTS } from '../shared/events';
import { settleInFlight, waitForInFlight } from './inFlight';
import { handlePush } from './receiver';
import {
	compactKeysOf,
	confirmDelivery,
	findReceiverState,
	getReceiverState,
	persistReceiverState,
	releaseDelivery,
	saveConfirmedDeliveries,
	saveDeliveries,
	saveTentatively,
	type ReceiverState,
} from './receiverState';
import {
	buildSettings,
	deduplicates,
	type ReceiverSettings,
	type SettingsResult,
	type TriggerOptions,
} from './settings';
import { SettingsCache, settingsKey } from './settingsCache';
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

/** Settings per workflow, node, credentials and parameters, so a push does not read the credential. */
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

/**
 * The answer to an accepted push is n8n's, sent when the execution has ended (responseMode
 * "responseNode" with no early response). When the response closes, the delivery's claim is
 * settled. In one process the execute step has confirmed it already (the key is saved with the
 * execution), and it stays confirmed even when the workflow failed: its execution exists. A
 * claim still pending was executed elsewhere (queue mode) when the answer is 200: confirmed
 * here, saved by this process's next static data write; otherwise it is released, so that the
 * marketplace's redelivery runs. Copies waiting for it are woken either way.
 */
function settleWhenAnswered(
	context: IWebhookFunctions,
	stateKey: string,
	key: string,
	onClose?: () => void,
): void {
	const res = context.getResponseObject();
	res.once('close', () => {
		onClose?.();
		const acknowledged = res.statusCode === 200 && res.writableFinished;
		// The state as it is now: a change of limits may have rebuilt it meanwhile.
		const state = findReceiverState(stateKey);
		if (state !== undefined && state.deliveries.isPending(key)) {
			if (acknowledged) {
				state.executionsElsewhere = true;
				confirmDelivery(state, key, Math.floor(Date.now() / 1000));
			} else {
				releaseDelivery(state, key);
			}
		}
		settleInFlight(`${stateKey}|${key}`, acknowledged);
	});
}

/**
 * The hook of a queue-mode push's own saves. n8n saves this request's static data twice: now,
 * before the job is enqueued (noWebhookResponse), and again when the job has ended, just before
 * it answers the push (docs/n8n-internals.md#static-data-saved-again-at-the-job-end). Each field is
 * turned into text once per save, so its second text is made at the run's end: the key is then
 * confirmed, and that save stores it as a remembered delivery.
 */
function confirmAtRunEnd(
	stateKey: string,
	state: ReceiverState,
	key: string,
	run: { ended: boolean },
): (field: 'deliveries' | 'tentative') => void {
	const saves = { deliveries: 0, tentative: 0 };
	return (field) => {
		saves[field] += 1;
		if (run.ended || saves[field] < 2) return;
		run.ended = true;
		confirmDelivery(findReceiverState(stateKey) ?? state, key, Math.floor(Date.now() / 1000));
	};
}

/** Longest pause between two marks of a queue-mode push's static data as changed. */
const MAX_MARK_INTERVAL_MS = 1000;

/**
 * n8n saves a request's static data at the job's end only if it changed since its last save, and
 * both the save before the enqueue and the start of the run clear that mark
 * (docs/n8n-internals.md#static-data-saved-again-at-the-job-end). So it is set again, shortly and then
 * less often, until the run has ended or the request is closed.
 */
async function keepUnsavedUntilRunEnds(mark: () => void, done: () => boolean): Promise<void> {
	for (let delay = 1; !done(); delay = Math.min(delay * 2, MAX_MARK_INTERVAL_MS)) {
		await sleep(delay);
		if (!done()) mark();
	}
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
	// All credential references, not only the chosen type's: the key then needs no parameter read.
	const cacheKey = settingsKey(stateKey, JSON.stringify(node.credentials ?? null), node.parameters);
	let settings = settingsCache.get(cacheKey, nowMs);
	const cached = settings !== undefined;
	try {
		if (settings === undefined) {
			settings = await freshSettings(this, manual);
			settingsCache.set(cacheKey, settings, nowMs);
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
	const persistence = manual
		? noPersistence
		: staticDataPersistence(this.getWorkflowStaticData('node') as IDataObject);
	let state = getReceiverState(stateKey, settings, persistence, nowSeconds);
	let decision = await handlePush({ headers, body, rawBody }, settings, state, nowMs);
	const credentialMismatch =
		decision.action === 'reject' &&
		(decision.reason === 'signature_mismatch' || decision.reason === 'wrong_app_id');
	if (credentialMismatch && cached && settingsCache.claimForcedRead(cacheKey, nowMs)) {
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
			settingsCache.set(cacheKey, current, nowMs);
			settings = current;
			state = getReceiverState(stateKey, settings, persistence, nowSeconds);
			decision = await handlePush({ headers, body, rawBody }, settings, state, nowMs);
		}
	}
	// A copy of a delivery that is still running here waits for that run's answer: then it is
	// a duplicate (the first was acknowledged) or it runs itself (the first was not).
	for (let waits = 0; decision.action === 'inFlight'; waits += 1) {
		if (waits === MAX_IN_FLIGHT_WAITS) {
			res.status(503).end();
			return { noWebhookResponse: true };
		}
		await waitForInFlight(`${stateKey}|${decision.compactKey}`);
		nowMs = Date.now();
		nowSeconds = Math.floor(nowMs / 1000);
		decision = await handlePush({ headers, body, rawBody }, settings, state, nowMs);
	}
	persistReceiverState(decision, state, persistence, nowSeconds);
	logDecision(this, stateKey, decision, nowMs);

	if (decision.action !== 'accept') {
		// Rejections, duplicates and unselected events are answered here. n8n then saves the
		// static data (a duplicate rewrites the merged set) and starts nothing.
		res.status(decision.status).end();
		return { noWebhookResponse: true };
	}
	const workflowData = [[{ json: decision.item }]];
	if (state.executionsElsewhere && !manual && decision.claimedKey !== undefined) {
		// Queue mode: the worker cannot save the delivery (it is handed empty static data, and its
		// save would replace the row). So the key is saved now, before n8n enqueues the job, as
		// tentative, and becomes a remembered delivery at the run's end
		// (docs/trigger-durability.md#several-n8n-processes-queue-mode).
		const key = decision.claimedKey;
		const run = { ended: false, closed: false };
		settleWhenAnswered(this, stateKey, key, () => (run.closed = true));
		saveTentatively(state, key, nowSeconds);
		saveDeliveries(state, persistence, nowSeconds, confirmAtRunEnd(stateKey, state, key, run));
		void keepUnsavedUntilRunEnds(persistence.touch, () => run.ended || run.closed);
		return { workflowData, noWebhookResponse: true };
	}
	if (decision.claimedKey !== undefined) {
		settleWhenAnswered(this, stateKey, decision.claimedKey);
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
	const node = this.getNode();
	const state = findReceiverState(receiverStateKey(this.getWorkflow().id, node.id, false));
	// No state: the push was received by another process (a queue mode worker runs this step).
	// The worker's static data is not the stored row, so writing it would overwrite the row.
	if (deduplicates(options) && state !== undefined) {
		saveConfirmedDeliveries(
			this.getWorkflowStaticData('node'),
			compactKeysOf(items),
			state,
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
