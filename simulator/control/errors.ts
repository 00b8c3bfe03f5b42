/** Errors of the control interface: same body shape over HTTP and when thrown to a library caller. */
import { HttpError } from '../http/errors';

export class ControlError extends HttpError {
	constructor(
		status: number,
		message: string,
		code = status === 404 ? 'NOT_FOUND' : status === 409 ? 'CONFLICT' : 'BAD_REQUEST',
	) {
		super(status, { error: code, message });
		this.message = message;
	}
}

export const invalid = (message: string) => new ControlError(400, message);

export function requireInt(value: unknown, name: string, min: number, max: number): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
		throw invalid(`${name} must be an integer from ${min} to ${max}`);
	return value;
}

export function optionalDate(value: unknown, name: string): number | undefined {
	if (value === undefined || value === null) return undefined;
	const ms =
		typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
	if (Number.isNaN(ms)) throw invalid(`${name} must be an ISO-8601 date or epoch milliseconds`);
	return ms;
}

export function oneOf<T extends string>(
	value: unknown,
	name: string,
	allowed: readonly T[],
): T | undefined {
	if (value === undefined || value === null) return undefined;
	if (!allowed.includes(value as T)) throw invalid(`${name} must be one of ${allowed.join(', ')}`);
	return value as T;
}
