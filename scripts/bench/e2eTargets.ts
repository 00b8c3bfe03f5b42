/**
 * What the end-to-end bench compares, each a published workflow "<start node> -> NoOp" that
 * saves every execution (n8n's default):
 *   webhook:   n8n's Webhook node (POST, Respond: Immediately)
 *   chargebee: n8n's own Chargebee Trigger, events "*": a built-in webhook trigger that needs no
 *              activation call (so it activates offline); like every non-Webhook trigger, n8n
 *              2.40.7 takes an expression isolate for its webhook phase
 *   trigger vN: this package's Marketplace Seller Trigger at typeVersion N (defaults: answers after the run)
 *   trigger vNs: the newest version with Acknowledge Push "once the execution is stored"
 *   trigger vN+10k: the newest version starting with 10,000 remembered deliveries (the default
 *              bound, where a busy seller's trigger lives), as a process before a restart
 *              would have stored them
 *   trigger vN nodedup: the newest version with Duplicate Handling off, which remembers nothing:
 *              what the rest of the trigger costs
 *   trigger vN small: the newest version remembering at most SMALL_SET deliveries: the whole
 *              memory at work (claims, confirmation, the stored text) with a row a few hundred
 *              bytes long, so set beside the default what the size of the row costs
 *   trigger vN 3k: the newest version remembering at most ROW_KEYS deliveries and starting with
 *              that many, so its row stays as long as the ballast of "floor +3k" all run long:
 *              the pair compares the trigger with the least any node pays for the same memory
 *   floor:     the bench's own floor trigger (floor/BenchFloorTrigger.node.ts) with a credential:
 *              the least any node does for "a 200 means ran and remembered", so what n8n itself
 *              charges for that promise; "floor nocred" without the credential, "floor nowrite"
 *              without the static data write, "floor +3k" writing with its counter a string as
 *              long as the text of 3,000 remembered deliveries, "floor +10k" one as long as
 *              10,000 (the default bound), "floor +10k moving" that one changed at every push as
 *              the trigger's row at its bound, "floor +10k moving all" moving a copy kept in the
 *              process as the trigger does, "floor +10k ring" that one changed in one place;
 *              "floor +item" starting the workflow with an item shaped like the trigger's
 * (nodedup, small and the floors only when asked for, see createTargets)
 * and how their completed executions are read back through the public API.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';

import {
	sleep,
	type Credential,
	type Execution,
	type N8nInstance,
	type PublicApiClient,
} from '../e2e/lib';
import { COMPACT_KEY_LENGTH } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryKey';
import {
	decodeDeliverySnapshot,
	encodeDeliverySnapshot,
	roomWrittenAnew,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryLog';
import { STATIC_DATA_FIELDS } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/persistence';
import { DEFAULTS } from '../../nodes/MarketplaceSellerTrigger/settings';

export const TRIGGER_TYPE = 'n8n-nodes-marketplace-seller.marketplaceSellerTrigger';

/** n8n names the nodes of N8N_CUSTOM_EXTENSIONS folders "CUSTOM.<name>". */
const FLOOR_TYPE = 'CUSTOM.benchFloorTrigger';
/** Maximum Remembered Deliveries of the "small" trigger target. */
const SMALL_SET = 100;
/** The remembered deliveries of the "3k" trigger target and of the ballast of "floor +3k". */
const ROW_KEYS = 3000;
/** The remembered deliveries of the ballast of "floor +10k": the default bound. */
const SEEDED_KEYS = DEFAULTS.maxRememberedDeliveries;
/** The floor whose item has the trigger's shape and length. */
export const ITEM_FLOOR = 'floor +item';
interface FloorVariant {
	remember: boolean;
	credential: boolean;
	ballastBytes?: number;
	ballastChange?: 'none' | 'move' | 'moveInProcess' | 'ring';
	/** The item it starts the workflow with: the body, or one shaped like the trigger's. */
	item?: 'body' | 'likeTrigger';
}
/**
 * A floor carrying a string as long as the trigger's row at the default bound: the keys and the
 * eighth of room the trigger writes its text with (docs/trigger-durability.md#the-stored-text).
 */
