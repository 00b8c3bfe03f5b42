/**
 * What change detection reads from a shipment (search v3 shape, docs/marketplace-api/shipments.md#shipment-record) or a return (v2
 * shape, docs/marketplace-api/returns.md#return-search): its ID, when it was last modified, when it was ordered or created, and
 * its state. Read tolerantly: fields may be missing or renamed in other API versions.
 */
import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { RecordKind } from '../pollEvents';
import type { ModifiedTime } from './memory';

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
	/** 1000 when the marketplace wrote modifiedDate in whole seconds, else 1. */
	modifiedPrecisionMs: 1 | 1000;
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

/** Whole seconds unless the time carries a fraction of a second (`...T10:00:05.300+05:30`). */
export function timePrecision(value: unknown): 1 | 1000 {
	return typeof value === 'string' && /T\d{2}:\d{2}:\d{2}[.,]\d/.test(value) ? 1 : 1000;
}

/** The observed record's modified time for the memory, undefined when unknown. */
export function modifiedTime(observed: ObservedRecord): ModifiedTime | undefined {
	return Number.isFinite(observed.modifiedMs)
		? { ms: observed.modifiedMs, precisionMs: observed.modifiedPrecisionMs }
		: undefined;
}

/** Longest state kept as it is; longer ones keep a prefix and a digest (docs/marketplace-seller-poll-trigger.md#memory). */
export const STATE_MAX_LENGTH = 48;

/**
 * A state or status in the bounded form the memory stores: letters, digits and _ only, at most
 * STATE_MAX_LENGTH characters (a longer one becomes its first 32 characters, _ and 12 hex
 * characters of its SHA-256, so two long states still differ), UNKNOWN when empty.
 */
export function boundedState(raw: string): string {
	const clean = raw.replace(/[^A-Za-z0-9_]/g, '_');
	if (clean === '') return 'UNKNOWN';
	if (clean.length <= STATE_MAX_LENGTH) return clean;
	const digest = createHash('sha256').update(raw).digest('hex').slice(0, 12);
	return `${clean.slice(0, 32)}_${digest}`;
}

function items(record: IDataObject): IDataObject[] {
	return Array.isArray(record.orderItems) ? (record.orderItems as IDataObject[]) : [];
}

export function shipmentSignature(record: IDataObject): ShipmentSignature {
	const all = items(record);
	const live = all.filter((item) => item.status !== 'CANCELLED');
	const state =
		live.length > 0
			? boundedState(String(live[0].status ?? 'UNKNOWN'))
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
	const state = boundedState(signature.state);
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
		modifiedPrecisionMs: timePrecision(record.updatedAt ?? record.modifiedDate),
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
		modifiedPrecisionMs: timePrecision(record.updatedDate ?? record.modifiedDate),
		bornMs: parseTime(record.createdDate),
		signature: boundedState(status),
		record,
	};
}
