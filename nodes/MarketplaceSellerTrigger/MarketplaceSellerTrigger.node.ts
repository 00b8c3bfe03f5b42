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

import { credentialsByAuthentication } from '../shared/authentication';
import { eventsSubtitle } from '../shared/eventsSubtitle';
import { MARKETPLACE } from '../shared/profile';
import { properties, triggerPanel } from './description';
import { ALL_EVENTS, PUSH_EVENT_KINDS } from '../shared/events';
import { NODE_DISPLAY_NAME } from './nodeName';
import { readSettings, receivePush, recordExecutedPush } from './webhookFlow';

// n8n's two rule sets disagree on how to spell a single main output ('main' vs the enum);
// the enum is current n8n style and both rule sets accept it through a constant.
const OUTPUTS: NodeConnectionType[] = [NodeConnectionTypes.Main];

export class MarketplaceSellerTrigger implements INodeType {
	// Version 2 behaves as version 1; it spares n8n an expression isolate per request
	// (docs/n8n-internals.md#version-2-and-expression-isolates).
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
		subtitle: eventsSubtitle(PUSH_EVENT_KINDS, ALL_EVENTS),
		description: `Starts the workflow on signed order and return notifications pushed by the ${MARKETPLACE.displayName}`,
		defaults: {
			name: NODE_DISPLAY_NAME,
		},
		// Test mode: the editor listens on the Test URL, where only a push signed over that URL (the
		// simulator's) or over the registered URL verifies; the marketplace itself pushes to the
		// registered URL only.
		eventTriggerDescription: 'Waiting for a signed test push to the Test URL',
		activationMessage: `${MARKETPLACE.displayName} pushes to the Registered Receiver URL now run this workflow.`,
		triggerPanel,
		inputs: [],
		outputs: OUTPUTS,
		credentials: credentialsByAuthentication,
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// n8n answers once the execution has ended and its static data is saved: the 200 means
				// the push ran and will not run again (docs/n8n-internals.md#responsenode-answers-when-the-execution-ends).
				responseMode: 'responseNode',
				path: 'webhook',
			},
		],
		properties,
	};

	webhookMethods = {
		default: {
			// The subscription is made by a support ticket (docs/marketplace-api/notifications.md#subscription): there is nothing to look up,
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
