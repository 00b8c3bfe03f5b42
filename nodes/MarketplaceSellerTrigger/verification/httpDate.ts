/**
 * Strict HTTP-date parser (RFC 7231 section 7.1.1.1, unchanged in RFC 9110 section 5.6.7).
 *
 * Accepted forms, all in GMT:
 *   IMF-fixdate   Sun, 06 Nov 1994 08:49:37 GMT
 *   rfc850-date   Sunday, 06-Nov-94 08:49:37 GMT      (obsolete)
 *   asctime-date  Sun Nov  6 08:49:37 1994             (obsolete; no zone, read as GMT)
 *
 * The grammar is case-sensitive and allows no extra whitespace, so neither does this parser.
 * One narrow tolerance: an IMF-fixdate whose day of the month has one digit
 * ("Wed, 5 Mar 2025 10:15:30 GMT"). RFC 1123/5322 dates allow it and Java's
 * `DateTimeFormatter.RFC_1123_DATE_TIME` emits it; rejecting it would reject every notification
 * sent on the 1st to 9th of a month by such a sender. The epoch it denotes is unambiguous.
 *
 * Also rejected: other zones or offsets ("+0530", "PST", "UTC"), a day-name that is not the
 * weekday of the date, impossible dates (31 Apr, 29 Feb 2025), hour > 23, minute or second > 59
 * (a leap second has no Unix time). The epoch is computed with integer arithmetic only: the
 * host's time zone and `Date.parse` play no part.
 */

export type HttpDateForm = 'imf-fixdate' | 'rfc850' | 'asctime';

export type HttpDateResult = { ok: true; epochSeconds: number; form: HttpDateForm } | { ok: false };

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const LONG_DAYS = [
	'Sunday',
	'Monday',
	'Tuesday',
	'Wednesday',
	'Thursday',
	'Friday',
	'Saturday',
] as const;
const MONTHS = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec',
] as const;

const SHORT_DAY = SHORT_DAYS.join('|');
const LONG_DAY = LONG_DAYS.join('|');
const MONTH = MONTHS.join('|');
// Without the `u` flag `\d` is exactly [0-9]; written out anyway so nobody has to remember.
const D = '[0-9]';
const TIME = `(${D}{2}):(${D}{2}):(${D}{2})`;

const IMF_FIXDATE = new RegExp(`^(${SHORT_DAY}), (${D}{1,2}) (${MONTH}) (${D}{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^(${LONG_DAY}), (${D}{2})-(${MONTH})-(${D}{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^(${SHORT_DAY}) (${MONTH}) (${D}{2}| ${D}) ${TIME} (${D}{4})$`);

/** Longest valid HTTP-date is an rfc850-date with "Wednesday": 37 characters. */
const MAX_LENGTH = 40;

const SECONDS_PER_DAY = 86400;

function isLeapYear(year: number): boolean {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
	if (month === 2) return isLeapYear(year) ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (month 1-12). Integer arithmetic after
 * H. Hinnant's days_from_civil; valid for every year a 4-digit field can hold.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
	const y = month <= 2 ? year - 1 : year;
	const era = Math.floor(y / 400);
	const yearOfEra = y - era * 400;
	const monthFromMarch = month > 2 ? month - 3 : month + 9;
	const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
	const dayOfEra =
		yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
	return era * 146097 + dayOfEra - 719468;
}

/** Year (UTC) of a Unix time in seconds; the inverse direction of daysFromCivil, year only. */
export function utcYearOf(epochSeconds: number): number {
	const days = Math.floor(epochSeconds / SECONDS_PER_DAY) + 719468;
	const era = Math.floor(days / 146097);
	const dayOfEra = days - era * 146097;
	const yearOfEra = Math.floor(
		(dayOfEra -
			Math.floor(dayOfEra / 1460) +
			Math.floor(dayOfEra / 36524) -
			Math.floor(dayOfEra / 146096)) /
			365,
	);
	const dayOfYear =
		dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
	const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
	const year = yearOfEra + era * 400;
	return monthFromMarch >= 10 ? year + 1 : year;
}

