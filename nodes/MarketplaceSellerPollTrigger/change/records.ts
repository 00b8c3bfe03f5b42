/**
 * What change detection reads from a shipment (search v3 shape, docs/marketplace-api/shipments.md#shipment-record) or a return (v2
 * shape, docs/marketplace-api/returns.md#return-search): its ID, when it was last modified, when it was ordered or created, and
 * its state. Read tolerantly: fields may be missing or renamed in other API versions.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RecordKind } from '../pollEvents';

/** A shipment's state for transition tracking: its live items' state, hold, cancelled item count. */
export interface ShipmentSignature {
	state: string;
	hold: boolean;
	/** Cancelled order items while others are still live (a partial cancellation). */
	cancelled: number;
}

export interface ObservedRecord {
	kind: RecordKind;
	id: string;
	/** modifiedDate of the record in epoch ms; NaN when absent or unreadable. */
	modifiedMs: number;
	/** Order date (shipments: the earliest item's) or creation date (returns); NaN when unknown. */
	bornMs: number;
	/** Compact text of the state (see signatureText), compared across polls. */
	signature: string;
	record: IDataObject;
}

export function parseTime(value: unknown): number {
	if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
	return Date.parse(value);
}

function items(record: IDataObject): IDataObject[] {
	return Array.isArray(record.orderItems) ? (record.orderItems as IDataObject[]) : [];
}

export function shipmentSignature(record: IDataObject): ShipmentSignature {
	const all = items(record);
	const live = all.filter((item) => item.status !== 'CANCELLED');
	const state =
		live.length > 0
			? String(live[0].status ?? 'UNKNOWN')
			: all.length > 0
				? 'CANCELLED'
				: 'UNKNOWN';
	return {
		state,
		hold: record.hold === true,
		cancelled: live.length > 0 ? all.length - live.length : 0,
	};
}

/** `PACKED`, `APPROVED!` (on hold), `APPROVED-1` (one item cancelled): short, and without , or |. */
export function signatureText(signature: ShipmentSignature): string {
	const state = signature.state.replace(/[^A-Za-z0-9_]/g, '_');
	return `${state}${signature.hold ? '!' : ''}${signature.cancelled > 0 ? `-${signature.cancelled}` : ''}`;
}

export function parseSignature(text: string): ShipmentSignature {
	const match = /^([A-Za-z0-9_]*)(!?)(?:-(\d+))?$/.exec(text);
	if (!match) return { state: text, hold: false, cancelled: 0 };
	return { state: match[1], hold: match[2] === '!', cancelled: match[3] ? Number(match[3]) : 0 };
}

function earliest(values: number[]): number {
	const known = values.filter((value) => !Number.isNaN(value));
	return known.length > 0 ? Math.min(...known) : Number.NaN;
}

export function observeShipment(record: IDataObject): ObservedRecord | undefined {
	if (typeof record.shipmentId !== 'string' || record.shipmentId === '') return undefined;
	return {
		kind: 'shipment',
		id: record.shipmentId,
		modifiedMs: parseTime(record.updatedAt ?? record.modifiedDate),
		bornMs: earliest(items(record).map((item) => parseTime(item.orderDate))),
		signature: signatureText(shipmentSignature(record)),
		record,
	};
}

export function observeReturn(record: IDataObject): ObservedRecord | undefined {
	if (typeof record.returnId !== 'string' || record.returnId === '') return undefined;
	const status =
		typeof record.status === 'string' && record.status !== '' ? record.status : 'UNKNOWN';
	return {
		kind: 'return',
		id: record.returnId,
		modifiedMs: parseTime(record.updatedDate ?? record.modifiedDate),
		bornMs: parseTime(record.createdDate),
		signature: status.replace(/[^A-Za-z0-9_]/g, '_'),
		record,
	};
}
