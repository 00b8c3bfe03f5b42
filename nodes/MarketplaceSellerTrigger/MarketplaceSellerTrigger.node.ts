import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
	type NodeConnectionType,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES, MARKETPLACE } from '../shared/profile';
import { setAsNewest } from './boundedFifo';
import { noPersistence, staticDataPersistence } from './dedup/persistence';
import { ALL_EVENTS, PUSH_EVENT_KINDS } from './events';
import {
	getReceiverState,
	handlePush,
	persistReceiverState,
	type PushDecision,
	type ReceiverSettings,
} from './receiver';
import { buildSettings, DEFAULTS, LIMITS, type SettingsResult, type TriggerOptions } from './settings';
import { SettingsCache, settingsKey } from './settingsCache';
import type { HeaderBag } from './verification/verifyPush';

const NODE_DISPLAY_NAME = `${MARKETPLACE.displayName} Seller Trigger`;

/** Logged when a request carries neither signature header (api-facts 9.8). */
export const MISSING_HEADERS_HINT =
	`${NODE_DISPLAY_NAME}: a request arrived without X_Date and X_Authorization and was answered 401. ` +
	'If n8n runs behind nginx or another proxy, header names containing underscores are dropped ' +
	'unless the proxy keeps them (nginx: "underscores_in_headers on;" in the server block).';

type AnyContext = IWebhookFunctions | IHookFunctions;

// n8n's two rule sets disagree on how to spell a single main output ('main' vs the enum);
// the enum is current n8n style and both rule sets accept it through a constant.
const OUTPUTS: NodeConnectionType[] = [NodeConnectionTypes.Main];

// Defaults as plain constants (one source: settings.ts DEFAULTS; the boolean defaults are
// literals because the linter insists, and a unit test keeps them equal to DEFAULTS).
const DEFAULT_RETENTION = DEFAULTS.duplicateRetentionSeconds;
const DEFAULT_MAX_DELIVERIES = DEFAULTS.maxRememberedDeliveries;
const DEFAULT_MAX_SHIPMENTS = DEFAULTS.maxRememberedShipments;
const DEFAULT_REPLAY_WINDOW = DEFAULTS.replayWindowSeconds;
const DEFAULT_SCHEME_WORD: string = DEFAULTS.schemeWord;

function credentialTypeOf(context: AnyContext): string {
	const authentication = context.getNodeParameter('authentication', 'clientCredentials') as string;
	return authentication === 'authorizationCode'
		? CREDENTIAL_TYPES.thirdParty
		: CREDENTIAL_TYPES.selfAccess;
}

async function readSettings(context: AnyContext): Promise<SettingsResult> {
	const credentials = await context.getCredentials(credentialTypeOf(context));
	return buildSettings({
		events: context.getNodeParameter('events', [ALL_EVENTS]),
		registeredUrl: context.getNodeParameter('registeredUrl', ''),
		productionWebhookUrl: context.getNodeWebhookUrl('default'),
		options: context.getNodeParameter('options', {}) as TriggerOptions,
		credentials,
	});
}

/** Settings per workflow, node, credentials and parameters, so a push does not read the credential. */
const settingsCache = new SettingsCache<ReceiverSettings>();

/** Settings from the credential and parameters; invalid ones throw (answered 500 by the caller). */
async function freshSettings(context: IWebhookFunctions): Promise<ReceiverSettings> {
	const result = await readSettings(context);
	if (!result.ok) throw new NodeOperationError(context.getNode(), result.problem);
	return result.settings;
}

/**
 * Rejections worth an operator's attention are logged at warn level, but at most once a minute
 * per node and reason (with a count of the ones left out), so that unauthenticated traffic
 * cannot flood the n8n log. Everything else goes to debug.
 */
const WARN_INTERVAL_MS = 60_000;
const MAX_WARN_KEYS = 1024;
const lastWarnings = new Map<string, { at: number; suppressed: number }>();

function warnLimited(context: IWebhookFunctions, key: string, nowMs: number, message: string, meta: IDataObject): void {
	const previous = lastWarnings.get(key);
	if (previous !== undefined && nowMs - previous.at < WARN_INTERVAL_MS) {
		previous.suppressed += 1;
		return;
	}
	setAsNewest(lastWarnings, key, { at: nowMs, suppressed: 0 }, MAX_WARN_KEYS);
	const suppressed = previous?.suppressed ?? 0;
	context.logger.warn(message, suppressed > 0 ? { ...meta, similarSinceLastWarning: suppressed } : meta);
}

