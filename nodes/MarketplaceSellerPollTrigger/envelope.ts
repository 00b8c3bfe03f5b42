/**
 * Output items in the push trigger's envelope shape (docs/marketplace-api/notifications.md#envelope, docs/marketplace-api/notifications.md#events): eventType, source,
 * version, timestamp, shipmentId or returnId, locationId where the push carries it, attributes
 * as the push builds them, sellerId and dedupKey; plus the whole shipment or return record and
 * a `poll` object (instead of the push trigger's `verification`) saying how it was found.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { MARKETPLACE } from '../shared/profile';
import type { DetectedChange } from './change/detect';
import { parseSignature } from './change/records';
import type { Window } from './change/window';
import { carriesLocation, EVENT } from './pollEvents';

export interface ItemContext {
	/** The seller the credential acts for, when the user named it (partners); else null. */
	sellerId: string | null;
	detectedAt: number;
	mode: 'poll' | 'manual';
	window?: Window;
	/** The least calls an hour the schedule implies (budget.ts). */
	callsPerHour?: number;
}

function orderItems(record: IDataObject): IDataObject[] {
	return Array.isArray(record.orderItems) ? (record.orderItems as IDataObject[]) : [];
}

function shipmentAttributes(eventType: string, record: IDataObject, state: string): IDataObject {
	switch (eventType) {
		case EVENT.shipmentCreated:
			return { ...record, dispatchLocation: { locationId: record.locationId } };
		case EVENT.shipmentHold:
			return {
				orderItems: orderItems(record)
					.filter((item) => item.status !== 'CANCELLED')
					.map((item) => ({ orderItemId: item.orderItemId, holdQuantity: item.quantity })),
			};
		case EVENT.shipmentUnhold:
			return { status: state === 'PACKED' ? 'PACKED' : 'APPROVED' };
		case EVENT.shipmentCancelled:
			return {
				status: 'CANCELLED',
				orderItems: orderItems(record)
					.filter((item) => item.status === 'CANCELLED')
					.map((item) => ({
						orderItemId: item.orderItemId,
						quantity: item.quantity,
						reason: item.cancellationReason ?? null,
						subReason: item.cancellationSubReason ?? null,
					})),
			};
		case EVENT.shipmentFormFailed: {
			const forms = Array.isArray(record.forms) ? (record.forms as IDataObject[]) : [];
			return { status: 'FORM_FAILED', forms: forms.map((form) => form.name) };
		}
		default:
			return { status: state };
	}
}

function returnAttributes(eventType: string, record: IDataObject): IDataObject {
	if (eventType === EVENT.returnCreated) return { status: 'RETURN_CREATED', returnItems: [record] };
	return { status: record.status, returnItems: [{ orderItemId: record.orderItemId }] };
}

/** 32 hex characters, like the push trigger's dedupKey: the same change always gets the same key. */
export function changeKey(change: DetectedChange): string {
	const { kind, id, signature } = change.observed;
	return createHash('sha256')
		.update(`${change.eventType}|${kind}|${id}|${signature}`)
		.digest('hex')
		.slice(0, 32);
}

export function toItem(change: DetectedChange, context: ItemContext): IDataObject {
	const { observed, eventType } = change;
	const record = observed.record;
	const shipment = observed.kind === 'shipment';
	const modified = shipment ? record.updatedAt : record.updatedDate;
	const state = shipment ? parseSignature(observed.signature).state : observed.signature;
	const item: IDataObject = {
		eventType,
		source: MARKETPLACE.sourceName,
		version: 'v3',
		timestamp:
			typeof modified === 'string' && modified !== ''
				? modified
				: new Date(context.detectedAt).toISOString(),
		...(shipment ? { shipmentId: observed.id } : { returnId: observed.id }),
		...(carriesLocation(eventType) && record.locationId !== undefined
			? { locationId: record.locationId }
			: {}),
		attributes: shipment
			? shipmentAttributes(eventType, record, state)
			: returnAttributes(eventType, record),
		sellerId: context.sellerId,
		dedupKey: changeKey(change),
		[shipment ? 'shipment' : 'return']: record,
		poll: {
			mode: context.mode,
			detectedAt: new Date(context.detectedAt).toISOString(),
			state,
			previousState:
				change.previous === null
					? null
					: shipment
						? parseSignature(change.previous).state
						: change.previous,
			firstSeen: change.firstSeen,
			...(context.callsPerHour !== undefined ? { callsPerHour: context.callsPerHour } : {}),
			...(context.window
				? {
						window: {
							from: new Date(context.window.from).toISOString(),
							to: new Date(context.window.to).toISOString(),
						},
					}
				: {}),
		},
	};
	return item;
}
