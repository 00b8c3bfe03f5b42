/**
 * What the receiver decides about one push (receiver.ts) and what the delivery memory
 * (deliveryMemory/) and the decision log act on: its own module, so those two do not import
 * each other.
 */
import type { IDataObject } from 'n8n-workflow';

import type { VerifyFailureReason } from './verification/verifyPush';

export type BadRequestReason = 'body_not_object' | 'missing_event_type' | 'body_too_deep';

export type PushDecision =
	| { action: 'reject'; status: 401; reason: VerifyFailureReason; clockSkewSeconds?: number }
	| { action: 'badRequest'; status: 400; reason: BadRequestReason }
	| {
			action: 'ignore';
			status: 200;
			reason: 'duplicate' | 'event_not_selected';
			eventType: string;
			dedupKey?: string;
			sellerLearned: boolean;
	  }
	| {
			/** The same delivery is being run by a request still in flight in this process. */
			action: 'inFlight';
			status: 200;
			eventType: string;
			dedupKey: string;
			compactKey: string;
	  }
	| {
			/**
			 * Another process accepted the same delivery a moment ago and may still be running it
			 * (queue mode): not acknowledged (503 with Retry-After), so the marketplace delivers it
			 * again once that process's run is known or its lease is over.
			 */
			action: 'retryLater';
			status: 503;
			retryAfterSeconds: number;
			eventType: string;
			dedupKey: string;
	  }
	| {
			action: 'accept';
			status: 200;
			item: IDataObject;
			dedupKey: string;
			/** The key as the delivery store holds it, when it was claimed (pending until confirmed). */
			claimedKey?: string;
			sellerLearned: boolean;
	  };
