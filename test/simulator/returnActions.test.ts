/**
 * The simulator's self-ship returns and services (issue 27, point 5), route by route: the official
 * request shapes accepted and answered in the official shape (contract fixtures), the return state
 * machine, the refusals with their codes, the 100 limit, and the pushes that follow.
 */
import type { AxiosResponse } from 'axios';

import {
	loadContract,
	shapeProblems,
	type ContractName,
	type ContractSide,
} from '../fixtures/contract';
import { bearer, TestReceiver, useHarness } from './helpers';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOC = 'LOC-DEMO-1';

describe('self-ship return actions and service updates', () => {
	let receiver: TestReceiver;
	beforeAll(async () => {
		receiver = await new TestReceiver().start();
	});
	const h = useHarness(() => ({ receiver: { url: receiver.url } }), { selfToken: true });
	afterAll(() => receiver.close());
	beforeEach(() => {
		receiver.received.length = 0;
	});

	const at = (hours: number) =>
		`${new Date(h.sim.control.getClock().epochMs + (hours + 5.5) * 3_600_000).toISOString().slice(0, 19)}+05:30`;
	const post = (path: string, body: unknown): Promise<AxiosResponse> =>
		h.api.post(path, body, { headers: bearer(h.token) });
	const created = async (source: 'customer_return' | 'courier_return' = 'customer_return') => {
		const result = await h.sim.control.createSelfShipReturn({ source, locationId: LOC });
		return { returnId: String(result.return.returnId), service: result.serviceFulfilmentId };
	};
	const current = (returnId: string): Loose =>
		h.sim.control.listReturns({}).returns.find((r) => r.returnId === returnId) as Loose;
	/** The pushes received so far, as [eventType, id]. */
	const pushes = async (count: number) =>
		(await receiver.waitFor(count)).map((push) => [
			(push.json as Loose).eventType,
			(push.json as Loose).returnId,
		]);

	function conforms(res: AxiosResponse, side: ContractSide): Loose {
		expect({ status: res.status, problems: shapeProblems(res.data, side.body, side) }).toEqual({
			status: side.status,
			problems: [],
		});
		return res.data;
	}

	/** The fixture's request with the fixture's ids replaced by real ones. */
	function filled(name: ContractName, values: Record<string, string>): Loose {
		let text = JSON.stringify(loadContract(name).request.body);
		for (const [from, to] of Object.entries(values)) text = text.split(from).join(to);
		return JSON.parse(text);
	}

	it.each([
		'return.approve',
		'return.reject',
		'return.pickup',
		'return.pickupAttempt',
		'return.complete',
		'return.cancel',
		'service.attempt',
		'service.complete',
	] as ContractName[])(
		'%s: the official example is answered per item in the official shape',
		async (name) => {
			const contract = loadContract(name);
			const res = await post(contract.request.path!, contract.request.body);
			// The example names a return or service this seller does not have: refused in the official failure form.
			conforms(res, contract.failure!);
			expect(JSON.stringify(res.data)).toContain('FAILURE');
		},
	);

	it("a customer return's whole life, each call in the official shape, with the pushes that follow", async () => {
		const { returnId, service } = await created();
		expect(current(returnId).services).toEqual([
			{ serviceFulfilmentId: service, serviceType: 'TECH_VISIT', status: 'PENDING' },
		]);
		const ids = { R00000000001: returnId, SF000000000001: String(service) };
		const steps: Array<[ContractName, Record<string, string>]> = [
			['return.approve', { '2025-03-05T10:00:00+05:30': at(-2) }],
			[
				'return.pickupAttempt',
				{ '2025-03-05T10:00:00+05:30': at(-1), '2025-03-07T10:00:00+05:30': at(20) },
			],
			['return.pickup', { '2025-03-05T10:00:00+05:30': at(-1) }],
			['return.complete', {}],
		];
		for (const [name, dates] of steps) {
			const contract = loadContract(name);
			const res = await post(contract.request.path!, filled(name, { ...ids, ...dates }));
			expect(conforms(res, contract.response).returns[0]).toMatchObject({
				returnId,
				processingStatus: 'SUCCESS',
			});
		}
		const after = current(returnId);
		expect(after.status).toBe('RETURN_COMPLETED');
		expect(after.approvedOn).not.toBeNull();
		expect(after.services[0].status).toBe('COMPLETED');
		expect(await pushes(4)).toEqual([
			['return_created', returnId],
			['return_expected_date_changed', returnId],
			['return_picked_up', returnId],
			['return_completed', returnId],
		]);
	});

	it('a pickup attempt moves the due date to the new pickup date', async () => {
		const { returnId, service } = await created();
		await post('/sellers/v2/returns/approve', {
			returns: [{ returnId, serviceFulfilmentId: service, comments: 'ok' }],
			locationId: LOC,
		});
		const newPickupDate = at(48);
		const res = await post('/sellers/v2/returns/pickupAttempt', {
			returns: [{ returnId, pickupDate: at(-1), newPickupDate, reason: 'Buyer away' }],
			locationId: LOC,
		});
		expect(res.data.returns[0].processingStatus).toBe('SUCCESS');
		expect(Date.parse(current(returnId).expectedDate)).toBe(Date.parse(newPickupDate));
	});

	it('a courier return is cancelled (return_cancelled pushed); a reject leaves RETURN_REJECTED and pushes nothing', async () => {
		const courier = await created('courier_return');
		const customer = await created();
		await pushes(2);
		receiver.received.length = 0;
		const cancel = await post('/sellers/v2/returns/cancel', {
			returnIds: [courier.returnId],
			locationId: LOC,
		});
		expect(cancel.data.returns[0].processingStatus).toBe('SUCCESS');
		const reject = await post('/sellers/v2/returns/reject', {
			returns: [
				{
					returnId: customer.returnId,
					serviceFulfilmentId: customer.service,
					serviceDate: at(-1),
					comments: 'Works',
				},
			],
			locationId: LOC,
		});
		expect(reject.data.returns[0].processingStatus).toBe('SUCCESS');
		await h.sim.control.flushNotifications();
		expect(await pushes(1)).toEqual([['return_cancelled', courier.returnId]]);
		expect(current(customer.returnId).status).toBe('RETURN_REJECTED');
	});

	it.each([
		[
			'complete before pickup',
			'/sellers/v2/returns/complete',
			(id: string) => ({ returnIds: [id], locationId: LOC }),
			'INVALID_RETURN_STATE',
		],
		[
			'another location',
			'/sellers/v2/returns/complete',
			(id: string) => ({ returnIds: [id], locationId: 'LOC-DEMO-2' }),
			'INVALID_LOCATION_ID',
		],
		[
			'approve without comments',
			'/sellers/v2/returns/approve',
			(id: string, service: string) => ({
				returns: [{ returnId: id, serviceFulfilmentId: service }],
				locationId: LOC,
			}),
			'UNPROCESSABLE_ENTITY',
		],
		[
			'reject without a service date',
			'/sellers/v2/returns/reject',
			(id: string, service: string) => ({
				returns: [{ returnId: id, serviceFulfilmentId: service, comments: 'x' }],
				locationId: LOC,
			}),
			'UNPROCESSABLE_ENTITY',
		],
		[
			'approve naming another service',
			'/sellers/v2/returns/approve',
			(id: string) => ({
				returns: [{ returnId: id, serviceFulfilmentId: 'SF-OTHER', comments: 'x' }],
				locationId: LOC,
			}),
			'INVALID_SERVICE_FULFILMENT_ID',
		],
		[
			'pickup before approval',
			'/sellers/v2/returns/pickup',
			(id: string) => ({
				returns: [{ returnId: id, pickupDate: '2020-01-01T10:00:00+05:30' }],
				locationId: LOC,
			}),
			'INVALID_RETURN_STATE',
		],
	])('refuses %s with its code, under HTTP 200', async (_name, path, body, code) => {
		const { returnId, service } = await created();
		const res = await post(path, body(returnId, String(service)));
		expect(res.status).toBe(200);
		expect(res.data.returns[0]).toMatchObject({
			returnId,
			processingStatus: 'FAILURE',
			errorCode: code,
		});
		expect(current(returnId).status).toBe('RETURN_CREATED');
	});

	it('refuses a return the marketplace handles (not self-ship), and more than 100 returns as a whole (422)', async () => {
		const [seeded] = h.sim.control.seedReturns({ count: 1, locationId: LOC }).returnIds;
		const res = await post('/sellers/v2/returns/cancel', { returnIds: [seeded], locationId: LOC });
		expect(res.data.returns[0]).toMatchObject({
			processingStatus: 'FAILURE',
			errorCode: 'INVALID_RETURNS',
		});
		const many = Array.from({ length: 101 }, (_, i) => `R${i}`);
		expect(
			(await post('/sellers/v2/returns/cancel', { returnIds: many, locationId: LOC })).status,
		).toBe(422);
		expect(
			(await post('/sellers/v2/returns/cancel', { returnIds: many.slice(0, 100), locationId: LOC }))
				.status,
		).toBe(200);
	});

	it('services: start after delivery, attempts move the due date, completion is final; the answer says status', async () => {
		const [approved] = h.sim.control.seedShipments({
			count: 1,
			locationId: LOC,
			state: 'APPROVED',
			shipmentType: 'SELF',
		}).shipmentIds;
		const [delivered] = h.sim.control.seedShipments({
			count: 1,
			locationId: LOC,
			state: 'DELIVERED',
			shipmentType: 'SELF',
		}).shipmentIds;
		const early = String(h.sim.control.createService({ shipmentId: approved }).serviceFulfilmentId);
		const due = String(
			h.sim.control.createService({ shipmentId: delivered, serviceType: 'ASSEMBLY' })
				.serviceFulfilmentId,
		);
		const attempt = await post('/sellers/v2/services/attempt', {
			services: [
				{
					serviceFulfilmentId: early,
					deliveryDate: at(-1),
					newDeliveryDate: at(24),
					reason: 'r',
					subReason: 's',
				},
				{
					serviceFulfilmentId: due,
					deliveryDate: at(-1),
					newDeliveryDate: at(24),
					reason: 'r',
					subReason: 's',
				},
				{ serviceFulfilmentId: due, deliveryDate: at(-1), newDeliveryDate: at(24), reason: 'r' },
			],
		});
		expect(attempt.data.services.map((s: Loose) => [s.status, s.failureReason])).toEqual([
			[
				'FAILURE',
				`INVALID_SERVICE_STATE: service ${early} starts after delivery; its shipment is APPROVED`,
			],
			['SUCCESS', null],
			['FAILURE', 'UNPROCESSABLE_ENTITY: subReason is mandatory'],
		]);
		expect(Date.parse(String(h.sim.control.getService(due).due))).toBe(Date.parse(at(24)));
		const complete = () =>
			post('/sellers/v2/services/complete', {
				services: [{ serviceFulfilmentId: due, deliveryDate: at(-1) }],
			});
		expect((await complete()).data.services[0].status).toBe('SUCCESS');
		expect((await complete()).data.services[0]).toMatchObject({
			status: 'FAILURE',
			failureReason: `INVALID_SERVICE_STATE: service ${due} is already completed`,
		});
	});
});
