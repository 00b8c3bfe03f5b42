import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { readRequiredText, splitList } from '../../helpers/parameters';
import { locationLocator, shipmentLocator } from '../common.descriptions';
import { shipmentAction } from '../../helpers/results';
import { PATHS } from '../../../shared/profile';

const properties: INodeProperties[] = [
	{
		displayName:
			"Cancellations count against the seller's performance. Cancel only shipments that are not packed yet.",
		name: 'cancelNotice',
		type: 'notice',
		default: '',
	},
	shipmentLocator(
		'The shipment to cancel. One per input item, since each has its own cancellation groups; items are batched, 25 per request.',
	),
	locationLocator('The seller location the shipment is dispatched from'),
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'options',
		options: [
			{ name: 'B2B Order', value: 'b2b_order' },
			{ name: 'Cannot Procure Item', value: 'cannot_procure_item' },
			{ name: 'Not Enough Inventory', value: 'not_enough_inventory' },
		],
		default: 'not_enough_inventory',
		description:
			'Why the seller cancels: the three reasons the marketplace documents. The API takes any text, so another reason can be given with an expression; the marketplace then accepts or refuses it per shipment.',
	},
	{
		displayName: 'Cancellation Group IDs',
		name: 'cancellationGroupIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.cancellationGroupIds }}',
		description:
			'The cancellation group of each order item to cancel, comma-separated or a list: Get Many and Get list them as cancellationGroupIds (the raw record has one per order item). The groups of one shipment can be cancelled separately.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['cancel'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<IDataObject>(this, items, {
		read: (itemIndex) => {
			const shipmentId = readRequiredText(this, 'shipmentId', itemIndex, 'Shipment ID');
			const locationId = readRequiredText(this, 'locationId', itemIndex, 'Location ID');
			// A free text in the official model; the three options are the known values (docs/api-choices.md#cancel).
			const reason = readRequiredText(this, 'reason', itemIndex, 'Reason');
			const groups = splitList(this.getNodeParameter('cancellationGroupIds', itemIndex, ''));
			if (groups.length === 0) {
				throw new NodeOperationError(
					this.getNode(),
					`Shipment ${shipmentId}: no cancellation group ID given`,
					{
						itemIndex,
						description:
							'Give the cancellationGroupId of the order items to cancel; Search and Get return them on each order item.',
					},
				);
			}
			return [
				{
					id: shipmentId,
					payload: { shipmentId, locationId, cancellationGroupIds: groups, reason },
				},
			];
		},
		...shipmentAction<IDataObject>(this, {
			path: `${PATHS.shipments}/cancel`,
			body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
			operation: 'Cancel shipments',
			what: 'Cancel shipment',
		}),
	});
}
