/**
 * Services of self-ship orders and returns (docs/marketplace-api/return-actions.md#service-updates): an
 * assembly or installation after delivery, or the tech visit a customer return needs before the
 * seller approves or rejects it. The seller records attempts (each moves the due date) and
 * completes them.
 */
export const SERVICE_TYPES = ['INSTALLATION', 'ASSEMBLY', 'TECH_VISIT'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export type ServiceStatus = 'PENDING' | 'COMPLETED';

export interface ServiceRecord {
	serviceFulfilmentId: string;
	sellerId: string;
	locationId: string;
	serviceType: ServiceType;
	/** The order side's shipment (installation, assembly) or the return (tech visit). */
	shipmentId: string | null;
	returnId: string | null;
	status: ServiceStatus;
	dueMs: number;
	attempts: number;
	completedMs: number | null;
	lastReason: string | null;
}

/** A service as a return item's `services[]` lists it (field names beyond the id: INFERRED). */
export function serviceToWire(s: ServiceRecord): Record<string, unknown> {
	return {
		serviceFulfilmentId: s.serviceFulfilmentId,
		serviceType: s.serviceType,
		status: s.status,
	};
}