function logDecision(context: IWebhookFunctions, stateKey: string, decision: PushDecision, nowMs: number): void {
	switch (decision.action) {
		case 'reject': {
			const key = `${stateKey}:${decision.reason}`;
			if (decision.reason === 'missing_headers') {
				warnLimited(context, key, nowMs, MISSING_HEADERS_HINT, {});
			} else if (decision.reason === 'date_outside_window') {
				warnLimited(
					context,
					key,
					nowMs,
					`${NODE_DISPLAY_NAME}: rejected a correctly signed push (401) because X_Date is outside the replay window. Check the n8n host clock, or widen Replay Window if the marketplace retries with the original X_Date.`,
					{ reason: decision.reason, clockSkewSeconds: decision.clockSkewSeconds },
				);
			} else if (decision.reason === 'signature_mismatch' || decision.reason === 'wrong_app_id') {
				warnLimited(
					context,
					key,
					nowMs,
					`${NODE_DISPLAY_NAME}: rejected a push (401): ${decision.reason === 'wrong_app_id' ? 'its App ID is not the credential\'s' : 'its signature does not match'}. If genuine pushes are rejected, check the credential and that Registered Receiver URL is exactly the URL in the subscription ticket.`,
					{ reason: decision.reason },
				);
			} else {
				context.logger.debug(`${NODE_DISPLAY_NAME}: rejected a push (401)`, { reason: decision.reason });
			}
			return;
		}
		case 'badRequest':
			context.logger.debug(`${NODE_DISPLAY_NAME}: rejected a push body (400)`, {
				reason: decision.reason,
			});
			return;
		case 'ignore':
			context.logger.debug(`${NODE_DISPLAY_NAME}: acknowledged a push without running (200)`, {
				reason: decision.reason,
				eventType: decision.eventType,
				dedupKey: decision.dedupKey,
			});
			return;
		case 'accept':
			return;
	}
}

const eventOptions = [
	{
		name: 'All',
		value: ALL_EVENTS,
		description: 'Every event, including event types this node does not know yet',
	},
	...PUSH_EVENT_KINDS.map((kind) => ({
		name: kind.displayName,
		value: kind.eventType,
		description: `${kind.sentWhen} (${kind.eventType})`,
	})),
].sort((a, b) => a.name.localeCompare(b.name));

