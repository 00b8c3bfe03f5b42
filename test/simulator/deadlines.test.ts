/**
 * The simulator's deadline controls (simulator/control/deadlines.ts), for the poll trigger's
 * Deadlines watch and the demo: shipments with dispatch-by dates spread over the next hours, and
 * moving dispatch dates with the push that follows.
 */
import { bearer, TestReceiver, useHarness } from './helpers';

const FILTER = '/sellers/v3/shipments/filter';
const HOUR = 3600_000;

interface Listed {
	shipmentId: string;
	dispatchByDate: string;
	shipmentType: string;
	orderItems: Array<{ status: string }>;
}

describe('deadline controls', () => {
	const h = useHarness({}, { selfToken: true });

	/** Every pre-ready shipment of LOC-DEMO-2 due up to `untilMs`, earliest first. */
	async function dueBy(untilMs: number): Promise<Listed[]> {
		const res = await h.api.post(
			FILTER,
			{
				filter: {
					type: 'preDispatch',
					states: ['APPROVED', 'PACKING_IN_PROGRESS', 'PACKED', 'FORM_FAILED'],
					locationId: 'LOC-DEMO-2',
					shipmentTypes: ['NORMAL', 'EXPRESS', 'SELF'],
					dispatchByDate: { to: new Date(untilMs).toISOString() },
				},
				pagination: { pageSize: 20 },
				sort: { field: 'dispatchByDate', order: 'asc' },
			},
			{ headers: bearer(h.token) },
		);
		expect(res.status).toBe(200);
		return (res.data as { shipments: Listed[] }).shipments;
	}

	it('seeds shipments not yet ready with dispatch-by dates spread over the next hours', async () => {
		const now = Date.parse(h.sim.control.getClock().now);
		const before = new Set((await dueBy(now + 9 * HOUR)).map((s) => s.shipmentId));
		const res = await h.ctl.post('/seed/deadlines', {
			locationId: 'LOC-DEMO-2',
			count: 8,
			spreadHours: 8,
		});
		expect(res.status).toBe(200);
		const ids = (res.data as { shipmentIds: string[] }).shipmentIds;
		expect(ids).toHaveLength(8);
		const seeded = (await dueBy(now + 9 * HOUR)).filter((s) => !before.has(s.shipmentId));
		expect(seeded.map((s) => s.shipmentId)).toEqual(ids);
		// One an hour: the first due in an hour, the last in eight.
		expect(seeded.map((s) => Math.round((Date.parse(s.dispatchByDate) - now) / HOUR))).toEqual([
			1, 2, 3, 4, 5, 6, 7, 8,
		]);
		expect(new Set(seeded.map((s) => s.orderItems[0].status))).toEqual(
			new Set(['APPROVED', 'PACKED', 'FORM_FAILED']),
		);
		expect(seeded.some((s) => s.shipmentType === 'SELF')).toBe(true);
		// Within four hours: the first four.
		const soon = (await dueBy(now + 4 * HOUR + 60_000)).filter((s) => ids.includes(s.shipmentId));
		expect(soon.map((s) => s.shipmentId)).toEqual(ids.slice(0, 4));
	});

	it('moves dispatch dates of chosen shipments, pushing shipment_dispatch_dates_changed', async () => {
		const receiver = await new TestReceiver().start();
		try {
			h.sim.control.setReceiver({ url: receiver.url });
			const { shipmentIds } = h.sim.control.seedDeadlines({
				locationId: 'LOC-DEMO-1',
				count: 2,
				spreadHours: 2,
			});
			const [a, b] = shipmentIds;
			const dueOf = (id: string) =>
				Date.parse(
					String(
						(h.sim.control.getShipment(id).shipment as { dispatchByDate: string }).dispatchByDate,
					),
				);
			const [dueA, dueB] = [dueOf(a), dueOf(b)];
			const res = await h.ctl.post('/deadlines/move', {
				shipmentIds: [a],
				minutes: -90,
				notify: true,
			});
			expect(res.status).toBe(200);
			expect(res.data).toMatchObject({ moved: [a] });
			expect(dueOf(a)).toBe(dueA - 90 * 60_000);
			expect(dueOf(b)).toBe(dueB);
			const pushes = await receiver.waitFor(1);
			expect(pushes[0].json).toMatchObject({
				eventType: 'shipment_dispatch_dates_changed',
				shipmentId: a,
			});
		} finally {
			await receiver.close();
		}
	});

	it('moves every shipment of a location not yet ready; bad input is refused', async () => {
		const now = Date.parse(h.sim.control.getClock().now);
		const { shipmentIds } = h.sim.control.seedDeadlines({ locationId: 'LOC-DEMO-2', count: 3 });
		const moved = await h.sim.control.moveDispatchDates({
			locationId: 'LOC-DEMO-2',
			minutes: 24 * 60,
		});
		expect(moved.moved).toEqual(expect.arrayContaining(shipmentIds));
		expect(
			(await dueBy(now + 12 * HOUR)).filter((s) => shipmentIds.includes(s.shipmentId)),
		).toEqual([]);
		expect((await h.ctl.post('/deadlines/move', { minutes: 10 })).status).toBe(400);
		expect(
			(await h.ctl.post('/deadlines/move', { shipmentIds: ['x'], minutes: 'soon' })).status,
		).toBe(400);
		expect(
			(await h.ctl.post('/deadlines/move', { shipmentIds: ['nope'], minutes: 5 })).status,
		).toBe(404);
		expect((await h.ctl.post('/seed/deadlines', { count: 0 })).status).toBe(400);
	});
});
