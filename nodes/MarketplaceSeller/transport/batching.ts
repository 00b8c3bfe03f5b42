/** Splits work into the marketplace's batch sizes (25, 50, 100 or 10 per request). */
export function chunk<T>(values: T[], size: number): T[][] {
	if (!Number.isInteger(size) || size < 1) throw new RangeError(`Batch size must be a positive integer, got ${size}`);
	const batches: T[][] = [];
	for (let start = 0; start < values.length; start += size) batches.push(values.slice(start, start + size));
	return batches;
}
