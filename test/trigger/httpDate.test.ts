import {
	daysFromCivil,
	formatImfFixdate,
	parseHttpDate,
	utcYearOf,
} from '../../nodes/MarketplaceSellerTrigger/verification/httpDate';
import { imfFixdate } from './helpers';

const NOW_2025 = 1741169730; // Wed, 05 Mar 2025 10:15:30 GMT

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Obsolete forms, written with Date's UTC getters (independent of the parser). */
function rfc850(epoch: number): string {
	const d = new Date(epoch * 1000);
	return `${LONG_DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${two(d.getUTCFullYear() % 100)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} GMT`;
}
function asctime(epoch: number): string {
	const d = new Date(epoch * 1000);
	return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCFullYear()}`;
}

/** Deterministic pseudo-random numbers (xorshift32), so failures are reproducible. */
function random(seed: number): () => number {
	let x = seed;
	return () => {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		return (x >>> 0) / 4294967296;
	};
}

describe('parseHttpDate', () => {
	it('parses the three forms of RFC 7231 (its own example)', () => {
		expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW_2025)).toEqual({
			ok: true,
			epochSeconds: 784111777,
			form: 'imf-fixdate',
		});
		expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW_2025)).toEqual({
			ok: true,
			epochSeconds: 784111777,
			form: 'rfc850',
		});
		expect(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW_2025)).toEqual({
			ok: true,
			epochSeconds: 784111777,
			form: 'asctime',
		});
	});

	it('parses the worked example date', () => {
		expect(parseHttpDate('Wed, 05 Mar 2025 10:15:30 GMT', 0)).toMatchObject({
			ok: true,
			epochSeconds: NOW_2025,
		});
	});

	it('round-trips 20,000 random instants in all three forms', () => {
		const next = random(0x9e3779b9);
		for (let i = 0; i < 20000; i += 1) {
			const epoch = Math.floor(next() * 4102444800); // 1970 .. 2100
			expect(parseHttpDate(imfFixdate(epoch), epoch)).toMatchObject({
				ok: true,
				epochSeconds: epoch,
			});
			expect(parseHttpDate(asctime(epoch), epoch)).toMatchObject({ ok: true, epochSeconds: epoch });
			// rfc850 with "now" equal to the instant: the two-digit year lands in the right century.
			expect(parseHttpDate(rfc850(epoch), epoch)).toMatchObject({ ok: true, epochSeconds: epoch });
			expect(formatImfFixdate(epoch)).toBe(imfFixdate(epoch));
		}
	});

	it('places two-digit rfc850 years at most 50 years ahead (RFC 7231 7.1.1.1)', () => {
		// 2075-03-05 is a Tuesday, 1976-03-05 a Friday.
		expect(parseHttpDate('Tuesday, 05-Mar-75 00:00:00 GMT', NOW_2025)).toMatchObject({
			ok: true,
			epochSeconds: Date.UTC(2075, 2, 5) / 1000,
		});
		expect(parseHttpDate('Friday, 05-Mar-76 00:00:00 GMT', NOW_2025)).toMatchObject({
			ok: true,
			epochSeconds: Date.UTC(1976, 2, 5) / 1000,
		});
		expect(parseHttpDate('Friday, 05-Mar-76 00:00:00 GMT', NaN)).toEqual({ ok: false });
	});

	it('handles leap years and month lengths', () => {
		expect(parseHttpDate('Thu, 29 Feb 2024 00:00:00 GMT', 0).ok).toBe(true);
		expect(parseHttpDate('Tue, 29 Feb 2000 00:00:00 GMT', 0).ok).toBe(true);
		expect(parseHttpDate('Thu, 01 Mar 1900 00:00:00 GMT', 0).ok).toBe(true);
		expect(parseHttpDate('Wed, 28 Feb 1900 00:00:00 GMT', 0).ok).toBe(true);
		expect(parseHttpDate('Thu, 29 Feb 1900 00:00:00 GMT', 0).ok).toBe(false);
		expect(parseHttpDate('Thu, 31 Apr 2025 00:00:00 GMT', 0).ok).toBe(false);
		expect(parseHttpDate('Thu, 00 Apr 2025 00:00:00 GMT', 0).ok).toBe(false);
	});

	it.each([
		['lower-case day name', 'wed, 05 Mar 2025 10:15:30 GMT'],
		['upper-case month', 'Wed, 05 MAR 2025 10:15:30 GMT'],
		['full month name', 'Wed, 05 March 2025 10:15:30 GMT'],
		['two-digit year in IMF form', 'Wed, 05 Mar 25 10:15:30 GMT'],
		['missing comma', 'Wed 05 Mar 2025 10:15:30 GMT'],
		['leading space', ' Wed, 05 Mar 2025 10:15:30 GMT'],
		['trailing space', 'Wed, 05 Mar 2025 10:15:30 GMT '],
		['hour 24', 'Wed, 05 Mar 2025 24:00:00 GMT'],
		['minute 60', 'Wed, 05 Mar 2025 10:60:00 GMT'],
		['one-digit hour', 'Wed, 05 Mar 2025 1:15:30 GMT'],
		['fractional seconds', 'Wed, 05 Mar 2025 10:15:30.5 GMT'],
		['numeric offset', 'Wed, 05 Mar 2025 10:15:30 +0000'],
		['zone Z', 'Wed, 05 Mar 2025 10:15:30 Z'],
		['zone PST', 'Wed, 05 Mar 2025 02:15:30 PST'],
		['zone IST', 'Wed, 05 Mar 2025 15:45:30 IST'],
		['zone +0530', 'Wed, 05 Mar 2025 15:45:30 +0530'],
		['GMT with offset', 'Wed, 05 Mar 2025 10:15:30 GMT+0000'],
		['non-ASCII digits', 'Wed, ٠٥ Mar 2025 10:15:30 GMT'],
		['rfc850 with short day name', 'Wed, 05-Mar-25 10:15:30 GMT'],
		['rfc850 with four-digit year', 'Wednesday, 05-Mar-2025 10:15:30 GMT'],
		['asctime with one space before a two-digit day', 'Wed Mar 5 10:15:30 2025'],
		['asctime with weekday mismatch', 'Thu Mar  5 10:15:30 2025'],
		['ISO 8601', '2025-03-05T10:15:30Z'],
		['empty', ''],
		['very long', `Wed, 05 Mar 2025 10:15:30 GMT${' '.repeat(100)}`],
	])('rejects %s', (_name, text) => {
		expect(parseHttpDate(text, NOW_2025)).toEqual({ ok: false });
	});

	it('never throws, whatever it is given', () => {
		const next = random(12345);
		const alphabet = 'SunMonWedFriGMT, :-0123456789JanFebMar\u0000\u00ff';
		for (let i = 0; i < 5000; i += 1) {
			let text = '';
			const length = Math.floor(next() * 40);
			for (let j = 0; j < length; j += 1) text += alphabet[Math.floor(next() * alphabet.length)];
			expect(() => parseHttpDate(text, NOW_2025)).not.toThrow();
		}
		for (const value of [undefined, null, 42, {}, [], ['Wed, 05 Mar 2025 10:15:30 GMT']]) {
			expect(parseHttpDate(value, NOW_2025)).toEqual({ ok: false });
		}
	});

	it('computes calendar arithmetic like Date.UTC over four centuries', () => {
		for (let year = 1800; year <= 2200; year += 1) {
			for (const month of [1, 2, 3, 12]) {
				expect(daysFromCivil(year, month, 1) * 86400).toBe(Date.UTC(year, month - 1, 1) / 1000);
			}
			expect(utcYearOf(Date.UTC(year, 0, 1) / 1000)).toBe(year);
			expect(utcYearOf(Date.UTC(year, 11, 31, 23, 59, 59) / 1000)).toBe(year);
		}
	});
});
