/**
 * Injected faults: answer a matching request with a chosen status, body and headers (e.g. a 503
 * with Retry-After), drop its connection without an answer, or only delay it, a given number of
 * times. They act before authentication, like a failing gateway in front of the real service
 * would; with `afterHandling` the request is handled first (the marketplace acts) and only its
 * answer is replaced or lost, as when a gateway times out after forwarding it.
 */
import { routeMatches } from './recorder';

export interface FaultSpec {
	method?: string;
	/** Route template key (`POST /sellers/v3/shipments/filter`) or template alone. */
	route?: string;
	/** Alternative to `route`: any path starting with this prefix. */
	pathPrefix?: string;
	/** Omit to only delay the request and then handle it normally. */
	status?: number;
	/** Close the connection without any answer (instead of a status). */
	dropConnection?: boolean;
	/** Handle the request first, then answer with the fault (or drop the connection). */
	afterHandling?: boolean;
	body?: unknown;
	headers?: Record<string, string>;
	/** How many requests it answers; default 1, -1 for unlimited. */
	times?: number;
	delayMs?: number;
}

export interface Fault extends Required<Pick<FaultSpec, 'times'>> {
	id: string;
	method?: string;
	route?: string;
	pathPrefix?: string;
	status?: number;
	dropConnection: boolean;
	afterHandling: boolean;
	body?: unknown;
	headers: Record<string, string>;
	delayMs: number;
	hits: number;
}

export class FaultInjector {
	private faults: Fault[] = [];
	private nextId = 1;

	add(spec: FaultSpec): Fault {
		if (!spec.route && !spec.pathPrefix) throw new Error('a fault needs route or pathPrefix');
		if (
			spec.status !== undefined &&
			(!Number.isInteger(spec.status) || spec.status < 100 || spec.status > 599)
		) {
			throw new Error('status must be an HTTP status code (100-599)');
		}
		if (spec.dropConnection === true && spec.status !== undefined)
			throw new Error('a fault has either status or dropConnection');
		if (spec.status === undefined && spec.dropConnection !== true && !spec.delayMs) {
			throw new Error('a fault needs status, dropConnection or delayMs');
		}
		if (spec.afterHandling === true && spec.status === undefined && spec.dropConnection !== true) {
			throw new Error('afterHandling needs status or dropConnection');
		}
		const fault: Fault = {
			id: `fault-${this.nextId++}`,
			method: spec.method?.toUpperCase(),
			route: spec.route,
			pathPrefix: spec.pathPrefix,
			status: spec.status,
			dropConnection: spec.dropConnection === true,
			afterHandling: spec.afterHandling === true,
			body: spec.body,
			headers: spec.headers ?? {},
			times: spec.times ?? 1,
			delayMs: spec.delayMs ?? 0,
			hits: 0,
		};
		this.faults.push(fault);
		return fault;
	}

	/** Finds the first live fault for this request and uses up one of its times. */
	take(method: string, path: string, routeKey: string | undefined): Fault | undefined {
		const fault = this.faults.find(
			(f) =>
				(f.times === -1 || f.hits < f.times) &&
				(!f.method || f.method === method) &&
				(f.route ? routeKey !== undefined && routeMatches(routeKey, f.route) : true) &&
				(f.pathPrefix ? path.startsWith(f.pathPrefix) : true),
		);
		if (fault) fault.hits++;
		return fault;
	}

	list(): Fault[] {
		return this.faults.map((f) => ({ ...f }));
	}

	clear(): void {
		this.faults = [];
	}
}
