/** The bounded map under the delivery store and the seller memory. */
import { BoundedFifoMap } from '../../nodes/MarketplaceSellerTrigger/boundedFifo';

describe('BoundedFifoMap', () => {
	it('forgets the oldest entry first when full', () => {
		const map = new BoundedFifoMap<number>(3);
		for (const [key, value] of [
			['a', 1],
			['b', 2],
			['c', 3],
			['d', 4],
		] as const)
			map.set(key, value);
		expect(map.entries()).toEqual([
			['b', 2],
			['c', 3],
			['d', 4],
		]);
		expect(map.get('a')).toBeUndefined();
		expect(map.size).toBe(3);
	});

	it('moves a changed entry to the newest end and leaves an unchanged one', () => {
		const map = new BoundedFifoMap<string>(5);
		map.set('a', 'x');
		map.set('b', 'y');
		expect(map.set('a', 'x')).toBe(false);
		expect(map.entries().map(([key]) => key)).toEqual(['a', 'b']);
		expect(map.set('a', 'z')).toBe(true);
		expect(map.entries()).toEqual([
			['b', 'y'],
			['a', 'z'],
		]);
	});

	it('skips deleted entries when reporting and dropping the oldest', () => {
		const map = new BoundedFifoMap<number>(4);
		for (const key of ['a', 'b', 'c']) map.set(key, key.charCodeAt(0));
		expect(map.delete('a')).toBe(true);
		expect(map.delete('a')).toBe(false);
		expect(map.oldest()).toEqual(['b', 98]);
		map.dropOldest();
		expect(map.oldest()).toEqual(['c', 99]);
		map.dropOldest();
		expect(map.oldest()).toBeUndefined();
		expect(map.size).toBe(0);
		map.dropOldest();
		expect(map.size).toBe(0);
	});

	it('grows from its initial capacity without losing order, up to the bound', () => {
		const map = new BoundedFifoMap<number>(1000);
		for (let i = 0; i < 1500; i++) map.set(`k${i}`, i);
		const entries = map.entries();
		expect(entries).toHaveLength(1000);
		expect(entries[0]).toEqual(['k500', 500]);
		expect(entries[999]).toEqual(['k1499', 1499]);
	});
});
