/**
 * Which pushes have executions, read back through n8n's public API only.
 *
 * An execution carries its push in one of two places: a finished (or failed) run in
 * resultData.runData of the trigger node, an execution that was created but never ran (left
 * 'new' or 'running' by the kill, then marked crashed at the next start) only in
 * executionData.nodeExecutionStack, where n8n put the trigger's output before running it.
 * Both are read; an execution counts once for every push it carries.
 */
import { sleep, type Execution, type PublicApiClient } from '../../../scripts/e2e/lib';
import type { Envelope } from '../../../simulator';
import { TRIGGER_NODE } from '../../e2e/support/workflows';

type Json = Record<string, unknown>;

/** Identity of a push: the fields of the envelope the trigger copies into its output item. */
export function pushId(item: {
	eventType?: unknown;
	shipmentId?: unknown;
	returnId?: unknown;
	timestamp?: unknown;
}): string {
	return `${String(item.eventType)}|${String(item.shipmentId ?? '')}|${String(item.returnId ?? '')}|${String(item.timestamp)}`;
}

export function envelopeId(envelope: Envelope): string {
	return pushId(envelope);
}

function itemsOf(main: unknown): Json[] {
	if (!Array.isArray(main)) return [];
	const items: Json[] = [];
	for (const output of main) {
		if (!Array.isArray(output)) continue;
		for (const item of output) {
			const json = (item as { json?: unknown } | null)?.json;
			if (json && typeof json === 'object') items.push(json as Json);
		}
	}
	return items;
}

/** The trigger output items an execution holds (run data and, for one that never ran, its start stack). */
export function triggerItemsOf(execution: Execution): Json[] {
	const data = execution.data as
		| {
				resultData?: { runData?: Record<string, Array<{ data?: { main?: unknown } }>> };
				executionData?: {
					nodeExecutionStack?: Array<{ node?: { name?: string }; data?: { main?: unknown } }>;
				};
		  }
		| undefined;
	const items: Json[] = [];
	for (const run of data?.resultData?.runData?.[TRIGGER_NODE] ?? [])
		items.push(...itemsOf(run.data?.main));
	for (const entry of data?.executionData?.nodeExecutionStack ?? []) {
		if (entry.node?.name === TRIGGER_NODE) items.push(...itemsOf(entry.data?.main));
	}
	return items;
}

/** n8n's MaxStalledCountError (n8n/dist/errors/max-stalled-count.error.js), set by workflow-runner.js:429-441. */
const STALLED_MESSAGE = 'failed to be processed too many times';

function isStalled(execution: Execution): boolean {
	const error = (execution.data as { resultData?: { error?: { message?: unknown } } } | undefined)
		?.resultData?.error;
	return typeof error?.message === 'string' && error.message.includes(STALLED_MESSAGE);
}

export interface Ledger {
	/** Executions per push id. */
	counts: Map<string, number>;
	/** dedupKey the trigger gave each push id (from any of its executions). */
	dedupKeys: Map<string, string>;
	/** Epoch milliseconds each execution started (for executions n8n started only after a restart). */
	startedAt: number[];
	/** Executions by status, e.g. { success: 180, crashed: 3 }. */
	statuses: Record<string, number>;
	/** Ids of executions whose data holds no trigger item at all (should be none). */
	withoutPush: string[];
	/**
	 * Ids of executions queue mode failed because their job stalled (a worker died running it):
	 * n8n replaces their data with the error, so they hold no push; nothing of the push ran.
	 */
	stalled: string[];
	total: number;
}

/**
 * Every execution of the workflow, with data, tallied per push. `notRuns`: ids of executions
 * settle found left `new` or `running` by a killed process (see OrphanRule); they hold their
 * push but never ran it, so they are not counted as runs of it (an acknowledged push with only
 * such an execution is lost).
 */
