/** Small readers for query parameters and JSON bodies of unknown shape. */
import type { Query } from './types';

/** The first value of a query parameter, or undefined. */
export function queryParam(query: Query, name: string): string | undefined {
	const value = query[name];
	return Array.isArray(value) ? value[0] : value;
}

/** A comma-separated list parameter (repeated parameters are joined), empty items dropped. */
export function queryList(query: Query, name: string): string[] | undefined {
	const value = query[name];
	if (value === undefined) return undefined;
	return (Array.isArray(value) ? value : [value])
		.flatMap((v) => v.split(','))
		.map((v) => v.trim())
		.filter((v) => v !== '');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseQuery(search: URLSearchParams): Query {
	const out: Query = {};
	for (const [key, value] of search) {
		const existing = out[key];
		if (existing === undefined) out[key] = value;
		else if (Array.isArray(existing)) existing.push(value);
		else out[key] = [existing, value];
	}
	return out;
}

/** Splits an `{ids}` path segment (comma-separated), dropping empties and duplicates. */
export function pathIds(raw: string | undefined): string[] {
	return [
		...new Set(
			(raw ?? '')
				.split(',')
				.map((s) => s.trim())
				.filter((s) => s !== ''),
		),
	];
}
