/**
 * Exactly once, whatever the timing and the answers (issue 24, findings 3 to 5): the poll trigger
 * inside n8n-core's PollContext (pollHarness.ts) against the simulator, which moves data between
 * two page requests (control.onCall), pages like offset paging ('live'), ignores the sort, writes
 * hasMore oddly or truncates modified dates to seconds when a test asks it to.
 */
// Retries wait with n8n-workflow's sleep: recorded, not waited for (no real sleeping in tests).
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import type { IDataObject } from 'n8n-workflow';

import { SELF, selfAccessCredential } from '../support/fixtures';
import { captureLogs, PollTriggerRunner } from './pollHarness';
import { usePollSession } from './support/pollSession';

const SEARCH = '/sellers/v3/shipments/filter';
const SEARCH_POST = `POST ${SEARCH}`;
const SEARCH_NEXT = `GET ${SEARCH}`;
const BASE = Date.parse('2026-05-01T04:30:00.000Z');

const env = usePollSession(BASE);
const { at, seed } = env;

/** "eventType id" of each item, in order. */
function changes(items: IDataObject[]): string[] {
	return items.map(
		(item) => `${String(item.eventType)} ${String(item.shipmentId ?? item.returnId)}`,
	);
}

function everyX(minutes: number): IDataObject {
	return { item: [{ mode: 'everyX', value: minutes, unit: 'minutes' }] };
}

/** Each expected change exactly once in `seen`. */
function expectEachOnce(seen: string[], expected: string[]): void {
	expect([...seen].sort()).toEqual([...expected].sort());
}

describe('page shift: a record moves to an earlier page while the poller pages', () => {
	test.each([1, 5])(
		'Poll Times every %i minute(s): the record that moved is still reported, once',
		async (minutes) => {
			const interval = minutes * 60;
			const runner = new PollTriggerRunner(env.store, {
				events: ['shipment_created', 'shipment_packed'],
				pollTimes: everyX(minutes),
				options: { overlapSeconds: 30 },
			});
			await runner.poll();
			// 30 orders, one every `minutes` seconds: page 1 holds the first 20.
			const ids: string[] = [];
			for (let i = 1; i <= 30; i += 1) {
				at(i * minutes);
				ids.push(...seed(1));
			}
			env.sim.control.setConfig({ shipmentPaging: 'live' });
			// Between page 1 and page 2 the first order is packed: it leaves its place, the 21st
			// order moves onto page 1, which the poller has read already.
			env.sim.control.onCall({ route: SEARCH, call: 2 }, async () => {
				await env.sim.control.setShipmentState(ids[0], { state: 'PACKED' });
			});
			at(interval);
			const seen = changes((await runner.poll()).items);
			at(2 * interval);
			seen.push(...changes((await runner.poll()).items));
			at(3 * interval);
			seen.push(...changes((await runner.poll()).items));
			expectEachOnce(seen, [
				...ids.map((id) => `shipment_created ${id}`),
				`shipment_packed ${ids[0]}`,
			]);
			// In the order they happened: the packing after every creation.
			expect(seen[seen.length - 1]).toBe(`shipment_packed ${ids[0]}`);
		},
	);
});

