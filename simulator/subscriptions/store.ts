/**
 * Notification subscriptions (docs/marketplace-api/notifications.md#subscription-switch, docs/marketplace-api/notifications.md#subscription): one per seller and location, created by the
 * marketplace (here: seeded or via control), owned by the app whose id and secret sign the
 * pushes, with order and return notifications switchable independently.
 */
export interface SubscriptionRecord {
	sellerId: string;
	locationId: string;
	appId: string;
	disableOrder: boolean;
	disableReturns: boolean;
	updatedMs: number;
}

const key = (sellerId: string, locationId: string) => `${sellerId}\u0000${locationId}`;

export class SubscriptionStore {
	private readonly subs = new Map<string, SubscriptionRecord>();

	put(record: SubscriptionRecord): SubscriptionRecord {
		this.subs.set(key(record.sellerId, record.locationId), record);
		return record;
	}

	get(sellerId: string, locationId: string): SubscriptionRecord | undefined {
		return this.subs.get(key(sellerId, locationId));
	}

	/** The subscription of a location, whoever the seller (locations are unique). */
	forLocation(locationId: string): SubscriptionRecord | undefined {
		for (const s of this.subs.values()) if (s.locationId === locationId) return s;
		return undefined;
	}

	list(): SubscriptionRecord[] {
		return [...this.subs.values()].map((s) => ({ ...s }));
	}
}
