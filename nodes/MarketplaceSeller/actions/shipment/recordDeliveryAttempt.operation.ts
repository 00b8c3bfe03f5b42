import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { attemptReason } from '../common.descriptions';
import { requiredDateTime, selfShipProperties } from './selfShip.descriptions';
import { checkDay, runSelfShip } from './selfShip.fields';

export const description = selfShipProperties(
	'recordDeliveryAttempt',
	'record a failed delivery attempt for',
	[
		requiredDateTime('Attempt Date', 'attemptDate', 'When delivery was attempted'),
		attemptReason(
			'e.g. Customer unavailable',
			"Why the delivery failed. The marketplace names e.g. delivery attempted, customer unavailable, rescheduled by mutual agreement, issue at the seller's end.",
		),
		{
			displayName: 'Sub-Reason',
			name: 'subReason',
			type: 'string',
			default: '',
			description: 'A finer reason, when the marketplace asks for one',
		},
		requiredDateTime(
			'New Delivery Date',
			'newDeliveryDate',
			'When delivery will be tried again: today or later. It extends the delivery deadline.',
		),
	],
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
	return await runSelfShip(this, items, {
		call: 'deliveryAttempt',
		operation: 'Record delivery attempt',
		read: (required, itemIndex) => {
			const deliveryDate = required.dateTime('attemptDate', 'Attempt Date');
			const reason = String(this.getNodeParameter('reason', itemIndex, '') ?? '').trim();
			required.require(reason !== '', 'Reason');
			const newDeliveryDate = required.dateTime('newDeliveryDate', 'New Delivery Date');
			return () => {
				checkDay(this, itemIndex, 'New Delivery Date', newDeliveryDate, 'notBeforeToday');
				const subReason = String(this.getNodeParameter('subReason', itemIndex, '') ?? '').trim();
				return {
					deliveryDate,
					failureAttributes: {
						reason,
						...(subReason ? { subReason } : {}),
						newDeliveryDate,
					},
				};
			};
		},
	});
}
