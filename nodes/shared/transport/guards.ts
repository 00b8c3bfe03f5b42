/**
 * Last checks before anything is sent, whatever the operation: the operations validate their
 * input and name the item and field; these catch what would still change meaning on the wire.
 * - A path segment "." or ".." (also percent-encoded) is removed by URL normalisation: an ID ".."
 *   would turn GET /sellers/v3/shipments/.. into GET /sellers/v3/.
 * - JSON has no Infinity or NaN (JSON.stringify sends null), and integers beyond 2^53 cannot be
 *   sent exactly (1e21 goes out as 1e+21).
 */
import type { IDataObject } from 'n8n-workflow';

function isDotSegment(segment: string): boolean {
	let decoded = segment;
	try {
		decoded = decodeURIComponent(segment);
	} catch {
		// Not decodable: compared as it is.
	}
	return /^\.{1,2}$/.test(decoded.trim());
}

/** The problem with a path under the base URL, or undefined. */
export function pathProblem(path: string): string | undefined {
	const segments = path.split('?')[0].split('/');
	return segments.slice(1).some(isDotSegment)
		? `the request path ${path} has a "." or ".." segment, which would address another resource`
		: undefined;
}

function numberProblem(value: number): string | undefined {
	if (!Number.isFinite(value))
		return `is ${String(value)}, which JSON cannot carry (it would be sent as null)`;
	if (Number.isInteger(value) && !Number.isSafeInteger(value))
		return `is ${String(value)}, too large to be sent exactly`;
	return undefined;
}

/** The first number in a body or query that cannot go out as given, as "field: problem". */
export function valueProblem(value: unknown, field = ''): string | undefined {
	if (typeof value === 'number') {
		const problem = numberProblem(value);
		return problem === undefined ? undefined : `${field || 'the value'} ${problem}`;
	}
	if (Array.isArray(value)) {
		for (const [index, entry] of value.entries()) {
			const problem = valueProblem(entry, `${field}[${index}]`);
			if (problem !== undefined) return problem;
		}
		return undefined;
	}
	if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			const problem = valueProblem(entry, field === '' ? key : `${field}.${key}`);
			if (problem !== undefined) return problem;
		}
	}
	return undefined;
}
