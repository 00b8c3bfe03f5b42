/**
 * The bounded memory of transitions: for every shipment and return the poll has seen, the last
 * state it saw and when that state was modified. A change is reported when a record's state
 * differs from the remembered one and the observation is not older than the remembered one, so
 * overlapping windows, repeated pages, stale snapshots and restarts report each (record, state)
 * once (docs/marketplace-seller-poll-trigger.md#exactly-once).
 *
 * Bounded twice: by entry count (Max Remembered Records) and by bytes (MEMORY_MAX_BYTES of
 * stored text); the least recently changed record is forgotten first. A forgotten record seen
 * again in an unchanged state is taken for a first sighting (see detect.ts).
 *
 * Stored in the node's static data as one string, about 24 bytes a record:
 * `2|<state table, ;-separated>|<key><state index, base 36>[.<modified ms> | :<modified s>],...`
 * (oldest first; times in base 36, `:` when the marketplace gave whole seconds), where key is
 * the first 12 base64url characters of SHA-256("<kind>:<id>"). Format 1 (no times) is still read.
 * Each state and each entry is checked on its own: a bad one is dropped alone.
 */
import { createHash } from 'node:crypto';

const FORMAT = '2';
const READABLE_FORMATS = new Set(['1', '2']);
const KEY_LENGTH = 12;
const ENTRY = /^([A-Za-z0-9_-]{12})([0-9a-z]{1,4})(?:([.:])([0-9a-z]{1,10}))?$/;
export const STATE = /^[A-Za-z0-9_!-]{1,64}$/;

/** The stored memory never exceeds this many bytes (ASCII text: characters = bytes). */
export const MEMORY_MAX_BYTES = 1024 * 1024;

/** When a remembered state was modified, as the marketplace wrote it. */
export interface ModifiedTime {
	ms: number;
	/** 1 when the marketplace gave milliseconds, 1000 when whole seconds. */
	precisionMs: 1 | 1000;
}

export interface MemoryEntry {
	state: string;
	modified?: ModifiedTime;
}

export function memoryKey(kind: string, id: string): string {
	return createHash('sha256').update(`${kind}:${id}`).digest('base64url').slice(0, KEY_LENGTH);
}

/**
 * Whether `a` was modified before `b`, compared at the coarser precision of the two: a time in
 * whole seconds may stand for any millisecond of that second.
 */
export function isBefore(a: ModifiedTime, b: ModifiedTime): boolean {
	const unit = Math.max(a.precisionMs, b.precisionMs);
	return Math.floor(a.ms / unit) < Math.floor(b.ms / unit);
}

function encodeTime(modified: ModifiedTime | undefined): string {
	if (modified === undefined || !Number.isSafeInteger(modified.ms) || modified.ms < 0) return '';
	return modified.precisionMs === 1000
		? `:${Math.floor(modified.ms / 1000).toString(36)}`
		: `.${modified.ms.toString(36)}`;
}

function decodeTime(
	mark: string | undefined,
	digits: string | undefined,
): ModifiedTime | undefined {
	if (mark === undefined || digits === undefined) return undefined;
	const value = parseInt(digits, 36);
	if (!Number.isSafeInteger(value)) return undefined;
	const ms = mark === ':' ? value * 1000 : value;
	return Number.isSafeInteger(ms) ? { ms, precisionMs: mark === ':' ? 1000 : 1 } : undefined;
}

export class TransitionMemory {
	readonly maxEntries: number;

	/** Insertion order = least recently changed first. */
	private readonly entries = new Map<string, MemoryEntry>();

	constructor(maxEntries: number) {
		this.maxEntries = Math.max(1, Math.floor(maxEntries));
	}

	get size(): number {
		return this.entries.size;
	}

	get(key: string): string | undefined {
		return this.entries.get(key)?.state;
	}

	entry(key: string): MemoryEntry | undefined {
		return this.entries.get(key);
	}

	/**
	 * Remembers `state` as the record's newest; returns false when it was already remembered (a
	 * later modified time is still kept). A state that could not be stored is refused (false).
	 */
	set(key: string, state: string, modified?: ModifiedTime): boolean {
		if (!STATE.test(state)) return false;
		const known = this.entries.get(key);
		if (known?.state === state) {
			if (
				modified !== undefined &&
				(known.modified === undefined || isBefore(known.modified, modified))
			)
				known.modified = modified;
			return false;
		}
		this.entries.delete(key);
		this.entries.set(key, modified === undefined ? { state } : { state, modified });
		while (this.entries.size > this.maxEntries) {
			const oldest = this.entries.keys().next().value as string;
			this.entries.delete(oldest);
		}
		return true;
	}

	/** Entries oldest first. */
	toArray(): Array<[string, string]> {
		return [...this.entries].map(([key, entry]) => [key, entry.state]);
	}

	/**
	 * The stored text, at most MEMORY_MAX_BYTES: the newest entries that fit; older ones are
	 * forgotten here too, so the memory in use is the one stored.
	 */
	encode(): string {
		const newestFirst = [...this.entries].reverse();
		const index = new Map<string, number>();
		const states: string[] = [];
		const parts: string[] = [];
		let bytes = FORMAT.length + 2;
		let kept = 0;
		for (const [key, entry] of newestFirst) {
			let at = index.get(entry.state);
			let cost = 0;
			if (at === undefined) {
				at = states.length;
				cost += entry.state.length + 1;
			}
			const part = `${key}${at.toString(36)}${encodeTime(entry.modified)}`;
			cost += part.length + 1;
			if (bytes + cost > MEMORY_MAX_BYTES) break;
			if (!index.has(entry.state)) {
				index.set(entry.state, at);
				states.push(entry.state);
			}
			parts.push(part);
			bytes += cost;
			kept += 1;
		}
		for (const [key] of newestFirst.slice(kept)) this.entries.delete(key);
		return `${FORMAT}|${states.join(';')}|${parts.reverse().join(',')}`;
	}

	/**
	 * A memory from its stored text, keeping the newest `maxEntries`. Text that is not a memory
	 * at all gives undefined (start empty); a bad state or entry inside it is dropped alone.
	 */
	static decode(text: unknown, maxEntries: number): TransitionMemory | undefined {
		if (typeof text !== 'string') return undefined;
		const fields = text.split('|');
		if (fields.length !== 3 || !READABLE_FORMATS.has(fields[0])) return undefined;
		const states = fields[1] === '' ? [] : fields[1].split(';');
		const memory = new TransitionMemory(maxEntries);
		if (fields[2] === '') return memory;
		for (const part of fields[2].split(',')) {
			const match = ENTRY.exec(part);
			if (!match) continue;
			const state = states[parseInt(match[2], 36)];
			if (state === undefined || !STATE.test(state)) continue;
			memory.set(match[1], state, decodeTime(match[3], match[4]));
		}
		return memory;
	}
}