describe('page shift on the returns list (no documented order, paged by its links)', () => {
	const RETURNS = 'GET /sellers/v2/returns';

	function returnsRunner(minutes = 1): PollTriggerRunner {
		return new PollTriggerRunner(env.store, {
			events: ['return_created', 'return_picked_up'],
			pollTimes: everyX(minutes),
			options: { overlapSeconds: 30, returnSources: ['customer_return'] },
		});
	}

	/** New customer returns at LOC-DEMO-1, modified now; their ids in the list's order. */
	function seedReturns(count: number): string[] {
		const ids = new Set(
			env.sim.control.seedReturns({
				locationId: 'LOC-DEMO-1',
				count,
				source: 'customer_return',
			}).returnIds,
		);
		return env.sim.control
			.listReturns({ locationId: 'LOC-DEMO-1' })
			.returns.filter((r) => ids.has(String(r.returnId)))
			.sort(
				(a, b) =>
					Date.parse(String(a.createdDate)) - Date.parse(String(b.createdDate)) ||
					(String(a.returnId) < String(b.returnId) ? -1 : 1),
			)
			.map((r) => String(r.returnId));
	}

	/** The returns list calls of `poll`. */
	async function callsOf(poll: () => Promise<unknown>): Promise<number> {
		env.sim.control.clearCalls();
		await poll();
		return env.sim.control.listCalls({ route: RETURNS }).calls.length;
	}

	test.each([1, 5])(
		'Poll Times every %i minute(s): a return moved onto a page already read is still reported, once',
		async (minutes) => {
			const interval = minutes * 60;
			// Before the first poll: n8n's poll context keeps the first logger it is asked for.
			const logs = captureLogs();
			const runner = returnsRunner(minutes);
			await runner.poll();
			// 30 returns, modified long before the next window's overlap: page 1 holds 25.
			at(5);
			const ids = seedReturns(30);
			env.sim.control.setConfig({ returnPaging: 'live' });
			// Between page 1 and page 2 the first return is picked up, just after the window's end:
			// it leaves the window and the 26th return moves onto page 1, already read.
			env.sim.control.onCall({ route: RETURNS, call: 2 }, async () => {
				jest.setSystemTime(Date.now() + 1000);
				await env.sim.control.setReturnStatus(ids[0], { status: 'RETURN_PICKED_UP' });
			});
			const seen: string[] = [];
			const calls: number[] = [];
			for (let poll = 1; poll <= 3; poll += 1) {
				at(poll * interval);
				calls.push(await callsOf(async () => seen.push(...changes((await runner.poll()).items))));
			}
			expectEachOnce(seen, [
				...ids.map((id) => `return_created ${id}`),
				`return_picked_up ${ids[0]}`,
			]);
			expect(seen.indexOf(`return_created ${ids[0]}`)).toBeLessThan(
				seen.indexOf(`return_picked_up ${ids[0]}`),
			);
			// The two reads of the first poll differed, so the second poll reads the same window
			// again (two pages, twice); only then does the watermark move on.
			expect(calls).toEqual([4, 4, 1]);
			logs.stop();
			expect(logs.lines.filter((line) => /two reads differed/.test(line))).toEqual([
				expect.stringContaining('returns (customer_return) changed while being read'),
			]);
		},
	);

	test('a window of at most 25 returns costs one call', async () => {
		const runner = returnsRunner();
		await runner.poll();
		at(5);
		const ids = seedReturns(25);
		at(60);
		let items: IDataObject[] = [];
		expect(
			await callsOf(async () => {
				items = (await runner.poll()).items;
			}),
		).toBe(1);
		expect(changes(items).sort()).toEqual(ids.map((id) => `return_created ${id}`).sort());
		at(120);
		expect(await callsOf(() => runner.poll())).toBe(1);
	});

	test('a stable window of more than 25 returns is read twice, then the watermark moves on', async () => {
		const runner = returnsRunner();
		await runner.poll();
		at(5);
		const ids = seedReturns(30);
		env.sim.control.setConfig({ returnPaging: 'live' });
		at(60);
		let items: IDataObject[] = [];
		// Two pages, twice.
		expect(
			await callsOf(async () => {
				items = (await runner.poll()).items;
			}),
		).toBe(4);
		expect(changes(items).sort()).toEqual(ids.map((id) => `return_created ${id}`).sort());
		// The next window starts after the 30 returns (watermark + overlap): one page, nothing new.
		at(120);
		expect(await callsOf(async () => expect((await runner.poll()).items).toEqual([]))).toBe(1);
	});
});

