/**
 * The simulator's modified dates, on its own clock: shipment search v3 filters and sorts by
 * modifiedDate, returns v2 filter by modifiedAfter / modifiedBefore; seeded records and every
 * state change are stamped with the simulator clock (moved with advanceClock).
 */
import axios from 'axios';

import type { Simulator } from '../../simulator';
import { simulator } from '../support/fixtures';

let sim: Simulator;
let token: string;

beforeAll(async () => {
	sim = await simulator();
});

afterAll(async () => {
	await sim.close();
});

beforeEach(async () => {
	sim.control.reset();
	// A day after the seed data (some of it is stamped with the start time).
	sim.control.advanceClock({ seconds: 86400 });
	const { appId, appSecret } = sim.demo.selfApp;
	const answer = await axios.get(`${sim.url}/oauth-service/oauth/token`, {
		params: { grant_type: 'client_credentials', scope: 'Seller_Api' },
		headers: { Authorization: `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}` },
	});
	token = answer.data.access_token;
});

const IST = 330 * 60_000;
const ist = (ms: number) => `${new Date(ms + IST).toISOString().slice(0, 23)}+05:30`;

async function search(
	from: number,
	to: number,
	order: 'asc' | 'desc' = 'asc',
): Promise<Array<{ shipmentId: string; updatedAt: string }>> {
	const answer = await axios.post(
		`${sim.url}/sellers/v3/shipments/filter`,
		{
			filter: { type: 'preDispatch', modifiedDate: { from: ist(from), to: ist(to) } },
			sort: { field: 'modifiedDate', order },
		},
		{ headers: { Authorization: `Bearer ${token}` } },
	);
	return answer.data.shipments;
}

async function returns(
	after: number,
	before: number,
): Promise<Array<{ returnId: string; status: string; updatedDate: string }>> {
	const answer = await axios.get(`${sim.url}/sellers/v2/returns`, {
		params: { source: 'customer_return', modifiedAfter: ist(after), modifiedBefore: ist(before) },
		headers: { Authorization: `Bearer ${token}` },
	});
	return answer.data.returnItems;
}

describe('simulator: modified dates on its clock', () => {
	test('shipment search: seeded and changed shipments carry the simulator time; modifiedDate filters (inclusive) and sorts', async () => {
		const t1 = sim.control.getClock().epochMs;
		const [a, b] = sim.control.seedShipments({
			locationId: 'LOC-DEMO-1',
			count: 2,
			itemCount: 1,
		}).shipmentIds;
		sim.control.advanceClock({ seconds: 3600 });
		const t2 = sim.control.getClock().epochMs;
		await sim.control.setShipmentState(a, { state: 'PACKED' });
		const t3 = sim.control.getClock().epochMs;

		const around = (ms: number) => [ms - 1000, ms + 1000] as const;
		expect((await search(...around(t1))).map((s) => s.shipmentId)).toEqual([b]);
		const second = await search(...around(t2));
		expect(second.map((s) => s.shipmentId)).toEqual([a]);
		const stamped = Date.parse(second[0].updatedAt);
		expect(stamped).toBeGreaterThanOrEqual(t2);
		expect(stamped).toBeLessThanOrEqual(t3);
		// Both bounds inclusive, to the millisecond.
		expect((await search(stamped, stamped)).map((s) => s.shipmentId)).toEqual([a]);
		expect(await search(stamped + 1, stamped + 1000)).toEqual([]);
		// Sorted by modifiedDate either way.
		const asc = (await search(t1 - 1000, t3 + 1000)).map((s) => s.shipmentId);
		expect(asc).toEqual([b, a]);
		expect((await search(t1 - 1000, t3 + 1000, 'desc')).map((s) => s.shipmentId)).toEqual([a, b]);
	});

	test('returns: seeded returns and status changes carry the simulator time; modifiedAfter and modifiedBefore filter', async () => {
		const t1 = sim.control.getClock().epochMs;
		const [r1, r2] = sim.control.seedReturns({
			locationId: 'LOC-DEMO-1',
			count: 2,
			source: 'customer_return',
		}).returnIds;
		sim.control.advanceClock({ seconds: 600 });
		const t2 = sim.control.getClock().epochMs;
		const changed = await sim.control.setReturnStatus(r1, { status: 'RETURN_PICKED_UP' });
		expect(changed.return).toMatchObject({ returnId: r1, status: 'RETURN_PICKED_UP' });

		expect((await returns(t1 - 1000, t1 + 1000)).map((r) => r.returnId)).toEqual([r2]);
		const later = await returns(t2 - 1000, t2 + 60_000);
		expect(later.map((r) => [r.returnId, r.status])).toEqual([[r1, 'RETURN_PICKED_UP']]);
		expect(Date.parse(later[0].updatedDate)).toBeGreaterThanOrEqual(t2);
		// An unchanged status is no change: the date stays.
		await sim.control.setReturnStatus(r2, { status: 'RETURN_CREATED' });
		expect((await returns(t2 - 1000, t2 + 60_000)).map((r) => r.returnId)).toEqual([r1]);
		await expect(
			sim.control.setReturnStatus('R-unknown', { status: 'RETURN_COMPLETED' }),
		).rejects.toMatchObject({ status: 404 });
		await expect(
			sim.control.setReturnStatus(r2, { status: 'LOST' as never }),
		).rejects.toMatchObject({ status: 400 });
	});
});
