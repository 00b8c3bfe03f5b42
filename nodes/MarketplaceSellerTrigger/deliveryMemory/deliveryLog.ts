/**
 * The remembered deliveries as the static data holds them, kept up to date by appending, so that
 * saving one more delivery costs the same with 10 remembered keys as with 100,000. (Encoding the
 * whole set for every push cost about 16 ms of CPU per push at the default bound of 10,000 keys;
 * see docs/trigger-durability.md#the-stored-text.)
 *
 * Text format "4": `4|<writer>|<t0>|<from>|<to>|<room>`, where `room` holds, in this order, entries
 * already dropped (up to `from`), the live entries (from `from` to `to`) and `~` for the rest.
 * - writer: a random tag of the ReceiverState that wrote the text. A process that finds its own tag
 *   in the row knows the row holds nothing it does not remember already, so it skips decoding it.
 * - the live entries are segments with no separator: `.<dt>.<key>` or, when the entry has the
 *   previous entry's time, just `<key>`. key: the 11-character compact delivery key
 *   (deliveryKey.ts; base64url has no "." and no "~"); dt: the signed difference in whole seconds
 *   from the previous entry's time (from t0, the time of the last entry dropped, for the first).
 *   Entries are in the order they were confirmed, close to time order, so dt is short, and a
 *   burst of pushes in one second costs 11 bytes a key. About 14 bytes a key at one push every
 *   few seconds.
 * - t0, from and to are written with leading zeros, so that they keep their width.
 * The text keeps its length and its bytes in place from one push to the next: an entry is written
 * into the room left at the end, and dropping the oldest only moves `from` and t0. SQLite then
 * writes the one or two pages that changed rather than the whole row, about 115 KB per push at
 * the default bound (docs/trigger-durability.md#what-sqlite-writes-per-push). When the room is used
 * up (about every 1,000 pushes at the default bound), or more than half of it holds dropped
 * entries, the text is written anew with the live entries and fresh room: an eighth of their
 * length, at least ROOM_MIN.
 *
 * n8n writes the whole text to the workflow row with every accepted push, so its size is the
 * trigger's main cost per push (docs/trigger-durability.md#what-it-costs-and-acknowledge-push).
 *
 * Only this format is read (the package was never published with another). Anything that does not
 * decode cleanly is ignored as a whole (start empty) rather than half-trusted.
 */
import { setAsNewest } from '../boundedFifo';
import { COMPACT_KEY_LENGTH } from './deliveryKey';
import type { DeliverySnapshot } from './deliveryStore';

const COMPACT_KEY = /^[A-Za-z0-9_-]{11}$/;
const DECIMAL_INT = /^-?[0-9]{1,15}$/;
const OFFSET = /^[0-9]{1,9}$/;
const WRITER = /^[A-Za-z0-9_-]{1,32}$/;

/** What fills the room no entry uses yet (not in a key, a time or JSON's escapes). */
const UNUSED = '~';
const UNUSED_ROOM = new RegExp(`^${UNUSED}*$`);

/** The least room a text is written with: about 90 entries before it is written anew. */
const ROOM_MIN = 1024;

/** The length of the room a text of `live` characters of entries is written anew with. */
export function roomWrittenAnew(live: number): number {
	return live + Math.max(ROOM_MIN, Math.ceil(live / 8));
}

/** Widths the numbers of the header keep (epoch seconds; offsets up to 10 MB). */
const TIME_WIDTH = 10;
const OFFSET_WIDTH = 7;

function fixedWidth(value: number, width: number): string {
	return value >= 0 ? String(value).padStart(width, '0') : String(value);
}

/** Cheap shape check for appending (decoding checks the full alphabet). */
function encodable(key: string): boolean {
	return (
		key.length === COMPACT_KEY_LENGTH &&
		!key.includes('.') &&
		!key.includes('|') &&
		!key.includes(UNUSED)
	);
}

export interface DeliveryLogLimits {
	maxEntries: number;
	retentionSeconds: number;
}

export class DeliveryLog {
	/** Entries oldest first from `head`; `lengths` are the text lengths of their segments. */
	private keys: string[] = [];

	private times: number[] = [];

	private lengths: number[] = [];

	private head = 0;

	/** The room's text as stored: the dropped entries up to `from`, then the live ones. */
	private written = '';

	/** Where the live entries start in `written`. */
	private from = 0;

	/** The room's length: `written` and the unused rest. */
	private room = 0;

	/** The text made since the last change (n8n may ask for it more than once per push). */
	private made: string | undefined;

	/** The time the first live entry's dt counts from. */
	private base = 0;

	/** The newest entry's time (base when empty): the next dt counts from it. */
	private last = 0;

	private readonly prefix: string;

	constructor(
		/** This log's writer tag (letters, digits, - and _). */
		readonly writer: string,
		private readonly limits: DeliveryLogLimits,
	) {
		if (!WRITER.test(writer)) throw new Error(`invalid delivery log writer tag "${writer}"`);
		this.prefix = `4|${writer}|`;
	}

