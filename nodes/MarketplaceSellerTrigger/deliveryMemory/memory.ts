/**
 * The rules of the trigger's delivery memory (deduplication), in one place: one memory per
 * trigger node in this process (and test or production), holding the delivery store and the
 * seller memory, restored from and written through the workflow's static data. Outside this
 * folder it is reached through index.ts only. A key is:
 *
 * - new: claimed, and pending while its push is accepted in this process and its run has not ended;
 * - in flight: a copy of a pending key, which waits for the first copy's answer (waitForFirstCopy);
 * - tentative: saved before its run is known (queue mode, saveTentatively), confirmed at the run's
 *   end (confirmAtRunEnd), released by an answer that is not a 200; a copy of another memory's
 *   tentative key is asked to come again later for TENTATIVE_LEASE_SECONDS, and in this memory a
 *   copy waits for the first copy at most that long (waitForFirstCopy);
 * - remembered: confirmDelivery, appended to the stored text (deliveryLog.ts).
 *
 * The path of one key: docs/contributing.md#the-path-of-a-delivery-key.
 * Outcomes per crash point: docs/trigger-durability.md#per-crash-point.
 */
import { randomBytes } from 'node:crypto';

import { sleep, type IDataObject, type IWebhookFunctions } from 'n8n-workflow';

import { setAsNewest } from '../boundedFifo';
import type { PushDecision } from '../pushDecision';
import { SellerResolver, type LocationSellerMap, type SellerResolution } from '../sellerMap';
import type { ReceiverSettings } from '../settings';
import { compactKeyOfHex } from './deliveryKey';
import { DeliveryLog, ForeignRows } from './deliveryLog';
import { InMemoryDeliveryStore } from './deliveryStore';

import {
	decodeTentative,
	DeliveriesAtSave,
	encodeTentative,
	staticDataPersistence,
	type ReceiverPersistence,
	type TentativeDelivery,
} from './persistence';

/**
 * How long a tentative key holds off a copy: long enough to cover the moment between n8n's 200
 * and the row that says the run ended, much shorter than any redelivery of a push that got no
 * answer. Within it, a copy at another memory is asked to come again later (never acknowledged:
 * that run's end is not known) and a copy at this memory waits for the first copy's answer.
 * Older, the push runs again: a push whose run did not end is never lost, at the price of a second
 * run of a push whose process died after its run and before it saved that
 * (docs/trigger-durability.md#several-n8n-processes-queue-mode).
 */
export const TENTATIVE_LEASE_SECONDS = 10;

/**
 * What a claim of a delivery key finds: `leasedElsewhere` when another memory saved it
 * tentatively within its lease (its run may be under way: leaseSecondsLeft says how long).
 */
export type ClaimVerdict = 'new' | 'duplicate' | 'inFlight' | 'leasedElsewhere';

/** What the receiver pipeline (receiver.ts) asks of the memory. */
export interface PushMemory {
	/** The seller of a verified push, learned from it when it says (sellerMap.ts). */
	resolveSeller(envelope: Record<string, unknown>, locations: LocationSellerMap): SellerResolution;
	/** Decides and records at once (no await), so two copies in one process cannot both be new. */
	claim(compactKey: string, nowSeconds: number): ClaimVerdict;
	/** Seconds until another memory's lease on the key ends (after a `leasedElsewhere` claim). */
	leaseSecondsLeft(compactKey: string, nowSeconds: number): number;
}

