/** The push trigger's parameters and the texts of its trigger panel. */
import type { INodeProperties, TriggerPanelDefinition } from 'n8n-workflow';

import { authenticationProperty } from '../shared/authentication';
import { MARKETPLACE } from '../shared/profile';
import { ALL_EVENTS, PUSH_EVENT_KINDS } from '../shared/events';
import { DEFAULTS, LIMITS } from './settings';

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

const TEST_HELP =
	'This trigger has two modes: test and production.<br /><br />' +
	"<b>Use test mode while you build your workflow</b>. Click 'Execute step': the node listens on its Test URL " +
	'(Webhook URLs above, tab Test URL). Then send it a signed push: a push signed over the Test URL, or over the ' +
	'Registered Receiver URL, with the App ID and secret of the credential. The execution shows up in this editor; ' +
	'a push with a wrong signature is answered 401 and the node keeps listening.<br /><br />' +
	`The ${MARKETPLACE.displayName} itself pushes only to the registered URL (also its sandbox's test orders), so ` +
	'its pushes run the published workflow, not this test.<br /><br />';

const PRODUCTION_HELP_INACTIVE =
	'<b>Use production mode to run your workflow automatically</b>. Publish the workflow; pushes to the Registered ' +
	"Receiver URL (empty: this node's Production URL) then run it. These executions show up in the executions list, " +
	'but not in the editor.';

const PRODUCTION_HELP_ACTIVE =
	'<b>Use production mode to run your workflow automatically</b>. The workflow is published: pushes to the ' +
	"Registered Receiver URL (empty: this node's Production URL) run it. These executions show up in the " +
	'<a data-key="executions">executions list</a>, but not in the editor.';

/**
 * The https check of the Registered Receiver URL in the editor: displayOptions conditions, one per
 * usual spelling. Not a regex: n8n evaluates those in a vm, several times per push
 * (docs/n8n-internals.md#regex-conditions-in-displayoptions).
 */
const PLAIN_HTTP = ['', ' '].flatMap((space) =>
	['http:', 'HTTP:', 'Http:'].map((scheme) => ({ _cnd: { startsWith: `${space}${scheme}` } })),
);

/**
 * The trigger panel: how to test (a signed push to the Test URL) and what production does.
 * n8n shows the Test URL itself only for its own Webhook node.
 */
export const triggerPanel: TriggerPanelDefinition = {
	header: 'Send a signed test push to the Test URL',
	executionsHelp: {
		inactive: TEST_HELP + PRODUCTION_HELP_INACTIVE,
		active: TEST_HELP + PRODUCTION_HELP_ACTIVE,
	},
	activationHint: {
		inactive: `Once the workflow is built, publish it: then every push the ${MARKETPLACE.displayName} sends to the Registered Receiver URL runs it (those executions show in the executions list, not here).`,
		active: `The workflow is published: pushes the ${MARKETPLACE.displayName} sends to the Registered Receiver URL also run it (those executions show in the executions list, not here).`,
	},
};

export const properties: INodeProperties[] = [
	{
		displayName:
			`The ${MARKETPLACE.displayName} sends notifications only after a subscription ticket to its support ` +
			'(seller dashboard help; partners: partner dashboard help). Give them the Registered Receiver URL ' +
			"(empty: this node's Production URL, under Webhook URLs, tab Production URL), the App ID of the credential, " +
			'your location IDs, whether you want return notifications and the return receiver URL (it may be the same ' +
			`URL). Afterwards, switch order and return notifications on or off with the ${MARKETPLACE.displayName} ` +
			"Seller node's Notification Subscription > Update operation. Behind nginx, set " +
			'"underscores_in_headers on;", otherwise the X_Date and X_Authorization headers never reach n8n.',
		name: 'subscriptionNotice',
		type: 'notice',
		default: '',
	},
	authenticationProperty,
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
		hint: "Empty: this node's Production URL (Webhook URLs above, tab Production URL). Production pushes are verified against it.",
		description:
			"The receiver URL exactly as given in the subscription ticket; it is part of the signature. Leave empty to use this node's Production URL. Set it when a proxy forwards to n8n under another URL.",
	},
	{
		displayName: `This URL is not https: the ${MARKETPLACE.displayName} pushes only to an HTTPS receiver. Put n8n behind a TLS proxy and register its https URL.`,
		name: 'registeredUrlNotHttps',
		type: 'notice',
		default: '',
		displayOptions: { show: { registeredUrl: PLAIN_HTTP } },
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
					'Upper bound of remembered notifications; the oldest is forgotten first. They are also kept in the workflow static data, 11 to 15 bytes each, and n8n writes them with every accepted notification.',
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
				description:
					'The word before the credentials in X_Authorization, matched case-insensitively',
			},
		],
	},
];
