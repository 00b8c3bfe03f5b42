/**
 * The bounded memory of transitions: for every shipment and return the poll has seen, the last
 * state it saw. A change is reported when a record's state differs from the remembered one, so
 * overlapping windows, repeated pages and restarts report each (record, state) once.
 *
 * Bounded by entry count; the least recently changed record is forgotten first. A forgotten
 * record seen again in an unchanged state is taken for a first sighting (see detect.ts), so the
 * bound should cover the records that can still change (open orders and recent returns).
 *
 * Stored in the node's static data as one string, about 14 bytes a record:
 * `1|<state table, ;-separated>|<key><state index, base 36>,...` (oldest first), where key is
 * the first 12 base64url characters of SHA-256("<kind>:<id>").
 */
import { createHash } from 'node:crypto';

const FORMAT = '1';
const KEY_LENGTH = 12;
const KEY = /^[A-Za-z0-9_-]{12}$/;
const INDEX = /^[0-9a-z]{1,4}$/;
const STATE = /^[A-Za-z0-9_!-]{1,64}$/;

export function memoryKey(kind: string, id: string): string {
	return createHash('sha256').update(`${kind}:${id}`).digest('base64url').slice(0, KEY_LENGTH);
}

export class TransitionMemory {
	readonly maxEntries: number;

	/** Insertion order = least recently changed first. */
	private readonly entries = new Map<string, string>();

	constructor(maxEntries: number) {
		this.maxEntries = Math.max(1, Math.floor(maxEntries));
	}

	get size(): number {
		return this.entries.size;
	}

	get(key: string): string | undefined {
		return this.entries.get(key);
	}

	/** Remembers `state` as the record's newest; returns false when it was already remembered. */
	set(key: string, state: string): boolean {
		if (this.entries.get(key) === state) return false;
		this.entries.delete(key);
		this.entries.set(key, state);
		while (this.entries.size > this.maxEntries) {
			const oldest = this.entries.keys().next().value as string;
			this.entries.delete(oldest);
		}
		return true;
	}

	/** Entries oldest first. */
	toArray(): Array<[string, string]> {
		return [...this.entries];
	}

	encode(): string {
		const states: string[] = [];
		const index = new Map<string, number>();
		const parts: string[] = [];
		for (const [key, state] of this.entries) {
			let at = index.get(state);
			if (at === undefined) {
				at = states.length;
				states.push(state);
				index.set(state, at);
			}
			parts.push(`${key}${at.toString(36)}`);
		}
		return `${FORMAT}|${states.join(';')}|${parts.join(',')}`;
	}

	/**
	 * A memory from its stored text, keeping the newest `maxEntries`. Text that does not decode
	 * cleanly gives undefined (the caller starts empty rather than half-trusting it).
	 */
	static decode(text: unknown, maxEntries: number): TransitionMemory | undefined {
		if (typeof text !== 'string') return undefined;
		const fields = text.split('|');
		if (fields.length !== 3 || fields[0] !== FORMAT) return undefined;
		const states = fields[1] === '' ? [] : fields[1].split(';');
		if (!states.every((state) => STATE.test(state))) return undefined;
		const memory = new TransitionMemory(maxEntries);
		if (fields[2] === '') return memory;
		for (const part of fields[2].split(',')) {
			const key = part.slice(0, KEY_LENGTH);
			const at = part.slice(KEY_LENGTH);
			if (!KEY.test(key) || !INDEX.test(at)) return undefined;
			const state = states[parseInt(at, 36)];
			if (state === undefined) return undefined;
			memory.set(key, state);
		}
		return memory;
	}
}
