/**
 * One poll, independent of n8n: load the state, read each stream's window page by page, detect
 * the changes, move the watermarks, save the state. The clock, the pages and the state store
 * are injected, so tests drive it with the simulator's clock and a plain object as the store.
 *
 * A 429 that outlasts the transport's retries stops the poll: what was read so far is reported
 * and remembered, and the following polls make no call until the backoff has passed. Reading
 * also stops when the poll's read deadline has passed (the next tick is near). Either way a
 * stream sorted by modifiedDate moves its watermark to the last record read, but only while
 * the records read were in order; any other error stops only its stream and leaves its
 * watermark where it was (docs/marketplace-seller-poll-trigger.md#exactly-once).
 *
 * A sorted stream pages by modifiedDate (keyset): after a full page whose records span more
 * than one instant, the next request is a new search from the last record's modifiedDate
 * instead of the next-page link, so a record that changes while the poll pages (and leaves its
 * place) cannot push an unread record onto a page already read. A page whose records share one
 * instant is followed by its link.
 *
 * A list without a sort order (returns), an answer out of order, and a run of records sharing one
 * instant are paged by their links, which shift when a record before the read position changes
 * and leaves the window. A single answer cannot shift; a read that followed links is confirmed by
 * reading the window again at once: only when both reads saw the same records in the same state
 * does the watermark move (docs/marketplace-seller-poll-trigger.md#exactly-once).
 */
import type { IDataObject } from 'n8n-workflow';

import { detectChanges, type DetectedChange } from './change/detect';
import { isBefore, TransitionMemory, type ModifiedTime } from './change/memory';
import {
	modifiedTime,
	observeReturn,
	observeShipment,
	type ObservedRecord,
} from './change/records';
import {
	advance,
	backoffDelayMs,
	startStream,
	windowOf,
	type StreamState,
	type Window,
} from './change/window';
import { DeadlineMemory } from './deadlines/memory';
import type { DeadlineSettings } from './deadlines/search';
import { readDeadlines, type DeadlineAlert } from './deadlines/watch';
import { SHIPMENT_PAGE_SIZE, type StreamSpec } from './plan';
import type { PollState, StateStore } from './state';

export interface PageSource {
	/** The window's records of a stream, page by page (oldest change first when the stream is sorted). */
	pages(stream: StreamSpec, window: Window): AsyncIterable<IDataObject[]>;
	/** One page of the stream's most recently changed records in the window (manual runs). */
	latest(stream: StreamSpec, window: Window, size: number): Promise<IDataObject[]>;
	/** The Deadlines watch's search at `now`, page by page (deadlines/search.ts). */
	deadlinePages?(now: number, leadMs: number): AsyncIterable<IDataObject[]>;
}

export interface PollSettings {
	streams: StreamSpec[];
	overlapMs: number;
	/** "Since": where streams without a watermark start (default: now less the overlap). */
	sinceMs?: number;
	wanted: (eventType: string) => boolean;
	maxRemembered: number;
	/** Set when Due Soon or Overdue is chosen: the Deadlines watch runs after the streams. */
	deadlines?: DeadlineSettings;
}

/** How messages name the Deadlines watch's search. */
export const DEADLINE_LIST: StreamSpec = {
	key: 'deadlines',
	kind: 'shipments',
	label: 'shipments due for dispatch (Deadlines)',
	sortedByModified: false,
	filter: {},
};