export interface ReceiverState extends PushMemory {
	readonly deliveries: InMemoryDeliveryStore;
	/** The confirmed deliveries as the static data stores them, kept up to date by appending. */
	readonly log: DeliveryLog;
	readonly sellers: SellerResolver;
	/** The limits the state was built with; a change rebuilds the state. */
	readonly limits: string;
	/**
	 * The last stored deliveries text of another writer (or of before a restart) this state merged:
	 * the same text again holds nothing new. Other processes write the row in queue mode.
	 */
	storedDeliveries: unknown;
	/** What each other writer's last text held, so that only what it adds is decoded. */
	readonly foreign: ForeignRows;
	/** The state that took over when the limits changed: saves still pending write its text. */
	replacedBy?: ReceiverState;
	/**
	 * The seller memory version (SellerResolver.version) of the last write n8n will store: the
	 * execute step writes the memory only when it changed since.
	 */
	savedSellersVersion: number;
	/**
	 * Learned from the first push answered 200 whose execute step did not run in this process:
	 * executions run in other processes (queue mode workers). See docs/trigger-durability.md.
	 */
	executionsElsewhere: boolean;
	/**
	 * Keys this memory saved before their run was known (queue mode), with the time each was
	 * accepted: tentative until the run's end (confirmDelivery) or a failed answer (releaseDelivery).
	 */
	readonly savedTentatively: Map<string, number>;
	/**
	 * Keys other memories saved before their run was known, each held for TENTATIVE_LEASE_SECONDS
	 * from its acceptance (heldByLease); bounded like the store, oldest first.
	 */
	readonly tentativeElsewhere: Map<string, TentativeDelivery>;
	/** The last stored tentative list this state took in (the same text again holds nothing new). */
	storedTentative: unknown;
}

/**
 * A delivery must be remembered at least as long as a replay of it would pass the replay
 * window, otherwise an exact replay inside the window would run the workflow twice.
 */
export function effectiveRetention(settings: ReceiverSettings): number {
	return Math.max(settings.dedup.retentionSeconds, settings.verify.replayWindowSeconds);
}

function limitsOf(settings: ReceiverSettings): string {
	return `${settings.dedup.maxEntries}/${effectiveRetention(settings)}/${settings.sellerMemorySize}`;
}

/**
 * A new state. Its log's writer tag is random, so no other process, restart or rebuilt state
 * shares it: a reader may take a text with a tag it saw before as a continuation of that one
 * (ForeignRows, deliveryLog.ts).
 */
export function createReceiverState(settings: ReceiverSettings): ReceiverState {
	const limits = {
		maxEntries: settings.dedup.maxEntries,
		retentionSeconds: effectiveRetention(settings),
	};
	const deliveries = new InMemoryDeliveryStore(limits);
	const tentativeElsewhere = new Map<string, TentativeDelivery>();
	const sellers = new SellerResolver(settings.sellerMemorySize);
	return {
		deliveries,
		log: new DeliveryLog(randomBytes(9).toString('base64url'), limits),
		sellers,
		limits: limitsOf(settings),
		storedDeliveries: undefined,
		foreign: new ForeignRows(),
		savedSellersVersion: -1,
		executionsElsewhere: false,
		savedTentatively: new Map(),
		tentativeElsewhere,
		storedTentative: undefined,
		resolveSeller: (envelope, locations) => sellers.resolve(envelope, locations),
		claim: (key, nowSeconds) => {
			const leased = (k: string) => heldByLease(tentativeElsewhere, k, nowSeconds);
			if (deliveries.claim(key, nowSeconds, leased)) return 'new';
			if (deliveries.isPending(key)) return 'inFlight';
			return leased(key) ? 'leasedElsewhere' : 'duplicate';
		},
		leaseSecondsLeft: (key, nowSeconds) => {
			const entry = tentativeElsewhere.get(key);
			return entry === undefined ? 0 : entry.at + TENTATIVE_LEASE_SECONDS - nowSeconds;
		},
	};
}

/** Module-level states, one per workflow + node + mode, bounded in number. */
const MAX_STATES = 256;
const states = new Map<string, ReceiverState>();

/**
 * The state of one trigger node. Created on first use in this process and restored from the
 * persistence adapter (after an n8n restart that is the only memory there is); rebuilt, keeping
 * its entries, when the limits changed.
 */