describe('page shift on a shipment list paged by its links', () => {
	/**
	 * 30 orders placed at +5 s (one instant) or one every 100 ms; between page 1 and page 2 the
	 * order `onPage1` picks is packed just after the window's end: it leaves the window and the
	 * 21st order moves onto page 1, already read. Three polls; what they reported.
	 */
	async function shiftedShipments(
		minutes: number,
		spread: boolean,
		onPage1: (ids: string[]) => string,
	): Promise<{ seen: string[]; ids: string[]; packed: string }> {
		const interval = minutes * 60;
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed'],
			pollTimes: everyX(minutes),
			options: { overlapSeconds: 30 },
		});
		await runner.poll();
		const ids: string[] = [];
		for (let i = 1; i <= 30; i += 1) {
			at(spread ? 5 + i / 10 : 5);
			ids.push(...seed(1));
		}
		const packed = onPage1(ids);
		env.sim.control.setConfig({ shipmentPaging: 'live' });
		env.sim.control.onCall({ route: SEARCH_NEXT, call: 1 }, async () => {
			jest.setSystemTime(Date.now() + 1000);
			await env.sim.control.setShipmentState(packed, { state: 'PACKED' });
		});
		const seen: string[] = [];
		for (let poll = 1; poll <= 3; poll += 1) {
			at(poll * interval);
			seen.push(...changes((await runner.poll()).items));
		}
		return { seen, ids, packed };
	}

	test.each([1, 5])(
		'Poll Times every %i minute(s), the requested sort ignored: a shipment moved onto a page already read is still reported, once',
		async (minutes) => {
			// Newest first whatever is asked: the answer is out of order, so it is paged by its links.
			env.sim.control.setConfig({ shipmentSearchOrder: 'reversed' });
			const { seen, ids, packed } = await shiftedShipments(minutes, true, (all) => all[29]);
			expectEachOnce(seen, [
				...ids.map((id) => `shipment_created ${id}`),
				`shipment_packed ${packed}`,
			]);
		},
	);

	test('a run of more than 20 shipments with one modifiedDate: a shipment moved onto a page already read is still reported, once', async () => {
		// The simulator orders shipments of one instant by id: the smallest is on page 1.
		const { seen, ids, packed } = await shiftedShipments(1, false, (all) => [...all].sort()[0]);
		expectEachOnce(seen, [
			...ids.map((id) => `shipment_created ${id}`),
			`shipment_packed ${packed}`,
		]);
	});
});

describe('odd snapshots and partial reads', () => {
	test('an older snapshot inside the overlap is no change, and the newer state is not reported again', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed', 'shipment_approved'],
		});
		await runner.poll();
		at(10);
		const [a] = seed(1);
		const stale = env.sim.control.getShipment(a).shipment as IDataObject;
		at(60);
		const seen = changes((await runner.poll()).items);
		at(70);
		await env.sim.control.setShipmentState(a, { state: 'PACKED' });
		at(120);
		seen.push(...changes((await runner.poll()).items));
		// A lagging replica answers the Approved snapshot (modified at +10 s, inside the overlap).
		env.sim.control.addFault({
			route: SEARCH_POST,
			status: 200,
			body: {
				hasMore: false,
				nextPageUrl: '/v3/shipments/filter?next_token=x',
				shipments: [stale],
			},
			times: 1,
		});
		at(180);
		seen.push(...changes((await runner.poll()).items));
		at(240);
		seen.push(...changes((await runner.poll()).items));
		expect(seen).toEqual([`shipment_created ${a}`, `shipment_packed ${a}`]);
	});

	test('a read cut short by a 429 on an unsorted answer does not move the watermark past what it did not read', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created'],
			options: { overlapSeconds: 0 },
		});
		await runner.poll();
		const ids: string[] = [];
		for (let i = 1; i <= 25; i += 1) {
			at(i * 10);
			ids.push(...seed(1));
		}
		// The marketplace ignores the requested sort (newest first) and page 2 answers 429.
		env.sim.control.setConfig({ shipmentSearchOrder: 'reversed' });
		env.sim.control.addFault({
			route: SEARCH_NEXT,
			status: 429,
			headers: { 'Retry-After': '0' },
			body: { error: 'TOO_MANY_REQUESTS' },
			times: 4,
		});
		at(300);
		const seen = changes((await runner.poll()).items);
		expect(seen).toHaveLength(20);
		at(400);
		seen.push(...changes((await runner.poll()).items));
		at(500);
		seen.push(...changes((await runner.poll()).items));
		expectEachOnce(
			seen,
			ids.map((id) => `shipment_created ${id}`),
		);
	});

	test('a marketplace clock a few seconds ahead of n8n loses nothing', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed'],
			options: { overlapSeconds: 0 },
		});
		await runner.poll();
		env.sim.control.advanceClock({ seconds: 4 });
		const expected: string[] = [];
		const seen: string[] = [];
		let previous: string | undefined;
		for (let i = 1; i <= 5; i += 1) {
			// Just before n8n's tick: stamped a few seconds after it by the marketplace.
			at(i * 60 - 2);
			const [id] = seed(1);
			expected.push(`shipment_created ${id}`);
			at(i * 60 - 1);
			if (previous !== undefined) {
				await env.sim.control.setShipmentState(previous, { state: 'PACKED' });
				expected.push(`shipment_packed ${previous}`);
			}
			previous = id;
			at(i * 60);
			seen.push(...changes((await runner.poll()).items));
		}
		at(360);
		seen.push(...changes((await runner.poll()).items));
		at(420);
		seen.push(...changes((await runner.poll()).items));
		expectEachOnce(seen, expected);
		// A record packed before a poll could see its creation comes out created, then packed.
		for (const change of seen.filter((c) => c.startsWith('shipment_packed'))) {
			const id = change.split(' ')[1];
			expect(seen.indexOf(`shipment_created ${id}`)).toBeLessThan(seen.indexOf(change));
		}
	});

	test('mixed second and millisecond precision: the changes of one record come out once each, in order', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed', 'shipment_ready_to_dispatch'],
		});
		await runner.poll();
		at(10);
		const [a] = seed(1);
		at(60);
		const seen = changes((await runner.poll()).items);
		// Packed at +130.300 s, stamped with milliseconds.
		at(130.3);
		await env.sim.control.setShipmentState(a, { state: 'PACKED' });
		at(130.5);
		seen.push(...changes((await runner.poll()).items));
		// Ready to dispatch half a second later, stamped in whole seconds (+130 s).
		env.sim.control.setConfig({ modifiedDatePrecision: 'second' });
		at(130.8);
		await env.sim.control.setShipmentState(a, { state: 'READY_TO_DISPATCH' });
		at(190);
		seen.push(...changes((await runner.poll()).items));
		at(250);
		seen.push(...changes((await runner.poll()).items));
		expect(seen).toEqual([
			`shipment_created ${a}`,
			`shipment_packed ${a}`,
			`shipment_ready_to_dispatch ${a}`,
		]);
	});

	test('mixed precision within one poll: a record read twice keeps its changes in order', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed'],
		});
		await runner.poll();
		const ids: string[] = [];
		for (let i = 1; i <= 19; i += 1) {
			at(i);
			ids.push(...seed(1));
		}
		at(60.2);
		const [a] = seed(1);
		at(60.3);
		const [b] = seed(1);
		env.sim.control.setConfig({ shipmentPaging: 'live' });
		at(60.6);
		env.sim.control.onCall({ route: SEARCH, call: 2 }, async () => {
			env.sim.control.setConfig({ modifiedDatePrecision: 'second' });
			await env.sim.control.setShipmentState(a, { state: 'PACKED' });
		});
		const seen = changes((await runner.poll()).items);
		at(120);
		seen.push(...changes((await runner.poll()).items));
		expectEachOnce(seen, [
			...[...ids, a, b].map((id) => `shipment_created ${id}`),
			`shipment_packed ${a}`,
		]);
		expect(seen.indexOf(`shipment_created ${a}`)).toBeLessThan(
			seen.indexOf(`shipment_packed ${a}`),
		);
	});
});

