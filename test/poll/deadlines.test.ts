/**
 * The Deadlines watch of the poll trigger (docs/marketplace-seller-poll-trigger.md#deadlines),
 * inside n8n-core's PollContext against the simulator, with the clock under the test's control
 * (Date alone is faked: n8n's clock and the simulator's move together): due soon exactly once as
 * the lead time is crossed, overdue exactly once, a moved dispatch date re-arms both, a shipment
 * marked ready or cancelled is forgotten, 2,000 shipments cost 100 page calls, a restart repeats
 * nothing and a 429 in the middle of the search loses nothing.
 */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { memoryKey } from '../../nodes/MarketplaceSellerPollTrigger/change/memory';
import { DeadlineMemory } from '../../nodes/MarketplaceSellerPollTrigger/deadlines/memory';
import { validate, type JsonSchema } from '../support/jsonSchema';
import { manualPoll, PollTriggerRunner } from './pollHarness';
import { usePollSession } from './support/pollSession';

const LOC_1 = 'LOC-DEMO-1';
const SEARCH_POST = 'POST /sellers/v3/shipments/filter';
const SEARCH_NEXT = 'GET /sellers/v3/shipments/filter';
const BASE = Date.parse('2026-04-10T04:30:00.000Z');
const MINUTE = 60;
const HOUR = 3600;
const DUE_SOON = 'shipment_dispatch_due_soon';
const OVERDUE = 'shipment_dispatch_overdue';

const env = usePollSession(BASE);
const { at } = env;

const DEADLINES = { events: [DUE_SOON, OVERDUE] };

/** New orders at LOC-DEMO-1 whose dispatch-by date is `seconds` after T. */
function due(count: number, seconds: number, extra: IDataObject = {}): string[] {
	return env.seed(count, {
		dispatchByDate: new Date(env.T + seconds * 1000).toISOString(),
		...extra,
	});
}

/** "eventType shipmentId" of the items about the given shipments, in order. */
function alerts(items: IDataObject[], ids: readonly string[]): string[] {
	return items
		.filter((item) => ids.includes(String(item.shipmentId)))
		.map((item) => `${String(item.eventType)} ${String(item.shipmentId)}`);
}

/** The seeded shipments of a location get dispatch-by dates a week away: out of the window. */
async function moveSeededDeadlinesAway(locationId: string): Promise<void> {
	for (const shipment of env.sim.control.listShipments({ locationId }).shipments) {
		await env.sim.control.setShipmentState(String(shipment.shipmentId), {
			dispatchByDate: new Date(env.T + 7 * 24 * HOUR * 1000).toISOString(),
		});
	}
}

function searchPageCalls(): number {
	return (
		env.sim.control.listCalls({ route: SEARCH_POST }).calls.length +
		env.sim.control.listCalls({ route: SEARCH_NEXT }).calls.length
	);
}

/** Every alert the runner emitted, so no test can miss a repeat. */
class Alerts {
	readonly all: IDataObject[] = [];

	constructor(readonly runner: PollTriggerRunner) {}

	async poll(): Promise<IDataObject[]> {
		const { items } = await this.runner.poll();
		this.all.push(...items);
		return items;
	}

	/** No (event, shipment, dispatch-by date) was reported twice. */
	expectNoRepeat(): void {
		const keys = this.all.map((item) =>
			JSON.stringify([
				item.eventType,
				item.shipmentId,
				(item.attributes as IDataObject).dispatchByDate,
			]),
		);
		expect(keys.length).toBe(new Set(keys).size);
	}
}