export function getReceiverState(
	stateKey: string,
	settings: ReceiverSettings,
	persistence: ReceiverPersistence,
	nowSeconds: number,
): ReceiverState {
	const existing = states.get(stateKey);
	const limits = limitsOf(settings);
	if (existing !== undefined && existing.limits === limits) {
		mergeStoredDeliveries(existing, persistence, nowSeconds);
		return existing;
	}

	const state = createReceiverState(settings);
	if (existing !== undefined) {
		existing.replacedBy = state;
		state.executionsElsewhere = existing.executionsElsewhere;
		for (const [key, at] of existing.savedTentatively) state.savedTentatively.set(key, at);
		state.deliveries.restore(existing.deliveries.snapshot(nowSeconds), nowSeconds);
		state.log.rebuild(state.deliveries.snapshot(nowSeconds));
		// Requests in flight keep their claims: their answers settle them in the new state.
		for (const key of existing.deliveries.pendingKeys()) state.deliveries.claim(key, nowSeconds);
	}
	mergeStoredDeliveries(state, persistence, nowSeconds);
	const sellers = existing?.sellers.snapshot() ?? persistence.loadSellerMemory();
	if (sellers !== undefined) state.sellers.restore(sellers);

	setAsNewest(states, stateKey, state, MAX_STATES);
	return state;
}

/**
 * Takes in what other processes remembered. n8n hands every request and every execution the row
 * as stored, often one this process wrote a few requests ago: a text with this state's writer tag
 * holds nothing this process does not remember already, so the usual path is a prefix comparison
 * whatever the size of the set. From a text written by someone else (or before a restart), the
 * entries this process did not hold are added to the store and appended to the log: its live
 * entries only grow at their end, so other processes take in this one's texts the same way.
 */
export function mergeStoredDeliveries(
	state: ReceiverState,
	persistence: ReceiverPersistence,
	nowSeconds: number,
): void {
	const stored = persistence.deliveriesText();
	if (!state.log.wrote(stored) && stored !== state.storedDeliveries) {
		state.storedDeliveries = stored;
		const entries = state.foreign.newEntries(stored);
		if (entries !== undefined) {
			const { keys, seenAt } = entries;
			for (let i = 0; i < keys.length; i += 1) {
				// Remembered by another writer: its run happened, no lease is needed for it any more.
				if (state.deliveries.remembersFrom(seenAt[i], nowSeconds))
					state.tentativeElsewhere.delete(keys[i]);
				if (state.deliveries.add(keys[i], seenAt[i], nowSeconds))
					state.log.append(keys[i], seenAt[i]);
			}
		}
	}
	mergeTentative(state, persistence.tentativeText(), nowSeconds);
}

/**
 * Takes in the keys other memories saved before their run was known. This memory's own entries
 * are skipped: it knows better (it may have released one since it wrote the row).
 */
function mergeTentative(state: ReceiverState, stored: unknown, nowSeconds: number): void {
	if (stored === state.storedTentative) return;
	state.storedTentative = stored;
	for (const entry of decodeTentative(stored))
		if (entry.origin !== state.log.writer) noteTentativeElsewhere(state, entry, nowSeconds);
}

/**
 * Another memory saved this key before its run was known: a claim of it within the lease is
 * refused (leasedElsewhere), later it wins. Ignored for a key this memory holds: it knows better.
 */
function noteTentativeElsewhere(
	state: ReceiverState,
	entry: TentativeDelivery,
	nowSeconds: number,
): void {
	const { key } = entry;
	const held = state.tentativeElsewhere;
	if (state.deliveries.knows(key)) return;
	held.delete(key);
	if (nowSeconds >= entry.at + TENTATIVE_LEASE_SECONDS) return;
	held.set(key, entry);
	// Pushes in flight elsewhere: bounded like the store, oldest first.
	for (const oldest of held.keys()) {
		if (held.size <= state.deliveries.maxEntries) break;
		held.delete(oldest);
	}
}

/**
 * Whether another memory's tentative key refuses a claim: within its lease the other memory's
 * run may be under way or just answered; after it, the lease is dropped and the push runs here.
 */
function heldByLease(
	held: Map<string, TentativeDelivery>,
	key: string,
	nowSeconds: number,
): boolean {
	const entry = held.get(key);
	if (entry === undefined) return false;
	if (nowSeconds < entry.at + TENTATIVE_LEASE_SECONDS) return true;
	held.delete(key);
	return false;
}

