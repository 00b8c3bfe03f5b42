/**
 * The poll trigger reads the shipment search through the same transport (issue 11, point 2 and
 * 3 for it): an answer without its list must not read as "no changes" (the watermark would move
 * past changes that were never seen), and the search, which changes nothing, is retried.
 */
// Retries wait with n8n-workflow's sleep: recorded, not waited for (no real sleeping in tests).
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import type { IDataObject } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { fakeDateOnly, PollTriggerRunner } from '../poll/pollHarness';
import { CredentialStore, SELF, selfAccessCredential, simulator } from '../support/fixtures';

const SEARCH_POST = 'POST /sellers/v3/shipments/filter';
const BASE = Date.parse('2026-04-01T04:30:00.000Z');

describe('the poll trigger and odd answers', () => {
	let sim: Simulator;
	let store: CredentialStore;
	let T = BASE;
	let day = 0;

	beforeAll(async () => {
		sim = await simulator();
	});
	afterAll(async () => {
		jest.useRealTimers();
		await sim.close();
	});
	beforeEach(() => {
		day += 1;
		const seededAt = BASE + day * 86400_000;
		T = seededAt + 3600_000;
		fakeDateOnly();
		jest.setSystemTime(seededAt);
		sim.control.reset();
		store = new CredentialStore();
		store.set(SELF, selfAccessCredential(sim));
		jest.setSystemTime(T);
	});
	afterEach(() => jest.useRealTimers());

	const at = (seconds: number) => jest.setSystemTime(T + seconds * 1000);
	const seed = (count: number) =>
		sim.control.seedShipments({
			count,
			locationId: 'LOC-DEMO-1',
			state: 'APPROVED',
			itemCount: 1,
			orderDate: new Date().toISOString(),
		}).shipmentIds;
	const created = (items: IDataObject[]) =>
		items
			.filter((item) => item.eventType === 'shipment_created')
			.map((item) => String(item.shipmentId))
			.sort();

	it('a search answered {} fails the poll instead of reporting no changes; the next poll still finds them', async () => {
		const runner = new PollTriggerRunner(store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(3);
		sim.control.addFault({ route: SEARCH_POST, status: 200, body: {}, times: 1 });
		await expect(runner.poll()).rejects.toThrow(
			"the marketplace's answer (HTTP 200) has no shipments list",
		);
		at(120);
		expect(created((await runner.poll()).items)).toEqual([...ids].sort());
	});

	it('a 500 on the search is retried within the poll', async () => {
		const runner = new PollTriggerRunner(store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(2);
		sim.control.addFault({
			route: SEARCH_POST,
			status: 500,
			body: { error: 'INTERNAL_ERROR' },
			times: 1,
		});
		expect(created((await runner.poll()).items)).toEqual([...ids].sort());
		expect(sim.control.listCalls({ route: SEARCH_POST }).calls.map((call) => call.status)).toEqual([
			500, 200,
		]);
	});
});