export async function readLedger(
	api: PublicApiClient,
	workflowId: string,
	notRuns: ReadonlySet<string> = new Set(),
): Promise<Ledger> {
	const executions = await api.listAllExecutions({
		workflowId,
		includeData: true,
		ignoreDataSizeLimit: true,
	});
	const ledger: Ledger = {
		counts: new Map(),
		dedupKeys: new Map(),
		startedAt: [],
		statuses: {},
		withoutPush: [],
		stalled: [],
		total: executions.length,
	};
	for (const execution of executions) {
		ledger.statuses[execution.status] = (ledger.statuses[execution.status] ?? 0) + 1;
		ledger.startedAt.push(Date.parse(execution.startedAt));
		// One execution counts once per push even if the push shows in both places.
		const ids = new Set<string>();
		for (const item of triggerItemsOf(execution)) {
			const id = pushId(item);
			ids.add(id);
			if (typeof item.dedupKey === 'string') ledger.dedupKeys.set(id, item.dedupKey);
		}
		if (notRuns.has(String(execution.id))) continue;
		if (ids.size === 0 && isStalled(execution)) ledger.stalled.push(String(execution.id));
		else if (ids.size === 0)
			ledger.withoutPush.push(`execution ${execution.id} (${execution.status})`);
		for (const id of ids) ledger.counts.set(id, (ledger.counts.get(id) ?? 0) + 1);
	}
	return ledger;
}

/**
 * Executions left `new` or `running` by a process that was killed, which nothing will ever move
 * again (docs/n8n-internals.md#executions-left-running-by-a-kill): given the workflow's active
 * executions, returns those. They count as settled; the ledger does not count them as runs of
 * their push (readLedger's `notRuns`).
 */
export type OrphanRule = (active: Execution[]) => Promise<Execution[]>;

/**
 * Single process (regular mode): n8n's start-up recovery has run before n8n is ready again
 * (docs/n8n-internals.md#executions-left-running-by-a-kill), and only the process that runs an
 * execution moves it on. So an execution still `running` after the restart that started before
 * the kill (`killedAt`) is an orphan the recovery skipped. `new` ones are not: the new process
 * starts them itself.
 */
export function startedBeforeTheKill(killedAt: number): OrphanRule {
	return async (active) =>
		await Promise.resolve(
			active.filter(
				(e) => e.status === 'running' && e.startedAt && Date.parse(e.startedAt) < killedAt,
			),
		);
}

export interface Settled {
	/** Executions of the workflow in all. */
	total: number;
	/** Ids of the executions the orphan rule counted as settled (left `new` or `running`). */
	orphaned: string[];
}

/**
 * Waits until the workflow's executions have settled: nothing running or queued (except the
 * orphans of a killed process, see `orphans`), and the number of executions unchanged over
 * `stablePolls` consecutive polls. Acknowledged-but-not-yet-created executions keep the count
 * moving, so this waits them out; it asserts nothing.
 */
export async function settle(
	api: PublicApiClient,
	workflowId: string,
	opts: {
		stablePolls?: number;
		intervalMs?: number;
		timeoutMs?: number;
		orphans?: OrphanRule;
	} = {},
): Promise<Settled> {
	const stablePolls = opts.stablePolls ?? 3;
	const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
	let last = -1;
	let stable = 0;
	for (;;) {
		const active = await api.activeExecutions(workflowId);
		const orphaned = opts.orphans && active.length > 0 ? await opts.orphans(active) : [];
		const moving = active.length - orphaned.length;
		const total = (await api.listAllExecutions({ workflowId })).length + active.length;
		stable = moving === 0 && total === last ? stable + 1 : 0;
		last = total;
		if (stable >= stablePolls) return { total, orphaned: orphaned.map((e) => String(e.id)) };
		if (Date.now() > deadline)
			throw new Error(
				`executions of workflow ${workflowId} did not settle (${moving} active: ${active
					.map((e) => `${e.id} ${e.status} since ${e.startedAt}`)
					.join(', ')}; ${orphaned.length} orphaned; ${total} in all)`,
			);
		await sleep(opts.intervalMs ?? 500);
	}
}