/** Other memories' tentative keys still within their lease (the expired ones are dropped). */
function leasedElsewhere(state: ReceiverState, nowSeconds: number): TentativeDelivery[] {
	const out: TentativeDelivery[] = [];
	for (const [key, entry] of state.tentativeElsewhere) {
		if (nowSeconds >= entry.at + TENTATIVE_LEASE_SECONDS) state.tentativeElsewhere.delete(key);
		else out.push(entry);
	}
	return out;
}

/** The tentative list to store: this memory's keys, and other memories' still within their lease. */
function tentativeText(state: ReceiverState, nowSeconds: number): string {
	const origin = state.log.writer;
	const own = [...state.savedTentatively].map(([key, at]) => ({ key, at, origin }));
	return encodeTentative([...own, ...leasedElsewhere(state, nowSeconds)]);
}

/** A push that was not acknowledged and whose run is not known to have happened: forgotten. */
export function releaseDelivery(state: ReceiverState, key: string): void {
	state.deliveries.release(key);
	state.savedTentatively.delete(key);
}

/**
 * A delivery's execution exists: confirmed in memory and appended to the log, so the next text
 * this process stores holds it.
 */
export function confirmDelivery(state: ReceiverState, key: string, nowSeconds: number): void {
	state.savedTentatively.delete(key);
	state.tentativeElsewhere.delete(key);
	const at = state.deliveries.confirm(key, nowSeconds);
	if (at !== undefined) state.log.append(key, at);
}

/** Stores the seller memory when it changed since the last write n8n stores (execute step). */
export function saveChangedSellerMemory(
	state: ReceiverState,
	persistence: ReceiverPersistence,
): void {
	if (state.sellers.version === state.savedSellersVersion || state.sellers.size === 0) return;
	persistence.saveSellerMemory(state.sellers.snapshot());
	state.savedSellersVersion = state.sellers.version;
}

/** The state as it is now: the one that replaced `state`, if the limits changed since. */
function latest(state: ReceiverState): ReceiverState {
	let current = state;
	while (current.replacedBy !== undefined) current = current.replacedBy;
	return current;
}

/**
 * Stores this state's deliveries through the adapter: expired entries dropped now, and the text
 * made when n8n saves, so that it holds every delivery confirmed until then, even those of
 * executions that started later and ended first.
 */
export function saveDeliveries(
	state: ReceiverState,
	persistence: ReceiverPersistence,
	nowSeconds: number,
	/** Called at each save n8n makes of this request's static data (see webhookFlow.ts). */
	onSave?: (field: 'deliveries' | 'tentative') => void,
): void {
	state.log.expire(nowSeconds);
	persistence.saveDeliveries(
		new DeliveriesAtSave(
			() => latest(state).log.currentText(),
			onSave && (() => onSave('deliveries')),
		),
	);
	// The tentative list only where there is or was one (queue mode): nothing more to write else.
	const stored = persistence.tentativeText();
	if (
		state.savedTentatively.size > 0 ||
		leasedElsewhere(state, nowSeconds).length > 0 ||
		(typeof stored === 'string' && stored.length > 0)
	) {
		persistence.saveTentative(
			new DeliveriesAtSave(
				() => tentativeText(latest(state), Math.floor(Date.now() / 1000)),
				onSave && (() => onSave('tentative')),
			),
		);
	}
}

/** The state of a trigger node in this process, if it has one (the execute step's confirmation). */
export function findReceiverState(stateKey: string): ReceiverState | undefined {
	return states.get(stateKey);
}

/** Forgets all module-level states (tests). */
export function resetReceiverStates(): void {
	states.clear();
}

/** The key of a delivery's requests in this process: its memory and its delivery key. */
const requestKey = (stateKey: string, key: string) => `${stateKey}|${key}`;

/**
 * Copies of pushes in flight in this process, waiting for the first copy's answer instead of
 * being acknowledged early (a 200 is a promise that the push runs: the first copy may still fail
 * and need redelivery). Keyed by memory and delivery key. Waiters exist only while their request
 * is open and, when a wait is bounded, until its bound; every request settles when its response
 * closes, so the map is bounded by the requests n8n holds open.
 */
type Wake = (acknowledged: boolean | undefined) => void;
const inFlightWaiters = new Map<string, Wake[]>();