export interface PollDeps {
	now: () => number;
	source: PageSource;
	store: StateStore;
	isRateLimited: (error: unknown) => boolean;
	/** No page is asked for at or after this time (epoch ms): the next tick is near. */
	readUntil?: number;
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
	/** Streams left (partly) unread because the read deadline passed. */
	stoppedEarly: string[];
	/** Streams whose two reads of the window differed: the window is read again next poll. */
	unsettled: string[];
	/** The Deadlines watch's alerts (those the user chose). */
	alerts: DeadlineAlert[];
	/** Calls the Deadlines watch's search made in this poll (included in pages). */
	deadlineCalls: number;
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

/**
 * Oldest change first, but the changes of one record stay in the order they were detected
 * (the order they happened): a later state stamped in whole seconds may carry an earlier time
 * than the state before it, stamped in milliseconds.
 */
function inChangeOrder(found: FoundChange[]): FoundChange[] {
	const latest = new Map<string, number>();
	const keyed = found.map((entry, index) => {
		const { kind, id, modifiedMs } = entry.change.observed;
		const record = `${kind}:${id}`;
		const own = Number.isFinite(modifiedMs) ? modifiedMs : Number.POSITIVE_INFINITY;
		const key = Math.max(own, latest.get(record) ?? Number.NEGATIVE_INFINITY);
		latest.set(record, key);
		return { entry, key, index };
	});
	keyed.sort((a, b) => (a.key === b.key ? a.index - b.index : a.key < b.key ? -1 : 1));
	return keyed.map(({ entry }) => entry);
}

/** How far one stream's reading got. */
interface StreamRead {
	complete: boolean;
	/** Some page was fetched by a next-page link (offset or snapshot paging, which may shift). */
	followedLinks: boolean;
	/** The records read, each with its modified time and state (see readKey). */
	seen: Set<string>;
	/** The last record read, while every record read was in modifiedDate order. */
	last?: ModifiedTime;
	inOrder: boolean;
	error?: unknown;
	stoppedEarly: boolean;
}

async function readStream(
	stream: StreamSpec,
	window: Window,
	streamState: StreamState,
	state: PollState,
	settings: PollSettings,
	deps: PollDeps,
	outcome: PollOutcome,
): Promise<StreamRead> {
	const read: StreamRead = {
		complete: false,
		followedLinks: false,
		seen: new Set(),
		inOrder: true,
		stoppedEarly: false,
	};
	const deadlinePassed = () => deps.readUntil !== undefined && deps.now() >= deps.readUntil;
	let from = window.from;
	try {
		for (;;) {
			let restartFrom: number | undefined;
			let pageOfSearch = 0;
			for await (const page of deps.source.pages(stream, { from, to: window.to })) {
				outcome.pages += 1;
				pageOfSearch += 1;
				if (pageOfSearch > 1) read.followedLinks = true;
				let first: number | undefined;
				for (const record of page) {
					const observed = observe(stream, record);
					if (observed === undefined) continue;
					read.seen.add(readKey(observed));
					for (const change of detectChanges(
						observed,
						state.memory,
						streamState,
						settings.overlapMs,
					)) {
						if (settings.wanted(change.eventType)) outcome.changes.push({ change, window });
					}
					const modified = modifiedTime(observed);
					if (modified === undefined || (read.last !== undefined && isBefore(modified, read.last)))
						read.inOrder = false;
					else read.last = modified;
					first ??= modified?.ms;
				}
				// Stop for the deadline only where the next poll can resume past this point; an
				// unsorted list (or one read out of order) is read to its end, one poll at a time.
				if (
					deadlinePassed() &&
					stream.sortedByModified &&
					read.inOrder &&
					read.last !== undefined &&
					read.last.ms > streamState.watermark
				) {
					read.stoppedEarly = true;
					return read;
				}
				const lastMs = read.last?.ms;
				if (
					stream.sortedByModified &&
					read.inOrder &&
					page.length >= SHIPMENT_PAGE_SIZE &&
					first !== undefined &&
					lastMs !== undefined &&
					lastMs > first &&
					lastMs > from
				) {
					restartFrom = lastMs;
					break;
				}
			}
			if (restartFrom === undefined) break;
			from = restartFrom;
		}
		read.complete = true;
	} catch (error) {
		read.error = error;
	}
	return read;
}

/** A record as one read saw it: which record, when it was modified, in which state. */
function readKey(observed: ObservedRecord): string {
	return JSON.stringify([observed.kind, observed.id, observed.modifiedMs, observed.signature]);
}

function sameRecords(a: Set<string>, b: Set<string>): boolean {
	if (a.size !== b.size) return false;
	for (const key of a) if (!b.has(key)) return false;
	return true;
}

/**
 * Reads a stream's window; a read that followed next-page links (an unsorted list over more than
 * one page, a sort the marketplace ignored, a run of records sharing one modifiedDate) is read a
 * second time at once. A record that changed during the first read and left the window may have
 * moved an unread record onto a page already read; the change shows as a difference between the
 * two reads (a record seen in one state by one read only). Both reads report their changes (the
 * memory drops repeats); the window counts as read completely only when the two agree, otherwise
 * the watermark stays and the next poll reads the window again.
 */
async function readWindow(
	stream: StreamSpec,
	window: Window,
	streamState: StreamState,
	state: PollState,
	settings: PollSettings,
	deps: PollDeps,
	outcome: PollOutcome,
): Promise<StreamRead> {
	const first = await readStream(stream, window, streamState, state, settings, deps, outcome);
	if (!first.complete || !first.followedLinks) return first;
	const second = await readStream(stream, window, streamState, state, settings, deps, outcome);
	if (second.error !== undefined) return second;
	if (!sameRecords(first.seen, second.seen)) {
		outcome.unsettled.push(stream.label);
		return { ...second, complete: false };
	}
	return first;
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
		stoppedEarly: [],
		unsettled: [],
		alerts: [],
		deadlineCalls: 0,
	};
	if (state.backoffUntil !== undefined && now < state.backoffUntil) {
		return { ...outcome, backoffUntil: state.backoffUntil, skipped: true };
	}

