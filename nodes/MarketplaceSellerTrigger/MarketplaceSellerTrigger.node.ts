import {
	NodeConnectionTypes,
	NodeOperationError,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
	type NodeConnectionType,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES, MARKETPLACE } from '../shared/profile';
import { ALL_EVENTS, PUSH_EVENT_KINDS } from './events';
import { DEFAULTS, LIMITS } from './settings';
import { NODE_DISPLAY_NAME } from './nodeName';
import { readSettings, receivePush, recordExecutedPush } from './webhookFlow';

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
	// Version 2 behaves as version 1. It exists because n8n 2.x evaluates an expression, and so
	// takes an expression isolate, for every request to a version-1 webhook node
	// (webhook-helpers.js parseRequestBody); with lazy isolate acquisition version 2 needs none.
	description: INodeTypeDescription = {
		displayName: NODE_DISPLAY_NAME,
		name: 'marketplaceSellerTrigger',
		icon: {
			light: 'file:marketplaceSellerTrigger.svg',
			dark: 'file:marketplaceSellerTrigger.dark.svg',
		},
		group: ['trigger'],
		version: [1, 2],
		defaultVersion: 2,
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
				// n8n answers when the execution has ended and its static data (the remembered delivery)
				// is saved: the 200 the marketplace gets means the push ran and will not run again.
				// See docs/trigger-durability.md.
				responseMode: 'responseNode',
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
						displayName: 'Acknowledge Push',
						name: 'acknowledge',
						type: 'options',
						options: [
							{
								name: 'After the Workflow Has Run',
								value: 'afterRun',
								description:
									'Safest: the 200 means the push ran and is remembered, also across a crash. The marketplace waits for the workflow.',
							},
							{
								name: 'Once the Execution Is Stored',
								value: 'onceStored',
								description:
									'Faster for long workflows: the 200 goes out when n8n has stored the execution and starts it. Nothing is lost; a copy sent after a crash in the middle of the run may run again.',
							},
						],
						default: 'afterRun',
						description: 'When the marketplace gets its 200 for a push that starts the workflow',
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
		return await receivePush.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await recordExecutedPush.call(this);
	}
}
