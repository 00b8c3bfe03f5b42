import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import {
	canonicalJson,
	COMPACT_KEY_LENGTH,
	compactKeyOfHex,
	deliveryKeyOf,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryKey';
import { saveConfirmedDeliveries } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import { InMemoryDeliveryStore } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryStore';
import {
	decodeDeliverySnapshot,
	DeliveryLog,
	encodeDeliverySnapshot,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryLog';
import {
	decodeSellerMemory,
	encodeSellerMemory,
	staticDataPersistence,
	STATIC_DATA_FIELDS,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/persistence';
import { handlePush, type PushDecision } from '../../nodes/MarketplaceSellerTrigger/receiver';
import {
	confirmDelivery,
	getReceiverState,
	persistReceiverState,
	resetReceiverStates,
	saveDeliveries,
	type ReceiverState,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import type { ReceiverSettings } from '../../nodes/MarketplaceSellerTrigger/settings';
import { receiverSettings, shipmentEvent, signedHeaders, VECTOR } from './helpers';

/** A real full garbage collection inside Jest (which does not pass --expose-gc). */
function gc(): void {
	setFlagsFromString('--expose_gc');
	(runInNewContext('gc') as () => void)();
}

describe('delivery key', () => {
	const event = shipmentEvent('shipment_packed', 'SHP1', {
		attributes: { status: 'PACKED', b: { y: 1, x: [3, 2, 1] }, a: 'text' },
	});

	it('is the same for the same envelope whatever the key order', () => {
		const reordered = {
			attributes: { a: 'text', b: { x: [3, 2, 1], y: 1 }, status: 'PACKED' },
			shipmentId: 'SHP1',
			timestamp: event.timestamp,
			eventType: 'shipment_packed',
			version: 'v3',
			source: 'marketplace',
		};
		expect(deliveryKeyOf(reordered)).toEqual(deliveryKeyOf(event));
	});

	it('ignores source, version and locationId but not identity fields', () => {
		const base = deliveryKeyOf(event)?.hex;
		expect(deliveryKeyOf({ ...event, source: '', version: 'v4', locationId: 'LOC9' })?.hex).toBe(
			base,
		);
		expect(deliveryKeyOf({ ...event, eventType: 'shipment_shipped' })?.hex).not.toBe(base);
		expect(deliveryKeyOf({ ...event, shipmentId: 'SHP2' })?.hex).not.toBe(base);
		expect(deliveryKeyOf({ ...event, timestamp: '2025-03-05T15:45:31+05:30' })?.hex).not.toBe(base);
		expect(deliveryKeyOf({ ...event, attributes: { status: 'PACKED' } })?.hex).not.toBe(base);
		// Array order is data.
		expect(
			deliveryKeyOf({
				...event,
				attributes: { ...(event.attributes as object), b: { y: 1, x: [1, 2, 3] } },
			})?.hex,
		).not.toBe(base);
		// A shipmentId and a returnId of the same value are different identities.
		const { shipmentId: _s, ...rest } = event;
		expect(deliveryKeyOf({ ...rest, returnId: 'SHP1' })?.hex).not.toBe(base);
	});

	it('has a fixed shape: 32 hex characters shown, their first 66 bits stored in 11 characters', () => {
		const key = deliveryKeyOf(event)!;
		expect(key.hex).toMatch(/^[0-9a-f]{32}$/);
		expect(key.compact).toMatch(/^[A-Za-z0-9_-]{11}$/);
		expect(COMPACT_KEY_LENGTH).toBe(11);
		// The stored characters are the start of the shown key's base64url form.
		expect(Buffer.from(key.hex, 'hex').toString('base64url').startsWith(key.compact)).toBe(true);
		expect(compactKeyOfHex(key.hex)).toBe(key.compact);
	});

	it('canonicalises like JSON with sorted keys and refuses absurd nesting', () => {
		expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined })).toBe(
			'{"a":[true,null,"x"],"b":1}',
		);
		let deep: unknown = 'x';
		for (let i = 0; i < 100; i += 1) deep = { d: deep };
		expect(canonicalJson(deep)).toBeUndefined();
		expect(deliveryKeyOf({ eventType: 'x', attributes: deep })).toBeUndefined();
	});
});

describe('in-memory delivery store', () => {
	it('claims a key once within the retention window and again after it', () => {
		const store = new InMemoryDeliveryStore({ maxEntries: 10, retentionSeconds: 100 });
		expect(store.claim('k', 1000)).toBe(true);
		expect(store.claim('k', 1000)).toBe(false);
		expect(store.claim('k', 1099)).toBe(false);
		expect(store.claim('k', 1100)).toBe(true);
		expect(store.claim('k', 1199)).toBe(false);
	});

	it('forgets the oldest key first when full', () => {
		const store = new InMemoryDeliveryStore({ maxEntries: 3, retentionSeconds: 1e9 });
		for (const key of ['a', 'b', 'c', 'd']) expect(store.claim(key, 1)).toBe(true);
		expect(store.size).toBe(3);
		expect(store.claim('a', 1)).toBe(true); // forgotten
		expect(store.claim('c', 1)).toBe(false);
		expect(store.claim('d', 1)).toBe(false);
	});

	it('drops expired keys even when the clock went backwards in between', () => {
		const store = new InMemoryDeliveryStore({ maxEntries: 100, retentionSeconds: 10 });
		store.claim('late', 1000);
		store.claim('early', 990); // clock stepped back
		expect(store.claim('early', 1000)).toBe(true); // 990 + 10 <= 1000: expired although not oldest
		expect(store.claim('late', 1009)).toBe(false);
		expect(store.size).toBeLessThanOrEqual(2);
	});

	it('snapshots live entries oldest first and restores them', () => {
		const store = new InMemoryDeliveryStore({ maxEntries: 5, retentionSeconds: 100 });
		for (let i = 0; i < 8; i += 1) {
			store.claim(`k${i}`, 1000 + i);
			store.confirm(`k${i}`, 1000 + i);
		}
		const snapshot = store.snapshot(1050);
		expect(snapshot.keys).toEqual(['k3', 'k4', 'k5', 'k6', 'k7']);
		const copy = new InMemoryDeliveryStore({ maxEntries: 3, retentionSeconds: 100 });
		copy.restore(snapshot, 1104); // k3 and k4 (claimed at 1003, 1004) expired by now
		expect(copy.snapshot(1104).keys).toEqual(['k5', 'k6', 'k7']);
		expect(copy.claim('k6', 1104)).toBe(false);
		expect(copy.claim('k4', 1104)).toBe(true);
		const small = new InMemoryDeliveryStore({ maxEntries: 2, retentionSeconds: 100 });
		small.restore(snapshot, 1050); // all five live, only the newest two fit
		expect(small.snapshot(1050).keys).toEqual(['k6', 'k7']);
	});

	it('stays within its bound when 1,000,000 distinct deliveries pass', () => {
		const maxEntries = 10000;
		const store = new InMemoryDeliveryStore({ maxEntries, retentionSeconds: 86400 });
		gc();
		const before = process.memoryUsage().heapUsed;
		let peak = 0;
		for (let i = 0; i < 1_000_000; i += 1) {
			const key = deliveryKeyOf({
				eventType: 'shipment_packed',
				shipmentId: `SHP${i}`,
				timestamp: 't',
				attributes: {},
			});
			if (key === undefined || !store.claim(key.compact, 1_741_169_730 + Math.floor(i / 1000))) {
				throw new Error(`distinct delivery ${i} was not claimed`);
			}
			if (store.size > peak) peak = store.size;
		}
		gc();
		const retained = process.memoryUsage().heapUsed - before;
		expect(peak).toBe(maxEntries);
		expect(store.size).toBe(maxEntries);
		// 10,000 keys of 11 characters plus ring and index: a few hundred bytes each at most.
		expect(retained).toBeLessThan(maxEntries * 400);
	});
});

describe('persistence codecs', () => {
	it('round-trips a delivery snapshot in 11 bytes a key in a burst, about 14 at a push every 7 s', () => {
		const keys: string[] = [];
		const seenAt: number[] = [];
		for (let i = 0; i < 1000; i += 1) {
			keys.push(deliveryKeyOf({ eventType: 'x', shipmentId: `S${i}` })!.compact);
			seenAt.push(1_741_169_730 + i * 7);
		}
		seenAt[10] = 1_741_169_000; // out of order (clock stepped back) still round-trips
		const text = encodeDeliverySnapshot({ keys, seenAt }, 'w1');
		expect(text.startsWith('4|w1|')).toBe(true);
		expect(decodeDeliverySnapshot(text)).toEqual({ keys, seenAt });
		const [, , , from, to, room] = text.split('|');
		expect((Number(to) - Number(from)) / keys.length).toBeLessThan(15);
		// Room for new entries: an eighth of the live ones, at least 1,024 characters.
		expect(room.length).toBeLessThanOrEqual(Number(to) + Math.max(1024, Number(to) / 8) + 30);
		// A burst: every key in the same second, no time between the keys.
		const burst = { keys, seenAt: keys.map(() => 1_741_169_730) };
		const burstText = encodeDeliverySnapshot(burst, 'w1');
		expect(decodeDeliverySnapshot(burstText)).toEqual(burst);
		expect(burstText).toMatch(
			new RegExp(`^4\\|w1\\|1741169730\\|0000000\\|0011000\\|${keys.join('')}~+$`),
		);
	});

	it('stores no key of another shape, reads only its own format and rejects damaged text', () => {
		const odd = { keys: ['a|b', 'c,d', 'AAAAAAAAAA~'], seenAt: [1, 2, 3] };
		expect(decodeDeliverySnapshot(encodeDeliverySnapshot(odd, 'w'))).toEqual({
			keys: [],
			seenAt: [],
		});
		expect(decodeDeliverySnapshot(encodeDeliverySnapshot({ keys: [], seenAt: [] }, 'w'))).toEqual({
			keys: [],
			seenAt: [],
		});
		for (const damaged of [
			'',
			'2|0|',
			'2|w|zz|',
			'2|no tag|0|',
			'2|w|0|AAAAAAAAAAAAAAAAAAAAAA1,short',
			'3|w|0|AAAAAAAAAAA',
			'4|w|0|0|10|AAAAAAAAAA~~',
			'4|w|0|0|15|AAAAAAAAAAA.5.~~',
			'4|w|0|0|13|.5AAAAAAAAAAA~~',
			'4|w|0|0|14|.x.AAAAAAAAAAA~~',
			'4|w|0|0|13|..AAAAAAAAAAA~~',
			'4|w|0|0|11|AAAAAAAAAA,~~',
			'4|w|zz|0|11|AAAAAAAAAAA~~',
			'4|no tag|0|0|0|',
			'4|w|0|0|11|AAAAAAAAAAA~A',
			'4|w|0|0|12|AAAAAAAAAAA',
			'4|w|0|5|4|AAAAAAAAAAA',
			'4|w|0|-1|11|AAAAAAAAAAA',
			'4|w|0|0|11|AAAAAAAAAAA|',
			'1|0|short1',
			'1|zz|AAAAAAAAAAAAAAAAAAAAAA1',
			'1|0|AAAAAAAAAAAAAAAAAAAAAAx',
			'J{',
			'J{"keys":[1],"seenAt":[1]}',
			42,
			null,
		]) {
			expect(decodeDeliverySnapshot(damaged)).toBeUndefined();
		}
	});

	it('keeps its text equal to the live entries while it appends, expires and bounds', () => {
		const retentionSeconds = 50;
		const maxEntries = 40;
		const log = new DeliveryLog('me', { maxEntries, retentionSeconds });
		const live: Array<[string, number]> = [];
		let now = 1_741_169_730;
		for (let i = 0; i < 500; i += 1) {
			// Mostly one push a second, sometimes a burst, sometimes a pause; now and then a
			// confirmation out of claim order (a claim time a few seconds back).
			now += i % 37 === 0 ? 70 : i % 5 === 0 ? 0 : 1;
			const at = i % 11 === 0 ? now - 3 : now;
			const key = deliveryKeyOf({ eventType: 'x', shipmentId: `S${i}` })!.compact;
			log.append(key, at);
			live.push([key, at]);
			if (live.length > maxEntries) live.splice(0, live.length - maxEntries);
			if (i % 3 === 0) {
				const text = log.text(now);
				while (live.length > 0 && now >= live[0][1] + retentionSeconds) live.shift();
				expect(text.startsWith('4|me|')).toBe(true);
				expect(decodeDeliverySnapshot(text)).toEqual({
					keys: live.map(([key]) => key),
					seenAt: live.map(([, seen]) => seen),
				});
				expect(log.size).toBe(live.length);
			}
		}
		expect(log.wrote(log.text(now))).toBe(true);
		expect(log.wrote(new DeliveryLog('other', { maxEntries, retentionSeconds }).text(now))).toBe(
			false,
		);
		expect(log.wrote(`1|${now}|`)).toBe(false);
	});

	it('keeps its text the same length, changed in two places, from one push to the next', () => {
		// SQLite writes only the changed pages of a row that keeps its length, and the whole row
		// when it does not (docs/trigger-durability.md#what-sqlite-writes-per-push).
		const maxEntries = 500;
		const log = new DeliveryLog('me', { maxEntries, retentionSeconds: 1e9 });
		const key = (i: number) => deliveryKeyOf({ eventType: 'x', shipmentId: `S${i}` })!.compact;
		let now = 1_741_169_730;
		const changed = (before: string, after: string) => {
			const places: number[] = [];
			for (let i = 0; i < after.length; i += 1) if (before[i] !== after[i]) places.push(i);
			return places;
		};
		let rewrites = 0;
		let before = log.text(now);
		// From empty past the bound: growing, then the oldest dropped at every push.
		for (let i = 0; i < 3 * maxEntries; i += 1) {
			now += i % 3 === 0 ? 2 : 0;
			log.append(key(i), now);
			const after = log.text(now);
			// In place: the header's numbers and the appended entry (11 + ".<dt>." characters) changed.
			const body = changed(before, after).filter((at) => at > after.lastIndexOf('|'));
			const inPlace =
				after.length === before.length &&
				body.length <= COMPACT_KEY_LENGTH + 4 &&
				(body.length === 0 || body[body.length - 1] - body[0] < 16);
			if (!inPlace) rewrites += 1;
			expect(decodeDeliverySnapshot(after)!.keys.at(-1)).toBe(key(i));
			before = after;
		}
		expect(log.size).toBe(maxEntries);
		// The whole text is written again only when its room is used up: a few dozen times in
		// 1,500 pushes, not at each.
		expect(rewrites).toBeGreaterThan(0);
		expect(rewrites).toBeLessThan(60);
		// The room kept for new entries and for dropped ones stays a fraction of the text.
		expect(before.length).toBeLessThan(maxEntries * (COMPACT_KEY_LENGTH + 4) * 1.3);
	});

	it('round-trips the seller memory with a seller table', () => {
		const snapshot = {
			entries: [
				['s:A', 'seller-1'],
				['r:B', 'seller-2'],
				['s:C', 'seller-1'],
			] as Array<[string, string]>,
		};
		const text = encodeSellerMemory(snapshot);
		expect(decodeSellerMemory(text)).toEqual(snapshot);
		expect(text.match(/seller-1/g)).toHaveLength(1);
		expect(decodeSellerMemory('{"v":1,"s":[],"r":["s:A",0]}')).toBeUndefined();
		expect(decodeSellerMemory('nope')).toBeUndefined();
	});

	it('writes fresh top-level strings into the static data object', () => {
		const staticData: Record<string, unknown> = {};
		const adapter = staticDataPersistence(staticData as never);
		adapter.saveDeliveries(encodeDeliverySnapshot({ keys: ['AAAAAAAAAAA'], seenAt: [5] }, 'w'));
		expect(typeof staticData[STATIC_DATA_FIELDS.deliveries]).toBe('string');
		expect(decodeDeliverySnapshot(adapter.deliveriesText())).toEqual({
			keys: ['AAAAAAAAAAA'],
			seenAt: [5],
		});
	});
});

describe('receiver pipeline: exactly once from at least once', () => {
	const NOW = VECTOR.epoch;
	const settings = (dedup: Partial<ReceiverSettings['dedup']> = {}) => receiverSettings({ dedup });

	beforeEach(() => resetReceiverStates());

	/** What the execute step does once the accepted push's execution exists. */
	const confirm = (state: ReceiverState, decision: PushDecision) => {
		expect(decision.action).toBe('accept');
		if (decision.action === 'accept' && decision.claimedKey !== undefined)
			confirmDelivery(state, decision.claimedKey, NOW);
	};

	const request = (epoch: number, body: unknown = shipmentEvent('shipment_packed', 'SHP-1')) => ({
		headers: signedHeaders({ epoch }),
		body,
	});

	it('runs once for 50 concurrent identical deliveries', async () => {
		const config = settings();
		const staticData: Record<string, unknown> = {};
		const persistence = staticDataPersistence(staticData as never);
		const decisions = await Promise.all(
			Array.from({ length: 50 }, () => {
				const state = getReceiverState('wf/node', config, persistence, NOW);
				return handlePush(request(NOW), config, state, NOW * 1000);
			}),
		);
		expect(decisions.filter((d) => d.action === 'accept')).toHaveLength(1);
		// The first copy's execution does not exist yet: the others wait for its answer.
		expect(decisions.filter((d) => d.action === 'inFlight')).toHaveLength(49);
		expect(new Set(decisions.map((d) => d.status))).toEqual(new Set([200]));
	});

	it('runs again for the same delivery after the retention window', async () => {
		const config = settings({ retentionSeconds: 600 });
		const state = getReceiverState('wf/node', config, staticDataPersistence({}), NOW);
		const body = shipmentEvent('shipment_packed', 'SHP-2');
		confirm(state, await handlePush(request(NOW, body), config, state, NOW * 1000));
		// A redelivery 599 s later (fresh X_Date) is a duplicate; 600 s later it runs again.
		expect(
			await handlePush(request(NOW + 599, body), config, state, (NOW + 599) * 1000),
		).toMatchObject({ action: 'ignore', reason: 'duplicate' });
		expect(
			(await handlePush(request(NOW + 600, body), config, state, (NOW + 600) * 1000)).action,
		).toBe('accept');
	});

	it('never remembers a delivery for less than the replay window', async () => {
		const config = settings({ retentionSeconds: 10 });
		const state = getReceiverState('wf/node', config, staticDataPersistence({}), NOW);
		const replay = request(NOW);
		confirm(state, await handlePush(replay, config, state, NOW * 1000));
		// The same captured request 200 s later is still inside the 300 s window: not run again.
		expect(await handlePush(replay, config, state, (NOW + 200) * 1000)).toMatchObject({
			action: 'ignore',
			reason: 'duplicate',
		});
		expect(await handlePush(replay, config, state, (NOW + 301) * 1000)).toMatchObject({
			action: 'reject',
			reason: 'date_outside_window',
		});
	});

	it('runs every copy when duplicate handling is off', async () => {
		const config = settings({ enabled: false });
		const state = getReceiverState('wf/node', config, staticDataPersistence({}), NOW);
		const decisions = await Promise.all(
			Array.from({ length: 3 }, () => handlePush(request(NOW), config, state, NOW * 1000)),
		);
		expect(decisions.map((d) => d.action)).toEqual(['accept', 'accept', 'accept']);
	});

	it('remembers deliveries across a restart through the static data', async () => {
		const config = settings();
		const staticData: Record<string, unknown> = {};
		const persistence = staticDataPersistence(staticData as never);
		const state = getReceiverState('wf/node', config, persistence, NOW);
		const decision = await handlePush(request(NOW), config, state, NOW * 1000);
		persistReceiverState(decision, state, persistence, NOW);
		expect(decision.action).toBe('accept');
		// Not saved while its execution does not exist; the execute step saves it.
		expect(staticData[STATIC_DATA_FIELDS.deliveries]).toBeUndefined();
		confirm(state, decision);
		saveDeliveries(state, persistence, NOW);

		resetReceiverStates(); // n8n restarted: module memory gone, static data reloaded from the database
		const reloaded = staticDataPersistence(JSON.parse(JSON.stringify(staticData)));
		const fresh = getReceiverState('wf/node', config, reloaded, NOW + 60);
		expect(fresh).not.toBe(state);
		expect(await handlePush(request(NOW + 60), config, fresh, (NOW + 60) * 1000)).toMatchObject({
			action: 'ignore',
			reason: 'duplicate',
		});
	});

	it('keeps its entries when the limits change', async () => {
		const staticData: Record<string, unknown> = {};
		const persistence = staticDataPersistence(staticData as never);
		const state = getReceiverState('wf/node', settings(), persistence, NOW);
		confirm(state, await handlePush(request(NOW), settings(), state, NOW * 1000));
		// An execution's static data written before the change, saved by n8n after it.
		saveDeliveries(state, persistence, NOW);
		const bigger = settings({ maxEntries: 5000 });
		const rebuilt = getReceiverState('wf/node', bigger, staticDataPersistence({}), NOW);
		expect(rebuilt).not.toBe(state);
		expect(await handlePush(request(NOW), bigger, rebuilt, NOW * 1000)).toMatchObject({
			action: 'ignore',
			reason: 'duplicate',
		});
		const later = request(NOW, shipmentEvent('shipment_packed', 'SHP-LATER'));
		confirm(rebuilt, await handlePush(later, bigger, rebuilt, NOW * 1000));
		// That save holds what the rebuilt state confirmed since: both keys.
		const stored = JSON.parse(JSON.stringify(staticData)) as Record<string, unknown>;
		expect(decodeDeliverySnapshot(stored[STATIC_DATA_FIELDS.deliveries])?.keys).toHaveLength(2);
	});
});

describe('what the execute step stores (deliveryMemory.ts)', () => {
	const NOW = VECTOR.epoch;
	const settings = receiverSettings({ locations: new Map([['LOC-1', 'SELLER-1']]) });
	const keyOf = (shipmentId: string) =>
		deliveryKeyOf(shipmentEvent('shipment_created', shipmentId))!.compact;

	beforeEach(() => resetReceiverStates());

	/** One accepted push of `body` and its execute step, on a copy of `row` as n8n hands it. */
	const acceptAndSave = async (row: Record<string, unknown>, body: Record<string, unknown>) => {
		const staticData = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
		const persistence = staticDataPersistence(staticData as never);
		const state = getReceiverState('wf/node', settings, persistence, NOW);
		const decision = await handlePush(
			{ headers: signedHeaders({ epoch: NOW }), body },
			settings,
			state,
			NOW * 1000,
		);
		expect(decision.action).toBe('accept');
		saveConfirmedDeliveries(staticData as never, [keyOf(String(body.shipmentId))], state, NOW);
		return { staticData, state };
	};

	/** The deliveries text as n8n stores the static data (JSON). */
	const storedText = (staticData: Record<string, unknown>): unknown =>
		(JSON.parse(JSON.stringify(staticData)) as Record<string, unknown>)[
			STATIC_DATA_FIELDS.deliveries
		];

	it('does not decode a row it wrote itself, however old, and merges a row written elsewhere', async () => {
		const first = await acceptAndSave({}, shipmentEvent('shipment_created', 'SHP-1'));
		const ownText = String(storedText(first.staticData));
		expect(first.state.log.wrote(ownText)).toBe(true);
		// An own-tagged row is taken as known: a key smuggled into it is not read ...
		const smuggled = `${ownText},${keyOf('SHP-SMUGGLED')}0`;
		await acceptAndSave(
			{ [STATIC_DATA_FIELDS.deliveries]: smuggled },
			shipmentEvent('shipment_created', 'SHP-2'),
		);
		expect(first.state.deliveries.claim(keyOf('SHP-SMUGGLED'), NOW)).toBe(true);
		// ... while the same key in a row another process wrote is merged and kept.
		const foreign = encodeDeliverySnapshot(
			{ keys: [keyOf('SHP-ELSEWHERE')], seenAt: [NOW - 5] },
			'otherprocess',
		);
		const third = await acceptAndSave(
			{ [STATIC_DATA_FIELDS.deliveries]: foreign },
			shipmentEvent('shipment_created', 'SHP-3'),
		);
		expect(third.state.deliveries.claim(keyOf('SHP-ELSEWHERE'), NOW)).toBe(false);
		const saved = decodeDeliverySnapshot(storedText(third.staticData))!;
		expect(saved.keys).toEqual(
			expect.arrayContaining([
				keyOf('SHP-1'),
				keyOf('SHP-2'),
				keyOf('SHP-ELSEWHERE'),
				keyOf('SHP-3'),
			]),
		);
	});

	it('writes the seller memory only when it changed since its last write', async () => {
		const learned = await acceptAndSave(
			{},
			shipmentEvent('shipment_created', 'SHP-1', { locationId: 'LOC-1' }),
		);
		expect(learned.staticData[STATIC_DATA_FIELDS.sellerMemory]).toEqual(expect.any(String));
		// A push that teaches nothing leaves the field as n8n handed it (absent here).
		const nothingNew = await acceptAndSave({}, shipmentEvent('shipment_packed', 'SHP-1'));
		expect(nothingNew.staticData[STATIC_DATA_FIELDS.sellerMemory]).toBeUndefined();
		const again = await acceptAndSave(
			{},
			shipmentEvent('shipment_created', 'SHP-2', { locationId: 'LOC-1' }),
		);
		expect(
			decodeSellerMemory(again.staticData[STATIC_DATA_FIELDS.sellerMemory])?.entries.map(
				([ref]) => ref,
			),
		).toEqual(['s:SHP-1', 's:SHP-2']);
	});
});
