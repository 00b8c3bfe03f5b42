/**
 * The pure parts of the poll trigger, with the clock and the store injected: windows and
 * watermarks, the bounded transition memory and its stored form, change detection per record,
 * the poll loop over a fake page source, the streams per selection and the call budget.
 */
import type { IDataObject } from 'n8n-workflow';

import { detectChanges } from '../../nodes/MarketplaceSellerPollTrigger/change/detect';
import {
	isBefore,
	MEMORY_MAX_BYTES,
	memoryKey,
	TransitionMemory,
} from '../../nodes/MarketplaceSellerPollTrigger/change/memory';
import {
	boundedState,
	observeReturn,
	observeShipment,
} from '../../nodes/MarketplaceSellerPollTrigger/change/records';
import {
	advance,
	backoffDelayMs,
	isHistory,
	startStream,
	windowOf,
	type StreamState,
	type Window,
} from '../../nodes/MarketplaceSellerPollTrigger/change/window';
import {
	callBudget,
	cronPollsPerHour,
	cronShortestGapMs,
	pollsPerHour,
	shortestIntervalMs,
} from '../../nodes/MarketplaceSellerPollTrigger/budget';
import { planStreams } from '../../nodes/MarketplaceSellerPollTrigger/plan';
import {
	latestChanges,
	pollOnce,
	type PageSource,
	type PollSettings,
} from '../../nodes/MarketplaceSellerPollTrigger/poller';
import { eventFilter } from '../../nodes/MarketplaceSellerPollTrigger/pollEvents';
import {
	decodeState,
	encodeState,
	staticDataStore,
} from '../../nodes/MarketplaceSellerPollTrigger/state';

const MIN = 60_000;
const T0 = Date.parse('2026-03-05T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function shipment(
	id: string,
	state: string,
	modifiedMs: number,
	extra: { orderMs?: number; hold?: boolean; items?: string[] } = {},
): IDataObject {
	const states = extra.items ?? [state];
	return {
		shipmentId: id,
		locationId: 'LOC-1',
		hold: extra.hold ?? false,
		updatedAt: iso(modifiedMs),
		orderItems: states.map((status, i) => ({
			orderItemId: `${id}-${i}`,
			status,
			quantity: 1,
			orderDate: iso(extra.orderMs ?? modifiedMs),
			cancellationReason: status === 'CANCELLED' ? 'not_enough_inventory' : null,
		})),
	};
}

function returned(
	id: string,
	status: string,
	modifiedMs: number,
	createdMs = modifiedMs,
): IDataObject {
	return {
		returnId: id,
		orderItemId: `${id}-1`,
		locationId: 'LOC-1',
		status,
		createdDate: iso(createdMs),
		updatedDate: iso(modifiedMs),
	};
}

function detect(
	record: IDataObject,
	memory: TransitionMemory,
	stream: StreamState,
	graceMs = 2 * MIN,
): string[] {
	const observed = record.shipmentId ? observeShipment(record) : observeReturn(record);
	return detectChanges(observed!, memory, stream, graceMs).map((change) => change.eventType);
}

describe('windows and watermarks', () => {
	const stream = startStream(T0, undefined, 0);

	test('a stream starts at Since, or now less the overlap', () => {
		expect(stream).toEqual({ watermark: T0, origin: T0 });
		expect(startStream(T0, undefined, 2 * MIN)).toEqual({ watermark: T0, origin: T0 - 2 * MIN });
		// Since is taken as it is.
		expect(startStream(T0, T0 - 5 * MIN, 2 * MIN)).toEqual({
			watermark: T0 - 5 * MIN,
			origin: T0 - 5 * MIN,
		});
		// A Since in the future means now.
		expect(startStream(T0, T0 + MIN, 2 * MIN)).toEqual({ watermark: T0, origin: T0 - 2 * MIN });
	});

	test('the window reaches back by the overlap, both ends inclusive, never empty', () => {
		expect(windowOf(stream, T0 + MIN, 2 * MIN)).toEqual({ from: T0 - 2 * MIN, to: T0 + MIN });
		// The n8n clock went back: the window still ends at the watermark.
		expect(windowOf(stream, T0 - MIN, 0)).toEqual({ from: T0, to: T0 });
	});

	test('a complete read moves the watermark to the window end; a cut-short sorted read to the last record; never back', () => {
		const window: Window = { from: T0 - 2 * MIN, to: T0 + 5 * MIN };
		expect(advance(stream, window, { complete: true }).watermark).toBe(T0 + 5 * MIN);
		expect(
			advance(stream, window, { complete: false, lastModifiedMs: T0 + 3 * MIN }).watermark,
		).toBe(T0 + 3 * MIN);
		expect(advance(stream, window, { complete: false, lastModifiedMs: T0 - MIN }).watermark).toBe(
			T0,
		);
		expect(advance(stream, window, { complete: false }).watermark).toBe(T0);
		expect(
			advance(stream, window, { complete: false, lastModifiedMs: T0 + 9 * MIN }).watermark,
		).toBe(T0 + 5 * MIN);
	});

	test('history is what was modified before the origin; unknown times are not history', () => {
		expect(isHistory(T0 - 1, stream)).toBe(true);
		expect(isHistory(T0, stream)).toBe(false);
		expect(isHistory(Number.NaN, stream)).toBe(false);
	});

	test('the backoff doubles from one minute up to 30 minutes and honours a longer Retry-After', () => {
		expect([1, 2, 3, 6, 10].map((n) => backoffDelayMs(n) / MIN)).toEqual([1, 2, 4, 30, 30]);
		expect(backoffDelayMs(1, 5 * MIN)).toBe(5 * MIN);
	});
});

