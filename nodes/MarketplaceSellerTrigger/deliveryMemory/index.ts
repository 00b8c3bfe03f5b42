/**
 * The push trigger's delivery memory (deduplication), behind one door: what webhook() and the
 * execute step (webhookFlow.ts) ask of it. This file is the only one imported from outside the
 * folder; the rules are in memory.ts, the stored text in deliveryLog.ts and
 * persistence.ts, the key in deliveryKey.ts.
 *
 * The path of one key: docs/contributing.md#the-path-of-a-delivery-key.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { PushDecision } from '../pushDecision';
import type { LocationSellerMap, SellerResolution } from '../sellerMap';
import type { ReceiverSettings } from '../settings';
import {
	getReceiverState,
	persistReceiverState,
	startRemembering,
	waitForFirstCopy,
	type ClaimVerdict,
	type PushMemory,
	type ReceiverState,
} from './memory';
import { noPersistence, staticDataPersistence, type ReceiverPersistence } from './persistence';

export { deliveryKeyOf, type DeliveryKey } from './deliveryKey';
export { readExactJsonObject } from './exactJson';
export { rememberExecutedPush, resetReceiverStates } from './memory';
export type { ClaimVerdict, PushMemory };

/** The memory of one trigger node, as one request sees it: its own static data, its clock. */
export class DeliveryMemory implements PushMemory {
	private constructor(
		private readonly stateKey: string,
		private readonly state: ReceiverState,
		private readonly persistence: ReceiverPersistence,
		private readonly manual: boolean,
	) {}

	/**
	 * Opens the memory of a trigger node (`stateKey`: workflow, node, test or production) for one
	 * request, with what the stored row adds taken in. `staticData`: the request's node static
	 * data; undefined in test mode, whose memory is not stored.
	 */
	static open(
		stateKey: string,
		settings: ReceiverSettings,
		staticData: IDataObject | undefined,
		nowSeconds: number,
	): DeliveryMemory {
		const persistence =
			staticData === undefined ? noPersistence : staticDataPersistence(staticData);
		const state = getReceiverState(stateKey, settings, persistence, nowSeconds);
		return new DeliveryMemory(stateKey, state, persistence, staticData === undefined);
	}

	resolveSeller(envelope: Record<string, unknown>, locations: LocationSellerMap): SellerResolution {
		return this.state.resolveSeller(envelope, locations);
	}

	claim(compactKey: string, nowSeconds: number): ClaimVerdict {
		return this.state.claim(compactKey, nowSeconds);
	}

	leaseSecondsLeft(compactKey: string, nowSeconds: number): number {
		return this.state.leaseSecondsLeft(compactKey, nowSeconds);
	}

	/**
	 * Waits for the answer to the copy of `compactKey` in flight here; in queue mode at most until
	 * that copy's lease ends, after which this copy takes the delivery over.
	 */
	async waitForFirstCopy(compactKey: string, nowSeconds: number): Promise<void> {
		await waitForFirstCopy(this.stateKey, this.state, compactKey, nowSeconds);
	}

	/**
	 * Remembers an accepted push from now on: 'tentative' when its key was saved before the job is
	 * enqueued (queue mode: webhook() then answers nothing itself), 'pending' when the execute step
	 * or the answer settles it.
	 */
	startRemembering(
		context: IWebhookFunctions,
		compactKey: string,
		nowSeconds: number,
	): 'tentative' | 'pending' {
		const persistence = this.manual ? undefined : this.persistence;
		return startRemembering(
			context,
			this.stateKey,
			this.state,
			persistence,
			compactKey,
			nowSeconds,
		);
	}

	/** Saves what a request that starts no execution changed (n8n stores it before answering). */
	saveUnexecuted(decision: PushDecision, nowSeconds: number): void {
		persistReceiverState(decision, this.state, this.persistence, nowSeconds);
	}
}
