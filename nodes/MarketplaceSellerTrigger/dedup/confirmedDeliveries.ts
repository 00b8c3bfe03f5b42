/**
 * The execute step's half of the delivery memory: it runs inside the execution n8n created for
 * an accepted push (docs/n8n-internals.md#an-execute-step-on-a-webhook-trigger), and what it
 * writes is saved before n8n answers the push
 * (docs/n8n-internals.md#responsenode-answers-when-the-execution-ends). A saved key therefore
 * always has an execution, and an acknowledged push always has a saved key. See
 * docs/trigger-durability.md.
 */
import type { IDataObject } from 'n8n-workflow';

import { compactKeyOfHex } from './deliveryKey';
import { staticDataPersistence } from './persistence';
import {
	confirmDelivery,
	mergeStoredDeliveries,
	saveChangedSellerMemory,
	saveDeliveries,
	type ReceiverState,
} from '../receiverState';

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
