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

import { PollTriggerRunner } from '../poll/pollHarness';
import { usePollSession } from '../poll/support/pollSession';

const SEARCH_POST = 'POST /sellers/v3/shipments/filter';
const BASE = Date.parse('2026-04-01T04:30:00.000Z');

describe('the poll trigger and odd answers', () => {
	const env = usePollSession(BASE);
	const { at, seed } = env;
	const created = (items: IDataObject[]) =>
		items
			.filter((item) => item.eventType === 'shipment_created')
			.map((item) => String(item.shipmentId))
			.sort();

	it('a search answered {} fails the poll instead of reporting no changes; the next poll still finds them', async () => {
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(3);
		env.sim.control.addFault({ route: SEARCH_POST, status: 200, body: {}, times: 1 });
		await expect(runner.poll()).rejects.toThrow(
			"the marketplace's answer (HTTP 200) has no shipments list",
		);
		at(120);
		expect(created((await runner.poll()).items)).toEqual([...ids].sort());
	});

	it('a 500 on the search is retried within the poll', async () => {
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		at(60);
		const ids = seed(2);
		env.sim.control.addFault({
			route: SEARCH_POST,
			status: 500,
			body: { error: 'INTERNAL_ERROR' },
			times: 1,
		});
		expect(created((await runner.poll()).items)).toEqual([...ids].sort());
		expect(
			env.sim.control.listCalls({ route: SEARCH_POST }).calls.map((call) => call.status),
		).toEqual([500, 200]);
	});
});
