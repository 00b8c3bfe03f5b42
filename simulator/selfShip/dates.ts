/**
 * Date checks of the self-ship calls (docs/marketplace-api/self-ship.md#dispatch): a date-time
 * must carry its offset, and "not after today" / "not before today" are read on the calendar of
 * that offset, so a seller in any time zone is judged by their own day.
 */

const DATE_TIME =
	/^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))$/;

export interface OffsetDateTime {
	ms: number;
	/** The calendar day the text names, in its own offset. */
	day: string;
	offsetMinutes: number;
}

export function parseOffsetDateTime(value: unknown): OffsetDateTime | undefined {
	if (typeof value !== 'string') return undefined;
	const match = DATE_TIME.exec(value.trim());
	if (!match) return undefined;
	const ms = Date.parse(value);
	if (Number.isNaN(ms)) return undefined;
	const offsetMinutes =
		match[2] === 'Z' ? 0 : (match[3] === '-' ? -1 : 1) * (Number(match[4]) * 60 + Number(match[5]));
	return { ms, day: match[1], offsetMinutes };
}

/** Today's calendar date at the offset of `date`. */
export function todayAt(nowMs: number, date: OffsetDateTime): string {
	return new Date(nowMs + date.offsetMinutes * 60_000).toISOString().slice(0, 10);
}