function toEpoch(
	year: number,
	monthName: string,
	day: number,
	hour: number,
	minute: number,
	second: number,
	weekday: number,
): number | undefined {
	const month = (MONTHS as readonly string[]).indexOf(monthName) + 1;
	if (month < 1) return undefined;
	if (day < 1 || day > daysInMonth(year, month)) return undefined;
	if (hour > 23 || minute > 59 || second > 59) return undefined;
	const days = daysFromCivil(year, month, day);
	// 1970-01-01 was a Thursday (index 4 with Sunday = 0).
	if ((((days + 4) % 7) + 7) % 7 !== weekday) return undefined;
	return days * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
}

/**
 * RFC 7231: a two-digit rfc850 year that would lie more than 50 years in the future is the most
 * recent past year with the same last two digits.
 */
function expandTwoDigitYear(twoDigits: number, nowSeconds: number): number {
	const currentYear = utcYearOf(nowSeconds);
	let year = currentYear - (currentYear % 100) + twoDigits;
	if (year > currentYear + 50) year -= 100;
	return year;
}

/**
 * Parses an HTTP-date into Unix seconds. Never throws. `nowSeconds` is only used to place the
 * two-digit year of the obsolete rfc850 form.
 */
export function parseHttpDate(text: unknown, nowSeconds: number): HttpDateResult {
	if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LENGTH) {
		return { ok: false };
	}

	let match = IMF_FIXDATE.exec(text);
	if (match) {
		const epoch = toEpoch(
			Number(match[4]),
			match[3],
			Number(match[2]),
			Number(match[5]),
			Number(match[6]),
			Number(match[7]),
			(SHORT_DAYS as readonly string[]).indexOf(match[1]),
		);
		return epoch === undefined
			? { ok: false }
			: { ok: true, epochSeconds: epoch, form: 'imf-fixdate' };
	}

	match = RFC850_DATE.exec(text);
	if (match) {
		if (!Number.isFinite(nowSeconds)) return { ok: false };
		const epoch = toEpoch(
			expandTwoDigitYear(Number(match[4]), nowSeconds),
			match[3],
			Number(match[2]),
			Number(match[5]),
			Number(match[6]),
			Number(match[7]),
			(LONG_DAYS as readonly string[]).indexOf(match[1]),
		);
		return epoch === undefined ? { ok: false } : { ok: true, epochSeconds: epoch, form: 'rfc850' };
	}

	match = ASCTIME_DATE.exec(text);
	if (match) {
		const epoch = toEpoch(
			Number(match[7]),
			match[2],
			Number(match[3].trim()),
			Number(match[4]),
			Number(match[5]),
			Number(match[6]),
			(SHORT_DAYS as readonly string[]).indexOf(match[1]),
		);
		return epoch === undefined ? { ok: false } : { ok: true, epochSeconds: epoch, form: 'asctime' };
	}

	return { ok: false };
}

/** Formats Unix seconds as an IMF-fixdate (the inverse of parseHttpDate, for the tests). */
export function formatImfFixdate(epochSeconds: number): string {
	const days = Math.floor(epochSeconds / SECONDS_PER_DAY);
	const secondsOfDay = epochSeconds - days * SECONDS_PER_DAY;
	const year = utcYearOf(epochSeconds);
	let month = 1;
	let dayOfMonth = days - daysFromCivil(year, 1, 1) + 1;
	while (dayOfMonth > daysInMonth(year, month)) {
		dayOfMonth -= daysInMonth(year, month);
		month += 1;
	}
	const weekday = (((days + 4) % 7) + 7) % 7;
	const two = (n: number) => String(n).padStart(2, '0');
	const hour = Math.floor(secondsOfDay / 3600);
	const minute = Math.floor((secondsOfDay % 3600) / 60);
	const second = secondsOfDay % 60;
	return `${SHORT_DAYS[weekday]}, ${two(dayOfMonth)} ${MONTHS[month - 1]} ${String(year).padStart(4, '0')} ${two(hour)}:${two(minute)}:${two(second)} GMT`;
}
