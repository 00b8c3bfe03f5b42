/**
 * Texts of the remembered deliveries that another writer stored: other n8n processes in queue
 * mode, or this process before a restart. Taken in by what they add, not decoded whole each time.
 *
 * A writer's text only grows at its end and loses entries at its front (deliveryLog.ts), under a
 * tag that is new whenever a log is rebuilt. So a text that continues the last one seen from the
 * same writer holds nothing new but what follows that one's end. That is checked by comparing the
 * texts, and only the end part is decoded: in queue mode, where webhook processes take turns
 * writing the row, every request sees a text of another process, and decoding the whole set for
 * each cost O(remembered keys) per push. Anything else (a first text, a writer's log rebuilt,
 * earlier formats) is decoded whole, as before. See docs/trigger-durability.md#several-n8n-processes-queue-mode.
 */
import { setAsNewest } from '../boundedFifo';
import { decodeDeliverySnapshot, decodeSegments, splitFormat3 } from './deliveryLog';
import type { DeliverySnapshot } from './deliveryStore';

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
		const parts = splitFormat3(text);
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
