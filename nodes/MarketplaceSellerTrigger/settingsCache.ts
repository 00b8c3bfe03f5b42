/**
 * The receiver's settings (App ID, secret, URL, options) kept for a short while per workflow and
 * node, with the credential references and parameters they were read with.
 *
 * Reading the credential on every push is expensive in n8n 2.x
 * (docs/n8n-internals.md#credential-reads-take-an-isolate) and a flood of forged requests would
 * pay it too. Parameter changes take effect at once (settings read with other parameters are not
 * used); a changed secret takes effect after the lifetime, or at once when a push fails its
 * signature or App ID check, through a re-read that is rate-limited so forged traffic cannot
 * force one per request. Clock injected, so it is tested without timers.
 */
import { setAsNewest } from './boundedFifo';

export interface SettingsCacheOptions {
	/** How long settings are reused. */
	lifetimeMs: number;
	/** At most one forced re-read per receiver in this interval. */
	forcedReadIntervalMs: number;
	/** Bound on the number of receivers (workflows x nodes, test or production). */
	maxEntries: number;
}

export const SETTINGS_CACHE_DEFAULTS: SettingsCacheOptions = {
	lifetimeMs: 60_000,
	forcedReadIntervalMs: 5_000,
	maxEntries: 1024,
};

interface Entry<T> {
	/** What the value was read with (settingsFingerprint). */
	fingerprint: string;
	value: T;
	readAtMs: number;
	forcedReadAtMs: number;
}

export class SettingsCache<T> {
	private readonly entries = new Map<string, Entry<T>>();

	constructor(private readonly options: SettingsCacheOptions = SETTINGS_CACHE_DEFAULTS) {}

	/** The value cached for the receiver if it was read with `fingerprint` within the lifetime. */
	get(key: string, fingerprint: string, nowMs: number): T | undefined {
		const entry = this.entries.get(key);
		if (
			entry === undefined ||
			entry.fingerprint !== fingerprint ||
			nowMs - entry.readAtMs >= this.options.lifetimeMs ||
			nowMs < entry.readAtMs
		)
			return undefined;
		return entry.value;
	}

	/** Keeps the value read with `fingerprint`, in place of any other of the receiver. */
	set(key: string, fingerprint: string, value: T, nowMs: number): void {
		// The rate limit of forced re-reads stays with the receiver, whatever its parameters.
		const forcedReadAtMs = this.entries.get(key)?.forcedReadAtMs ?? Number.NEGATIVE_INFINITY;
		setAsNewest(
			this.entries,
			key,
			{ fingerprint, value, readAtMs: nowMs, forcedReadAtMs },
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

/**
 * What settings are read with: the node's credential references and parameters, as JSON. Compared
 * whole rather than hashed: a push then costs no hash, and one entry per receiver holds it.
 */
export function settingsFingerprint(credentials: unknown, parameters: unknown): string {
	return `${JSON.stringify(credentials ?? null)}|${JSON.stringify(parameters ?? null)}`;
}
