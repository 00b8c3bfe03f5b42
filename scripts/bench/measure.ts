/** Small helpers the benches share. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full garbage collection (with --expose-gc, or by exposing it at run time). */
export function collectGarbage(): void {
	const exposed = (globalThis as { gc?: () => void }).gc;
	if (exposed) {
		exposed();
		return;
	}
	setFlagsFromString('--expose_gc');
	(runInNewContext('gc') as () => void)();
}

/**
 * Orders of `n` targets, one per round, in which every target comes right after every other
 * equally often (a Williams design: n orders for an even n, 2n for an odd one). A target's phase
 * can leave n8n slower or faster for the next one; with a plain rotation the same target always
 * came next and paid for it in every round.
 */
export function balancedOrders(n: number): number[][] {
	if (n <= 1) return [[...Array(n).keys()]];
	// 0, 1, n-1, 2, n-2, ...: each difference between neighbours occurs once.
	const first = [0];
	for (let low = 1, high = n - 1; first.length < n; ) {
		first.push(low++);
		if (first.length < n) first.push(high--);
	}
	const orders = first.map((_, shift) => first.map((index) => (index + shift) % n));
	return n % 2 === 0 ? orders : [...orders, ...orders.map((order) => [...order].reverse())];
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A percentile bootstrap interval of the median: `draws` resamples of the values with
 * replacement, from a seeded generator so that a run prints the same interval for the same
 * figures. With few values it is wide, which is the point: it shows what the rounds can tell.
 */
export function medianInterval(
	values: number[],
	level = 0.9,
	draws = 4000,
	seed = 0x5eed,
): [number, number] {
	if (values.length === 0) return [NaN, NaN];
	let state = seed >>> 0;
	// mulberry32: small, seedable, good enough to pick indices.
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const medians: number[] = [];
	for (let draw = 0; draw < draws; draw++) {
		const sample = values.map(() => values[Math.floor(next() * values.length)]);
		medians.push(median(sample));
	}
	medians.sort((a, b) => a - b);
	const tail = (1 - level) / 2;
	const at = (p: number) => medians[Math.min(draws - 1, Math.max(0, Math.round(p * (draws - 1))))];
	return [at(tail), at(1 - tail)];
}
