/**
 * The poll trigger inside n8n-core's PollContext against the simulator, with the time under the
 * test's control (pollHarness.ts): exactly one item per change, overlapping windows, restarts
 * with only the saved static data, the window boundary, 5,000 changes in ceil(5000 / 20) page
 * calls, and a 429 in the middle of a poll.
 */
import type { IDataObject } from 'n8n-workflow';

import { manualPoll, PollTriggerRunner } from './pollHarness';
import { usePollSession } from './support/pollSession';

const LOC_1 = 'LOC-DEMO-1';
const SEARCH_POST = 'POST /sellers/v3/shipments/filter';
const SEARCH_NEXT = 'GET /sellers/v3/shipments/filter';
const BASE = Date.parse('2026-03-05T04:30:00.000Z');

const env = usePollSession(BASE);
const { at, seed } = env;

/** "eventType id" of each item, in order. */
function changes(items: IDataObject[]): string[] {
	return items.map(
		(item) => `${String(item.eventType)} ${String(item.shipmentId ?? item.returnId)}`,
	);
}

function apiCalls(): Array<{ route: string; body?: unknown }> {
	return env.sim.control
		.listCalls({})
		.calls.filter((call) => !call.path.startsWith('/oauth-service/')) as never;
}

function searchPageCalls(): number {
	return (
		env.sim.control.listCalls({ route: SEARCH_POST }).calls.length +
		env.sim.control.listCalls({ route: SEARCH_NEXT }).calls.length
	);
}

async function setState(shipmentId: string, state: string, extra: IDataObject = {}): Promise<void> {
	await env.sim.control.setShipmentState(shipmentId, { state: state as never, ...extra });
}

