/** The trigger's settings cache: lifetime, rate-limited forced re-reads, bound and key (clock injected). */
import { SettingsCache, settingsKey } from '../../nodes/MarketplaceSellerTrigger/settingsCache';

const options = { lifetimeMs: 60_000, forcedReadIntervalMs: 5_000, maxEntries: 3 };

describe('SettingsCache', () => {
	it('reuses a value for its lifetime only', () => {
		const cache = new SettingsCache<string>(options);
		cache.set('k', 'v1', 1_000);
		expect(cache.get('k', 1_000)).toBe('v1');
		expect(cache.get('k', 60_999)).toBe('v1');
		expect(cache.get('k', 61_000)).toBeUndefined();
		// A clock that went backwards does not make an old value fresh.
		expect(cache.get('k', 500)).toBeUndefined();
	});

	it('allows one forced re-read per interval and key, only for cached values', () => {
		const cache = new SettingsCache<string>(options);
		expect(cache.claimForcedRead('k', 0)).toBe(false);
		cache.set('k', 'v1', 0);
		expect(cache.claimForcedRead('k', 10)).toBe(true);
		expect(cache.claimForcedRead('k', 4_999)).toBe(false);
		// A fresh value keeps the rate limit of the key.
		cache.set('k', 'v2', 5_000);
		expect(cache.claimForcedRead('k', 5_009)).toBe(false);
		expect(cache.claimForcedRead('k', 5_010)).toBe(true);
		expect(cache.claimForcedRead('other', 5_010)).toBe(false);
	});

	it('is bounded, dropping the least recently set key', () => {
		const cache = new SettingsCache<number>(options);
		for (let i = 0; i < 5; i++) cache.set(`k${i}`, i, 0);
		expect(cache.size).toBe(3);
		expect(cache.get('k0', 0)).toBeUndefined();
		expect(cache.get('k1', 0)).toBeUndefined();
		expect(cache.get('k4', 0)).toBe(4);
	});

	it('keys on the receiver, the credential and every parameter', () => {
		const base = settingsKey('wf/node', 'cred-1', { events: ['*'], options: {} });
		expect(settingsKey('wf/node', 'cred-1', { events: ['*'], options: {} })).toBe(base);
		expect(settingsKey('wf/node', 'cred-2', { events: ['*'], options: {} })).not.toBe(base);
		expect(settingsKey('wf/other', 'cred-1', { events: ['*'], options: {} })).not.toBe(base);
		expect(
			settingsKey('wf/node', 'cred-1', { events: ['shipment_created'], options: {} }),
		).not.toBe(base);
		expect(
			settingsKey('wf/node', 'cred-1', { events: ['*'], options: { replayWindow: 60 } }),
		).not.toBe(base);
	});
});
