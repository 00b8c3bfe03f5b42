/**
 * The Deadlines watch (docs/marketplace-seller-poll-trigger.md#deadlines): from each shipment the
 * search lists and the memory, the alerts to give at `now`. Pure apart from the memory it is given.
 *
 * - Due soon: the dispatch-by date is within the lead time and has not passed; once per date.
 * - Overdue: the date has passed; once per date (a shipment first seen late gets only this one).
 * - Another date than the remembered one re-arms both: the marketplace moved the deadline.
 * - The list holds only shipments not yet Ready to Dispatch: one that became ready, was cancelled
 *   or whose date moved out of the window is no longer listed and is forgotten (memory.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { EVENT } from '../pollEvents';
import { memoryKey } from '../change/memory';
import { parseTime, shipmentSignature } from '../change/records';
import type { DeadlineMemory, DeadlineStage } from './memory';
import { DEADLINE_STATES } from './search';

export interface DeadlineAlert {
	eventType: string;
	shipmentId: string;
	dueMs: number;
	/** Whole minutes from now to the dispatch-by date, negative once it has passed. */
	minutesLeft: number;
	state: string;
	/** No alert was remembered for this shipment before this one. */
	firstSeen: boolean;
	record: IDataObject;
}

const WAITING: ReadonlySet<string> = new Set(DEADLINE_STATES);

function minutesLeft(dueMs: number, now: number): number {
	const minutes = (dueMs - now) / 60_000;
	return minutes >= 0 ? Math.floor(minutes) : -Math.ceil(-minutes);
}

/**
 * The alerts one listed shipment gives; records the stage reached in the memory and the key in
 * `seen`. Shipments without an ID or a readable date, or in a state past Packed, give nothing.
 */
export function deadlineAlerts(
	record: IDataObject,
	memory: DeadlineMemory,
	seen: Set<string>,
	now: number,
	leadMs: number,
): DeadlineAlert[] {
	const id = record.shipmentId;
	const dueMs = parseTime(record.dispatchByDate);
	const state = shipmentSignature(record).state;
	if (typeof id !== 'string' || id === '' || !Number.isFinite(dueMs) || !WAITING.has(state))
		return [];
	const key = memoryKey('shipment', id);
	seen.add(key);
	const known = memory.get(key);
	const remembered = known !== undefined && known.dueMs === dueMs ? known.stage : undefined;
	const reached: DeadlineStage | undefined =
		now >= dueMs ? 'overdue' : dueMs - now <= leadMs ? 'soon' : undefined;
	if (reached === undefined) {
		// Listed but not yet within the lead time (the window is read from the poll's start).
		if (known !== undefined && remembered === undefined) memory.delete(key);
		return [];
	}
	if (remembered === 'overdue' || remembered === reached) return [];
	memory.set(key, dueMs, reached);
	return [
		{
			eventType: reached === 'soon' ? EVENT.shipmentDispatchDueSoon : EVENT.shipmentDispatchOverdue,
			shipmentId: id,
			dueMs,
			minutesLeft: minutesLeft(dueMs, now),
			state,
			firstSeen: known === undefined,
			record,
		},
	];
}

export interface DeadlineRead {
	alerts: DeadlineAlert[];
	/** Pages asked for (calls, retries apart). */
	calls: number;
	complete: boolean;
	error?: unknown;
}

/**
 * Reads the whole list page by page; the alerts of the pages read count even when a later page
 * fails (a 429): they are given and remembered, and the next poll reads the list again from its
 * start, where the memory drops what was given. Only a complete read forgets.
 */
export async function readDeadlines(
	pages: AsyncIterable<IDataObject[]> | Iterable<IDataObject[]>,
	memory: DeadlineMemory,
	now: number,
	leadMs: number,
): Promise<DeadlineRead> {
	const read: DeadlineRead = { alerts: [], calls: 0, complete: false };
	const seen = new Set<string>();
	try {
		for await (const page of pages) {
			read.calls += 1;
			for (const record of page)
				read.alerts.push(...deadlineAlerts(record, memory, seen, now, leadMs));
		}
		read.complete = true;
		memory.sweep(seen);
	} catch (error) {
		read.error = error;
	}
	return read;
}