/** Steps of a bounded wait, so that no sleep outlives the answer by much. */
const WAIT_STEP_MS = 250;

/**
 * The in-flight wait: resolves with true when the copy of `key` in flight in the memory
 * `stateKey` was answered 200, false when it was answered otherwise (settleWhenAnswered wakes
 * it), and undefined when `maxMs` passed first.
 */
async function waitForInFlight(
	stateKey: string,
	key: string,
	maxMs?: number,
): Promise<boolean | undefined> {
	const id = requestKey(stateKey, key);
	return await new Promise<boolean | undefined>((resolve) => {
		let done = false;
		const wake: Wake = (acknowledged) => {
			if (done) return;
			done = true;
			resolve(acknowledged);
		};
		inFlightWaiters.set(id, [...(inFlightWaiters.get(id) ?? []), wake]);
		if (maxMs === undefined) return;
		void (async () => {
			for (let waited = 0; !done && waited < maxMs; waited += WAIT_STEP_MS)
				await sleep(Math.min(WAIT_STEP_MS, maxMs - waited));
			if (done) return;
			const rest = (inFlightWaiters.get(id) ?? []).filter((other) => other !== wake);
			if (rest.length === 0) inFlightWaiters.delete(id);
			else inFlightWaiters.set(id, rest);
			wake(undefined);
		})();
	});
}

/**
 * A copy of a delivery still pending in this memory waits for the first copy's answer: a 200
 * makes it a duplicate, any other answer lets it run. In queue mode n8n may never answer the first
 * copy (a job that stalled with its killed worker,
 * docs/n8n-internals.md#a-stalled-job-is-never-answered), so there the wait ends with the lease of
 * the first copy's tentative key, as it would at another memory; the copy then takes the delivery
 * over and runs it (docs/trigger-durability.md#per-crash-point).
 */
export async function waitForFirstCopy(
	stateKey: string,
	state: ReceiverState,
	key: string,
	nowSeconds: number,
): Promise<void> {
	const acceptedAt = state.savedTentatively.get(key);
	if (acceptedAt === undefined) {
		await waitForInFlight(stateKey, key);
		return;
	}
	const leftSeconds = acceptedAt + TENTATIVE_LEASE_SECONDS - nowSeconds;
	if (leftSeconds > 0 && (await waitForInFlight(stateKey, key, leftSeconds * 1000)) !== undefined)
		return;
	const current = latest(state);
	if (current.deliveries.isPending(key) && current.savedTentatively.get(key) === acceptedAt)
		releaseDelivery(current, key);
}

/**
 * Pushes accepted in this process whose request is still open (requestKey), and whether their
 * execute step ran here. A 200 for one that did not run here teaches the memory that executions
 * run elsewhere; the key's pending state cannot tell, because a row another process wrote may
 * confirm the key first. Bounded by the requests n8n holds open: each entry goes when its
 * response closes.
 */
const openAccepted = new Map<string, { ranHere: boolean }>();

/** Wakes the copies waiting for the delivery in flight under `key`. */
function settleInFlight(stateKey: string, key: string, acknowledged: boolean): void {
	const id = requestKey(stateKey, key);
	const list = inFlightWaiters.get(id);
	if (list === undefined) return;
	inFlightWaiters.delete(id);
	for (const wake of list) wake(acknowledged);
}

/** How many deliveries have waiters (tests). */
export function inFlightWaiterCount(): number {
	return inFlightWaiters.size;
}

/**
 * Writes what changed through the persistence adapter, for requests that do not start an
 * execution (n8n saves their static data before answering). An accepted push is persisted by
 * the node's execute step instead, once its execution exists (see saveConfirmed).
 */
