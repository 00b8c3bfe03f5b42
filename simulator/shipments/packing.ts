/**
 * Asynchronous label generation (docs/marketplace-api/shipments.md#generate-labels): a successful label request moves a shipment to
 * PACKING_IN_PROGRESS; after the packing delay on the simulator clock it becomes PACKED, gets its
 * label, invoice and tracking ids, and `shipment_packed` is pushed. Settling happens on a timer,
 * on every request, and whenever the clock is advanced, so nothing depends on timer precision.
 */
import type { Clock } from '../clock';
import { setLiveState, stateOf, type ShipmentRecord } from './model';

export class PackingScheduler {
	private readonly pending = new Set<ShipmentRecord>();
	private readonly timers = new Set<NodeJS.Timeout>();

	constructor(
		private readonly clock: Clock,
		/** Gives the shipment its label data (invoice, tracking ids) at the given time. */
		private readonly completeLabel: (shipment: ShipmentRecord, at: number) => void,
		private readonly onPacked: (shipment: ShipmentRecord) => void,
	) {
		clock.onAdvance(() => this.settle());
	}

	schedule(shipment: ShipmentRecord, delayMs: number): void {
		shipment.packingDueMs = this.clock.now() + delayMs;
		this.pending.add(shipment);
		if (delayMs <= 0) {
			this.settle();
			return;
		}
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			this.settle();
		}, delayMs + 5);
		timer.unref();
		this.timers.add(timer);
	}

	/** Completes every shipment whose packing is due. */
	settle(): void {
		const now = this.clock.now();
		for (const shipment of this.pending) {
			if (stateOf(shipment) !== 'PACKING_IN_PROGRESS' || shipment.packingDueMs === null) {
				this.pending.delete(shipment);
				continue;
			}
			if (now < shipment.packingDueMs) continue;
			this.pending.delete(shipment);
			const at = shipment.packingDueMs;
			this.completeLabel(shipment, at);
			setLiveState(shipment, 'PACKED', at);
			this.onPacked(shipment);
		}
	}

	clear(): void {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.pending.clear();
	}
}
