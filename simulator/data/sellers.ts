/**
 * The demo sellers and their locations (fixed, documented identities). Locations carry the
 * address printed as seller and return address on shipping details and labels.
 */
import type { Address } from '../shipments/model';

export interface LocationRecord {
	locationId: string;
	sellerId: string;
	name: string;
	address: Address;
}

export interface SellerRecord {
	sellerId: string;
	name: string;
	locationIds: string[];
}

export const DEMO_SELLER_1 = 'SELLER-DEMO-1';
export const DEMO_SELLER_2 = 'SELLER-DEMO-2';

function warehouse(
	line1: string,
	city: string,
	state: string,
	pinCode: string,
	phone: string,
): Address {
	return {
		firstName: 'Warehouse',
		lastName: 'Desk',
		addressLine1: line1,
		addressLine2: 'Industrial Area',
		city,
		state,
		pinCode,
		landmark: null,
		contactNumber: phone,
	};
}

const SELLERS: SellerRecord[] = [
	{
		sellerId: DEMO_SELLER_1,
		name: 'Demo Home & Living',
		locationIds: ['LOC-DEMO-1', 'LOC-DEMO-2'],
	},
	{ sellerId: DEMO_SELLER_2, name: 'Demo Gadgets', locationIds: ['LOC-DEMO-3'] },
];

const LOCATIONS: LocationRecord[] = [
	{
		locationId: 'LOC-DEMO-1',
		sellerId: DEMO_SELLER_1,
		name: 'Bengaluru warehouse',
		address: warehouse('Plot 14, 2nd Phase', 'Bengaluru', 'Karnataka', '560058', '8040001111'),
	},
	{
		locationId: 'LOC-DEMO-2',
		sellerId: DEMO_SELLER_1,
		name: 'Pune warehouse',
		address: warehouse('Gat 221, Chakan MIDC', 'Pune', 'Maharashtra', '410501', '2040002222'),
	},
	{
		locationId: 'LOC-DEMO-3',
		sellerId: DEMO_SELLER_2,
		name: 'Jaipur warehouse',
		address: warehouse('G-118, Sitapura', 'Jaipur', 'Rajasthan', '302022', '1410003333'),
	},
];

/** Read-only lookups over the fixed sellers and locations. */
export class SellerDirectory {
	private readonly sellers = new Map(SELLERS.map((s) => [s.sellerId, s]));
	private readonly locations = new Map(LOCATIONS.map((l) => [l.locationId, l]));

	seller(sellerId: string): SellerRecord | undefined {
		return this.sellers.get(sellerId);
	}

	location(locationId: string): LocationRecord | undefined {
		return this.locations.get(locationId);
	}

	allSellers(): SellerRecord[] {
		return [...this.sellers.values()];
	}

	allLocations(): LocationRecord[] {
		return [...this.locations.values()];
	}

	/** True when the location exists and belongs to the seller. */
	owns(sellerId: string, locationId: string): boolean {
		return this.locations.get(locationId)?.sellerId === sellerId;
	}
}
