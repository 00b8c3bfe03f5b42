/**
 * From one observed record and the memory, the changes to report: one per (record, state)
 * transition. Pure apart from the memory it is given (which it updates).
 *
 * A record seen before is compared with its remembered state. A record seen for the first time
 * (and modified since the stream's origin) gives "created" when it is new: still in its initial
 * state (Approved, Return Created), or ordered or created since the origin. It also gives the
 * event of its current state when that is not the initial one (an old order packed after the
 * trigger started; a new order that was already packed when first seen).
 */
import { EVENT, returnStatusEvent, shipmentStateEvent } from '../pollEvents';
import { isBefore, memoryKey, type TransitionMemory } from './memory';
import {
	modifiedTime,
	parseSignature,
	type ObservedRecord,
	type ShipmentSignature,
} from './records';
import { isHistory, isNewRecord, type StreamState } from './window';

export interface DetectedChange {
	eventType: string;
	observed: ObservedRecord;
	/** The remembered state before this change (signature text), null on a first sighting. */
	previous: string | null;
	firstSeen: boolean;
}

function shipmentEvents(
	current: ShipmentSignature,
	previous: ShipmentSignature | undefined,
	isNew: boolean,
): string[] {
	const events: string[] = [];
	const partialCancel = () => {
		if (current.state !== 'CANCELLED' && current.cancelled > (previous?.cancelled ?? 0))
			events.push(EVENT.shipmentCancelled);
	};
	if (previous === undefined) {
		if (isNew) events.push(EVENT.shipmentCreated);
		// Approved is where every order starts: no change can be inferred from it.
		if (current.state !== 'APPROVED' && current.state !== 'UNKNOWN')
			events.push(shipmentStateEvent(current.state));
		if (isNew) partialCancel();
		if (current.hold) events.push(EVENT.shipmentHold);
		return events;
	}
	if (current.state !== previous.state) events.push(shipmentStateEvent(current.state));
	partialCancel();
	if (current.hold && !previous.hold) events.push(EVENT.shipmentHold);
	if (!current.hold && previous.hold) events.push(EVENT.shipmentUnhold);
	return events;
}

function returnEvents(status: string, previous: string | undefined, isNew: boolean): string[] {
	if (previous !== undefined) return status !== previous ? [returnStatusEvent(status)] : [];
	const events: string[] = [];
	if (isNew) events.push(EVENT.returnCreated);
	if (status !== 'RETURN_CREATED' && status !== 'UNKNOWN') events.push(returnStatusEvent(status));
	return events;
}

/**
 * The changes `observed` shows against the memory, which then remembers its state. Records
 * modified before the stream's origin are remembered and give nothing. An observation older
 * than the remembered one (a stale snapshot) gives nothing and changes nothing; at equal times,
 * compared at the coarser precision of the two, it counts as newer. `graceMs` is how far before
 * the origin an order may have been placed and still count as new (the overlap).
 */
export function detectChanges(
	observed: ObservedRecord,
	memory: TransitionMemory,
	stream: StreamState,
	graceMs: number,
): DetectedChange[] {
	const key = memoryKey(observed.kind, observed.id);
	const remembered = memory.entry(key);
	const modified = modifiedTime(observed);
	if (remembered?.modified !== undefined && modified !== undefined) {
		if (isBefore(modified, remembered.modified)) return [];
	}
	const previousText = remembered?.state;
	if (previousText === observed.signature) {
		memory.set(key, observed.signature, modified);
		return [];
	}
	memory.set(key, observed.signature, modified);
	if (isHistory(observed.modifiedMs, stream)) return [];

	const initial =
		observed.kind === 'shipment'
			? parseSignature(observed.signature).state === 'APPROVED'
			: observed.signature === 'RETURN_CREATED';
	const isNew =
		previousText === undefined &&
		(initial || isNewRecord(observed.bornMs, observed.modifiedMs, stream, graceMs));
	const eventTypes =
		observed.kind === 'shipment'
			? shipmentEvents(
					parseSignature(observed.signature),
					previousText === undefined ? undefined : parseSignature(previousText),
					isNew,
				)
			: returnEvents(observed.signature, previousText, isNew);
	return [...new Set(eventTypes)].map((eventType) => ({
		eventType,
		observed,
		previous: previousText ?? null,
		firstSeen: previousText === undefined,
	}));
}
