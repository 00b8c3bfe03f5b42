/**
 * The parameter head the three batched self-ship calls share (Self-Ship Dispatch, Mark
 * Delivered, Record Delivery Attempt; docs/marketplace-api/self-ship.md): the shipment, picked or
 * given by ID, and its location, then the call's own fields, shown for the call's operation only.
 */
import { updateDisplayOptions, type INodeProperties } from 'n8n-workflow';

import { locationLocator, shipmentLocator } from '../common.descriptions';

/** The operation's parameters: shipment and location first, then `fields`. */
export function selfShipProperties(
	operation: string,
	action: string,
	fields: INodeProperties[],
): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: ['shipment'], operation: [operation] } }, [
		shipmentLocator(`The self-ship shipment to ${action}`),
		locationLocator('The seller location the shipment belongs to'),
		...fields,
	]);
}

/** A required date and time; it is sent with the seller's offset (RequiredFields.dateTime). */
export function requiredDateTime(
	displayName: string,
	name: string,
	description: string,
): INodeProperties {
	return { displayName, name, type: 'dateTime', required: true, default: '', description };
}
