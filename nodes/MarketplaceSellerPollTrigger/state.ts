/**
 * The poll's memory between polls and across n8n restarts: a watermark and origin per stream,
 * the rate-limit backoff, and the transition memory. Kept in the node's workflow static data
 * (getWorkflowStaticData('node')) as two top-level strings, each replaced as a whole: assigning
 * a top-level value is what n8n's change tracking sees, and n8n 2.40.7 saves the static data of
 * a poll when the poll emits items (and at activation). A poll that emits nothing changes only
 * the in-memory copy: after a restart the poll resumes from the last saved watermark and reads
 * those windows again, which the transition memory makes harmless.
 */
import type { IDataObject } from 'n8n-workflow';

import { TransitionMemory } from './change/memory';
import { DeadlineMemory } from './deadlines/memory';
import type { StreamState } from './change/window';

export interface PollState {
	streams: Record<string, StreamState>;
	/** No calls before this time (epoch ms) after the marketplace answered 429. */
	backoffUntil?: number;
	/** Polls in a row that met a 429, for the backoff's growth. */
	rateLimitedPolls?: number;
	memory: TransitionMemory;
	/** What the Deadlines watch alerted (deadlines/memory.ts). */
	deadlines?: DeadlineMemory;
}

export interface StateStore {
	load(maxRemembered: number): PollState;
	save(state: PollState): void;
}

export const STATIC_DATA_FIELDS = {
	state: 'pollState',
	memory: 'pollMemory',
	deadlines: 'deadlineMemory',
} as const;

const FORMAT = 1;

interface StoredState {
	v: number;
	/** key -> [watermark, origin] */
	s: Record<string, [number, number]>;
	b?: number;
	r?: number;
}

export function encodeState(state: PollState): string {
	const stored: StoredState = { v: FORMAT, s: {} };
	for (const [key, stream] of Object.entries(state.streams))
		stored.s[key] = [stream.watermark, stream.origin];
	if (state.backoffUntil !== undefined) stored.b = state.backoffUntil;
	if (state.rateLimitedPolls) stored.r = state.rateLimitedPolls;
	return JSON.stringify(stored);
}

const isTime = (value: unknown): value is number =>
	typeof value === 'number' && Number.isSafeInteger(value);

/** Stored text back to streams and backoff; anything malformed gives undefined (start afresh). */
export function decodeState(text: unknown): Omit<PollState, 'memory'> | undefined {
	if (typeof text !== 'string') return undefined;
	let stored: StoredState;
	try {
		stored = JSON.parse(text) as StoredState;
	} catch {
		return undefined;
	}
	if (
		typeof stored !== 'object' ||
		stored === null ||
		stored.v !== FORMAT ||
		typeof stored.s !== 'object' ||
		stored.s === null
	)
		return undefined;
	const streams: Record<string, StreamState> = {};
	for (const [key, value] of Object.entries(stored.s)) {
		if (!Array.isArray(value) || !isTime(value[0]) || !isTime(value[1])) return undefined;
		streams[key] = { watermark: value[0], origin: value[1] };
	}
	return {
		streams,
		...(isTime(stored.b) ? { backoffUntil: stored.b } : {}),
		...(isTime(stored.r) && stored.r > 0 ? { rateLimitedPolls: stored.r } : {}),
	};
}

/** A store over an object n8n saves: the node's static data. */
export function staticDataStore(staticData: IDataObject): StateStore {
	return {
		load: (maxRemembered) => {
			const state = decodeState(staticData[STATIC_DATA_FIELDS.state]) ?? { streams: {} };
			const memory =
				TransitionMemory.decode(staticData[STATIC_DATA_FIELDS.memory], maxRemembered) ??
				new TransitionMemory(maxRemembered);
			const deadlines = DeadlineMemory.decode(staticData[STATIC_DATA_FIELDS.deadlines]);
			return { ...state, memory, deadlines };
		},
		save: (state) => {
			staticData[STATIC_DATA_FIELDS.state] = encodeState(state);
			staticData[STATIC_DATA_FIELDS.memory] = state.memory.encode();
			// Written once the watch has remembered something: other watches' static data is unchanged.
			const deadlines = state.deadlines;
			if (
				deadlines !== undefined &&
				(deadlines.size > 0 || STATIC_DATA_FIELDS.deadlines in staticData)
			)
				staticData[STATIC_DATA_FIELDS.deadlines] = deadlines.encode();
		},
	};
}
