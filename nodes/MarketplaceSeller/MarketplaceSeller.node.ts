import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeCredentialDescription,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import * as authorization from './actions/authorization/Authorization.resource';
import * as listing from './actions/listing/Listing.resource';
import * as notificationSubscription from './actions/notificationSubscription/NotificationSubscription.resource';
import * as returns from './actions/return/Return.resource';
import * as service from './actions/service/Service.resource';
import { router } from './actions/router';
import { listSearch } from './methods';
import * as shipment from './actions/shipment/Shipment.resource';
import * as token from './actions/token/Token.resource';
import { authenticationProperty, credentialsByAuthentication } from '../shared/authentication';
import { MARKETPLACE } from '../shared/profile';

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Authorization',
			value: 'authorization',
			description: 'Links for sellers to approve a third party app',
		},
		{
			name: 'Listing',
			value: 'listing',
			description: 'Products for sale, their prices and stock',
		},
		{
			name: 'Notification Subscription',
			value: 'notificationSubscription',
			description: 'Order and return push notifications',
		},
		{ name: 'Return', value: 'return', description: 'Customer and courier returns' },
		{
			name: 'Service',
			value: 'service',
			description: 'Assembly, installation and tech visit services of self-ship orders',
		},
		{
			name: 'Shipment',
			value: 'shipment',
			description: 'Orders to pack, label, dispatch or cancel',
		},
		{
			name: 'Token',
			value: 'token',
			description: 'Access and refresh tokens of the credential',
		},
	],
	default: 'shipment',
};

/** The values an options parameter offers. */
function optionValues(property: INodeProperties | undefined): string[] {
	return (property?.options ?? []).flatMap((option) =>
		'value' in option ? [String(option.value)] : [],
	);
}

/**
 * The Authentication choices, and n8n's own API credential for Connect Seller alone. Its rule is
 * written as `hide` (every other resource, every other Authorization operation): the editor
 * takes the parameters a credential's `show` rule names, and those they depend on, out of the
 * parameter list (docs/n8n-internals.md#credential-display-rules), so a `show` on resource and
 * operation hid the Resource selector.
 */
const actionCredentials: INodeCredentialDescription[] = [
	...credentialsByAuthentication,
	{
		name: 'n8nApi',
		// Without it the editor labels both selectors "Credential".
		displayName: 'n8n API Credential (Saves the Seller Credential)',
		required: true,
		displayOptions: {
			hide: {
				resource: optionValues(resourceProperty).filter((value) => value !== 'authorization'),
				operation: optionValues(
					authorization.description.find((property) => property.name === 'operation'),
				).filter((value) => value !== 'connectSeller'),
			},
		},
	},
];

export class MarketplaceSeller implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Marketplace Seller',
		name: 'marketplaceSeller',
		icon: { light: 'file:marketplaceSeller.svg', dark: 'file:marketplaceSeller.dark.svg' },
		group: ['transform'],
		version: 1,
		// "Get Many: Shipment": display names where the value's words differ, else the value in words.
		subtitle:
			'={{ ({ getAll: "Get Many", dispatch: "Mark Ready to Dispatch", updateFormAck: "Update Form Acknowledgement", getUrl: "Get Authorization URL", getReturnsOtc: "Get Returns OTC", selfShipDispatch: "Self-Ship Dispatch" }[$parameter["operation"]] || $parameter["operation"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase())) + ": " + $parameter["resource"].replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()) }}',
		description: `Act on ${MARKETPLACE.displayName.toLowerCase()} orders and listings: shipments, labels, invoices, dispatch, listings and returns`,
		defaults: { name: 'Marketplace Seller' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: actionCredentials,
		properties: [
			authenticationProperty,
			resourceProperty,
			...shipment.description,
			...notificationSubscription.description,
			...token.description,
			...authorization.description,
			...listing.description,
			...returns.description,
			...service.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
