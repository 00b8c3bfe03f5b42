/**
 * Remembered deliveries, behind a small interface so that a store shared between n8n processes
 * (queue mode) can replace the in-memory one later.
 *
 * Contract of `claim(key, now)`: true exactly once per key within the retention window, false
 * for every later claim of the same key until `now >= firstClaim + retention`. The in-memory
 * store answers synchronously (check and insert happen in one call, with no await in between),
 * so concurrent requests in one process cannot both win. A shared store may answer with a
 * promise, and must then be atomic itself (for example SET NX with an expiry).
 */

import { BoundedFifoMap } from '../boundedFifo';

export interface DeliverySnapshot {
	/** Remembered keys, oldest first. */
	keys: string[];
	/** Unix seconds at which each key was first claimed, aligned with `keys`. */
	seenAt: number[];
}

export interface DeliveryStore {
	claim(key: string, nowSeconds: number): boolean | Promise<boolean>;
	/** Live entries, oldest first. */
	snapshot(nowSeconds: number): DeliverySnapshot;
	/** Replaces the content with the live entries of a snapshot (newest kept when over the bound). */
	restore(snapshot: DeliverySnapshot, nowSeconds: number): void;
	readonly size: number;
}

export interface DeliveryStoreLimits {
	/** Hard bound on remembered keys; the oldest is forgotten first. */
	maxEntries: number;
	/** Seconds a key is remembered after its first claim. */
	retentionSeconds: number;
}

/**
 * Bounded in-memory store: keys with their first-claim time in claim order (BoundedFifoMap).
 * Expired entries are dropped from the oldest end on every claim; when full, the oldest entry is
 * forgotten. Memory is O(maxEntries) at all times, whatever passes through.
 */
export class InMemoryDeliveryStore implements DeliveryStore {
	readonly maxEntries: number;
	readonly retentionSeconds: number;

	private readonly seen: BoundedFifoMap<number>;

	constructor(limits: DeliveryStoreLimits) {
		this.maxEntries = Math.max(1, Math.floor(limits.maxEntries));
		this.retentionSeconds = Math.max(0, limits.retentionSeconds);
		this.seen = new BoundedFifoMap<number>(this.maxEntries);
	}

	get size(): number {
		return this.seen.size;
	}

	claim(key: string, nowSeconds: number): boolean {
		if (!Number.isFinite(nowSeconds) || this.retentionSeconds <= 0) return true;
		this.dropExpired(nowSeconds);
		const firstSeen = this.seen.get(key);
		if (firstSeen !== undefined) {
			if (nowSeconds < firstSeen + this.retentionSeconds) return false;
			// Expired but not yet at the oldest end (the clock went backwards at some point).
			this.seen.delete(key);
		}
		this.seen.set(key, nowSeconds);
		return true;
	}

	snapshot(nowSeconds: number): DeliverySnapshot {
		// Runs on every accepted or duplicate push over the whole set: no intermediate pairs.
		const keys: string[] = [];
		const seenAt: number[] = [];
		const retention = this.retentionSeconds;
		this.seen.forEach((key, at) => {
			if (nowSeconds >= at + retention) return;
			keys.push(key);
			seenAt.push(at);
		});
		return { keys, seenAt };
	}

	restore(snapshot: DeliverySnapshot, nowSeconds: number): void {
		this.seen.clear();
		if (this.retentionSeconds <= 0) return;
		const count = Math.min(snapshot.keys.length, snapshot.seenAt.length);
		// Only the newest maxEntries can survive; skip the rest without inserting them.
		for (let i = Math.max(0, count - this.maxEntries); i < count; i += 1) {
			const key = snapshot.keys[i];
			const at = snapshot.seenAt[i];
			if (typeof key !== 'string' || !Number.isFinite(at)) continue;
			if (nowSeconds >= at + this.retentionSeconds) continue;
			// A key listed twice keeps its later position and time.
			this.seen.delete(key);
			this.seen.set(key, at);
		}
	}

	private dropExpired(nowSeconds: number): void {
		for (let oldest = this.seen.oldest(); oldest !== undefined; oldest = this.seen.oldest()) {
			if (nowSeconds < oldest[1] + this.retentionSeconds) return;
			this.seen.dropOldest();
		}
	}
}
