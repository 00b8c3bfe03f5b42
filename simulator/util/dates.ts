/**
 * Date formats of the interface: ISO-8601 with the +05:30 offset for fields and event timestamps
 * (docs/marketplace-api/conventions.md#dates), and the three HTTP-date forms for the X_Date push header (RFC 9110 5.6.7).
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** `2017-04-10T10:00:00.000+05:30`, the form of date fields. */
export function toIst(ms: number): string {
	return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 23) + '+05:30';
}

/** `2017-03-28T18:03:01+05:30`, the form of event timestamps (no milliseconds). */
export function toIstSeconds(ms: number): string {
	return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19) + '+05:30';
}

/** `2017-04-10`, the calendar date in +05:30: the form of date-only fields (invoiceDate). */
export function toIstDate(ms: number): string {
	return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A date-only field (`yyyy-MM-dd`, the official model's LocalDate): the same text when it is
 * one and names a real calendar day, else undefined. A date-time is not a date.
 */
export function parseDay(value: unknown): string | undefined {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
	const ms = Date.parse(`${value}T00:00:00Z`);
	return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? undefined : value;
}

/** The calendar date of an instant in the zone at `offsetHours` from UTC. */
export function dayAtOffset(ms: number, offsetHours: number): string {
	return new Date(ms + offsetHours * 3_600_000).toISOString().slice(0, 10);
}

/** Nullable variant for optional fields. */
export function toIstOrNull(ms: number | null | undefined): string | null {
	return ms === null || ms === undefined ? null : toIst(ms);
}

/**
 * Parses an offset-aware ISO date (or any form Date.parse accepts). Returns undefined for
 * anything that is not a parseable string, so callers can answer 400.
 */
export function parseDate(value: unknown): number | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms;
}

export type HttpDateFormat = 'imf' | 'rfc850' | 'asctime';

const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);

/** The three HTTP-date forms: IMF-fixdate (preferred), obsolete RFC 850 and asctime. */
export function httpDate(ms: number, format: HttpDateFormat = 'imf'): string {
	const d = new Date(Math.floor(ms / 1000) * 1000);
	const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
	const day = d.getUTCDate();
	const month = MONTHS[d.getUTCMonth()];
	const year = d.getUTCFullYear();
	switch (format) {
		case 'rfc850':
			return `${LONG_DAYS[d.getUTCDay()]}, ${pad(day)}-${month}-${pad(year % 100)} ${time} GMT`;
		case 'asctime':
			return `${DAYS[d.getUTCDay()]} ${month} ${pad(day, 2, ' ')} ${time} ${year}`;
		default:
			return `${DAYS[d.getUTCDay()]}, ${pad(day)} ${month} ${year} ${time} GMT`;
	}
}
