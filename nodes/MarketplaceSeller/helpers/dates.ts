/**
 * Dates for the marketplace: ISO-8601 with an explicit offset (docs/marketplace-api/conventions.md#dates: never assume Z), and
 * calendar dates (yyyy-MM-dd) where the official model types a field as a date (docs/marketplace-api/shipments.md#generate-labels:
 * invoiceDate; docs/api-choices.md#generate-labels). A value without an offset is read in the
 * workflow's time zone.
 */
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

/** Offset of `timeZone` at the given instant, in minutes east of UTC. */
function zoneOffsetMinutes(timeZone: string, utcMillis: number): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utcMillis));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	const asUtc = Date.UTC(
		get('year'),
		get('month') - 1,
		get('day'),
		get('hour'),
		get('minute'),
		get('second'),
	);
	return Math.round((asUtc - Math.floor(utcMillis / 1000) * 1000) / 60000);
}

function formatOffset(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const absolute = Math.abs(minutes);
	return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** Formats an instant as ISO-8601 in `timeZone` with its offset, e.g. 2025-03-01T00:00:00+05:30. */
export function formatInZone(utcMillis: number, timeZone: string): string {
	const offset = zoneOffsetMinutes(timeZone, utcMillis);
	const local = new Date(utcMillis + offset * 60000).toISOString().slice(0, 19);
	return `${local}${formatOffset(offset)}`;
}

/** Parses a date parameter (ISO text, with or without offset, or a Date/Luxon value). */
function toMarketplaceDate(value: unknown, timeZone: string): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date) return formatInZone(value.getTime(), timeZone);
	const text =
		typeof value === 'object' && typeof (value as { toISO?: () => string }).toISO === 'function'
			? (value as { toISO: () => string }).toISO()
			: String(value).trim();
	const match =
		/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
			text,
		);
	if (!match) return undefined;
	const [, y, mo, d, h = '00', mi = '00', s = '00', , offset] = match;
	if (offset) {
		const millis = Date.parse(text.replace(' ', 'T'));
		if (Number.isNaN(millis)) return undefined;
		const normalized =
			offset.toUpperCase() === 'Z'
				? '+00:00'
				: offset.includes(':')
					? offset
					: `${offset.slice(0, 3)}:${offset.slice(3)}`;
		return `${y}-${mo}-${d}T${h}:${mi}:${s}${normalized}`;
	}
	// Wall-clock time in the workflow's zone: find the instant whose local time matches.
	const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
	if (Number.isNaN(wall)) return undefined;
	let instant = wall - zoneOffsetMinutes(timeZone, wall) * 60000;
	instant = wall - zoneOffsetMinutes(timeZone, instant) * 60000;
	return formatInZone(instant, timeZone);
}

const DAY_PATTERN =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Whether y-m-d names a real calendar day (not 2025-02-30). */
function isCalendarDay(year: string, month: string, day: string): boolean {
	const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	return (
		date.getUTCFullYear() === Number(year) &&
		date.getUTCMonth() === Number(month) - 1 &&
		date.getUTCDate() === Number(day)
	);
}

/** Today's date in `timeZone`, yyyy-MM-dd. */
export function todayInZone(timeZone: string): string {
	return formatInZone(Date.now(), timeZone).slice(0, 10);
}

/**
 * A calendar date, yyyy-MM-dd: a text keeps the day it names (a date-time the day in its own
 * offset, e.g. 2025-03-05T23:30:00+05:30 is 2025-03-05); a Date or Luxon value is read in
 * `timeZone`.
 */
function toMarketplaceDay(value: unknown, timeZone: string): string | undefined {
	if (value instanceof Date)
		return Number.isNaN(value.getTime())
			? undefined
			: formatInZone(value.getTime(), timeZone).slice(0, 10);
	const text =
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toISO?: () => string }).toISO === 'function'
			? (value as { toISO: () => string }).toISO()
			: String(value).trim();
	const match = DAY_PATTERN.exec(text);
	if (!match || !isCalendarDay(match[1], match[2], match[3])) return undefined;
	return `${match[1]}-${match[2]}-${match[3]}`;
}

const DATE_KINDS = {
	dateTime: {
		read: toMarketplaceDate,
		hint: 'Use an ISO date such as 2025-03-01 or 2025-03-01T10:00:00+05:30.',
	},
	/** The official models' LocalDate: a date-time is accepted and its date is sent. */
	day: {
		read: toMarketplaceDay,
		hint: 'Use a date such as 2025-03-05 (a date-time is accepted; its date is sent).',
	},
};

/**
 * Reads an optional date parameter as a date-time or as a calendar day, refusing text that is
 * not a date before anything is sent.
 */
export function readDate(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
	label: string,
	kind: keyof typeof DATE_KINDS = 'dateTime',
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const date = DATE_KINDS[kind].read(value, context.getTimezone());
	if (date === undefined) {
		throw new NodeOperationError(context.getNode(), `${label} "${String(value)}" is not a date`, {
			itemIndex,
			description: DATE_KINDS[kind].hint,
		});
	}
	return date;
}

/**
 * Today's date at the offset a date-time carries (2025-03-05T10:00:00+05:30 -> today in +05:30),
 * so "not after today" is judged on the calendar the date was written in.
 */
export function todayAtOffsetOf(dateTime: string): string {
	const match = /(Z|([+-])(\d{2}):?(\d{2}))$/i.exec(dateTime);
	const minutes =
		!match || match[1].toUpperCase() === 'Z'
			? 0
			: (match[2] === '-' ? -1 : 1) * (Number(match[3]) * 60 + Number(match[4]));
	return new Date(Date.now() + minutes * 60000).toISOString().slice(0, 10);
}