	let rateLimited = false;
	let stopped = false;
	for (const stream of settings.streams) {
		let streamState: StreamState | undefined = state.streams[stream.key];
		if (streamState === undefined) {
			streamState = startStream(now, settings.sinceMs, settings.overlapMs);
			state.streams[stream.key] = streamState;
			outcome.started.push(stream.key);
			// Without "Since" the watermark is now: nothing to read until the next poll, whose window
			// reaches back to the origin.
			if (streamState.watermark >= now) continue;
		}
		if (rateLimited) continue;
		if (stopped) {
			outcome.stoppedEarly.push(stream.label);
			continue;
		}

		const window = windowOf(streamState, now, settings.overlapMs);
		const read = await readWindow(stream, window, streamState, state, settings, deps, outcome);
		let cutShort = read.stoppedEarly;
		if (read.stoppedEarly) {
			stopped = true;
			outcome.stoppedEarly.push(stream.label);
		}
		if (read.error !== undefined) {
			const limited = deps.isRateLimited(read.error);
			outcome.failures.push({ stream, error: read.error, rateLimited: limited });
			rateLimited ||= limited;
			cutShort = limited;
		}
		// A read cut short (429, deadline) resumes after the last record read, if the list is
		// sorted and was read in order; other failures read the whole window again.
		state.streams[stream.key] = advance(streamState, window, {
			complete: read.complete,
			lastModifiedMs:
				cutShort && stream.sortedByModified && read.inOrder ? read.last?.ms : undefined,
		});
	}

	// The Deadlines watch reads its whole list every poll, also the first one (what is already due
	// is what a seller wants to know on day one): docs/marketplace-seller-poll-trigger.md#deadlines.
	const deadlines = settings.deadlines;
	if (deadlines !== undefined && deps.source.deadlinePages !== undefined) {
		if (stopped) outcome.stoppedEarly.push(DEADLINE_LIST.label);
		else if (!rateLimited) {
			const read = await readDeadlines(
				deps.source.deadlinePages(now, deadlines.leadMs),
				(state.deadlines ??= new DeadlineMemory()),
				now,
				deadlines.leadMs,
			);
			outcome.pages += read.calls;
			outcome.deadlineCalls = read.calls;
			outcome.alerts = read.alerts.filter((alert) => deadlines.wanted(alert.eventType));
			if (read.error !== undefined) {
				const limited = deps.isRateLimited(read.error);
				outcome.failures.push({ stream: DEADLINE_LIST, error: read.error, rateLimited: limited });
				rateLimited ||= limited;
			}
		}
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
	outcome.changes = inChangeOrder(outcome.changes);
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
