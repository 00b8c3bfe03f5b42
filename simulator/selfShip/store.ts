/**
 * What the simulator keeps of the order life after the seller's side of dispatch: self-ship
 * dispatches, delivery attempts and deliveries (docs/marketplace-api/self-ship.md), the one-time
 * codes of the evening handover and of returns (docs/marketplace-api/handover.md), and the form in
 * which handover counts are answered (a runtime switch, so tests can try each documented form).
 */

export interface SelfShipAttempt {
	attemptedMs: number;
	reason: string;
	subReason: string | null;
	newDeliveryMs: number;
}

export interface SelfShipRecord {
	shipmentId: string;
	dispatchDateMs: number;
	tentativeDeliveryMs: number;
	trackingId: string | null;
	deliveryPartner: string | null;
	deliveryPartnerCode: string | null;
	invoiceNumber: string | null;
	invoiceDate: string;
	items: Array<{ orderItemId: string; quantity: number; serialNumbers: string[][] }>;
	dispatchLocationId: string | null;
	attempts: SelfShipAttempt[];
	deliveredDate: string | null;
}

/**
 * How handover counts are answered: `array` (the official model), `wrapper` (a third-party
 * sample's `{"resultManifestDetails":[…]}` with `pickUpDate{after,before}`), or `afterBefore`
 * (the HTML reference: an array with `pickUpDate{after,before}`).
 */
export type HandoverForm = 'array' | 'wrapper' | 'afterBefore';

export class SelfShipStore {
	readonly records = new Map<string, SelfShipRecord>();
	/** Handover OTC per `${locationId}|${vendorGroupCode}`; absent = not generated yet. */
	readonly handoverOtcs = new Map<string, string>();
	/** Return OTCs per location; absent = none generated. */
	readonly returnOtcs = new Map<string, Array<{ code: string; type: string; vendor: string }>>();
	handoverForm: HandoverForm = 'array';
	private otcSeq = 0;

	nextOtc(): string {
		this.otcSeq += 1;
		return String(400000 + ((this.otcSeq * 7919) % 600000)).padStart(6, '0');
	}
}