describe('transition memory', () => {
	test('bounded: the least recently changed record is forgotten first', () => {
		const memory = new TransitionMemory(3);
		memory.set('a', 'APPROVED');
		memory.set('b', 'APPROVED');
		memory.set('c', 'APPROVED');
		memory.set('a', 'PACKED');
		memory.set('d', 'APPROVED');
		expect(memory.toArray()).toEqual([
			['c', 'APPROVED'],
			['a', 'PACKED'],
			['d', 'APPROVED'],
		]);
		expect(memory.set('d', 'APPROVED')).toBe(false);
	});

	test('stored as one compact string and read back in order; a smaller bound keeps the newest', () => {
		const memory = new TransitionMemory(1000);
		for (let i = 0; i < 1000; i += 1)
			memory.set(
				memoryKey('shipment', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
				i % 3 === 0 ? 'PACKED' : 'APPROVED!-1',
			);
		const text = memory.encode();
		expect(text.length).toBeLessThan(1000 * 15 + 100);
		expect(TransitionMemory.decode(text, 1000)!.toArray()).toEqual(memory.toArray());
		expect(TransitionMemory.decode(text, 10)!.toArray()).toEqual(memory.toArray().slice(-10));
	});

	test('bounded in bytes: the newest entries that fit in MEMORY_MAX_BYTES are stored and kept', () => {
		const memory = new TransitionMemory(100_000);
		for (let i = 0; i < 100_000; i += 1)
			memory.set(memoryKey('shipment', `s${i}`), i % 2 === 0 ? 'PACKED' : 'APPROVED', {
				ms: T0 + i,
				precisionMs: 1,
			});
		const text = memory.encode();
		expect(text.length).toBeLessThanOrEqual(MEMORY_MAX_BYTES);
		expect(text.length).toBeGreaterThan(MEMORY_MAX_BYTES - 100);
		const back = TransitionMemory.decode(text, 100_000)!;
		expect(back.size).toBe(memory.size);
		expect(back.size).toBeLessThan(100_000);
		expect(back.toArray()[back.size - 1]).toEqual([memoryKey('shipment', 's99999'), 'APPROVED']);
		expect(back.entry(memoryKey('shipment', 's99999'))!.modified).toEqual({
			ms: T0 + 99_999,
			precisionMs: 1,
		});
	});

	test('modified times keep their precision; a time in whole seconds is not before a millisecond of its second', () => {
		const memory = new TransitionMemory(10);
		memory.set('aaaaaaaaaaaa', 'PACKED', { ms: T0 + 5300, precisionMs: 1 });
		memory.set('bbbbbbbbbbbb', 'PACKED', { ms: T0 + 5000, precisionMs: 1000 });
		memory.set('cccccccccccc', 'PACKED');
		const back = TransitionMemory.decode(memory.encode(), 10)!;
		expect(back.entry('aaaaaaaaaaaa')!.modified).toEqual({ ms: T0 + 5300, precisionMs: 1 });
		expect(back.entry('bbbbbbbbbbbb')!.modified).toEqual({ ms: T0 + 5000, precisionMs: 1000 });
		expect(back.entry('cccccccccccc')!.modified).toBeUndefined();
		const ms = (at: number) => ({ ms: T0 + at, precisionMs: 1 as const });
		const s = (at: number) => ({ ms: T0 + at, precisionMs: 1000 as const });
		expect(isBefore(ms(5000), ms(5300))).toBe(true);
		expect(isBefore(s(5000), ms(5300))).toBe(false);
		expect(isBefore(ms(5300), s(5000))).toBe(false);
		expect(isBefore(s(4000), ms(5300))).toBe(true);
	});

	test('states in a bounded form: empty, long and odd ones are stored and read back', () => {
		expect(boundedState('PACKED')).toBe('PACKED');
		expect(boundedState('')).toBe('UNKNOWN');
		expect(boundedState('a b-c')).toBe('a_b_c');
		const long = boundedState('X'.repeat(20_000));
		expect(long).toMatch(/^X{32}_[0-9a-f]{12}$/);
		expect(boundedState(`${'X'.repeat(20_000)}Y`)).not.toBe(long);
		const memory = new TransitionMemory(10);
		memory.set('aaaaaaaaaaaa', long);
		expect(TransitionMemory.decode(memory.encode(), 10)!.get('aaaaaaaaaaaa')).toBe(long);
	});

	test('text that is not a memory starts empty; a bad state or entry inside one is dropped alone', () => {
		const memory = new TransitionMemory(10);
		memory.set(memoryKey('return', 'R1'), 'RETURN_CREATED');
		const good = memory.encode();
		for (const bad of [undefined, 42, '', '3|A|', good.replace('|', ';')]) {
			expect(TransitionMemory.decode(bad, 10)).toBeUndefined();
		}
		// Changed in issue 24 (finding 4): these used to discard the whole memory.
		expect(TransitionMemory.decode(`${good},short`, 10)!.toArray()).toEqual(memory.toArray());
		expect(TransitionMemory.decode(good.replace(/0$/, '9'), 10)!.size).toBe(0);
		expect(TransitionMemory.decode('1|A,B|abcdefghijkl0', 10)!.size).toBe(0);
		expect(
			TransitionMemory.decode('1|A,B;PACKED|abcdefghijkl0,mnopqrstuvwx1', 10)!.toArray(),
		).toEqual([['mnopqrstuvwx', 'PACKED']]);
	});
});

describe('change detection per record', () => {
	const origin = startStream(T0, undefined, 0);

	test('a new order: created once; then each state once; repeats and other fields give nothing', () => {
		const memory = new TransitionMemory(100);
		expect(detect(shipment('s1', 'APPROVED', T0 + MIN), memory, origin)).toEqual([
			'shipment_created',
		]);
		expect(detect(shipment('s1', 'APPROVED', T0 + 2 * MIN), memory, origin)).toEqual([]);
		expect(detect(shipment('s1', 'PACKED', T0 + 3 * MIN), memory, origin)).toEqual([
			'shipment_packed',
		]);
		expect(detect(shipment('s1', 'PACKED', T0 + 3 * MIN), memory, origin)).toEqual([]);
		expect(detect(shipment('s1', 'READY_TO_DISPATCH', T0 + 4 * MIN), memory, origin)).toEqual([
			'shipment_ready_to_dispatch',
		]);
		expect(detect(shipment('s1', 'SOME_NEW_STATE', T0 + 5 * MIN), memory, origin)).toEqual([
			'shipment_state_changed',
		]);
	});

	test('first seen past its first state: a new order gives created and its state, an old one only its state', () => {
		const memory = new TransitionMemory(100);
		expect(
			detect(shipment('new', 'PACKED', T0 + MIN, { orderMs: T0 - MIN }), memory, origin),
		).toEqual(['shipment_created', 'shipment_packed']);
		expect(
			detect(shipment('old', 'PACKED', T0 + MIN, { orderMs: T0 - 3 * 86400_000 }), memory, origin),
		).toEqual(['shipment_packed']);
		// An old order still Approved that changed otherwise is taken for new (its first state).
		expect(
			detect(
				shipment('old2', 'APPROVED', T0 + MIN, { orderMs: T0 - 3 * 86400_000 }),
				memory,
				origin,
			),
		).toEqual(['shipment_created']);
	});

	test('modified before the origin: remembered, not reported', () => {
		const memory = new TransitionMemory(100);
		expect(detect(shipment('h', 'PACKED', T0 - MIN), memory, origin)).toEqual([]);
		expect(detect(shipment('h', 'PACKED', T0 + MIN), memory, origin)).toEqual([]);
		expect(detect(shipment('h', 'READY_TO_DISPATCH', T0 + 2 * MIN), memory, origin)).toEqual([
			'shipment_ready_to_dispatch',
		]);
	});

	test('hold, unhold and a partial cancellation', () => {
		const memory = new TransitionMemory(100);
		expect(
			detect(
				shipment('s', 'APPROVED', T0 + MIN, { items: ['APPROVED', 'APPROVED'] }),
				memory,
				origin,
			),
		).toEqual(['shipment_created']);
		expect(
			detect(
				shipment('s', 'APPROVED', T0 + 2 * MIN, { items: ['APPROVED', 'APPROVED'], hold: true }),
				memory,
				origin,
			),
		).toEqual(['shipment_hold']);
		expect(
			detect(
				shipment('s', 'APPROVED', T0 + 3 * MIN, { items: ['APPROVED', 'APPROVED'] }),
				memory,
				origin,
			),
		).toEqual(['shipment_unhold']);
		expect(
			detect(
				shipment('s', 'APPROVED', T0 + 4 * MIN, { items: ['CANCELLED', 'APPROVED'] }),
				memory,
				origin,
			),
		).toEqual(['shipment_cancelled']);
		expect(
			detect(
				shipment('s', 'CANCELLED', T0 + 5 * MIN, { items: ['CANCELLED', 'CANCELLED'] }),
				memory,
				origin,
			),
		).toEqual(['shipment_cancelled']);
		expect(
			detect(
				shipment('s', 'CANCELLED', T0 + 6 * MIN, { items: ['CANCELLED', 'CANCELLED'] }),
				memory,
				origin,
			),
		).toEqual([]);
	});

	test('returns: created once, then each status once', () => {
		const memory = new TransitionMemory(100);
		expect(detect(returned('r', 'RETURN_CREATED', T0 + MIN), memory, origin)).toEqual([
			'return_created',
		]);
		expect(detect(returned('r', 'RETURN_PICKED_UP', T0 + 2 * MIN), memory, origin)).toEqual([
			'return_picked_up',
		]);
		expect(detect(returned('r', 'RETURN_PICKED_UP', T0 + 3 * MIN), memory, origin)).toEqual([]);
		expect(
			detect(returned('r2', 'RETURN_COMPLETED', T0 + MIN, T0 - 9 * 86400_000), memory, origin),
		).toEqual(['return_completed']);
		expect(detect(returned('r3', 'RETURN_COMPLETED', T0 + MIN, T0), memory, origin)).toEqual([
			'return_created',
			'return_completed',
		]);
	});
});

/** A page source over records kept in memory, sorted by modified time, 2 per page, failing on demand. */
class FakeSource implements PageSource {
	records: IDataObject[] = [];

	failOnPage?: { page: number; error: unknown; times: number };

	calls = 0;

	async *pages(_stream: unknown, window: Window): AsyncIterable<IDataObject[]> {
		const hits = this.records
			.filter((r) => {
				const ms = Date.parse(String(r.updatedAt));
				return ms >= window.from && ms <= window.to;
			})
			.sort((a, b) => Date.parse(String(a.updatedAt)) - Date.parse(String(b.updatedAt)));
		for (let page = 0; page * 2 < hits.length || page === 0; page += 1) {
			this.calls += 1;
			if (this.failOnPage && this.failOnPage.page === page && this.failOnPage.times > 0) {
				this.failOnPage.times -= 1;
				throw this.failOnPage.error;
			}
			yield hits.slice(page * 2, page * 2 + 2);
		}
	}

	async latest(_stream: unknown, window: Window, size: number): Promise<IDataObject[]> {
		return this.records
			.filter((r) => Date.parse(String(r.updatedAt)) >= window.from)
			.sort((a, b) => Date.parse(String(b.updatedAt)) - Date.parse(String(a.updatedAt)))
			.slice(0, size);
	}
}

describe('one poll, clock and store injected', () => {
	const streams = planStreams(['shipment_created', 'shipment_packed'], {});
	const settings: PollSettings = {
		streams,
		overlapMs: 2 * MIN,
		wanted: eventFilter(['shipment_created', 'shipment_packed']),
		maxRemembered: 100,
	};
	const rateLimited = Object.assign(new Error('Too many requests'), { httpCode: '429' });

	function deps(source: FakeSource, data: IDataObject, now: () => number) {
		return {
			now,
			source,
			store: staticDataStore(data),
			isRateLimited: (e: unknown) => (e as { httpCode?: string }).httpCode === '429',
		};
	}

	test('a 429 on page 2: page 1 is reported, polls during the backoff make no call, the next one resumes from the watermark', async () => {
		const source = new FakeSource();
		const data: IDataObject = {};
		let now = T0;
		const run = async () =>
			await pollOnce(
				settings,
				deps(source, data, () => now),
			);
		expect((await run()).changes).toEqual([]);
		source.records = [1, 2, 3, 4, 5].map((i) => shipment(`s${i}`, 'APPROVED', T0 + i * 1000));
		source.failOnPage = { page: 1, error: rateLimited, times: 1 };
		now = T0 + MIN;
		const first = await run();
		expect(first.changes.map((c) => c.change.observed.id)).toEqual(['s1', 's2']);
		expect(first.failures).toHaveLength(1);
		expect(first.backoffUntil).toBe(now + MIN);
		expect(decodeState(data.pollState)!.streams.preDispatch.watermark).toBe(T0 + 2000);

		now = T0 + MIN + 30_000;
		const calls = source.calls;
		expect((await run()).skipped).toBe(true);
		expect(source.calls).toBe(calls);

		now = T0 + 2 * MIN;
		expect((await run()).changes.map((c) => c.change.observed.id)).toEqual(['s3', 's4', 's5']);
		expect(decodeState(data.pollState)).toEqual({
			// Started at T0 without Since: the origin is the Overlap before it.
			streams: { preDispatch: { watermark: now, origin: T0 - 2 * MIN } },
		});
	});

	test('the read deadline stops a sorted list where the next poll can resume, never an unsorted one', async () => {
		const source = new FakeSource();
		let now = T0;
		const late = () => {
			// Every page takes a minute.
			now += MIN;
			return now;
		};
		const data: IDataObject = {};
		await pollOnce(
			settings,
			deps(source, data, () => now),
		);
		source.records = [1, 2, 3, 4, 5].map((i) => shipment(`s${i}`, 'APPROVED', T0 + i * 1000));
		now = T0 + MIN;
		const sorted = await pollOnce(settings, {
			...deps(source, data, () => now),
			readUntil: T0 + MIN + 1,
			now: () => (source.calls > 0 ? late() : now),
		});
		expect(sorted.changes.map((c) => c.change.observed.id)).toEqual(['s1', 's2']);
		expect(sorted.stoppedEarly).toEqual(['pre-dispatch shipments']);
		expect(decodeState(data.pollState)!.streams.preDispatch.watermark).toBe(T0 + 2000);

		const returnsSettings: PollSettings = {
			...settings,
			streams: planStreams(['return_created'], { returnSources: ['customer_return'] }),
			wanted: eventFilter(['return_created']),
		};
		const returns = new FakeSource();
		const returnData: IDataObject = {};
		now = T0;
		await pollOnce(
			returnsSettings,
			deps(returns, returnData, () => now),
		);
		returns.records = [1, 2, 3, 4, 5].map((i) => ({
			...returned(`r${i}`, 'RETURN_CREATED', T0 + i * 1000),
			updatedAt: iso(T0 + i * 1000),
		}));
		now = T0 + MIN;
		const unsorted = await pollOnce(returnsSettings, {
			...deps(returns, returnData, () => now),
			readUntil: T0 + MIN + 1,
			now: () => (returns.calls > 0 ? late() : now),
		});
		expect(unsorted.changes).toHaveLength(5);
		expect(unsorted.stoppedEarly).toEqual([]);
	});

	test('another error stops only its stream and keeps its watermark', async () => {
		const source = new FakeSource();
		const data: IDataObject = {};
		let now = T0;
		await pollOnce(
			settings,
			deps(source, data, () => now),
		);
		source.records = [shipment('s1', 'APPROVED', T0 + 1000)];
		source.failOnPage = { page: 0, error: new Error('bad request'), times: 1 };
		now = T0 + MIN;
		const failed = await pollOnce(
			settings,
			deps(source, data, () => now),
		);
		expect(failed.changes).toEqual([]);
		expect(failed.backoffUntil).toBeUndefined();
		expect(decodeState(data.pollState)!.streams.preDispatch.watermark).toBe(T0);
		now = T0 + 2 * MIN;
		expect(
			(
				await pollOnce(
					settings,
					deps(source, data, () => now),
				)
			).changes,
		).toHaveLength(1);
	});

	test('a manual run reports the latest changes and leaves the store alone', async () => {
		const source = new FakeSource();
		source.records = [1, 2, 3].map((i) =>
			shipment(`s${i}`, i === 3 ? 'PACKED' : 'APPROVED', T0 - i * MIN),
		);
		const found = await latestChanges(settings, source, T0, 3600_000, 2);
		// The two most recent changes, oldest first.
		expect(found.map((f) => `${f.change.eventType} ${f.change.observed.id}`)).toEqual([
			'shipment_created s2',
			'shipment_created s1',
		]);
		const all = await latestChanges(settings, source, T0, 3600_000, 10);
		expect(all.map((f) => `${f.change.eventType} ${f.change.observed.id}`)).toEqual([
			'shipment_created s3',
			'shipment_packed s3',
			'shipment_created s2',
			'shipment_created s1',
		]);
	});

	test('the state survives encoding; malformed state starts afresh', () => {
		const memory = new TransitionMemory(5);
		const text = encodeState({
			streams: { preDispatch: { watermark: T0, origin: T0 - MIN } },
			backoffUntil: T0 + MIN,
			rateLimitedPolls: 2,
			memory,
		});
		expect(decodeState(text)).toEqual({
			streams: { preDispatch: { watermark: T0, origin: T0 - MIN } },
			backoffUntil: T0 + MIN,
			rateLimitedPolls: 2,
		});
		for (const bad of [
			undefined,
			'{',
			'{"v":2,"s":{}}',
			'{"v":1,"s":{"x":[1]}}',
			'{"v":1,"s":{"x":["a",1]}}',
		])
			expect(decodeState(bad)).toBeUndefined();
	});
});

describe('streams and the call budget', () => {
	test('each selection reads only the lists it needs', () => {
		const keys = (events: string[], filters = {}) => planStreams(events, filters).map((s) => s.key);
		expect(keys(['shipment_created'])).toEqual(['preDispatch']);
		expect(keys(['shipment_delivered'])).toEqual(['postDispatch']);
		expect(planStreams(['shipment_packed'], {})[0].filter).toEqual({
			type: 'preDispatch',
			states: ['PACKED'],
		});
		expect(keys(['shipment_cancelled'], { cancellationTypes: ['buyerCancellation'] })).toEqual([
			'cancelled:buyerCancellation',
		]);
		expect(keys(['return_created'], { returnSources: ['courier_return'] })).toEqual([
			'returns:courier_return',
		]);
		expect(keys(['*'])).toHaveLength(7);
		expect(
			planStreams(['shipment_created'], { locationId: 'LOC-1', shipmentTypes: ['SELF'] })[0].filter,
		).toMatchObject({ locationId: 'LOC-1', shipmentTypes: ['SELF'] });
	});

	test('the shortest time between two ticks of Poll Times', () => {
		expect(shortestIntervalMs({ item: [{ mode: 'everyMinute' }] })).toBe(MIN);
		expect(shortestIntervalMs({ item: [{ mode: 'everyX', value: 5, unit: 'minutes' }] })).toBe(
			5 * MIN,
		);
		expect(shortestIntervalMs({ item: [{ mode: 'everyX', value: 2, unit: 'hours' }] })).toBe(
			120 * MIN,
		);
		expect(shortestIntervalMs({ item: [{ mode: 'everyHour' }, { mode: 'everyDay' }] })).toBe(MIN);
		expect(cronShortestGapMs('*/10 9-17 * * 1-5')).toBe(10 * MIN);
		expect(cronShortestGapMs('0 9,13 * * *')).toBe(4 * 60 * MIN);
		expect(cronShortestGapMs('30 */15 * * * *')).toBe(15 * MIN);
	});

	test('calls per hour from Poll Times', () => {
		expect(pollsPerHour({ item: [{ mode: 'everyMinute' }] })).toBe(60);
		expect(
			pollsPerHour({
				item: [
					{ mode: 'everyX', value: 5, unit: 'minutes' },
					{ mode: 'everyHour', minute: 3 },
				],
			}),
		).toBe(13);
		expect(pollsPerHour({ item: [{ mode: 'everyX', value: 2, unit: 'hours' }] })).toBe(0.5);
		expect(cronPollsPerHour('*/10 9-17 * * 1-5')).toBe((6 * 9) / 24);
		expect(cronPollsPerHour('30 */15 * * * *')).toBe(4);
		expect(callBudget({ item: [{ mode: 'everyMinute' }] }, 7)).toEqual({
			pollsPerHour: 60,
			callsPerPoll: 7,
			callsPerHour: 420,
			percentOfLimit: 42,
		});
	});
});