describe('Marketplace Seller Poll Trigger against the simulator', () => {
	test('orders created, packed, dispatched and cancelled between polls: exactly one item per change', async () => {
		const runner = new PollTriggerRunner(env.store, { events: ['*'] });
		expect((await runner.poll()).items).toEqual([]);
		// The first activation makes no call: without Since there is nothing to read yet.
		expect(apiCalls()).toEqual([]);

		at(60);
		const [a, b, c] = seed(3);
		expect(changes((await runner.poll()).items).sort()).toEqual(
			[`shipment_created ${a}`, `shipment_created ${b}`, `shipment_created ${c}`].sort(),
		);

		at(120);
		await setState(a, 'PACKED');
		await setState(b, 'CANCELLED', { cancellationType: 'sellerCancellation' });
		const second = (await runner.poll()).items;
		expect(changes(second).sort()).toEqual(
			[`shipment_cancelled ${b}`, `shipment_packed ${a}`].sort(),
		);

		at(180);
		await setState(a, 'READY_TO_DISPATCH');
		await setState(c, 'PACKED');
		expect(changes((await runner.poll()).items).sort()).toEqual(
			[`shipment_packed ${c}`, `shipment_ready_to_dispatch ${a}`].sort(),
		);

		at(240);
		await setState(a, 'PICKUP_COMPLETE');
		expect(changes((await runner.poll()).items)).toEqual([`shipment_pickup_complete ${a}`]);

		at(300);
		expect((await runner.poll()).items).toEqual([]);

		// The push trigger's envelope shape, plus the record and how it was found.
		const packed = second.find((item) => item.eventType === 'shipment_packed') as IDataObject;
		expect(packed).toMatchObject({
			source: 'marketplace',
			version: 'v3',
			shipmentId: a,
			attributes: { status: 'PACKED' },
			sellerId: null,
		});
		expect(packed).not.toHaveProperty('locationId');
		expect(packed.dedupKey).toMatch(/^[0-9a-f]{32}$/);
		expect((packed.shipment as IDataObject).shipmentId).toBe(a);
		expect(packed.poll).toMatchObject({
			mode: 'poll',
			state: 'PACKED',
			previousState: 'APPROVED',
			firstSeen: false,
			callsPerHour: 420,
		});
		const cancelled = second.find((item) => item.eventType === 'shipment_cancelled') as IDataObject;
		const cancelledItem = ((cancelled.shipment as IDataObject).orderItems as IDataObject[])[0];
		expect(cancelled).toMatchObject({
			locationId: LOC_1,
			attributes: {
				status: 'CANCELLED',
				orderItems: [
					{
						orderItemId: cancelledItem.orderItemId,
						quantity: cancelledItem.quantity,
						reason: cancelledItem.cancellationReason,
					},
				],
			},
		});
	});

	test('overlapping windows: every change read again by later polls is reported once', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed'],
			options: { overlapSeconds: 600 },
		});
		await runner.poll();
		const seen: string[] = [];
		const expected: string[] = [];
		const ids = seed(10);
		for (let i = 1; i <= 10; i += 1) {
			at(60 * i);
			await setState(ids[i - 1], 'PACKED');
			expected.push(`shipment_packed ${ids[i - 1]}`);
			seen.push(...changes((await runner.poll()).items));
		}
		at(660);
		seen.push(...changes((await runner.poll()).items));
		// Seeded before the first poll (modified at T): created once each, in the first poll.
		expect(seen.filter((change) => change.startsWith('shipment_created'))).toHaveLength(10);
		expect(seen.filter((change) => change.startsWith('shipment_packed'))).toEqual(expected);
		// The windows did overlap: each poll's window starts 600 s before the previous one ended.
		const windows = env.sim.control
			.listCalls({ route: SEARCH_POST })
			.calls.map(
				(call) =>
					(call.body as { filter: { modifiedDate: { from: string; to: string } } }).filter
						.modifiedDate,
			);
		expect(windows.length).toBeGreaterThan(5);
		for (let i = 1; i < windows.length; i += 1)
			expect(Date.parse(windows[i].from)).toBe(Date.parse(windows[i - 1].to) - 600_000);
	});

	test('a restart with only the saved static data: no duplicate, nothing missed', async () => {
		let runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed'],
		});
		await runner.poll();
		at(60);
		const [x, y, z] = seed(3);
		expect((await runner.poll()).items).toHaveLength(3);
		at(120);
		// A quiet poll: n8n does not save the static data of a poll that emits nothing.
		expect(await runner.poll()).toEqual({ items: [], saved: false });

		at(130);
		await setState(x, 'PACKED');
		runner.restart();
		at(180);
		// The activation poll after the restart resumes from the saved watermark (60 s).
		expect(changes((await runner.poll()).items)).toEqual([`shipment_packed ${x}`]);
		at(240);
		expect((await runner.poll()).items).toEqual([]);

		// Changes while n8n is down, before anything was emitted since the last restart.
		at(250);
		await setState(y, 'PACKED');
		runner.restart();
		at(900);
		await setState(z, 'PACKED');
		expect(changes((await runner.poll()).items)).toEqual([
			`shipment_packed ${y}`,
			`shipment_packed ${z}`,
		]);
		at(960);
		expect((await runner.poll()).items).toEqual([]);

		// A new n8n process with the same saved data (a second restart right away) repeats nothing.
		runner = Object.assign(
			new PollTriggerRunner(env.store, { events: ['shipment_created', 'shipment_packed'] }),
			{ saved: runner.saved },
		);
		runner.restart();
		at(1020);
		expect((await runner.poll()).items).toEqual([]);
	});

	test('a change exactly on the window boundary is reported once', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_packed'],
			options: { overlapSeconds: 0 },
		});
		await runner.poll();
		at(10);
		const [a, b] = seed(2);
		at(60);
		await setState(a, 'PACKED');
		expect(changes((await runner.poll()).items)).toEqual([`shipment_packed ${a}`]);
		// Same millisecond as the end of that window, but written after the poll read it.
		await setState(b, 'PACKED');
		at(120);
		expect(changes((await runner.poll()).items)).toEqual([`shipment_packed ${b}`]);
		at(180);
		expect((await runner.poll()).items).toEqual([]);
		const windows = env.sim.control
			.listCalls({ route: SEARCH_POST })
			.calls.map(
				(call) =>
					(call.body as { filter: { modifiedDate: { from: string; to: string } } }).filter
						.modifiedDate,
			);
		expect(Date.parse(windows[1].from)).toBe(env.T + 60_000);
		expect(Date.parse(windows[0].to)).toBe(env.T + 60_000);
	});

	test('5,000 changes at one instant in one window: all reported, with 2 x ceil(5000 / 20) = 500 page calls (a run of one instant is paged by its links and read twice)', async () => {
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(5000);
		env.sim.control.clearCalls();
		const { items } = await runner.poll();
		expect(items).toHaveLength(5000);
		expect(new Set(items.map((item) => item.shipmentId))).toEqual(new Set(ids));
		expect(searchPageCalls()).toBe(2 * Math.ceil(5000 / 20));
		expect(apiCalls()).toHaveLength(500);
	});

	test('a 429 in the middle of a poll: the pages read are reported, the next polls back off and resume, nothing is lost', async () => {
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(45);
		// The second page answers 429 four times: the first call and the transport's three retries.
		env.sim.control.addFault({
			route: SEARCH_NEXT,
			status: 429,
			headers: { 'Retry-After': '0' },
			body: { error: 'TOO_MANY_REQUESTS' },
			times: 4,
		});
		const first = await runner.poll();
		expect(first.items).toHaveLength(20);
		expect(first.saved).toBe(true);
		expect(env.sim.control.listFaults().faults[0].hits).toBe(4);

		at(90);
		env.sim.control.clearCalls();
		expect((await runner.poll()).items).toEqual([]);
		expect(apiCalls()).toEqual([]);

		// Resumed after the backoff (60 s), also after a restart from the saved static data.
		runner.restart();
		at(125);
		const second = await runner.poll();
		const all = [...first.items, ...second.items].map((item) => String(item.shipmentId));
		expect(all).toHaveLength(45);
		expect(new Set(all)).toEqual(new Set(ids));
		at(185);
		expect((await runner.poll()).items).toEqual([]);
	});

	test('the first activation replays nothing older than the Overlap; "Since" reports the changes since then', async () => {
		const quiet = new PollTriggerRunner(env.store, { events: ['*'] });
		expect((await quiet.poll()).items).toEqual([]);
		at(60);
		expect((await quiet.poll()).items).toEqual([]);

		const since = new Date(env.T - 2 * 24 * 3600_000).toISOString();
		const replaying = new PollTriggerRunner(env.store, { events: ['*'], options: { since } });
		const history = (await replaying.poll()).items;
		expect(history.length).toBeGreaterThan(0);
		for (const item of history)
			expect(Date.parse(String(item.timestamp))).toBeGreaterThanOrEqual(Date.parse(since));
		at(120);
		expect((await replaying.poll()).items).toEqual([]);
	});

	test('the first activation starts an Overlap back: a change stamped a moment before it is reported, an older one is not', async () => {
		// Stamped 5 s before n8n's activation poll: placed while n8n activated the published workflow
		// (n8n 2.x answers Publish first), or stamped by a marketplace clock behind n8n's.
		at(-5);
		const [justBefore] = seed(1);
		// Placed 5 minutes before it, beyond the default Overlap of 120 s (and beyond the start less
		// the Overlap again, the grace of an order seen late): history.
		at(-300);
		const [older] = seed(1);
		at(0);
		const runner = new PollTriggerRunner(env.store, { events: ['*'] });
		expect((await runner.poll()).items).toEqual([]);
		at(60);
		expect(changes((await runner.poll()).items)).toEqual([`shipment_created ${justBefore}`]);
		// The older order's next change is reported, as any old order's is: its state alone.
		await setState(older, 'PACKED');
		at(120);
		expect(changes((await runner.poll()).items)).toEqual([`shipment_packed ${older}`]);
	});

	test('a manual run returns the latest matching changes and records nothing', async () => {
		at(60);
		const ids = seed(3);
		at(120);
		await setState(ids[0], 'PACKED');
		const manual = await manualPoll(env.store, { events: ['shipment_created', 'shipment_packed'] });
		expect(manual.items.length).toBeGreaterThanOrEqual(3);
		expect(manual.items.length).toBeLessThanOrEqual(10);
		expect(changes(manual.items)).toEqual(
			expect.arrayContaining([
				`shipment_created ${ids[1]}`,
				`shipment_created ${ids[2]}`,
				`shipment_packed ${ids[0]}`,
			]),
		);
		for (const item of manual.items) expect(item.poll).toMatchObject({ mode: 'manual' });
		expect(manual.staticData).toEqual({});
	});

	test('returns: created and each status change once, on both return lists', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['return_created', 'return_picked_up', 'return_completed'],
		});
		await runner.poll();
		at(60);
		const [r1, r2] = env.sim.control.seedReturns({
			locationId: LOC_1,
			count: 2,
			source: 'customer_return',
		}).returnIds;
		const [r3] = env.sim.control.seedReturns({
			locationId: LOC_1,
			count: 1,
			source: 'courier_return',
		}).returnIds;
		expect(changes((await runner.poll()).items).sort()).toEqual(
			[`return_created ${r1}`, `return_created ${r2}`, `return_created ${r3}`].sort(),
		);
		at(120);
		await env.sim.control.setReturnStatus(r1, { status: 'RETURN_PICKED_UP' });
		const picked = (await runner.poll()).items;
		expect(changes(picked)).toEqual([`return_picked_up ${r1}`]);
		expect(picked[0]).toMatchObject({
			source: 'marketplace',
			version: 'v3',
			returnId: r1,
			locationId: LOC_1,
			attributes: { status: 'RETURN_PICKED_UP' },
		});
		at(180);
		await env.sim.control.setReturnStatus(r1, { status: 'RETURN_COMPLETED' });
		await env.sim.control.setReturnStatus(r2, { status: 'RETURN_CANCELLED' });
		expect(changes((await runner.poll()).items)).toEqual([`return_completed ${r1}`]);
		at(240);
		expect((await runner.poll()).items).toEqual([]);
	});

	test('the marketplace clock 90 s behind n8n: the overlap still catches every change', async () => {
		const runner = new PollTriggerRunner(env.store, {
			events: ['shipment_created', 'shipment_packed'],
		});
		await runner.poll();
		env.sim.control.advanceClock({ seconds: -90 });
		at(100);
		// Stamped T+10 by the marketplace's clock.
		const ids = seed(3);
		const seen = changes((await runner.poll()).items);
		for (let i = 1; i <= 3; i += 1) {
			at(100 + 60 * i);
			// Stamped 90 s before n8n's now: before the end of the previous window.
			await setState(ids[i - 1], 'PACKED');
			seen.push(...changes((await runner.poll()).items));
		}
		at(400);
		seen.push(...changes((await runner.poll()).items));
		expect(seen.sort()).toEqual(
			[
				...ids.map((id) => `shipment_created ${id}`),
				...ids.map((id) => `shipment_packed ${id}`),
			].sort(),
		);
	});
});