export function persistReceiverState(
	decision: PushDecision,
	state: ReceiverState,
	persistence: ReceiverPersistence,
	nowSeconds: number,
): void {
	// The whole (merged) set is written again on a duplicate: concurrent writers each save their
	// own snapshot and the last one wins, so a later request repairs a row that lost a key.
	if (decision.action === 'ignore' && decision.reason === 'duplicate') {
		saveDeliveries(state, persistence, nowSeconds);
	}
	if ((decision.action === 'accept' || decision.action === 'ignore') && decision.sellerLearned) {
		persistence.saveSellerMemory(state.sellers.snapshot());
		// n8n stores what a request without an execution wrote; an accepted push's execution starts
		// from the row instead (docs/trigger-durability.md#why-the-delivery-key-is-not-saved-in-webhook),
		// so its execute step writes the memory again.
		if (decision.action === 'ignore') state.savedSellersVersion = state.sellers.version;
	}
}

/*
 * The execute step's half: it runs inside the execution n8n created for an accepted push
 * (docs/n8n-internals.md#an-execute-step-on-a-webhook-trigger), and what it writes is saved before
 * n8n answers the push (docs/n8n-internals.md#responsenode-answers-when-the-execution-ends).
 */

/** 32 hex characters, as the trigger outputs `dedupKey`. */
const HEX_KEY = /^[0-9a-f]{32}$/;

/** The store's form (compact) of the `dedupKey` values of the items, in order, unique. */
export function compactKeysOf(items: Array<{ json: IDataObject }>): string[] {
	const keys = new Set<string>();
	for (const item of items) {
		const hex = item.json?.dedupKey;
		if (typeof hex === 'string' && HEX_KEY.test(hex)) keys.add(compactKeyOfHex(hex));
	}
	return [...keys];
}

/**
 * The execute step: records the items' deliveries in the memory of this process, if it received
 * the push. No memory: the push was received by another process (a queue mode worker runs this
 * step), whose static data is not the stored row, so writing it would overwrite the row.
 * `staticData` is read only when there is something to write. Returns the number of keys written.
 */
export function rememberExecutedPush(
	stateKey: string,
	staticData: () => IDataObject,
	items: Array<{ json: IDataObject }>,
	nowSeconds: number,
): number {
	const state = states.get(stateKey);
	if (state === undefined) return 0;
	const keys = compactKeysOf(items);
	for (const key of keys) {
		const open = openAccepted.get(requestKey(stateKey, key));
		if (open !== undefined) open.ranHere = true;
	}
	return saveConfirmedDeliveries(staticData(), keys, state, nowSeconds);
}

/**
 * Confirms the items' deliveries in the state of the process that received them and writes the
 * union of the stored row, this process's confirmed keys and the items' keys into the
 * execution's static data: a row another process wrote is merged into memory first; a row this
 * process wrote is in memory already. Returns the number of keys written.
 */
export function saveConfirmedDeliveries(
	staticData: IDataObject,
	keys: string[],
	state: ReceiverState,
	nowSeconds: number,
): number {
	if (keys.length === 0) return 0;
	const persistence = staticDataPersistence(staticData);
	mergeStoredDeliveries(state, persistence, nowSeconds);
	for (const key of keys) confirmDelivery(state, key, nowSeconds);
	saveDeliveries(state, persistence, nowSeconds);
	saveChangedSellerMemory(state, persistence);
	return state.log.size;
}

/**
 * The answer to an accepted push is n8n's, sent when the execution has ended (responseMode
 * "responseNode" with no early response). When the response closes, the delivery's claim is
 * settled. In one process the execute step has confirmed it already (the key is saved with the
 * execution), and it stays confirmed even when the workflow failed: its execution exists. A 200
 * for a push whose execute step did not run here means executions run elsewhere (queue mode):
 * the memory learns it, and a claim still pending is confirmed, saved by this process's next
 * static data write. Without a 200 a pending claim is released, so that the marketplace's
 * redelivery runs. Copies waiting for it are woken either way.
 */