describe('timing', () => {
	test.each([1, 5])(
		'Poll Times every %i minute(s): a poll stops reading before the next tick is due and the next resumes from its watermark',
		async (minutes) => {
			// Before the first poll: n8n's poll context keeps the first logger it is asked for.
			const logs = captureLogs();
			const runner = new PollTriggerRunner(env.store, {
				events: ['shipment_created'],
				pollTimes: everyX(minutes),
			});
			await runner.poll();
			at(30);
			const ids = seed(45);
			// Page 2 is answered when 90 % of the interval has passed.
			env.sim.control.onCall({ route: SEARCH_NEXT, call: 1 }, () => {
				jest.setSystemTime(Date.now() + minutes * 60_000 * 0.9);
			});
			at(minutes * 60);
			const first = (await runner.poll()).items;
			logs.stop();
			expect(first).toHaveLength(40);
			expect(logs.lines.join('\n')).toMatch(/stopped reading .* before the next poll/);
			at(minutes * 120);
			const second = (await runner.poll()).items;
			expect(second).toHaveLength(5);
			expect(new Set([...first, ...second].map((item) => item.shipmentId))).toEqual(new Set(ids));
		},
	);

	test('a credential edited while the workflow is published is used by the next poll', async () => {
		env.store.set(SELF, selfAccessCredential(env.sim, { productionBaseUrl: 'http://127.0.0.1:9' }));
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(2);
		await expect(runner.poll()).rejects.toThrow();
		// The user fixes the credential; the workflow is not published again.
		env.store.set(SELF, selfAccessCredential(env.sim));
		at(120);
		expect(changes((await runner.poll()).items).sort()).toEqual(
			ids.map((id) => `shipment_created ${id}`).sort(),
		);
	});
});
