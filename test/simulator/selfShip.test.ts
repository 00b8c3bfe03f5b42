/**
 * The simulator's order life after Ready to Dispatch (issue 27): the self-ship state machine
 * (APPROVED -> SHIPPED -> DELIVERED, attempts move the due date), its refusals with the documented
 * codes, the pushes that follow, vendor groups with pickup slots and OTCs, and the manifest PDF.
 * Written from docs/marketplace-api/self-ship.md and handover.md, not from the node's code.
 */
import { bearer, TestReceiver, useHarness } from './helpers';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOC = 'LOC-DEMO-1';
const DAY = 86_400_000;
const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;

describe('self-ship shipments in the simulator', () => {
	let receiver: TestReceiver;
	beforeAll(async () => {
		receiver = await new TestReceiver().start();
	});
	const h = useHarness(() => ({ receiver: { url: receiver.url } }), { selfToken: true });
	afterAll(() => receiver.close());
	beforeEach(() => {
		receiver.received.length = 0;
		h.sim.control.setConfig({ autoNotify: true });
	});

	const seedSelf = (count = 1) =>
		h.sim.control.seedShipments({
			locationId: LOC,
			count,
			state: 'APPROVED',
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;
	const entry = (id: string, extra: Loose = {}): Loose => {
		const item = (h.sim.control.getShipment(id).shipment as Loose).orderItems[0];
		return {
			shipmentId: id,
			locationId: LOC,
			dispatchDate: ist(Date.now()),
			tentativeDeliveryDate: ist(Date.now() + 2 * DAY),
			invoice: {
				invoiceDate: ist(Date.now()).slice(0, 10),
				items: [{ orderItemId: item.orderItemId, quantity: 1 }],
			},
			...extra,
		};
	};
	const post = async (path: string, body: unknown) =>
		(await h.api.post(path, body, { headers: bearer(h.token) })) as { status: number; data: Loose };
	const state = (id: string) => h.sim.control.getShipment(id).state;

	it('APPROVED -> SHIPPED -> DELIVERED, an attempt moving the due date, with shipment_shipped and shipment_delivered pushed', async () => {
		const [id] = seedSelf();
		let res = await post('/sellers/v3/shipments/selfShip/dispatch', { shipments: [entry(id)] });
		expect(res.data.shipments).toEqual([
			{ shipmentId: id, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null },
		]);
		expect(state(id)).toBe('SHIPPED');
		const next = Date.now() + 3 * DAY;
		res = await post('/sellers/v3/shipments/selfShip/deliveryAttempt', {
			shipments: [
				{
					shipmentId: id,
					locationId: LOC,
					deliveryDate: ist(Date.now()),
					failureAttributes: { reason: 'Customer unavailable', newDeliveryDate: ist(next) },
				},
			],
		});
		expect(res.data.shipments[0].processingStatus).toBe('SUCCESS');
		expect(Date.parse((h.sim.control.getSelfShip(id).record as Loose).tentativeDeliveryDate)).toBe(
			Math.floor(next / 1000) * 1000,
		);
		// Delivery before dispatch is refused; after it, accepted in either date form.
		res = await post('/sellers/v3/shipments/selfShip/delivery', {
			shipments: [{ shipmentId: id, locationId: LOC, deliveryDate: ist(Date.now()).slice(0, 10) }],
		});
		expect(res.data.shipments[0].processingStatus).toBe('SUCCESS');
		expect(state(id)).toBe('DELIVERED');
		await h.sim.control.flushNotifications();
		const pushes = await receiver.waitFor(2);
		expect(
			pushes.map((push) => [(push.json as Loose).eventType, (push.json as Loose).shipmentId]),
		).toEqual([
			['shipment_shipped', id],
			['shipment_delivered', id],
		]);
	});

	it('refuses with the documented codes: required fields named, date rules, state, limit', async () => {
		const [a, b, c, d] = seedSelf(4);
		const res = await post('/sellers/v3/shipments/selfShip/dispatch', {
			shipments: [
				entry(a, { invoice: undefined }),
				entry(b, { dispatchDate: ist(Date.now() + 2 * DAY) }),
				entry(c, { tentativeDeliveryDate: ist(Date.now() - 2 * DAY) }),
				entry(d, { invoice: { invoiceDate: ist(Date.now()).slice(0, 10), items: [] } }),
			],
		});
		expect(
			res.data.shipments.map((s: Loose) => [s.processingStatus, s.errorCode, s.errorMessage]),
		).toEqual([
			['FAILURE', 'UNPROCESSABLE_ENTITY', 'invoice is mandatory'],
			['FAILURE', 'UNPROCESSABLE_ENTITY', 'dispatchDate must not be after today'],
			['FAILURE', 'UNPROCESSABLE_ENTITY', 'tentativeDeliveryDate must not be before today'],
			['FAILURE', 'UNPROCESSABLE_ENTITY', 'invoice.items is mandatory'],
		]);
		expect([a, b, c, d].map(state)).toEqual(['APPROVED', 'APPROVED', 'APPROVED', 'APPROVED']);
		const early = await post('/sellers/v3/shipments/selfShip/delivery', {
			shipments: [{ shipmentId: a, locationId: LOC, deliveryDate: '2025-03-05' }],
		});
		expect(early.data.shipments[0].errorCode).toBe('INVALID_SHIPMENT_STATE');
		const tooMany = await post('/sellers/v3/shipments/selfShip/dispatch', {
			shipments: new Array(101).fill(entry(a)),
		});
		expect(tooMany.status).toBe(422);
	});

	it('the tracking update takes snake_case only', async () => {
		const [id] = seedSelf();
		const camel = await post(`/sellers/v3/shipments/${id}/update`, { trackingId: 'X' });
		expect(camel.status).toBe(400);
		const snake = await post(`/sellers/v3/shipments/${id}/update`, {
			shipment_id: id,
			tracking_id: 'AWB-9',
		});
		expect(snake.status).toBe(200);
		expect(h.sim.control.getSelfShip(id).record).toBeNull();
		expect((h.sim.control.getShipment(id) as Loose).subShipments[0].trackingId).toBe('AWB-9');
	});
});

describe('handover in the simulator', () => {
	const h = useHarness({}, { selfToken: true });

	it('vendor groups of READY_TO_DISPATCH shipments, OTC unavailable until generated, a manifest PDF listing exactly the group', async () => {
		h.sim.control.seedShipments({
			locationId: LOC,
			count: 8,
			state: 'READY_TO_DISPATCH',
			itemCount: 1,
			packageCount: 1,
		});
		const get = async () =>
			(
				await h.api.get('/sellers/v3/shipments/handover/counts', {
					params: { locationId: LOC },
					headers: bearer(h.token),
				})
			).data as Loose[];
		const before = await get();
		const ready = h.sim.control.listShipments({ locationId: LOC, state: 'READY_TO_DISPATCH' })
			.shipments as Loose[];
		expect(before.reduce((sum, group) => sum + group.count, 0)).toBe(
			ready.filter((s) => s.shipmentType !== 'SELF').length,
		);
		expect(
			before.every(
				(group) => group.otc.code === null && group.otc.error_code === 'OTC_UNAVAILABLE',
			),
		).toBe(true);
		h.sim.control.generateHandoverOtcs({ locationId: LOC });
		const after = await get();
		expect(
			after.every((group) => /^\d{6}$/.test(group.otc.code) && group.otc.error_code === null),
		).toBe(true);

		const group = after[0];
		const res = await h.api.post(
			'/sellers/v3/shipments/manifest',
			{
				params: {
					vendorGroupCode: group.vendorGroupCode,
					locationId: LOC,
					is_mps: group.isMps,
					pickupDate: group.pickUpDate,
				},
			},
			{ headers: bearer(h.token), responseType: 'arraybuffer' },
		);
		expect(res.status).toBe(200);
		const listed = [
			...Buffer.from(res.data)
				.toString('latin1')
				.matchAll(/Shipment: ([\w-]+)/g),
		].map((m) => m[1]);
		expect(listed).toHaveLength(group.count);
		const vendorOf = (id: string) => ready.find((s) => s.shipmentId === id);
		const first = vendorOf(listed[0]);
		expect(listed.sort()).toEqual(
			ready
				.filter(
					(s) =>
						s.subShipments[0].vendorName === first?.subShipments[0].vendorName &&
						s.mps === first?.mps,
				)
				.map((s) => s.shipmentId)
				.sort(),
		);

		const unknown = await h.api.post(
			'/sellers/v3/shipments/manifest',
			{ params: { vendorGroupCode: 'NOPE', locationId: LOC, is_mps: false } },
			{ headers: bearer(h.token) },
		);
		expect([unknown.status, unknown.data.error]).toEqual([400, 'INVALID_VENDOR_GROUP_CODE']);
		const mps = after.find((entry) => entry.isMps);
		if (mps) {
			const noSlot = await h.api.post(
				'/sellers/v3/shipments/manifest',
				{ params: { vendorGroupCode: mps.vendorGroupCode, locationId: LOC, is_mps: true } },
				{ headers: bearer(h.token) },
			);
			expect([noSlot.status, noSlot.data.error]).toEqual([400, 'UNPROCESSABLE_ENTITY']);
		}
	});
});