export function settleWhenAnswered(
	context: IWebhookFunctions,
	stateKey: string,
	key: string,
	onClose?: () => void,
	/** Queue mode: when this request accepted the key (a later copy may have taken it over). */
	acceptedAt?: number,
): void {
	const res = context.getResponseObject();
	const id = requestKey(stateKey, key);
	const open = { ranHere: false };
	openAccepted.set(id, open);
	res.once('close', () => {
		onClose?.();
		if (openAccepted.get(id) === open) openAccepted.delete(id);
		const acknowledged = res.statusCode === 200 && res.writableFinished;
		// The state as it is now: a change of limits may have rebuilt it meanwhile.
		const state = findReceiverState(stateKey);
		if (state !== undefined && acknowledged && !open.ranHere) state.executionsElsewhere = true;
		if (state !== undefined && state.deliveries.isPending(key)) {
			if (acknowledged) {
				confirmDelivery(state, key, Math.floor(Date.now() / 1000));
			} else if (acceptedAt === undefined || state.savedTentatively.get(key) === acceptedAt) {
				// Not released when a later copy took the delivery over: that copy's run settles it.
				releaseDelivery(state, key);
			}
		}
		settleInFlight(stateKey, key, acknowledged);
	});
}

/**
 * The hook of a queue-mode push's own saves. n8n saves this request's static data twice: now,
 * before the job is enqueued (noWebhookResponse), and again when the job has ended, just before
 * it answers the push (docs/n8n-internals.md#static-data-saved-again-at-the-job-end). Each field is
 * turned into text once per save, so its second text is made at the run's end: the key is then
 * confirmed, and that save stores it as a remembered delivery.
 */
function confirmAtRunEnd(
	stateKey: string,
	state: ReceiverState,
	key: string,
	run: { ended: boolean },
): (field: 'deliveries' | 'tentative') => void {
	const saves = { deliveries: 0, tentative: 0 };
	return (field) => {
		saves[field] += 1;
		if (run.ended || saves[field] < 2) return;
		run.ended = true;
		confirmDelivery(findReceiverState(stateKey) ?? state, key, Math.floor(Date.now() / 1000));
	};
}

/** Longest pause between two marks of a queue-mode push's static data as changed. */
const MAX_MARK_INTERVAL_MS = 1000;

/**
 * n8n saves a request's static data at the job's end only if it changed since its last save, and
 * both the save before the enqueue and the start of the run clear that mark
 * (docs/n8n-internals.md#static-data-saved-again-at-the-job-end). So it is set again, shortly and then
 * less often, until the run has ended or the request is closed.
 */
async function keepUnsavedUntilRunEnds(mark: () => void, done: () => boolean): Promise<void> {
	for (let delay = 1; !done(); delay = Math.min(delay * 2, MAX_MARK_INTERVAL_MS)) {
		await sleep(delay);
		if (!done()) mark();
	}
}

/**
 * Queue mode: the key of an accepted push is saved now, before n8n enqueues the job, as
 * tentative, and becomes a remembered delivery at the run's end: at n8n's save of this request's
 * static data when the job has ended, or else at the 200 (saved with this process's next save).
 * An answer that is not a 200 before that releases it.
 */
export function saveTentatively(
	context: IWebhookFunctions,
	stateKey: string,
	state: ReceiverState,
	persistence: ReceiverPersistence,
	key: string,
	nowSeconds: number,
): void {
	const run = { ended: false, closed: false };
	settleWhenAnswered(context, stateKey, key, () => (run.closed = true), nowSeconds);
	state.savedTentatively.set(key, nowSeconds);
	saveDeliveries(state, persistence, nowSeconds, confirmAtRunEnd(stateKey, state, key, run));
	void keepUnsavedUntilRunEnds(persistence.touch, () => run.ended || run.closed);
}

/**
 * An accepted push is remembered from now on. In queue mode (executions run elsewhere, learned
 * from an earlier push) its key is saved as tentative before n8n enqueues the job ('tentative':
 * the caller answers nothing, n8n answers at the job's end); otherwise it stays pending until the
 * execute step confirms it or the answer settles it ('pending').
 */
export function startRemembering(
	context: IWebhookFunctions,
	stateKey: string,
	state: ReceiverState,
	persistence: ReceiverPersistence | undefined,
	key: string,
	nowSeconds: number,
): 'tentative' | 'pending' {
	if (state.executionsElsewhere && persistence !== undefined) {
		saveTentatively(context, stateKey, state, persistence, key, nowSeconds);
		return 'tentative';
	}
	settleWhenAnswered(context, stateKey, key);
	return 'pending';
}