const ROW_AT_BOUND: FloorVariant = {
	remember: true,
	credential: true,
	ballastBytes: storedTextLength(SEEDED_KEYS),
};
/** The floor targets, made only when named: does each write static data, carry a credential. */
const FLOOR_VARIANTS: Record<string, FloorVariant> = {
	floor: { remember: true, credential: true },
	'floor nocred': { remember: true, credential: false },
	'floor nowrite': { remember: false, credential: true },
	// The trigger's item instead of the body alone: what n8n charges for the larger item.
	[ITEM_FLOOR]: { remember: true, credential: true, item: 'likeTrigger' },
	// The row of 3,000 remembered deliveries, as the "3k" trigger target keeps it.
	'floor +3k': { remember: true, credential: true, ballastBytes: storedTextLength(ROW_KEYS) },
	// The row at the default bound, as "trigger vN+10k" keeps it from its first push.
	'floor +10k': ROW_AT_BOUND,
	// The same row moving as the trigger's does at its bound (oldest out, newest in, every push).
	'floor +10k moving': { ...ROW_AT_BOUND, ballastChange: 'move' },
	// Moving a copy kept in the process, as the trigger does: concurrent runs' saves each move.
	'floor +10k moving all': { ...ROW_AT_BOUND, ballastChange: 'moveInProcess' },
	// The same row changed in one place per push, its length kept: what SQLite writes for the
	// trigger's text, which keeps its length and its bytes in place between rewrites
	// (docs/trigger-durability.md#what-sqlite-writes-per-push).
	'floor +10k ring': { ...ROW_AT_BOUND, ballastChange: 'ring' },
};
/** The plain floor, the one --goals measures. */
export const FLOOR = 'floor';
/**
 * The floor that carries the same row as a trigger target, when there is one: the "3k" trigger
 * against "floor +3k", the one seeded at the default bound ("+10k") against "floor +10k ring"
 * (its row keeps its length and changes in one place at every push, as the trigger's does).
 */
export function rowMatchedFloor(triggerLabel: string): string | undefined {
	if (/ 3k$/.test(triggerLabel)) return 'floor +3k';
	return /\+10k$/.test(triggerLabel) ? 'floor +10k ring' : undefined;
}
/** Their labels: n8n must load FLOOR_FOLDER when one is named. */
export const FLOOR_LABELS = Object.keys(FLOOR_VARIANTS);

/** The compiled floor trigger and its credential, for N8N_CUSTOM_EXTENSIONS. */
export const FLOOR_FOLDER = join(__dirname, 'floor');

export interface Target {
	/** Label in the tables: "webhook", "chargebee", "trigger v2". */
	label: string;
	workflowId: string;
	path: string;
	/** What an unsigned probe gets once the route is registered. */
	probeStatus: number;
	/** The remembered deliveries its row starts with, when it starts with some. */
	seededDeliveries?: number;
}

const noOp = {
	name: 'NoOp',
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [240, 0] as [number, number],
	parameters: {},
};