describe('Deadlines watch', () => {
	test('due soon exactly once as the lead time is crossed, then overdue exactly once', async () => {
		const watch = new Alerts(new PollTriggerRunner(env.store, DEADLINES));
		const [a] = due(1, 5 * HOUR);
		expect(alerts(await watch.poll(), [a])).toEqual([]);
		at(30 * MINUTE);
		expect(alerts(await watch.poll(), [a])).toEqual([]);
		at(HOUR + MINUTE);
		const soon = await watch.poll();
		expect(alerts(soon, [a])).toEqual([`${DUE_SOON} ${a}`]);
		at(HOUR + 10 * MINUTE);
		expect(alerts(await watch.poll(), [a])).toEqual([]);
		at(5 * HOUR + MINUTE);
		const late = await watch.poll();
		expect(alerts(late, [a])).toEqual([`${OVERDUE} ${a}`]);
		at(5 * HOUR + 20 * MINUTE);
		expect(alerts(await watch.poll(), [a])).toEqual([]);
		watch.expectNoRepeat();

		// The push trigger's envelope, with the deadline in the attributes and the cost in poll.
		const item = soon.find((i) => i.shipmentId === a) as IDataObject;
		const record = item.shipment as IDataObject;
		const orderItems = record.orderItems as IDataObject[];
		expect(item).toMatchObject({
			eventType: DUE_SOON,
			source: 'marketplace',
			version: 'v3',
			timestamp: new Date(env.T + (HOUR + MINUTE) * 1000).toISOString(),
			shipmentId: a,
			locationId: LOC_1,
			attributes: {
				shipmentId: a,
				locationId: LOC_1,
				dispatchByDate: record.dispatchByDate,
				minutesLeft: 239,
				state: 'APPROVED',
				orderItemIds: orderItems.map((o) => o.orderItemId),
				skus: orderItems.map((o) => o.sku),
			},
			sellerId: null,
			poll: { mode: 'poll', state: 'APPROVED', callsPerHour: 60, deadlineCalls: 1 },
		});
		expect(item.dedupKey).toMatch(/^[0-9a-f]{32}$/);
		const overdue = late.find((i) => i.shipmentId === a) as IDataObject;
		expect((overdue.attributes as IDataObject).minutesLeft).toBe(-1);
		expect(Date.parse(String(record.dispatchByDate))).toBe(env.T + 5 * HOUR * 1000);
	});

	test('the search: pre-ready states, dispatch-by date up to now + lead time, sorted, every shipment type', async () => {
		const runner = new PollTriggerRunner(env.store, {
			...DEADLINES,
			options: { leadTimeMinutes: 90, locationId: LOC_1 },
		});
		await runner.poll();
		const [search] = env.sim.control.listCalls({ route: SEARCH_POST }).calls;
		const body = search.body as IDataObject;
		const filter = body.filter as IDataObject;
		expect(filter).toMatchObject({
			type: 'preDispatch',
			states: ['APPROVED', 'PACKING_IN_PROGRESS', 'PACKED', 'FORM_FAILED'],
			locationId: LOC_1,
			shipmentTypes: ['NORMAL', 'EXPRESS', 'SELF'],
		});
		const upTo = (filter.dispatchByDate as IDataObject).to as string;
		expect(Date.parse(upTo)).toBe(env.T + 90 * MINUTE * 1000);
		expect(body.sort).toEqual({ field: 'dispatchByDate', order: 'asc' });
		expect(body.pagination).toEqual({ pageSize: 20 });
	});

	test('the first activation reports what is already due; self-ship shipments are watched too', async () => {
		const soon = due(1, 2 * HOUR);
		const late = due(1, -HOUR, { shipmentType: 'SELF' });
		const later = due(1, 6 * HOUR);
		const watch = new Alerts(new PollTriggerRunner(env.store, DEADLINES));
		const ids = [...soon, ...late, ...later];
		expect(alerts(await watch.poll(), ids).sort()).toEqual(
			[`${DUE_SOON} ${soon[0]}`, `${OVERDUE} ${late[0]}`].sort(),
		);
		at(MINUTE);
		expect(alerts(await watch.poll(), ids)).toEqual([]);
	});

	test('a moved dispatch date re-arms due soon and overdue for that shipment', async () => {
		const watch = new Alerts(new PollTriggerRunner(env.store, DEADLINES));
		const [a, b] = due(2, 3 * HOUR);
		expect(alerts(await watch.poll(), [a, b]).sort()).toEqual(
			[`${DUE_SOON} ${a}`, `${DUE_SOON} ${b}`].sort(),
		);
		// The marketplace moves a's date an hour later: due soon again, with the new date.
		at(10 * MINUTE);
		await env.sim.control.setShipmentState(a, {
			dispatchByDate: new Date(env.T + 4 * HOUR * 1000).toISOString(),
		});
		const moved = await watch.poll();
		expect(alerts(moved, [a, b])).toEqual([`${DUE_SOON} ${a}`]);
		expect((moved[0].attributes as IDataObject).minutesLeft).toBe(230);
		// b is overdue at the old time; a only at its new one.
		at(3 * HOUR + MINUTE);
		expect(alerts(await watch.poll(), [a, b])).toEqual([`${OVERDUE} ${b}`]);
		at(4 * HOUR + MINUTE);
		expect(alerts(await watch.poll(), [a, b])).toEqual([`${OVERDUE} ${a}`]);
		at(4 * HOUR + 2 * MINUTE);
		expect(alerts(await watch.poll(), [a, b])).toEqual([]);
		watch.expectNoRepeat();
	});

	test('a shipment marked ready or cancelled is forgotten: no overdue, and the memory drops it', async () => {
		const runner = new PollTriggerRunner(env.store, {
			...DEADLINES,
			options: { locationId: 'LOC-DEMO-2' },
		});
		const watch = new Alerts(runner);
		const [a, b, c] = env.sim.control.seedShipments({
			count: 3,
			locationId: 'LOC-DEMO-2',
			state: 'PACKED',
			itemCount: 1,
			dispatchByDate: new Date(env.T + 2 * HOUR * 1000).toISOString(),
		}).shipmentIds;
		const first = await watch.poll();
		expect(alerts(first, [a, b, c])).toHaveLength(3);
		const remembered = () => {
			const memory = DeadlineMemory.decode(runner.nodeStaticData().deadlineMemory);
			return [a, b, c].filter((id) => memory.get(memoryKey('shipment', id)) !== undefined);
		};
		expect(remembered()).toEqual([a, b, c]);

		at(MINUTE);
		await env.sim.control.setShipmentState(a, { state: 'READY_TO_DISPATCH' });
		await env.sim.control.setShipmentState(b, {
			state: 'CANCELLED',
			cancellationType: 'sellerCancellation',
		});
		expect(alerts(await watch.poll(), [a, b, c])).toEqual([]);
		// One complete read without them could be a shifted page: still remembered.
		expect(remembered()).toEqual([a, b, c]);
		at(2 * MINUTE);
		await watch.poll();
		expect(remembered()).toEqual([c]);
		at(2 * HOUR + MINUTE);
		expect(alerts(await watch.poll(), [a, b, c])).toEqual([`${OVERDUE} ${c}`]);
		watch.expectNoRepeat();
	});

	test('2,000 shipments due in the window: 100 page calls, each due soon once, the cost in the items', async () => {
		const runner = new PollTriggerRunner(env.store, {
			...DEADLINES,
			options: { locationId: 'LOC-DEMO-2' },
		});
		await moveSeededDeadlinesAway('LOC-DEMO-2');
		expect((await runner.poll()).items).toEqual([]);
		at(MINUTE);
		const ids = env.sim.control.seedShipments({
			count: 2000,
			locationId: 'LOC-DEMO-2',
			state: 'APPROVED',
			itemCount: 1,
			dispatchByDate: new Date(env.T + 3 * HOUR * 1000).toISOString(),
		}).shipmentIds;
		env.sim.control.clearCalls();
		const { items } = await runner.poll();
		expect(alerts(items, ids)).toHaveLength(2000);
		expect(new Set(items.map((i) => i.shipmentId)).size).toBe(items.length);
		expect(items).toHaveLength(2000);
		// One search of all shipments in the window, 20 a page: 2,000 / 20.
		const pages = searchPageCalls();
		expect(pages).toBe(100);
		expect((items[0].poll as IDataObject).deadlineCalls).toBe(pages);
		// 22 bytes a shipment: 44,002 bytes for 2,000.
		expect(String(runner.nodeStaticData().deadlineMemory).length).toBe(3 + 2000 * 22 - 1);
		at(2 * MINUTE);
		expect(alerts((await runner.poll()).items, ids)).toEqual([]);
	});

	test('an n8n restart between polls repeats nothing and misses nothing', async () => {
		const runner = new PollTriggerRunner(env.store, DEADLINES);
		const watch = new Alerts(runner);
		const [a] = due(1, 3 * HOUR);
		expect(alerts(await watch.poll(), [a])).toEqual([`${DUE_SOON} ${a}`]);
		runner.restart();
		at(MINUTE);
		expect(alerts(await watch.poll(), [a])).toEqual([]);
		at(3 * HOUR + MINUTE);
		expect(alerts(await watch.poll(), [a])).toEqual([`${OVERDUE} ${a}`]);
		runner.restart();
		at(3 * HOUR + 2 * MINUTE);
		expect(alerts(await watch.poll(), [a])).toEqual([]);
		watch.expectNoRepeat();
	});

	test('a 429 in the middle of the search: the pages read are reported, the rest after the backoff', async () => {
		const runner = new PollTriggerRunner(env.store, {
			...DEADLINES,
			options: { locationId: 'LOC-DEMO-2' },
		});
		const watch = new Alerts(runner);
		await watch.poll();
		at(MINUTE);
		const ids = env.sim.control.seedShipments({
			count: 45,
			locationId: 'LOC-DEMO-2',
			state: 'APPROVED',
			itemCount: 1,
			dispatchByDate: new Date(env.T - 10 * HOUR * 1000).toISOString(),
		}).shipmentIds;
		// The second page answers 429 four times: the first call and the transport's three retries.
		env.sim.control.addFault({
			route: SEARCH_NEXT,
			status: 429,
			headers: { 'Retry-After': '0' },
			body: { error: 'TOO_MANY_REQUESTS' },
			times: 4,
		});
		const first = await watch.poll();
		expect(alerts(first, ids).length).toBe(20);
		expect(env.sim.control.listFaults().faults[0].hits).toBe(4);
		at(MINUTE + 30);
		expect(await watch.poll()).toEqual([]);
		runner.restart();
		at(2 * MINUTE + 5);
		const second = await watch.poll();
		const all = alerts([...first, ...second], ids);
		expect(all).toHaveLength(45);
		expect(new Set(all)).toEqual(new Set(ids.map((id) => `${OVERDUE} ${id}`)));
		at(3 * MINUTE);
		expect(alerts(await watch.poll(), ids)).toEqual([]);
		watch.expectNoRepeat();
	});

	test('alone or beside the change events, and All does not include them', async () => {
		const [a] = due(1, 2 * HOUR);
		const all = new PollTriggerRunner(env.store, { events: ['*'] });
		expect(alerts((await all.poll()).items, [a])).toEqual([]);
		const both = new PollTriggerRunner(env.store, {
			events: ['shipment_packed', DUE_SOON],
		});
		expect(alerts((await both.poll()).items, [a])).toEqual([`${DUE_SOON} ${a}`]);
		at(MINUTE);
		await env.sim.control.setShipmentState(a, { state: 'PACKED' });
		expect(alerts((await both.poll()).items, [a])).toEqual([`shipment_packed ${a}`]);
	});

	test('due soon and overdue items, polled and from Fetch Test Event, conform to the output schema', async () => {
		const schema = JSON.parse(
			readFileSync(
				join(__dirname, '../../nodes/MarketplaceSellerPollTrigger/__schema__/v1.0.0.json'),
				'utf8',
			),
		) as JsonSchema;
		due(1, 2 * HOUR, { itemCount: 2 });
		due(1, -HOUR, { shipmentType: 'SELF', hold: true });
		const polled = (await new PollTriggerRunner(env.store, DEADLINES).poll()).items;
		const manual = (await manualPoll(env.store, DEADLINES)).items;
		const items = [...polled, ...manual];
		expect(
			new Set(items.map((i) => `${String(i.eventType)} ${String((i.poll as IDataObject).mode)}`)),
		).toEqual(
			new Set([`${DUE_SOON} poll`, `${OVERDUE} poll`, `${DUE_SOON} manual`, `${OVERDUE} manual`]),
		);
		expect(manual.length).toBeLessThanOrEqual(10);
		const problems = items.flatMap((item) =>
			validate(item, schema, { complete: true }).map((p) => `${String(item.eventType)} ${p}`),
		);
		expect(problems).toEqual([]);
	});

	test('a lead time out of range is refused before anything is sent', async () => {
		env.sim.control.clearCalls();
		for (const leadTimeMinutes of [0, -5, 'soon', 7 * 24 * 60 + 1]) {
			const runner = new PollTriggerRunner(env.store, {
				...DEADLINES,
				options: { leadTimeMinutes },
			});
			await expect(runner.poll()).rejects.toThrow(
				/Lead Time \(Minutes\) must be a number from 1 to 10080/,
			);
		}
		expect(env.sim.control.listCalls({}).calls).toEqual([]);
	});
});
