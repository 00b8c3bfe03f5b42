/**
 * One poll, independent of n8n: load the state, read each stream's window page by page, detect
 * the changes, move the watermarks, save the state. The clock, the pages and the state store
 * are injected, so tests drive it with the simulator's clock and a plain object as the store.
 *
 * A 429 that outlasts the transport's retries stops the poll: what was read so far is reported
 * and remembered, every watermark stays where its stream's reading ended, and the following
 * polls make no call until the backoff has passed. Any other error stops only its stream.
 */
import type { IDataObject } from 'n8n-workflow';

import { detectChanges, type DetectedChange } from './change/detect';
import { TransitionMemory } from './change/memory';
import { observeReturn, observeShipment, type ObservedRecord } from './change/records';
import {
	advance,
	backoffDelayMs,
	startStream,
	windowOf,
	type StreamState,
	type Window,
} from './change/window';
import type { StreamSpec } from './plan';
import type { StateStore } from './state';

export interface PageSource {
	/** The window's records of a stream, page by page (oldest change first when the stream is sorted). */
	pages(stream: StreamSpec, window: Window): AsyncIterable<IDataObject[]>;
	/** One page of the stream's most recently changed records in the window (manual runs). */
	latest(stream: StreamSpec, window: Window, size: number): Promise<IDataObject[]>;
}

export interface PollSettings {
	streams: StreamSpec[];
	overlapMs: number;
	/** "Since": where streams without a watermark start (default: now, no history). */
	sinceMs?: number;
	wanted: (eventType: string) => boolean;
	maxRemembered: number;
}

export interface PollDeps {
	now: () => number;
	source: PageSource;
	store: StateStore;
	isRateLimited: (error: unknown) => boolean;
}

export interface FoundChange {
	change: DetectedChange;
	window: Window;
}

export interface StreamFailure {
	stream: StreamSpec;
	error: unknown;
	rateLimited: boolean;
}

export interface PollOutcome {
	now: number;
	changes: FoundChange[];
	failures: StreamFailure[];
	/** Streams that got their first watermark in this poll. */
	started: string[];
	/** Pages read (calls made, retries apart). */
	pages: number;
	/** Set when the poll made no call because of an earlier 429. */
	backoffUntil?: number;
	skipped: boolean;
}

function observe(stream: StreamSpec, record: IDataObject): ObservedRecord | undefined {
	return stream.kind === 'shipments' ? observeShipment(record) : observeReturn(record);
}

/** Oldest change first; equal times keep their reading order. */
function byModified(a: FoundChange, b: FoundChange): number {
	const x = a.change.observed.modifiedMs;
	const y = b.change.observed.modifiedMs;
	if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
	return Number.isFinite(x) ? -1 : Number.isFinite(y) ? 1 : 0;
}

export async function pollOnce(settings: PollSettings, deps: PollDeps): Promise<PollOutcome> {
	const now = deps.now();
	const state = deps.store.load(settings.maxRemembered);
	const outcome: PollOutcome = {
		now,
		changes: [],
		failures: [],
		started: [],
		pages: 0,
		skipped: false,
	};
	if (state.backoffUntil !== undefined && now < state.backoffUntil) {
		return { ...outcome, backoffUntil: state.backoffUntil, skipped: true };
	}

	let rateLimited = false;
	for (const stream of settings.streams) {
		let streamState: StreamState | undefined = state.streams[stream.key];
		if (streamState === undefined) {
			streamState = startStream(now, settings.sinceMs);
			state.streams[stream.key] = streamState;
			outcome.started.push(stream.key);
			// Without "Since" a new stream starts now: there is nothing to read yet.
			if (streamState.watermark >= now) continue;
		}
		if (rateLimited) continue;

		const window = windowOf(streamState, now, settings.overlapMs);
		let lastModifiedMs: number | undefined;
		let complete = false;
		try {
			for await (const page of deps.source.pages(stream, window)) {
				outcome.pages += 1;
				for (const record of page) {
					const observed = observe(stream, record);
					if (observed === undefined) continue;
					for (const change of detectChanges(
						observed,
						state.memory,
						streamState,
						settings.overlapMs,
					)) {
						if (settings.wanted(change.eventType)) outcome.changes.push({ change, window });
					}
					if (Number.isFinite(observed.modifiedMs)) lastModifiedMs = observed.modifiedMs;
				}
			}
			complete = true;
		} catch (error) {
			const limited = deps.isRateLimited(error);
			outcome.failures.push({ stream, error, rateLimited: limited });
			rateLimited ||= limited;
		}
		state.streams[stream.key] = advance(streamState, window, {
			complete,
			lastModifiedMs: stream.sortedByModified ? lastModifiedMs : undefined,
		});
	}

	if (rateLimited) {
		state.rateLimitedPolls = (state.rateLimitedPolls ?? 0) + 1;
		state.backoffUntil = now + backoffDelayMs(state.rateLimitedPolls);
		outcome.backoffUntil = state.backoffUntil;
	} else {
		delete state.backoffUntil;
		delete state.rateLimitedPolls;
	}
	deps.store.save(state);
	outcome.changes.sort(byModified);
	return outcome;
}

/**
 * A manual run ("Fetch Test Event"): the latest changes of each stream in the last `lookbackMs`
 * (or since "Since"), as if seen for the first time, newest `limit` of them in time order.
 * Reads one page per stream and neither reads nor writes the state.
 */
export async function latestChanges(
	settings: PollSettings,
	source: PageSource,
	now: number,
	lookbackMs: number,
	limit: number,
): Promise<FoundChange[]> {
	const from =
		settings.sinceMs !== undefined && settings.sinceMs < now ? settings.sinceMs : now - lookbackMs;
	const window: Window = { from, to: now };
	const found: FoundChange[] = [];
	for (const stream of settings.streams) {
		const records = await source.latest(stream, window, limit);
		const memory = new TransitionMemory(records.length + 1);
		const streamState: StreamState = { watermark: from, origin: from };
		for (const record of records) {
			const observed = observe(stream, record);
			if (observed === undefined) continue;
			for (const change of detectChanges(observed, memory, streamState, settings.overlapMs)) {
				if (settings.wanted(change.eventType)) found.push({ change, window });
			}
		}
	}
	found.sort(byModified);
	return found.slice(Math.max(0, found.length - limit));
}
