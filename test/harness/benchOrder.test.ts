/**
 * The end-to-end bench's round orders (scripts/bench/measure.ts balancedOrders): over one full
 * set of orders every target runs once per round and comes right after every other target
 * equally often, so no target always pays for the same neighbour's phase.
 */
import { balancedOrders } from '../../scripts/bench/measure';

describe('balancedOrders', () => {
	test.each([2, 3, 4, 5, 6])('%i targets: each follows each other equally often', (n) => {
		const orders = balancedOrders(n);
		expect(orders).toHaveLength(n % 2 === 0 ? n : 2 * n);
		const follows = new Map<string, number>();
		for (const order of orders) {
			expect([...order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
			for (let i = 1; i < n; i++) {
				const pair = `${order[i - 1]}>${order[i]}`;
				follows.set(pair, (follows.get(pair) ?? 0) + 1);
			}
		}
		// Every ordered pair of distinct targets, each the same number of times.
		expect(follows.size).toBe(n * (n - 1));
		expect(new Set(follows.values()).size).toBe(1);
	});

	test('one target: one order', () => {
		expect(balancedOrders(1)).toEqual([[0]]);
	});
});
