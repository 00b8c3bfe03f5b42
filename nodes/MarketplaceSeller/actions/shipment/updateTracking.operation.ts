import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { shipmentLocator } from '../common.descriptions';
import { checkShipmentId, RequiredFields } from './selfShip.fields';

const properties: INodeProperties[] = [
	shipmentLocator('The self-ship shipment whose tracking changes'),
	{
		displayName: 'Tracking ID',
		name: 'trackingId',
		type: 'string',
		required: true,
		default: '',
		description: "The courier's new tracking ID (AWB)",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Delivery Partner',
				name: 'deliveryPartner',
				type: 'string',
				default: '',
				description: "The courier's name",
			},
			{
				displayName: 'Seller ID',
				name: 'sellerId',
				type: 'string',
				default: '',
				description: 'Your seller ID, for apps that act for several sellers',
			},
			{
				displayName: 'Tentative Delivery Date',
				name: 'tentativeDeliveryDate',
				type: 'dateTime',
				default: '',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['updateTracking'] } },
	properties,
);

/**
 * Changes the tracking of one self-ship shipment (docs/marketplace-api/self-ship.md#update-tracking):
 * one shipment per call, and unlike every other order call the body is snake_case. No answer
 * body is documented, so a 2xx is the success and any body is kept.
 */
export async function executeItem(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const required = new RequiredFields(this, itemIndex);
	const shipmentId = required.text('shipmentId', 'Shipment');
	const trackingId = required.text('trackingId', 'Tracking ID');
	required.check('Update tracking');
	checkShipmentId(this, shipmentId, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = { shipment_id: shipmentId, tracking_id: trackingId };
	const partner = String(options.deliveryPartner ?? '').trim();
	if (partner) body.delivery_partner = partner;
	const sellerId = String(options.sellerId ?? '').trim();
	if (sellerId) body.seller_id = sellerId;
	if (options.tentativeDeliveryDate) {
		// Read like every other date: sent with the seller's offset.
		body.tentative_delivery_date = required.dateTimeValue(
			options.tentativeDeliveryDate,
			'Tentative Delivery Date',
		);
	}
	const answer = await apiRequest<IDataObject>(this, {
		method: 'POST',
		path: `${PATHS.shipments}/${encodeURIComponent(shipmentId)}/update`,
		family: 'orders',
		body,
		operation: 'Update tracking',
		itemIndex,
	});
	return { ...answer, shipmentId, trackingId, status: 'SUCCESS' };
}
