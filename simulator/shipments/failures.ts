/**
 * Per-shipment failures injected through the control interface: the next batch operation on
 * the shipment answers FAILURE with the given code and message, as the real service does for
 * conditions the simulator cannot produce by itself (e.g. DEPENDENT_SYSTEM_CALL_FAILED).
 */
export const FAILABLE_OPERATIONS = ['labels', 'dispatch', 'cancel', 'updateAck'] as const;
export type FailableOperation = (typeof FAILABLE_OPERATIONS)[number];

export interface ShipmentFailure {
	id: string;
	shipmentId: string;
	/** Omitted: every batch operation. */
	operation?: FailableOperation;
	errorCode: string;
	errorMessage: string;
	/** Remaining uses; -1 for unlimited. */
	times: number;
}

export class ShipmentFailureInjector {
	private failures: ShipmentFailure[] = [];
	private seq = 0;

	add(
		shipmentIds: string[],
		operation: FailableOperation | undefined,
		errorCode: string,
		errorMessage: string,
		times = -1,
	): ShipmentFailure[] {
		return shipmentIds.map((shipmentId) => {
			const failure = {
				id: `failure-${++this.seq}`,
				shipmentId,
				operation,
				errorCode,
				errorMessage,
				times,
			};
			this.failures.push(failure);
			return { ...failure };
		});
	}

	/** The failure to report for this shipment and operation, using up one of its times. */
	take(shipmentId: string, operation: FailableOperation): ShipmentFailure | undefined {
		const failure = this.failures.find(
			(f) =>
				f.shipmentId === shipmentId && (!f.operation || f.operation === operation) && f.times !== 0,
		);
		if (failure && failure.times > 0) failure.times--;
		return failure;
	}

	list(): ShipmentFailure[] {
		return this.failures.filter((f) => f.times !== 0).map((f) => ({ ...f }));
	}

	clear(): void {
		this.failures = [];
	}
}
