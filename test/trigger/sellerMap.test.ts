import { BoundedFifoMap } from '../../nodes/MarketplaceSellerTrigger/boundedFifo';
import {
	buildLocationSellerMap,
	SellerResolver,
} from '../../nodes/MarketplaceSellerTrigger/sellerMap';

const LOCATIONS = buildLocationSellerMap([
	{ locationId: 'LOC-A', sellerId: 'seller-a' },
	{ locationId: ' LOC-B ', sellerId: 'seller-b' },
	{ locationId: '', sellerId: 'ignored' },
	{ locationId: 'LOC-C', sellerId: '' },
]);

describe('location to seller map', () => {
	it('skips blank rows and trims values', () => {
		expect([...LOCATIONS.entries()]).toEqual([
			['LOC-A', 'seller-a'],
			['LOC-B', 'seller-b'],
		]);
	});

	it('maps shipment_created by location and later events of the shipment through it', () => {
		const resolver = new SellerResolver(100);
		expect(
			resolver.resolve(
				{ eventType: 'shipment_created', shipmentId: 'S1', locationId: 'LOC-B' },
				LOCATIONS,
			),
		).toEqual({
			sellerId: 'seller-b',
			via: 'location',
			learned: true,
		});
		expect(resolver.resolve({ eventType: 'shipment_packed', shipmentId: 'S1' }, LOCATIONS)).toEqual(
			{
				sellerId: 'seller-b',
				via: 'shipment',
				learned: false,
			},
		);
		expect(
			resolver.resolve({ eventType: 'shipment_packed', shipmentId: 'S2' }, LOCATIONS).sellerId,
		).toBeNull();
		// A redelivered shipment_created changes nothing.
		expect(
			resolver.resolve(
				{ eventType: 'shipment_created', shipmentId: 'S1', locationId: 'LOC-B' },
				LOCATIONS,
			).learned,
		).toBe(false);
	});

	it('reads locationId and shipmentId from attributes when the envelope lacks them', () => {
		const resolver = new SellerResolver(100);
		resolver.resolve(
			{ eventType: 'shipment_created', attributes: { shipmentId: 'S9', locationId: 'LOC-A' } },
			LOCATIONS,
		);
		expect(
			resolver.resolve({ eventType: 'shipment_shipped', shipmentId: 'S9' }, LOCATIONS).sellerId,
		).toBe('seller-a');
	});

	it('maps return events by location, by returnId, and through the shipment of a return item', () => {
		const resolver = new SellerResolver(100);
		expect(
			resolver.resolve(
				{ eventType: 'return_created', returnId: 'R1', locationId: 'LOC-A' },
				LOCATIONS,
			).sellerId,
		).toBe('seller-a');
		expect(
			resolver.resolve({ eventType: 'return_item_tracking_id_update', returnId: 'R1' }, LOCATIONS),
		).toMatchObject({
			sellerId: 'seller-a',
			via: 'return',
		});
		resolver.resolve(
			{ eventType: 'shipment_created', shipmentId: 'S5', locationId: 'LOC-B' },
			LOCATIONS,
		);
		expect(
			resolver.resolve(
				{
					eventType: 'return_created',
					returnId: 'R2',
					locationId: 'LOC-UNKNOWN',
					attributes: { returnItems: [{ shipmentId: 'S5' }] },
				},
				LOCATIONS,
			),
		).toEqual({ sellerId: 'seller-b', via: 'returnItemShipment', learned: true });
		expect(
			resolver.resolve({ eventType: 'return_completed', returnId: 'R2' }, LOCATIONS).sellerId,
		).toBe('seller-b');
	});

	it('does nothing without a map', () => {
		const resolver = new SellerResolver(100);
		expect(
			resolver.resolve(
				{ eventType: 'shipment_created', shipmentId: 'S1', locationId: 'LOC-A' },
				new Map(),
			),
		).toEqual({
			sellerId: null,
			via: 'none',
			learned: false,
		});
		expect(resolver.size).toBe(0);
	});

	it('is bounded and survives a snapshot round trip', () => {
		const resolver = new SellerResolver(3);
		for (const id of ['S1', 'S2', 'S3', 'S4']) {
			resolver.resolve(
				{ eventType: 'shipment_created', shipmentId: id, locationId: 'LOC-A' },
				LOCATIONS,
			);
		}
		expect(resolver.size).toBe(3);
		expect(
			resolver.resolve({ eventType: 'shipment_packed', shipmentId: 'S1' }, LOCATIONS).sellerId,
		).toBeNull();
		const copy = new SellerResolver(2);
		copy.restore(resolver.snapshot());
		expect(copy.snapshot().entries).toEqual([
			['s:S3', 'seller-a'],
			['s:S4', 'seller-a'],
		]);
	});
});

