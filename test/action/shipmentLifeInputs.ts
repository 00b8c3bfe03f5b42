/** Inputs of the self-ship operations, shared by the action, hardening and bench tests. */
import { LOC_1, wireShipment, type Loose } from './helpers';

const DAY = 86_400_000;
const IST = 330 * 60_000;

/** An instant as the seller writes it: ISO with +05:30. */
export const ist = (ms: number) => `${new Date(ms + IST).toISOString().slice(0, 19)}+05:30`;

export const selfShipDispatch = {
	resource: 'shipment',
	operation: 'selfShipDispatch',
	shipmentId: { __rl: true, mode: 'id', value: '={{ $json.shipmentId }}' },
	locationId: { __rl: true, mode: 'id', value: '={{ $json.locationId }}' },
	dispatchDate: '={{ $json.dispatchDate }}',
	tentativeDeliveryDate: '={{ $json.tentativeDeliveryDate }}',
	invoiceDate: '={{ $json.invoiceDate }}',
	invoiceNumber: '={{ "INV-" + $json.shipmentId.slice(0, 6) }}',
	invoiceItems: {
		item: [
			{
				orderItemId: '={{ $json.orderItemId }}',
				quantity: '={{ $json.quantity }}',
				serialNumbers: '={{ $json.serials }}',
			},
		],
	},
	trackingId: '={{ "AWB" + $json.shipmentId.slice(0, 8) }}',
	deliveryPartner: 'SwiftShip Couriers',
	deliveryPartnerCode: 'SWS',
};

/** One dispatch input per self-ship shipment: today's dates, the order item, its quantity. */
export function dispatchInputs(
	sim: Parameters<typeof wireShipment>[0],
	shipmentIds: string[],
	now = Date.now(),
): Array<Record<string, unknown>> {
	return shipmentIds.map((shipmentId) => {
		const item = wireShipment(sim, shipmentId).orderItems[0] as Loose;
		return {
			shipmentId,
			locationId: LOC_1,
			dispatchDate: ist(now),
			tentativeDeliveryDate: ist(now + 3 * DAY),
			invoiceDate: ist(now).slice(0, 10),
			orderItemId: item.orderItemId,
			quantity: item.quantity,
			serials: '',
		};
	});
}
