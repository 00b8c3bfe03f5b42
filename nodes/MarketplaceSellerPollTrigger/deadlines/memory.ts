/**
 * What the Deadlines watch remembers between polls: per shipment it alerted, the dispatch-by date
 * it alerted for and how far it got (due soon, overdue), so each alert is given once per date
 * (docs/marketplace-seller-poll-trigger.md#deadlines). A changed date re-arms the shipment.
 *
 * Bounded like the transition memory (change/memory.ts), in bytes of stored text: at most
 * DEADLINE_MEMORY_MAX_BYTES, the entries remembered longest dropped first. A shipment that left
 * the list (ready, cancelled, its date moved out of the window) is dropped after two complete
 * reads without it: one read may miss a record when the list shifts under its next-page links.
 *
 * Stored in the node's static data as one string, about 22 bytes a shipment:
 * `d1|<key><stage><due ms, base 36>[~],...` where key is the first 12 base64url characters of
 * SHA-256("shipment:<id>"), stage `s` (due soon given) or `o` (overdue given), `~` once missed.
 */
import { MEMORY_MAX_BYTES } from '../change/memory';

const FORMAT = 'd1';
const ENTRY = /^([A-Za-z0-9_-]{12})([so])([0-9a-z]{1,11})(~?)$/;

/** Half the transition memory's bound: both together stay within 1.5 MiB of static data. */
export const DEADLINE_MEMORY_MAX_BYTES = MEMORY_MAX_BYTES / 2;

export type DeadlineStage = 'soon' | 'overdue';

export interface DeadlineEntry {
	dueMs: number;
	stage: DeadlineStage;
	/** Not in the last complete read. */
	missed: boolean;
}

export class DeadlineMemory {
	/** Insertion order = remembered longest first. */
	private readonly entries = new Map<string, DeadlineEntry>();

	get size(): number {
		return this.entries.size;
	}

	get(key: string): DeadlineEntry | undefined {
		return this.entries.get(key);
	}

	set(key: string, dueMs: number, stage: DeadlineStage): void {
		this.entries.set(key, { dueMs, stage, missed: false });
	}

	delete(key: string): void {
		this.entries.delete(key);
	}

	/** After a complete read: drops what two reads in a row did not see, marks what this one missed. */
	sweep(seen: ReadonlySet<string>): void {
		for (const [key, entry] of [...this.entries]) {
			if (seen.has(key)) entry.missed = false;
			else if (entry.missed) this.entries.delete(key);
			else entry.missed = true;
		}
	}

	/** The stored text, at most DEADLINE_MEMORY_MAX_BYTES: the newest entries that fit. */
	encode(): string {
		const parts: string[] = [];
		let bytes = FORMAT.length + 1;
		const newestFirst = [...this.entries].reverse();
		let kept = 0;
		for (const [key, entry] of newestFirst) {
			if (!Number.isSafeInteger(entry.dueMs) || entry.dueMs < 0) continue;
			const part = `${key}${entry.stage === 'soon' ? 's' : 'o'}${entry.dueMs.toString(36)}${entry.missed ? '~' : ''}`;
			if (bytes + part.length + 1 > DEADLINE_MEMORY_MAX_BYTES) break;
			parts.push(part);
			bytes += part.length + 1;
			kept += 1;
		}
		for (const [key] of newestFirst.slice(kept)) this.entries.delete(key);
		return `${FORMAT}|${parts.reverse().join(',')}`;
	}

	/** A memory from its stored text; anything else gives an empty memory, a bad entry is dropped alone. */
	static decode(text: unknown): DeadlineMemory {
		const memory = new DeadlineMemory();
		if (typeof text !== 'string') return memory;
		const [format, list, ...rest] = text.split('|');
		if (format !== FORMAT || list === undefined || rest.length > 0 || list === '') return memory;
		for (const part of list.split(',')) {
			const match = ENTRY.exec(part);
			if (!match) continue;
			const dueMs = parseInt(match[3], 36);
			if (!Number.isSafeInteger(dueMs)) continue;
			memory.entries.set(match[1], {
				dueMs,
				stage: match[2] === 's' ? 'soon' : 'overdue',
				missed: match[4] === '~',
			});
		}
		return memory;
	}
}