	get size(): number {
		return this.keys.length - this.head;
	}

	/** Whether `text` is one of this log's own texts (the row holds nothing new to this process). */
	wrote(text: unknown): boolean {
		return typeof text === 'string' && text.startsWith(this.prefix);
	}

	/** Adds a confirmed delivery as the newest entry (a key of another shape is not stored). */
	append(key: string, atSeconds: number): void {
		const at = Math.floor(atSeconds);
		if (!Number.isSafeInteger(at) || !encodable(key)) return;
		const segment = at === this.last ? key : `.${at - this.last}.${key}`;
		if (this.written.length + segment.length > this.room) this.writeAnew(segment.length);
		this.written += segment;
		this.made = undefined;
		this.keys.push(key);
		this.times.push(at);
		this.lengths.push(segment.length);
		this.last = at;
		if (this.size > this.limits.maxEntries) this.dropOldest(this.size - this.limits.maxEntries);
	}

	/** Starts over from a snapshot (a new state after a change of limits, a one-off text). */
	rebuild(snapshot: DeliverySnapshot): this {
		this.clear();
		const count = Math.min(snapshot.keys.length, snapshot.seenAt.length);
		const first = count > 0 ? Math.floor(snapshot.seenAt[0]) : 0;
		this.base = Number.isSafeInteger(first) ? first : 0;
		this.last = this.base;
		for (let i = 0; i < count; i += 1) this.append(snapshot.keys[i], snapshot.seenAt[i]);
		return this;
	}

	/** The text to store: expired entries dropped from the oldest end first. */
	text(nowSeconds: number): string {
		this.expire(nowSeconds);
		return this.currentText();
	}

	/** Drops the entries that expired by `nowSeconds`, oldest first. */
	expire(nowSeconds: number): void {
		let expired = 0;
		for (let i = this.head; i < this.keys.length; i += 1) {
			if (nowSeconds < this.times[i] + this.limits.retentionSeconds) break;
			expired += 1;
		}
		if (expired > 0) this.dropOldest(expired);
	}

	/** The text of the entries as they are (expired ones go at the next expire() or text()). */
	currentText(): string {
		if (this.made !== undefined) return this.made;
		const header = `${this.prefix}${fixedWidth(this.base, TIME_WIDTH)}|${fixedWidth(this.from, OFFSET_WIDTH)}|${fixedWidth(this.written.length, OFFSET_WIDTH)}|`;
		const text = `${header}${this.written}${UNUSED.repeat(this.room - this.written.length)}`;
		// Reading a character makes the joined text one flat copy (V8 does so in place), and the
		// room's part of it is kept as `written`: the next push joins one entry to that part, and
		// the next text is one flat copy again, rather than a walk over every entry appended since
		// the last rewrite. n8n's JSON of the static data then finds the text flat.
		text.charCodeAt(0);
		this.written = text.slice(header.length, header.length + this.written.length);
		this.made = text;
		return text;
	}

	private clear(): void {
		this.forgetEntries();
		this.written = '';
		this.from = 0;
		this.room = 0;
	}

	private forgetEntries(): void {
		this.made = undefined;
		this.keys = [];
		this.times = [];
		this.lengths = [];
		this.head = 0;
	}

	/** The live entries alone, with room for `needed` more characters and an eighth of theirs. */
	private writeAnew(needed: number): void {
		this.made = undefined;
		this.written = this.written.slice(this.from);
		this.from = 0;
		const live = this.written.length;
		this.room = needed + roomWrittenAnew(live);
	}

	private dropOldest(count: number): void {
		this.made = undefined;
		if (count >= this.size) {
			this.base = this.last;
			this.forgetEntries();
			this.from = this.written.length;
		} else {
			for (let i = this.head; i < this.head + count; i += 1) this.from += this.lengths[i];
			this.head += count;
			// The first remaining entry's dt (or its shared time) counts from the last dropped entry's.
			this.base = this.times[this.head - 1];
			// Compact the arrays once half of them are dropped entries: amortized O(1) per entry.
			if (this.head > 1024 && this.head * 2 > this.keys.length) {
				this.keys = this.keys.slice(this.head);
				this.times = this.times.slice(this.head);
				this.lengths = this.lengths.slice(this.head);
				this.head = 0;
			}
		}
		// After many entries expired at once, a text mostly of dropped entries is not kept.
		if (this.from * 2 > this.room) this.writeAnew(0);
	}
}

/** A one-off text of a snapshot in format "4" (what a writer tagged `writer` would store). */
export function encodeDeliverySnapshot(snapshot: DeliverySnapshot, writer: string): string {
	const unbounded = { maxEntries: Number.MAX_SAFE_INTEGER, retentionSeconds: Infinity };
	return new DeliveryLog(writer, unbounded).rebuild(snapshot).text(0);
}

/**
 * Format 4 segments: `[.<dt>.]<key>`, 11-character keys, no separator. `from` is the time the
 * first segment counts from: t0, or the time of the entry before `body` when it is the end part
 * of a text (ForeignRows below).
 */
