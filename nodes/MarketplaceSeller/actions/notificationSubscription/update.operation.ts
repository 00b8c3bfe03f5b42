import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import type { ItemResult } from '../../helpers/execution';
import { readRequiredText } from '../../helpers/parameters';
import { apiRequest, type StatusExplanation } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { locationLocator } from '../common.descriptions';

const SWITCH_OPTIONS = [
	{ name: 'Leave Unchanged', value: 'unchanged' },
	{ name: 'Enable', value: 'enable' },
	{ name: 'Disable', value: 'disable' },
];

const properties: INodeProperties[] = [
	{
		displayName:
			'The subscription itself is created by a marketplace support ticket (receiver URL, certificates, location IDs). This operation only switches order and return notifications of an existing subscription on or off.',
		name: 'subscriptionNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Seller ID',
		name: 'sellerId',
		type: 'string',
		required: true,
		default: '',
		description:
			'The seller whose subscription to change; the access token must belong to this seller',
	},
	locationLocator('The seller location of the subscription'),
	{
		displayName: 'Order Notifications',
		name: 'orderNotifications',
		type: 'options',
		options: SWITCH_OPTIONS,
		default: 'unchanged',
		description: 'Whether to switch order notifications on or off, or leave them as they are',
	},
	{
		displayName: 'Return Notifications',
		name: 'returnNotifications',
		type: 'options',
		options: SWITCH_OPTIONS,
		default: 'unchanged',
		description: 'Whether to switch return notifications on or off, or leave them as they are',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['notificationSubscription'], operation: ['update'] } },
	properties,
);

/** What each status of docs/marketplace-api/errors.md#subscription-statuses means for the user of this operation. */
function subscriptionStatusExplanations(
	sellerId: string,
	locationId: string,
): Record<number, StatusExplanation> {
	return {
		400: {
			meaning: `The access token does not belong to seller ${sellerId}.`,
			action:
				'Use the credential of that seller (a third party app must be authorized by this very seller), or correct the Seller ID.',
		},
		401: {
			meaning: 'The access token is missing or invalid, even after n8n renewed it.',
			action:
				'Check the credential: App ID, App Secret and environment, or re-authorize the third party app.',
		},
		403: {
			meaning: `The subscription of seller ${sellerId} at location ${locationId} does not belong to this app.`,
			action:
				'It was set up for another app or aggregator: use the credential of the app named in the support ticket, or ask support to move it.',
		},
		404: {
			meaning: `No notification subscription exists for seller ${sellerId} at location ${locationId}.`,
			action:
				'Subscriptions are created by a support ticket first (receiver URL, certificates, location IDs, App ID); see the Marketplace Seller Trigger node for what to send.',
		},
		500: {
			meaning: 'The marketplace failed to change the subscription.',
			action: 'Nothing was changed; try again later. If it persists, contact marketplace support.',
		},
	};
}

function flag(choice: string): boolean | undefined {
	if (choice === 'disable') return true;
	if (choice === 'enable') return false;
	return undefined;
}

/** docs/marketplace-api/notifications.md#subscription-switch: either switch, both, or neither (then nothing changes). */
export async function executeItem(this: IExecuteFunctions, itemIndex: number): Promise<ItemResult> {
	const sellerId = readRequiredText(this, 'sellerId', itemIndex, 'Seller ID');
	const locationId = readRequiredText(this, 'locationId', itemIndex, 'Location ID');
	const orders = this.getNodeParameter('orderNotifications', itemIndex, 'unchanged') as string;
	const returns = this.getNodeParameter('returnNotifications', itemIndex, 'unchanged') as string;
	const body: IDataObject = { seller_id: sellerId, location_id: locationId };
	const disableOrder = flag(orders);
	const disableReturns = flag(returns);
	if (disableOrder !== undefined) body.disable_order = disableOrder;
	if (disableReturns !== undefined) body.disable_returns = disableReturns;
	const response = await apiRequest<IDataObject>(this, {
		method: 'POST',
		path: `${PATHS.sellers}/v3/notification/subscription`,
		family: 'orders',
		body,
		// It sets the switches to given values: sending it twice does no harm.
		repeatable: true,
		operation: 'Update notification subscription',
		itemIndex,
		statusExplanations: subscriptionStatusExplanations(sellerId, locationId),
	});
	const state = (choice: string) => (choice === 'unchanged' ? 'unchanged' : `${choice}d`);
	return {
		...response,
		sellerId,
		locationId,
		orderNotifications: state(orders),
		returnNotifications: state(returns),
	};
}
