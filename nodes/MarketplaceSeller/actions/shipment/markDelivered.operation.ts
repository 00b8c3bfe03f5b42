import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readDate } from '../../helpers/dates';
import { DATE_FORMATS } from '../../../shared/profile';
import { requiredDateTime, selfShipProperties } from './selfShip.descriptions';
import { checkDay, runSelfShip } from './selfShip.fields';

export const description = selfShipProperties('markDelivered', 'mark delivered', [
	requiredDateTime(
		'Delivery Date',
		'deliveryDate',
		'When the buyer received the shipment: today or earlier',
	),
]);

/**
 * Marks shipped self-ship shipments DELIVERED, 100 per request
 * (docs/marketplace-api/self-ship.md#delivered). The delivery date's format is one switch in the
 * marketplace profile (DATE_FORMATS.selfShipDeliveryDate): the sources disagree.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runSelfShip(this, items, {
		call: 'delivery',
		operation: 'Mark delivered',
		read: (required, itemIndex) => {
			const deliveredAt = required.dateTime('deliveryDate', 'Delivery Date');
			return () => {
				checkDay(this, itemIndex, 'Delivery Date', deliveredAt, 'notAfterToday');
				const deliveryDate =
					DATE_FORMATS.selfShipDeliveryDate === 'day'
						? readDate(this, deliveredAt, itemIndex, 'Delivery Date', 'day')
						: deliveredAt;
				return { deliveryDate };
			};
		},
	});
}
