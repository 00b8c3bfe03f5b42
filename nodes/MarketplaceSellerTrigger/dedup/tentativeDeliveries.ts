/**
 * Deliveries saved before their run is known: in queue mode a webhook process saves the key of an
 * accepted push before n8n enqueues its job, but only the job's end shows that the push ran
 * (docs/trigger-durability.md#several-n8n-processes-queue-mode). Such keys are stored apart from
 * the remembered deliveries, as a short list (pushes in flight), each with the time it was
 * accepted and the memory (writer tag) that accepted it.
 *
 * A reader takes a tentative key of another memory for a duplicate only while it is younger than
 * TENTATIVE_LEASE_SECONDS: long enough to cover the moment between n8n's 200 and the row that
 * says the run ended, much shorter than any redelivery of a push that got no answer. Older, the
 * push runs again: a push whose run did not end is never lost, at the price of a second run of a
 * push whose process died after its run and before it saved that.
 */
export const TENTATIVE_LEASE_SECONDS = 10;

export interface TentativeDelivery {
	key: string;
	/** Unix seconds at which it was accepted. */
	at: number;
	/** The writer tag of the memory that accepted it. */
	origin: string;
}

const KEY = /^[A-Za-z0-9_-]{11}$/;
const ORIGIN = /^[A-Za-z0-9_-]{1,32}$/;

/** `<key>.<at>.<origin>` joined by commas. */
export function encodeTentative(entries: TentativeDelivery[]): string {
	return entries.map((e) => `${e.key}.${e.at}.${e.origin}`).join(',');
}

/** The entries of a stored list; malformed entries are skipped. */
export function decodeTentative(text: unknown): TentativeDelivery[] {
	if (typeof text !== 'string' || text.length === 0) return [];
	const out: TentativeDelivery[] = [];
	for (const part of text.split(',')) {
		const [key, at, origin] = part.split('.');
		const seconds = Number(at);
		if (KEY.test(key ?? '') && Number.isSafeInteger(seconds) && ORIGIN.test(origin ?? ''))
			out.push({ key, at: seconds, origin });
	}
	return out;
}
