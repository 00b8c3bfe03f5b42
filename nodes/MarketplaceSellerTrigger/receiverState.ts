/**
 * The receiver's memory in this process, one per trigger node (and test or production): the
 * delivery store and the seller memory, restored from and written through the persistence
 * adapter (the workflow's static data). See docs/trigger-durability.md.
 */
import { setAsNewest } from './boundedFifo';
import { InMemoryDeliveryStore, type DeliveryStore } from './dedup/deliveryStore';
import type { ReceiverPersistence } from './dedup/persistence';
import type { PushDecision } from './receiver';
import { SellerResolver } from './sellerMap';
import type { ReceiverSettings } from './settings';

export interface ReceiverState {
	readonly deliveries: DeliveryStore;
	readonly sellers: SellerResolver;
	/** The limits the state was built with; a change rebuilds the state. */
	readonly limits: string;
	/**
	 * The stored deliveries text this process last read or wrote. Another process (queue mode,
	 * several webhook processes) wrote the row when the text n8n hands a request differs.
	 */
	storedDeliveries: unknown;
	/**
	 * Learned from the first push answered 200 that no execute step of this process confirmed:
	 * executions run in other processes (queue mode workers). See docs/trigger-durability.md.
	 */
	executionsElsewhere: boolean;
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

export function createReceiverState(settings: ReceiverSettings): ReceiverState {
	return {
		deliveries: new InMemoryDeliveryStore({
			maxEntries: settings.dedup.maxEntries,
			retentionSeconds: effectiveRetention(settings),
		}),
		sellers: new SellerResolver(settings.sellerMemorySize),
		limits: limitsOf(settings),
		storedDeliveries: undefined,
		executionsElsewhere: false,
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
		state.executionsElsewhere = existing.executionsElsewhere;
		state.deliveries.restore(existing.deliveries.snapshot(nowSeconds), nowSeconds);
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
 * Takes in what other processes remembered: n8n hands every request the row as stored, and a
 * text other than the one this process last read or wrote means someone else wrote it. Only
 * then is it decoded and merged, so the webhook path stays a string comparison.
 */
function mergeStoredDeliveries(
	state: ReceiverState,
	persistence: ReceiverPersistence,
	nowSeconds: number,
): void {
	const stored = persistence.deliveriesText();
	if (stored === state.storedDeliveries) return;
	state.storedDeliveries = stored;
	const snapshot = persistence.loadDeliveries();
	if (snapshot !== undefined) state.deliveries.merge(snapshot, nowSeconds);
}

/** The state of a trigger node in this process, if it has one (the execute step's confirmation). */
export function findReceiverState(stateKey: string): ReceiverState | undefined {
	return states.get(stateKey);
}

/** Forgets all module-level states (tests). */
export function resetReceiverStates(): void {
	states.clear();
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
		state.storedDeliveries = persistence.saveDeliveries(state.deliveries.snapshot(nowSeconds));
	}
	if ((decision.action === 'accept' || decision.action === 'ignore') && decision.sellerLearned) {
		persistence.saveSellerMemory(state.sellers.snapshot());
	}
}