async function publish(
	api: PublicApiClient,
	label: string,
	start: {
		type: string;
		typeVersion: number;
		parameters: Record<string, unknown>;
		credentials?: Record<string, { id: string; name: string }>;
	},
	path: (webhookId: string) => string,
	probeStatus: number,
	startStaticData?: Record<string, unknown>,
): Promise<Target> {
	const webhookId = randomUUID();
	const workflow = await api.createWorkflow({
		name: `Bench: ${label} -> NoOp`,
		nodes: [{ name: 'Start', position: [0, 0], webhookId, ...start }, noOp],
		connections: { Start: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		...(startStaticData ? { staticData: { 'node:Start': startStaticData } } : {}),
	});
	await api.publishWorkflow(workflow.id);
	return { label, workflowId: workflow.id, path: path(webhookId), probeStatus };
}

/**
 * `count` remembered deliveries of a minute ago, as another writer (a process before a restart)
 * would have stored them, in the only text format the trigger reads
 * (docs/trigger-durability.md#the-stored-text): random keys that no bench push has, so every push
 * still runs.
 */
function rememberedDeliveries(count: number): Record<string, unknown> {
	const at = Math.floor(Date.now() / 1000) - 60;
	const keys = Array.from({ length: count }, () =>
		randomBytes(9).toString('base64url').slice(0, COMPACT_KEY_LENGTH),
	);
	const text = encodeDeliverySnapshot({ keys, seenAt: keys.map(() => at) }, 'bench');
	return { [STATIC_DATA_FIELDS.deliveries]: text };
}

/**
 * About the length of the trigger's text for `count` deliveries of a burst (11 characters each)
 * once it has written it anew, its room included (the header's few dozen characters left out).
 */
function storedTextLength(count: number): number {
	return roomWrittenAnew(count * COMPACT_KEY_LENGTH);
}

/**
 * Stops the bench when a trigger target does not hold the row it was seeded with after its
 * warm-up: the trigger did not take the row in (a text it does not read starts it empty), so the
 * target would measure an empty memory under its label.
 */
export async function checkSeededRows(n8n: N8nInstance, targets: Target[]): Promise<void> {
	for (const target of targets) {
		if (target.seededDeliveries === undefined) continue;
		const staticData = await n8n.workflowStaticData(target.workflowId);
		const node = staticData?.['node:Start'] as Record<string, unknown> | undefined;
		const held = decodeDeliverySnapshot(node?.[STATIC_DATA_FIELDS.deliveries])?.keys.length ?? 0;
		if (held < target.seededDeliveries)
			throw new Error(
				`${target.label} holds ${held} remembered deliveries after its warm-up, not the ${target.seededDeliveries} it was seeded with: the trigger did not read the seeded row`,
			);
	}
}

export async function createTargets(
	api: PublicApiClient,
	credential: Credential,
	triggerVersions: number[],
	triggerOptions: Record<string, unknown>,
	remembered: number,
	/** Whether a target made only on request was asked for. */
	named: (label: string) => boolean,
): Promise<Target[]> {
	const webhookPath = `bench-webhook-${randomUUID()}`;
	const targets = [
		await publish(
			api,
			'webhook',
			{
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				parameters: { httpMethod: 'POST', path: webhookPath, options: {} },
			},
			() => webhookPath,
			200,
		),
		// Without event_type Chargebee Trigger runs nothing and n8n answers 200.
		await publish(
			api,
			'chargebee',
			{ type: 'n8n-nodes-base.chargebeeTrigger', typeVersion: 1, parameters: { events: ['*'] } },
			(id) => `${id}/webhook`,
			200,
		),
	];
	// Each version with the default answer (after the run); the newest also answering once the
	// execution is stored ("stored"), the option for long workflows.
	const newest = Math.max(...triggerVersions);
	const variants = [
		...triggerVersions.map((version) => ({
			version,
			label: `trigger v${version}`,
			options: triggerOptions,
		})),
		{
			version: newest,
			label: `trigger v${newest}s`,
			options: { ...triggerOptions, acknowledge: 'onceStored' },
		},
		...(remembered > 0
			? [
					{
						version: newest,
						label: `trigger v${newest}+${Math.round(remembered / 1000)}k`,
						options: triggerOptions,
						seeded: remembered,
					},
				]
			: []),
		...(named(`trigger v${newest} small`)
			? [
					{
						version: newest,
						label: `trigger v${newest} small`,
						options: { ...triggerOptions, maxRememberedDeliveries: SMALL_SET },
					},
				]
			: []),
		...(named(`trigger v${newest} 3k`)
			? [
					{
						version: newest,
						label: `trigger v${newest} 3k`,
						options: { ...triggerOptions, maxRememberedDeliveries: ROW_KEYS },
						seeded: ROW_KEYS,
					},
				]
			: []),
		...(named(`trigger v${newest} nodedup`)
			? [
					{
						version: newest,
						label: `trigger v${newest} nodedup`,
						options: { ...triggerOptions, deduplicate: false },
					},
				]
			: []),
	];
	for (const variant of variants) {
		const seeded = 'seeded' in variant ? variant.seeded : undefined;
		const target = await publish(
			api,
			variant.label,
			{
				type: TRIGGER_TYPE,
				typeVersion: variant.version,
				parameters: {
					authentication: 'clientCredentials',
					events: ['*'],
					options: variant.options,
				},
				credentials: { marketplaceSellerApi: { id: credential.id, name: credential.name } },
			},
			(id) => `${id}/webhook`,
			401,
			seeded === undefined ? undefined : rememberedDeliveries(seeded),
		);
		targets.push({ ...target, seededDeliveries: seeded });
	}
	const floors = FLOOR_LABELS.filter(named);
	if (floors.length > 0) {
		const floorCredential = await api.createCredential({
			name: 'Bench floor',
			type: 'benchFloorApi',
			data: { secret: 'never read' },
		});
		for (const label of floors) {
			const { remember, credential, ballastBytes, ballastChange, item } = FLOOR_VARIANTS[label];
			targets.push(
				await publish(
					api,
					label,
					{
						type: FLOOR_TYPE,
						typeVersion: 2,
						parameters: { remember, ballastChange: ballastChange ?? 'none', item: item ?? 'body' },
						...(credential
							? {
									credentials: {
										benchFloorApi: { id: floorCredential.id, name: floorCredential.name },
									},
								}
							: {}),
					},
					(id) => `${id}/webhook`,
					// It verifies nothing: the probe runs like a push.
					200,
					// A string n8n reads and saves with the counter at every push, as it does the trigger's
					// row (SQLite writes it again only where Ballast Change changed it).
					// Random characters, as the keys are: a moved string of one repeated character would
					// look unchanged at every offset.
					ballastBytes
						? { ballast: randomBytes(ballastBytes).toString('base64url').slice(0, ballastBytes) }
						: undefined,
				),
			);
		}
	}
	return targets;
}

/** Waits until every target's route answers (after publishing or a restart). */
export async function waitForRoutes(n8n: N8nInstance, targets: Target[]): Promise<void> {
	for (const target of targets) {
		const probe = await n8n.postWebhook(
			target.path,
			{ probe: true },
			{ notRegisteredRetryMs: 60_000 },
		);
		if (probe.status !== target.probeStatus)
			throw new Error(
				`${target.label}: route probe answered ${probe.status}, expected ${target.probeStatus}`,
			);
	}
}

/** The id of the workflow's newest execution (0 when it has none). */
export async function newestExecutionId(api: PublicApiClient, workflowId: string): Promise<number> {
	const page = await api.listExecutions({ workflowId, limit: 1 });
	return page.data.length > 0 ? Number(page.data[0].id) : 0;
}

/**
 * The workflow's finished executions newer than `afterId`. The list comes newest first, so
 * paging stops at the first page that reaches back to `afterId`.
 */
export async function executionsAfter(
	api: PublicApiClient,
	workflowId: string,
	afterId: number,
): Promise<Execution[]> {
	const fresh: Execution[] = [];
	let cursor: string | undefined;
	for (;;) {
		const page = await api.listExecutions({ workflowId, limit: 250, cursor });
		let reachedOld = false;
		for (const execution of page.data) {
			if (Number(execution.id) > afterId) fresh.push(execution);
			else reachedOld = true;
		}
		if (reachedOld || !page.nextCursor) return fresh;
		cursor = page.nextCursor;
	}
}

/**
 * Waits until `expected` executions newer than `afterId` have finished and none is running or
 * queued; returns them. Polls every `intervalMs` through the public API.
 */
export async function waitForCompleted(
	api: PublicApiClient,
	workflowId: string,
	afterId: number,
	expected: number,
	opts: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<Execution[]> {
	const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
	for (;;) {
		const done = await executionsAfter(api, workflowId, afterId);
		if (done.length >= expected && (await api.activeExecutions(workflowId)).length === 0)
			return done;
		if (Date.now() > deadline)
			throw new Error(
				`workflow ${workflowId}: ${done.length} of ${expected} executions finished after ${opts.timeoutMs ?? 300_000} ms`,
			);
		await sleep(opts.intervalMs ?? 500);
	}
}
