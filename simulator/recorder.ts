/**
 * Keeps every non-control request (what a test asserts on: method, path, route template, query,
 * the headers a client controls, the parsed body, the status) and a counter per route template.
 * The log is bounded so that long benchmarks do not grow memory without limit; counters are not.
 */
import type { Query } from './http/types';

export interface RecordedCall {
	seq: number;
	/** Simulator-clock time of arrival, ISO UTC. */
	time: string;
	method: string;
	path: string;
	/** `GET /sellers/v3/shipments/{ids}/labels`, or `<METHOD> (unmatched)` for unknown paths. */
	route: string;
	query: Query;
	headers: { authorization?: string; 'content-type'?: string; accept?: string };
	body: unknown;
	status: number;
	/** Id of the injected fault that answered, if any. */
	faultId?: string;
	durationMs: number;
}

export interface CallFilter {
	route?: string;
	method?: string;
	/** A sequence number (calls after it) or an ISO time (calls at or after it). */
	since?: number | string;
	pathPrefix?: string;
}

export const MAX_RECORDED_CALLS = 20_000;

export class Recorder {
	private calls: RecordedCall[] = [];
	private counts = new Map<string, number>();
	private seq = 0;

	nextSeq(): number {
		return ++this.seq;
	}

	add(call: RecordedCall): void {
		this.calls.push(call);
		if (this.calls.length > MAX_RECORDED_CALLS)
			this.calls.splice(0, this.calls.length - MAX_RECORDED_CALLS);
		this.counts.set(call.route, (this.counts.get(call.route) ?? 0) + 1);
	}

	list(filter: CallFilter = {}): RecordedCall[] {
		const sinceTime = typeof filter.since === 'string' ? Date.parse(filter.since) : undefined;
		return this.calls.filter((c) => {
			if (filter.method && c.method !== filter.method.toUpperCase()) return false;
			if (filter.route && !routeMatches(c.route, filter.route)) return false;
			if (filter.pathPrefix && !c.path.startsWith(filter.pathPrefix)) return false;
			if (typeof filter.since === 'number' && c.seq <= filter.since) return false;
			if (sinceTime !== undefined && !Number.isNaN(sinceTime) && Date.parse(c.time) < sinceTime)
				return false;
			return true;
		});
	}

	counters(): Record<string, number> {
		return Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
	}

	clear(): void {
		this.calls = [];
		this.counts.clear();
	}
}

/** `route` may be a full key (`GET /x/{id}`) or just the template (`/x/{id}`). */
export function routeMatches(recorded: string, wanted: string): boolean {
	return wanted.includes(' ')
		? recorded === wanted
		: recorded.slice(recorded.indexOf(' ') + 1) === wanted;
}
