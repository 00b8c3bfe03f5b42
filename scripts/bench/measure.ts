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

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
