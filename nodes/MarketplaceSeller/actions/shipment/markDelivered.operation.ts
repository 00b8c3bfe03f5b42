import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readDate } from '../../helpers/dates';
import { runBatches } from '../../helpers/execution';
import { shipmentAction } from '../../helpers/results';
import { DATE_FORMATS, PATHS } from '../../../shared/profile';
import {
	checkDay,
	checkShipmentId,
	RequiredFields,
	SELF_SHIP_BATCH_SIZE,
	selfShipTarget,
} from './selfShip.fields';

const properties: INodeProperties[] = [
	...selfShipTarget('mark delivered'),
	{
		displayName: 'Delivery Date',
		name: 'deliveryDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When the buyer received the shipment: today or earlier',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['markDelivered'] } },
	properties,
);

/**
 * Marks shipped self-ship shipments DELIVERED, 100 per request
 * (docs/marketplace-api/self-ship.md#delivered). The delivery date's format is one switch in the
 * marketplace profile (DATE_FORMATS.selfShipDeliveryDate): the sources disagree.
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
			const deliveredAt = required.dateTime('deliveryDate', 'Delivery Date');
			required.check('Mark delivered');
			checkShipmentId(this, shipmentId, itemIndex);
			checkDay(this, itemIndex, 'Delivery Date', deliveredAt, 'notAfterToday');
			const deliveryDate =
				DATE_FORMATS.selfShipDeliveryDate === 'day'
					? readDate(this, deliveredAt, itemIndex, 'Delivery Date', 'day')
					: deliveredAt;
			return [{ id: shipmentId, payload: { shipmentId, locationId, deliveryDate } }];
		},
		...shipmentAction<IDataObject>(this, {
			path: `${PATHS.shipments}/selfShip/delivery`,
			body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
			operation: 'Mark delivered',
			size: SELF_SHIP_BATCH_SIZE,
		}),
	});
}
