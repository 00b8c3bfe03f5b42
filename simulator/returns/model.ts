import type { ServiceRecord } from '../services/model';

/** A return (docs/marketplace-api/returns.md#return-search) and its states (docs/marketplace-api/returns.md#return-states, docs/marketplace-api/notifications.md#events). */

export const RETURN_SOURCES = ['customer_return', 'courier_return'] as const;
export type ReturnSource = (typeof RETURN_SOURCES)[number];

export const RETURN_STATUSES = [
	'RETURN_CREATED',
	'RETURN_PICKED_UP',
	'RETURN_COMPLETED',
	'RETURN_CANCELLED',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * Where a seller's reject leaves a self-ship return: no push announces it and the sources name
 * no status for it (docs/marketplace-api/return-actions.md#return-states-after-each-action).
 */
export const RETURN_REJECTED = 'RETURN_REJECTED';

export interface ReturnRecord {
	returnId: string;
	sellerId: string;
	locationId: string;
	source: ReturnSource;
	orderItemId: string;
	orderId: string;
	/** When the returned order item was ordered. */
	orderDateMs: number;
	shipmentId: string;
	/** State of the shipment when the return was created (e.g. DELIVERED). */
	shipmentStatus: string;
	/** The order item's fulfilment service profile. */
	serviceProfile: string;
	sku: string;
	quantity: number;
	status: ReturnStatus | typeof RETURN_REJECTED;
	/** What the buyer asked for. */
	action: 'refund' | 'replacement';
	reason: string;
	subReason: string | null;
	trackingId: string;
	courierName: string;
	expectedDateMs: number;
	/** When the return was approved (picked up or later); null before. */
	approvedMs: number | null;
	comments: string | null;
	createdMs: number;
	updatedMs: number;
	/** A self-ship return: the seller approves or rejects, picks it up and completes it (returns/actions.ts). */
	selfShip?: boolean;
	/** The tech visit a self-ship customer return needs before approve or reject. */
	techVisit?: ServiceRecord;
	/** Failed pickups recorded by the seller; each moved expectedDate. */
	pickupAttempts?: number;
}
