/** All shipments, indexed the ways the lookups need: by id, seller, order item id and order id. */
import type { ShipmentRecord } from './model';

export class ShipmentStore {
	private readonly byId = new Map<string, ShipmentRecord>();
	private readonly bySeller = new Map<string, ShipmentRecord[]>();
	private readonly byOrderItemId = new Map<string, ShipmentRecord>();
	private readonly byOrderId = new Map<string, ShipmentRecord[]>();

	add(shipment: ShipmentRecord): void {
		if (this.byId.has(shipment.shipmentId))
			throw new Error(`duplicate shipment ${shipment.shipmentId}`);
		this.byId.set(shipment.shipmentId, shipment);
		push(this.bySeller, shipment.sellerId, shipment);
		for (const item of shipment.items) {
			this.byOrderItemId.set(item.orderItemId, shipment);
			const list = this.byOrderId.get(item.orderId);
			if (!list) this.byOrderId.set(item.orderId, [shipment]);
			else if (!list.includes(shipment)) list.push(shipment);
		}
	}

	get(shipmentId: string): ShipmentRecord | undefined {
		return this.byId.get(shipmentId);
	}

	/** The seller's shipment, or undefined when unknown or another seller's. */
	getForSeller(sellerId: string, shipmentId: string): ShipmentRecord | undefined {
		const shipment = this.byId.get(shipmentId);
		return shipment && shipment.sellerId === sellerId ? shipment : undefined;
	}

	forSeller(sellerId: string): readonly ShipmentRecord[] {
		return this.bySeller.get(sellerId) ?? [];
	}

	byOrderItem(orderItemId: string): ShipmentRecord | undefined {
		return this.byOrderItemId.get(orderItemId);
	}

	byOrder(orderId: string): readonly ShipmentRecord[] {
		return this.byOrderId.get(orderId) ?? [];
	}

	all(): IterableIterator<ShipmentRecord> {
		return this.byId.values();
	}

	get size(): number {
		return this.byId.size;
	}
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}