describe('issue 24: the seller memory is bounded in bytes, not only in entries', () => {
	const long = 'S'.repeat(20_000);

	it('an id over 128 characters still resolves by its location but is not learned', () => {
		const resolver = new SellerResolver(20_000);
		expect(
			resolver.resolve(
				{
					eventType: 'shipment_created',
					shipmentId: long,
					returnId: `R${long}`,
					locationId: 'LOC-A',
				},
				LOCATIONS,
			),
		).toEqual({ sellerId: 'seller-a', via: 'location', learned: false });
		expect(resolver.size).toBe(0);
		expect(resolver.resolve({ eventType: 'shipment_packed', shipmentId: long }, LOCATIONS)).toEqual(
			{
				sellerId: null,
				via: 'none',
				learned: false,
			},
		);
		// An id at the bound is learned as before.
		const atBound = 'S'.repeat(128);
		resolver.resolve(
			{ eventType: 'shipment_created', shipmentId: atBound, locationId: 'LOC-A' },
			LOCATIONS,
		);
		expect(resolver.size).toBe(1);
	});

	it('a saved memory with such ids drops them alone on restore', () => {
		const resolver = new SellerResolver(10);
		resolver.restore({
			entries: [
				[`s:${long}`, 'seller-a'],
				['s:S1', 'seller-a'],
			],
		});
		expect(resolver.snapshot().entries).toEqual([['s:S1', 'seller-a']]);
	});

	it('20,000 pushes with 20 KB ids leave the default memory (20,000 entries) empty; with ids at the bound it stays under 3.5 MB', () => {
		const resolver = new SellerResolver(20_000);
		for (let i = 0; i < 20_000; i += 1)
			resolver.resolve(
				{ eventType: 'shipment_created', shipmentId: `${i}${long}`, locationId: 'LOC-A' },
				LOCATIONS,
			);
		expect(resolver.size).toBe(0);
		for (let i = 0; i < 20_000; i += 1)
			resolver.resolve(
				{
					eventType: 'shipment_created',
					shipmentId: String(i).padStart(128, 'S'),
					locationId: 'LOC-A',
				},
				LOCATIONS,
			);
		expect(resolver.size).toBe(20_000);
		expect(JSON.stringify(resolver.snapshot()).length).toBeLessThan(3_500_000);
	});
});

describe('bounded FIFO map', () => {
	it('evicts in insertion order in O(1), moving changed entries to the newest end', () => {
		const map = new BoundedFifoMap<string>(3);
		map.set('a', '1');
		map.set('b', '2');
		map.set('c', '3');
		expect(map.set('a', '9')).toBe(true); // changed: now newest
		expect(map.set('b', '2')).toBe(false); // unchanged
		map.set('d', '4'); // evicts b (oldest)
		expect(map.get('b')).toBeUndefined();
		expect(map.entries()).toEqual([
			['c', '3'],
			['a', '9'],
			['d', '4'],
		]);
		for (let i = 0; i < 100000; i += 1) map.set(`k${i}`, 'v');
		expect(map.size).toBe(3);
	});
});