export function decodeSegments(from: number, body: string): DeliverySnapshot | undefined {
	let at = from;
	const keys: string[] = [];
	const seenAt: number[] = [];
	let i = 0;
	while (i < body.length) {
		if (body.charCodeAt(i) === 0x2e /* . */) {
			const end = body.indexOf('.', i + 1);
			if (end < 0) return undefined;
			const delta = body.slice(i + 1, end);
			if (!DECIMAL_INT.test(delta)) return undefined;
			at += Number(delta);
			if (!Number.isSafeInteger(at)) return undefined;
			i = end + 1;
		}
		const key = body.slice(i, i + COMPACT_KEY_LENGTH);
		if (!COMPACT_KEY.test(key)) return undefined;
		keys.push(key);
		seenAt.push(at);
		i += COMPACT_KEY_LENGTH;
	}
	return { keys, seenAt };
}

/** The parts of a format 4 text (its live entries as `body`), or undefined for anything else. */
export function splitDeliveryText(
	text: unknown,
): { writer: string; t0: number; body: string } | undefined {
	if (typeof text !== 'string' || !text.startsWith('4|')) return undefined;
	const fields = text.split('|');
	if (fields.length !== 6 || !WRITER.test(fields[1]) || !DECIMAL_INT.test(fields[2]))
		return undefined;
	if (!OFFSET.test(fields[3]) || !OFFSET.test(fields[4])) return undefined;
	const room = fields[5];
	const from = Number(fields[3]);
	const to = Number(fields[4]);
	if (from > to || to > room.length || !UNUSED_ROOM.test(room.slice(to))) return undefined;
	return { writer: fields[1], t0: Number(fields[2]), body: room.slice(from, to) };
}

/** The entries of a stored text, or undefined. */
export function decodeDeliverySnapshot(text: unknown): DeliverySnapshot | undefined {
	const parts = splitDeliveryText(text);
	return parts === undefined ? undefined : decodeSegments(parts.t0, parts.body);
}

/*
 * Texts of the remembered deliveries that another writer stored: other n8n processes in queue
 * mode, or this process before a restart. Taken in by what they add, not decoded whole each time.
 *
 * A writer's live entries only grow at their end and lose entries at their front (DeliveryLog
 * above), under a tag that is new whenever a log is rebuilt. So live entries that continue the last
 * ones seen from the same writer hold nothing new but what follows their end. That is checked by
 * comparing them, and only the end part is decoded: in queue mode, where webhook processes take turns
 * writing the row, every request sees a text of another process, and decoding the whole set for
 * each cost O(remembered keys) per push. Anything else (a first text, a writer's log rebuilt,
 * other formats) is decoded whole. See docs/trigger-durability.md#several-n8n-processes-queue-mode.
 */

/** Writers remembered (webhook processes, and their restarts). */
const MAX_WRITERS = 16;

/** Characters of a text's start looked up in the previous text (a few keys). */
const NEEDLE_LENGTH = 40;

interface SeenText {
	body: string;
	/** The time of the body's last entry: what the next appended entry's dt counts from. */
	lastAt: number;
}

/**
 * What `next` adds at its end when it is `previous` less some entries at the front plus new
 * entries at the end; undefined when it is not (then it must be decoded whole).
 */
export function continuation(previous: string, next: string): string | undefined {
	if (previous.length === 0 || next.length === 0) return undefined;
	// Found unless fewer characters than the needle were kept: then the text is decoded whole.
	const start = previous.indexOf(next.slice(0, Math.min(NEEDLE_LENGTH, previous.length)));
	if (start < 0) return undefined;
	const kept = previous.length - start;
	if (next.length < kept || !next.startsWith(previous.slice(start))) return undefined;
	return next.slice(kept);
}

export class ForeignRows {
	private readonly seen = new Map<string, SeenText>();

	/**
	 * The entries of a stored text that the last text seen from its writer did not hold, oldest
	 * first: all of them for a first text or one that does not continue it. Undefined when the
	 * text does not decode (it is then ignored, as a whole).
	 */
	newEntries(text: unknown): DeliverySnapshot | undefined {
		const parts = splitDeliveryText(text);
		if (parts === undefined) return decodeDeliverySnapshot(text);
		const before = this.seen.get(parts.writer);
		const added = before === undefined ? undefined : continuation(before.body, parts.body);
		// Only the added end, counting from the last text's last time; else the whole text from t0.
		const from =
			added !== undefined && before !== undefined
				? { at: before.lastAt, body: added }
				: { at: parts.t0, body: parts.body };
		const entries = decodeSegments(from.at, from.body);
		if (entries === undefined) {
			this.seen.delete(parts.writer);
			return undefined;
		}
		// With no entry decoded, the text ends where the decoding started (an empty text at t0: the
		// log moves t0 to its last time).
		const count = entries.seenAt.length;
		const lastAt = count > 0 ? entries.seenAt[count - 1] : from.at;
		setAsNewest(this.seen, parts.writer, { body: parts.body, lastAt }, MAX_WRITERS);
		return entries;
	}
}
