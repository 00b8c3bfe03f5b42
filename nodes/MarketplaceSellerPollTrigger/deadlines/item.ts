/**
 * A Deadlines alert as an output item, in the push trigger's envelope style (docs/marketplace-api/notifications.md#envelope)
 * like every item of this trigger: eventType, source, version, timestamp (when the poll found the
 * deadline near or passed), shipmentId, locationId, attributes with the deadline, the shipment
 * record, and `poll` with what the watch cost (docs/marketplace-seller-poll-trigger.md#deadlines).
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { MARKETPLACE } from '../../shared/profile';
import type { DeadlineAlert } from './watch';

export interface DeadlineItemContext {
	sellerId: string | null;
	detectedAt: number;
	mode: 'poll' | 'manual';
	leadMinutes: number;
	/** Calls the deadline search made in this poll. */
	deadlineCalls: number;
	callsPerHour?: number;
}

function orderItems(record: IDataObject): IDataObject[] {
	return Array.isArray(record.orderItems) ? (record.orderItems as IDataObject[]) : [];
}

/** 32 hex characters: the same alert (event, shipment, date) always gets the same key. */
export function alertKey(alert: DeadlineAlert): string {
	return createHash('sha256')
		.update(`${alert.eventType}|shipment|${alert.shipmentId}|${alert.dueMs}`)
		.digest('hex')
		.slice(0, 32);
}

export function toDeadlineItem(alert: DeadlineAlert, context: DeadlineItemContext): IDataObject {
	const { record } = alert;
	const items = orderItems(record);
	const detectedAt = new Date(context.detectedAt).toISOString();
	return {
		eventType: alert.eventType,
		source: MARKETPLACE.sourceName,
		version: 'v3',
		timestamp: detectedAt,
		shipmentId: alert.shipmentId,
		...(record.locationId !== undefined ? { locationId: record.locationId } : {}),
		attributes: {
			shipmentId: alert.shipmentId,
			...(record.locationId !== undefined ? { locationId: record.locationId } : {}),
			dispatchByDate: record.dispatchByDate,
			minutesLeft: alert.minutesLeft,
			state: alert.state,
			hold: record.hold === true,
			...(record.shipmentType !== undefined ? { shipmentType: record.shipmentType } : {}),
			orderItemIds: items.map((item) => item.orderItemId),
			skus: items.map((item) => item.sku),
		},
		sellerId: context.sellerId,
		dedupKey: alertKey(alert),
		shipment: record,
		poll: {
			mode: context.mode,
			detectedAt,
			state: alert.state,
			previousState: null,
			firstSeen: alert.firstSeen,
			leadMinutes: context.leadMinutes,
			deadlineCalls: context.deadlineCalls,
			...(context.callsPerHour !== undefined ? { callsPerHour: context.callsPerHour } : {}),
		},
	};
}