export class MarketplaceSellerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: NODE_DISPLAY_NAME,
		name: 'marketplaceSellerTrigger',
		icon: {
			light: 'file:marketplaceSellerTrigger.svg',
			dark: 'file:marketplaceSellerTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description: `Starts the workflow on signed order and return notifications pushed by the ${MARKETPLACE.displayName}`,
		defaults: {
			name: NODE_DISPLAY_NAME,
		},
		inputs: [],
		outputs: OUTPUTS,
		credentials: [
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
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName:
					`The ${MARKETPLACE.displayName} sends notifications only after a subscription ticket to its support ` +
					'(seller dashboard help; partners: partner dashboard help). Give them the Registered Receiver URL ' +
					"(by default this node's Production URL), the App ID of the credential, your location IDs, whether " +
					'you want return notifications and the return receiver URL (it may be the same URL). Afterwards, ' +
					`switch order and return notifications on or off with the ${MARKETPLACE.displayName} Seller node's ` +
					'Notification Subscription > Update operation. Behind nginx, set "underscores_in_headers on;", ' +
					'otherwise the X_Date and X_Authorization headers never reach n8n.',
				name: 'subscriptionNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Authentication',
				name: 'authentication',
				type: 'options',
				options: [
					{
						name: 'Self Access App',
						value: 'clientCredentials',
					},
					{
						name: 'Third Party App',
						value: 'authorizationCode',
					},
				],
				default: 'clientCredentials',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: eventOptions,
				default: [ALL_EVENTS],
				required: true,
				description:
					'The notification types that start the workflow. Others are acknowledged and dropped.',
			},
			{
				displayName: 'Registered Receiver URL',
				name: 'registeredUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/0000/webhook',
				description:
					"The receiver URL exactly as given in the subscription ticket; it is part of the signature. Leave empty to use this node's Production URL. Set it when a proxy forwards to n8n under another URL.",
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Accept Raw-Date Signatures',
						name: 'acceptRawDateSignature',
						type: 'boolean',
						default: false,
						description:
							'Whether to also accept signatures computed over the X_Date text instead of its epoch seconds (a reading of the docs some senders may follow)',
					},
					{
						displayName: 'Duplicate Handling',
						name: 'deduplicate',
						type: 'boolean',
						default: true,
						description:
							'Whether to run the workflow only once per notification when the marketplace delivers it more than once',
					},
					{
						displayName: 'Duplicate Retention (Seconds)',
						name: 'duplicateRetention',
						type: 'number',
						typeOptions: {
							minValue: LIMITS.duplicateRetentionSeconds.min,
							maxValue: LIMITS.duplicateRetentionSeconds.max,
						},
						default: DEFAULT_RETENTION,
						description:
							'How long a delivered notification is remembered. Never shorter than the replay window.',
					},
					{
						displayName: 'Location to Seller Map',
						name: 'locationToSeller',
						type: 'fixedCollection',
						typeOptions: {
							multipleValues: true,
						},
						default: {},
						placeholder: 'Add Location',
						description:
							'For partners serving several sellers on one URL: the seller of each location ID. Later events of a shipment or return get the seller of its creation event.',
						options: [
							{
								name: 'mappings',
								displayName: 'Mapping',
								values: [
									{
										displayName: 'Location ID',
										name: 'locationId',
										type: 'string',
										default: '',
									},
									{
										displayName: 'Seller ID',
										name: 'sellerId',
										type: 'string',
										default: '',
									},
								],
							},
						],
					},
					{
						displayName: 'Maximum Remembered Deliveries',
						name: 'maxRememberedDeliveries',
						type: 'number',
						typeOptions: {
							minValue: LIMITS.maxRememberedDeliveries.min,
							maxValue: LIMITS.maxRememberedDeliveries.max,
						},
						default: DEFAULT_MAX_DELIVERIES,
						description:
							'Upper bound of remembered notifications; the oldest is forgotten first. They are also kept in the workflow static data, about 24 bytes each.',
					},
					{
						displayName: 'Maximum Remembered Shipments and Returns',
						name: 'maxRememberedShipments',
						type: 'number',
						typeOptions: {
							minValue: LIMITS.maxRememberedShipments.min,
							maxValue: LIMITS.maxRememberedShipments.max,
						},
						default: DEFAULT_MAX_SHIPMENTS,
						description:
							'Upper bound of shipment and return IDs remembered with their seller for the Location to Seller Map',
					},
					{
						displayName: 'Replay Window (Seconds)',
						name: 'replayWindow',
						type: 'number',
						typeOptions: {
							minValue: LIMITS.replayWindowSeconds.min,
							maxValue: LIMITS.replayWindowSeconds.max,
						},
						default: DEFAULT_REPLAY_WINDOW,
						description:
							'Largest accepted difference between X_Date and the n8n clock. It cannot be switched off: the body is not signed, so a captured request could otherwise be replayed with any body.',
					},
					{
						displayName: 'Signature Scheme Word',
						name: 'schemeWord',
						type: 'string',
						default: DEFAULT_SCHEME_WORD,
						description: 'The word before the credentials in X_Authorization, matched case-insensitively',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			// The subscription is made by a support ticket (spec 6.1): there is nothing to look up,
			// create or delete at the marketplace. checkExists only validates the configuration,
			// so that a broken one fails activation instead of answering every push with 500.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const result = await readSettings(this);
				if (!result.ok) {
					throw new NodeOperationError(this.getNode(), result.problem);
				}
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const res = this.getResponseObject();
		const nowMs = Date.now();
		const headers = this.getHeaderData() as HeaderBag;
		const body: unknown = this.getBodyData();

		// getNode() returns a deep copy of the node: read it once per request.
		const node = this.getNode();
		const manual = this.getMode() === 'manual';
		const stateKey = `${this.getWorkflow().id ?? ''}/${node.id}${manual ? '/test' : ''}`;
		// All credential references, not only the chosen type's: the key then needs no parameter read.
		const cacheKey = settingsKey(stateKey, JSON.stringify(node.credentials ?? null), node.parameters);
		let settings = settingsCache.get(cacheKey, nowMs);
		const cached = settings !== undefined;
		try {
			if (settings === undefined) {
				settings = await freshSettings(this);
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
		const nowSeconds = Math.floor(nowMs / 1000);
		const persistence = manual
			? noPersistence
			: staticDataPersistence(this.getWorkflowStaticData('node') as IDataObject);
		let state = getReceiverState(stateKey, settings, persistence, nowSeconds);
		let decision = await handlePush({ headers, body }, settings, state, nowMs);
		const credentialMismatch =
			decision.action === 'reject' && (decision.reason === 'signature_mismatch' || decision.reason === 'wrong_app_id');
		if (credentialMismatch && cached && settingsCache.claimForcedRead(cacheKey, nowMs)) {
			// The secret or App ID may have changed since the settings were cached: check once more
			// with the credential as it is now (a rejection changed no state, so this is safe).
			let current: ReceiverSettings | undefined;
			try {
				current = await freshSettings(this);
			} catch (error) {
				this.logger.warn(`${NODE_DISPLAY_NAME}: could not re-read the credential: ${(error as Error).message}`);
			}
			if (current !== undefined) {
				settingsCache.set(cacheKey, current, nowMs);
				settings = current;
				state = getReceiverState(stateKey, settings, persistence, nowSeconds);
				decision = await handlePush({ headers, body }, settings, state, nowMs);
			}
		}
		persistReceiverState(decision, state, persistence, nowSeconds);
		logDecision(this, stateKey, decision, nowMs);

		// Every answer is sent here, before n8n starts the execution (empty body, chosen status).
		// It also gets the static data saved: n8n saves it in its response callback, and when n8n
		// answers an onReceived webhook itself (2.x: only after creating the execution), creating
		// the execution has already reset the static data's change flag (the run's Workflow wraps
		// the same object again), so the write above would silently not be saved.
		res.status(decision.status).end();
		if (decision.action !== 'accept') return { noWebhookResponse: true };
		return { noWebhookResponse: true, workflowData: [[{ json: decision.item }]] };
	}
}
