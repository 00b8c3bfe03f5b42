import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { shipmentAction } from '../../helpers/results';
import { PATHS } from '../../../shared/profile';
import {
	checkDay,
	checkShipmentId,
	RequiredFields,
	SELF_SHIP_BATCH_SIZE,
	selfShipTarget,
} from './selfShip.fields';

const properties: INodeProperties[] = [
	...selfShipTarget('record a failed delivery attempt for'),
	{
		displayName: 'Attempt Date',
		name: 'attemptDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When delivery was attempted',
	},
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Customer unavailable',
		description:
			"Why the delivery failed. The marketplace names e.g. delivery attempted, customer unavailable, rescheduled by mutual agreement, issue at the seller's end.",
	},
	{
		displayName: 'Sub-Reason',
		name: 'subReason',
		type: 'string',
		default: '',
		description: 'A finer reason, when the marketplace asks for one',
	},
	{
		displayName: 'New Delivery Date',
		name: 'newDeliveryDate',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When delivery will be tried again: today or later. It extends the delivery deadline.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['recordDeliveryAttempt'] } },
	properties,
);

/**
 * Records failed delivery attempts of self-ship shipments, 100 per request
 * (docs/marketplace-api/self-ship.md#delivery-attempt). The shipment stays SHIPPED, so a request
 * whose answer is lost cannot be confirmed from the state: it is reported as unknown, not sent again.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<IDataObject>(this, items, {
		read: (itemIndex) => {
			const required = new RequiredFields(this, itemIndex);
			const shipmentId = required.text('shipmentId', 'Shipment');
			const locationId = required.text('locationId', 'Location');
			const deliveryDate = required.dateTime('attemptDate', 'Attempt Date');
			const reason = String(this.getNodeParameter('reason', itemIndex, '') ?? '').trim();
			required.require(reason !== '', 'Reason');
			const newDeliveryDate = required.dateTime('newDeliveryDate', 'New Delivery Date');
			required.check('Record delivery attempt');
			checkShipmentId(this, shipmentId, itemIndex);
			checkDay(this, itemIndex, 'New Delivery Date', newDeliveryDate, 'notBeforeToday');
			const subReason = String(this.getNodeParameter('subReason', itemIndex, '') ?? '').trim();
			return [
				{
					id: shipmentId,
					payload: {
						shipmentId,
						locationId,
						deliveryDate,
						failureAttributes: {
							reason,
							...(subReason ? { subReason } : {}),
							newDeliveryDate,
						},
					},
				},
			];
		},
		...shipmentAction<IDataObject>(this, {
			path: `${PATHS.shipments}/selfShip/deliveryAttempt`,
			body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
			operation: 'Record delivery attempt',
			size: SELF_SHIP_BATCH_SIZE,
		}),
	});
}
