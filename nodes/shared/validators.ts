import type { IDataObject } from 'n8n-workflow';

/**
 * Checks shared by the operations' validation. Numbers: JSON cannot carry Infinity or NaN
 * (JSON.stringify sends null) and has no exact integers beyond 2^53 (1e21 goes out as 1e+21), so
 * a whole number must be a safe integer and a measure a finite number.
 */

/** A whole number of at least `minimum` that JSON carries exactly. */
export function isWholeNumber(value: unknown, minimum: number): boolean {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum;
}

/** A finite number above 0 (a length, a weight). */
export function isPositiveNumber(value: unknown): boolean {
	return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** An ID that would change a request's address when put into a path: "." or "..". */
export function isDotSegment(value: string): boolean {
	return /^\.{1,2}$/.test(value.trim());
}

/** How a rejected value is shown in a message: numbers as written (Infinity, 1e+21), the rest as JSON. */
export function shown(value: unknown): string {
	return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}

/** Added to "must be a whole number ..." when the value is whole but too large for JSON. */
export function limitNote(value: unknown): string {
	return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)
		? ` up to ${Number.MAX_SAFE_INTEGER}`
		: '';
}

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
