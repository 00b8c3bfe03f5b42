/**
 * The receiver's settings (App ID, secret, URL, options) kept for a short while per workflow,
 * node, credential and parameter set.
 *
 * Reading the credential on every push is expensive in n8n 2.x
 * (docs/n8n-internals.md#credential-reads-take-an-isolate) and a flood of forged requests would
 * pay it too. Parameter changes
 * take effect at once (they are part of the key); a changed secret takes effect after the
 * lifetime, or at once when a push fails its signature or App ID check, through a re-read that is
 * rate-limited so forged traffic cannot force one per request. Clock injected, so it is tested
 * without timers.
 */
import { createHash } from 'node:crypto';

import { setAsNewest } from './boundedFifo';

export interface SettingsCacheOptions {
	/** How long settings are reused. */
	lifetimeMs: number;
	/** At most one forced re-read per key in this interval. */
	forcedReadIntervalMs: number;
	/** Bound on the number of keys (workflows x nodes). */
	maxEntries: number;
}

export const SETTINGS_CACHE_DEFAULTS: SettingsCacheOptions = {
	lifetimeMs: 60_000,
	forcedReadIntervalMs: 5_000,
	maxEntries: 1024,
};

interface Entry<T> {
	value: T;
	readAtMs: number;
	forcedReadAtMs: number;
}

export class SettingsCache<T> {
	private readonly entries = new Map<string, Entry<T>>();

	constructor(private readonly options: SettingsCacheOptions = SETTINGS_CACHE_DEFAULTS) {}

	/** The cached value if it is younger than the lifetime. */
	get(key: string, nowMs: number): T | undefined {
		const entry = this.entries.get(key);
		if (
			entry === undefined ||
			nowMs - entry.readAtMs >= this.options.lifetimeMs ||
			nowMs < entry.readAtMs
		)
			return undefined;
		return entry.value;
	}

	set(key: string, value: T, nowMs: number): void {
		const forcedReadAtMs = this.entries.get(key)?.forcedReadAtMs ?? Number.NEGATIVE_INFINITY;
		setAsNewest(
			this.entries,
			key,
			{ value, readAtMs: nowMs, forcedReadAtMs },
			this.options.maxEntries,
		);
	}

	/**
	 * Whether a push that failed its check may force a fresh read now; claims the slot if so.
	 * Only cached values are worth re-reading: a value read for this very request is current.
	 */
	claimForcedRead(key: string, nowMs: number): boolean {
		const entry = this.entries.get(key);
		if (entry === undefined) return false;
		if (nowMs - entry.forcedReadAtMs < this.options.forcedReadIntervalMs) return false;
		entry.forcedReadAtMs = nowMs;
		return true;
	}

	get size(): number {
		return this.entries.size;
	}
}

/** The cache key: where the receiver is, which credentials it references, and its parameters. */
export function settingsKey(stateKey: string, credentials: string, parameters: unknown): string {
	return `${stateKey}|${credentials}|${createHash('sha1')
		.update(JSON.stringify(parameters ?? null))
		.digest('hex')}`;
}
