/**
 * The trigger's settings cache: lifetime, what the settings were read with, rate-limited forced
 * re-reads, bound (clock injected).
 */
import {
	SettingsCache,
	settingsFingerprint,
} from '../../nodes/MarketplaceSellerTrigger/settingsCache';

const options = { lifetimeMs: 60_000, forcedReadIntervalMs: 5_000, maxEntries: 3 };
const READ_WITH = settingsFingerprint({ api: { id: '1' } }, { events: ['*'], options: {} });

describe('SettingsCache', () => {
	it('reuses a value for its lifetime only', () => {
		const cache = new SettingsCache<string>(options);
		cache.set('k', READ_WITH, 'v1', 1_000);
		expect(cache.get('k', READ_WITH, 1_000)).toBe('v1');
		expect(cache.get('k', READ_WITH, 60_999)).toBe('v1');
		expect(cache.get('k', READ_WITH, 61_000)).toBeUndefined();
		// A clock that went backwards does not make an old value fresh.
		expect(cache.get('k', READ_WITH, 500)).toBeUndefined();
	});

	it('gives a value only to a push of the receiver with the same credentials and parameters', () => {
		const cache = new SettingsCache<string>(options);
		cache.set('k', READ_WITH, 'v1', 0);
		const changed = settingsFingerprint(
			{ api: { id: '1' } },
			{ events: ['*'], options: { replayWindow: 60 } },
		);
		expect(cache.get('k', changed, 10)).toBeUndefined();
		expect(cache.get('other', READ_WITH, 10)).toBeUndefined();
		// Settings read with the new parameters take the receiver's place.
		cache.set('k', changed, 'v2', 20);
		expect(cache.get('k', changed, 30)).toBe('v2');
		expect(cache.get('k', READ_WITH, 30)).toBeUndefined();
		expect(cache.size).toBe(1);
	});

	it('allows one forced re-read per interval and receiver, only for cached values', () => {
		const cache = new SettingsCache<string>(options);
		expect(cache.claimForcedRead('k', 0)).toBe(false);
		cache.set('k', READ_WITH, 'v1', 0);
		expect(cache.claimForcedRead('k', 10)).toBe(true);
		expect(cache.claimForcedRead('k', 4_999)).toBe(false);
		// A fresh value keeps the rate limit of the receiver, whatever it was read with.
		cache.set('k', settingsFingerprint(null, {}), 'v2', 5_000);
		expect(cache.claimForcedRead('k', 5_009)).toBe(false);
		expect(cache.claimForcedRead('k', 5_010)).toBe(true);
		expect(cache.claimForcedRead('other', 5_010)).toBe(false);
	});

	it('is bounded, dropping the least recently set receiver', () => {
		const cache = new SettingsCache<number>(options);
		for (let i = 0; i < 5; i++) cache.set(`k${i}`, READ_WITH, i, 0);
		expect(cache.size).toBe(3);
		expect(cache.get('k0', READ_WITH, 0)).toBeUndefined();
		expect(cache.get('k1', READ_WITH, 0)).toBeUndefined();
		expect(cache.get('k4', READ_WITH, 0)).toBe(4);
	});

	it('fingerprints the credential references and every parameter', () => {
		const base = settingsFingerprint({ api: { id: '1' } }, { events: ['*'], options: {} });
		expect(settingsFingerprint({ api: { id: '1' } }, { events: ['*'], options: {} })).toBe(base);
		expect(settingsFingerprint({ api: { id: '2' } }, { events: ['*'], options: {} })).not.toBe(
			base,
		);
		expect(settingsFingerprint(undefined, { events: ['*'], options: {} })).not.toBe(base);
		expect(
			settingsFingerprint({ api: { id: '1' } }, { events: ['shipment_created'], options: {} }),
		).not.toBe(base);
		expect(
			settingsFingerprint({ api: { id: '1' } }, { events: ['*'], options: { replayWindow: 60 } }),
		).not.toBe(base);
	});
});
