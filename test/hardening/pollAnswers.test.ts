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

import { captureLogs, PollTriggerRunner } from '../poll/pollHarness';
import { TransitionMemory } from '../../nodes/MarketplaceSellerPollTrigger/change/memory';
import { usePollSession } from '../poll/support/pollSession';

const SEARCH_POST = 'POST /sellers/v3/shipments/filter';
const BASE = Date.parse('2026-04-01T04:30:00.000Z');
const SEARCH = '/sellers/v3/shipments/filter';

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

	it('two overlapping ticks, the first slowed by a 429: each change is reported once, and the second tick says why it returned nothing', async () => {
		// Before the first poll: n8n's poll context keeps the first logger it is asked for.
		const logs = captureLogs();
		const runner = new PollTriggerRunner(env.store, { events: ['shipment_created'] });
		await runner.poll();
		at(30);
		const ids = seed(60);
		// The first tick's search answers 429; n8n fires the next tick while it waits to retry.
		env.sim.control.addFault({
			route: SEARCH_POST,
			status: 429,
			headers: { 'Retry-After': '1' },
			body: { error: 'TOO_MANY_REQUESTS' },
			times: 1,
		});
		let second: Promise<{ items: IDataObject[] }> | undefined;
		env.sim.control.onCall({ route: SEARCH, call: 2 }, async () => {
			second = runner.poll();
			await second;
		});
		at(60);
		const first = await runner.poll();
		const overlapping = await second!;
		logs.stop();
		const all = [...first.items, ...overlapping.items].map((item) => String(item.shipmentId));
		expect(all.sort()).toEqual([...ids].sort());
		expect(overlapping.items).toEqual([]);
		expect(logs.lines.join('\n')).toMatch(/the previous poll of this trigger is still running/);
		at(120);
		expect((await runner.poll()).items).toEqual([]);
	});

	it.each(['string', 'number', 'absent'] as const)(
		'hasMore as %s beside a next link stops the read without moving the watermark',
		async (form) => {
			const runner = new PollTriggerRunner(env.store, {
				events: ['shipment_created'],
				options: { overlapSeconds: 10 },
			});
			await runner.poll();
			at(60);
			const ids = seed(25);
			env.sim.control.setConfig({ shipmentHasMore: form });
			at(120);
			const first = await runner.poll().then(
				(run) => run.items,
				(error: Error) => {
					expect(error.message).toMatch(/hasMore/);
					return [];
				},
			);
			env.sim.control.setConfig({ shipmentHasMore: 'boolean' });
			at(180);
			const second = (await runner.poll()).items;
			expect(created([...first, ...second])).toEqual([...ids].sort());
			expect(first.length + second.length).toBe(25);
		},
	);

	it('2,000 records with long and empty statuses: the memory stays readable, under its byte bound, and nothing is reported twice', async () => {
		const runner = new PollTriggerRunner(env.store, { events: ['*'] });
		await runner.poll();
		const stamp = new Date(env.T + 30_000).toISOString();
		const shipments = Array.from({ length: 2000 }, (_, i) => ({
			shipmentId: `odd-${i}`,
			locationId: 'LOC-DEMO-1',
			hold: false,
			updatedAt: stamp,
			orderItems: [
				{
					orderItemId: `odd-${i}-1`,
					status: i % 2 === 0 ? '' : `S${String(i).padStart(4, '0')}${'X'.repeat(5000)}`,
					quantity: 1,
					orderDate: stamp,
				},
			],
		}));
		env.sim.control.addFault({
			route: SEARCH_POST,
			status: 200,
			body: { hasMore: false, nextPageUrl: '/v3/shipments/filter?next_token=x', shipments },
			times: -1,
		});
		at(60);
		const first = (await runner.poll()).items;
		expect(new Set(first.map((item) => item.shipmentId)).size).toBe(2000);
		// The bound docs/marketplace-seller-poll-trigger.md states: 1 MiB for the memory, and the
		// node's whole static data within 1 KiB more. 2,000 records need far less (~24 bytes each).
		const nodeData = runner.nodeStaticData();
		expect(String(nodeData.pollMemory).length).toBeLessThanOrEqual(1_048_576);
		expect(JSON.stringify(nodeData).length).toBeLessThanOrEqual(1_048_576 + 1024);
		expect(String(nodeData.pollMemory).length).toBeLessThan(2000 * 64);
		expect(TransitionMemory.decode(nodeData.pollMemory, 10_000)?.size).toBe(2000);
		at(120);
		expect((await runner.poll()).items).toEqual([]);
		runner.restart();
		at(180);
		expect((await runner.poll()).items).toEqual([]);
	});
});
