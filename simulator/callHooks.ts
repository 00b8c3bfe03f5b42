/**
 * Actions run when a request arrives, before it is handled (and before any fault): a test
 * changes the data while a client pages (a record modified between two page requests), or moves
 * a clock. In-process only: an action is a function, so the HTTP control interface has no twin.
 */
import { routeMatches } from './recorder';

export interface CallHookSpec {
	/** Route template key (`GET /sellers/v3/shipments/filter`) or template alone. */
	route: string;
	/** Which matching request (1 = the first from now) runs the action; default 1. */
	call?: number;
}

export type CallAction = () => void | Promise<void>;

interface CallHook {
	route: string;
	call: number;
	seen: number;
	action: CallAction;
	done: boolean;
}

export class CallHooks {
	private hooks: CallHook[] = [];

	add(spec: CallHookSpec, action: CallAction): void {
		const call = spec.call ?? 1;
		if (!Number.isInteger(call) || call < 1) throw new Error('call must be a positive integer');
		this.hooks.push({ route: spec.route, call, seen: 0, action, done: false });
	}

	/** Runs the actions due for this request, in the order they were added. */
	async run(routeKey: string | undefined): Promise<void> {
		if (routeKey === undefined) return;
		for (const hook of this.hooks) {
			if (hook.done || !routeMatches(routeKey, hook.route)) continue;
			hook.seen += 1;
			if (hook.seen === hook.call) {
				hook.done = true;
				await hook.action();
			}
		}
	}

	clear(): void {
		this.hooks = [];
	}
}
