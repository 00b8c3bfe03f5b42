/**
 * Return actions and service updates (issue 27, points 2 to 4) through n8n-core's engine against
 * the simulator: one output item per return or service, paired with its input item, with the
 * marketplace's per-item status; a refused return fails the node, or under Continue On Fail
 * becomes its own error item; 100 per request; bad input refused before anything is sent.
 */
import {
	apiCalls,
	callsOf,
	failed,
	LOC_1,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	seedInState,
	SELF,
	useSimulator,
	type Loose,
} from './helpers';
import { selfShipReturn, simDate, wireReturn } from './returnHelpers';

const APPROVE = 'POST /sellers/v2/returns/approve';
const SEARCH = 'GET /sellers/v2/returns';

const action = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'return',
	operation,
	returnIds: '={{ $json.id }}',
	locationId: LOC_1,
	...extra,
});

describe('Return actions', () => {
	const env = useSimulator();

	it('Approve: one item per return, paired, with the per-return status; the tech visit is read from the return', async () => {
		const a = await selfShipReturn(env);
		const b = await selfShipReturn(env);
		const items = ok(
			await runAction(env.store, SELF, action('approve', { comments: 'Defect confirmed' }), [
				{ id: a.returnId },
				{ id: b.returnId },
			]),
		);
		expect(items.map((item) => item.json)).toEqual([
			{
				returnId: a.returnId,
				processingStatus: 'SUCCESS',
				status: 'SUCCESS',
				errorCode: null,
				errorMessage: null,
			},
			{
				returnId: b.returnId,
				processingStatus: 'SUCCESS',
				status: 'SUCCESS',
				errorCode: null,
				errorMessage: null,
			},
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
		expect(callsOf(env.sim, SEARCH)).toHaveLength(1);
		const [approve] = callsOf(env.sim, APPROVE);
		expect(approve.body).toEqual({
			returns: [
				{
					returnId: a.returnId,
					serviceFulfilmentId: a.serviceFulfilmentId,
					comments: 'Defect confirmed',
				},
				{
					returnId: b.returnId,
					serviceFulfilmentId: b.serviceFulfilmentId,
					comments: 'Defect confirmed',
				},
			],
			locationId: LOC_1,
		});
		expect(wireReturn(env, a.returnId).approvedOn).not.toBeNull();
	});

	it("a self-ship customer return's whole life: approve, a pickup attempt that moves the due date, pickup, complete", async () => {
		const { returnId, serviceFulfilmentId } = await selfShipReturn(env);
		const input = [{ id: returnId }];
		ok(
			await runAction(
				env.store,
				SELF,
				action('approve', {
					comments: 'Tech visit: screen broken',
					additionalFields: { serviceFulfilmentId, serviceDate: simDate(env, -2) },
				}),
				input,
			),
		);
		// Given the service ID, no lookup is needed.
		expect(callsOf(env.sim, SEARCH)).toHaveLength(0);
		// A date without an offset is sent in the workflow's time zone, with its offset.
		const attemptAt = new Date(env.sim.control.getClock().epochMs - 48 * 3_600_000)
			.toISOString()
			.slice(0, 19);
		// Read once: the simulator's clock moves on while the test runs.
		const newPickupDate = simDate(env, 30);
		const attempt = ok(
			await runAction(
				env.store,
				SELF,
				action('recordPickupAttempt', {
					pickupDate: attemptAt,
					newPickupDate,
					reason: 'Buyer not at home',
				}),
				input,
			),
		);
		expect(attempt[0].json.status).toBe('SUCCESS');
		const sent = callsOf(env.sim, 'POST /sellers/v2/returns/pickupAttempt')[0].body as Loose;
		expect(sent.returns[0].pickupDate).toMatch(new RegExp(`^${attemptAt}[+-]\\d{2}:\\d{2}$`));
		expect(Date.parse(wireReturn(env, returnId).expectedDate)).toBe(Date.parse(newPickupDate));
		ok(
			await runAction(
				env.store,
				SELF,
				action('markPickedUp', { pickupDate: simDate(env, -1) }),
				input,
			),
		);
		expect(wireReturn(env, returnId).status).toBe('RETURN_PICKED_UP');
		const done = ok(await runAction(env.store, SELF, action('complete'), input));
		expect(done.map((item) => [item.json.returnId, item.json.status])).toEqual([
			[returnId, 'SUCCESS'],
		]);
		expect(callsOf(env.sim, 'POST /sellers/v2/returns/complete')[0].body).toEqual({
			returnIds: [returnId],
			locationId: LOC_1,
		});
		expect(wireReturn(env, returnId).status).toBe('RETURN_COMPLETED');
	});

	it('Reject names the missing Service Date before anything is sent; then rejects with it', async () => {
		const { returnId } = await selfShipReturn(env);
		const error = failed(
			await runAction(
				env.store,
				SELF,
				action('reject', { comments: 'Works fine', serviceDate: '={{ "" }}' }),
				[{ id: returnId }],
			),
		);
		expect(error.message).toBe('Service Date is empty');
		expect(apiCalls(env.sim)).toHaveLength(0);
		ok(
			await runAction(
				env.store,
				SELF,
				action('reject', { comments: 'Works fine', serviceDate: simDate(env, -3) }),
				[{ id: returnId }],
			),
		);
		expect(wireReturn(env, returnId).status).toBe('RETURN_REJECTED');
	});

	it('101 returns go out as 100 + 1, one item per return, in input order', async () => {
		const returnIds: string[] = [];
		for (let i = 0; i < 101; i++)
			returnIds.push((await selfShipReturn(env, 'courier_return')).returnId);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				action('cancel'),
				returnIds.map((id) => ({ id })),
			),
		);
		expect(items.map((item) => item.json.returnId)).toEqual(returnIds);
		expect(pairedIndexes(items)).toEqual(returnIds.map((_, index) => index));
		expect(
			callsOf(env.sim, 'POST /sellers/v2/returns/cancel').map(
				(call) => (call.body as Loose).returnIds.length,
			),
		).toEqual([100, 1]);
	});

	it('returns of two locations never share a request', async () => {
		const first = (await selfShipReturn(env, 'courier_return', LOC_1)).returnId;
		const second = (await selfShipReturn(env, 'courier_return', LOC_2)).returnId;
		ok(
			await runAction(
				env.store,
				SELF,
				{ ...action('complete'), locationId: '={{ $json.location }}' },
				[
					{ id: first, location: LOC_1 },
					{ id: second, location: LOC_2 },
				],
			),
		);
		expect(callsOf(env.sim, 'POST /sellers/v2/returns/complete').map((call) => call.body)).toEqual([
			{ returnIds: [first], locationId: LOC_1 },
			{ returnIds: [second], locationId: LOC_2 },
		]);
	});

	it('a refused return fails the node naming it and its code; with Continue On Fail it is an error item and the others go on', async () => {
		const picked = await selfShipReturn(env);
		const waiting = await selfShipReturn(env);
		for (const id of [picked.returnId, waiting.returnId])
			ok(await runAction(env.store, SELF, action('approve', { comments: 'ok' }), [{ id }]));
		ok(
			await runAction(env.store, SELF, action('markPickedUp', { pickupDate: simDate(env, -1) }), [
				{ id: picked.returnId },
			]),
		);
		const input = [{ id: waiting.returnId }, { id: picked.returnId }];
		const error = failed(await runAction(env.store, SELF, action('complete'), input));
		expect(error.message).toBe(
			`Complete return failed for return ${waiting.returnId}: INVALID_RETURN_STATE (Return ${waiting.returnId} must be picked up before it is completed; it is RETURN_CREATED)`,
		);
		expect(error.description).toContain(
			`the marketplace had already done this for 1 return in the requests sent (not undone): ${picked.returnId}`,
		);
		const waitingAgain = await selfShipReturn(env, 'courier_return');
		const items = ok(
			await runAction(
				env.store,
				SELF,
				action('cancel'),
				[{ id: picked.returnId }, { id: waitingAgain.returnId }],
				true,
			),
		);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				returnId: picked.returnId,
				errorCode: 'INVALID_RETURN_STATE',
				error: `Cancel return failed for return ${picked.returnId}: INVALID_RETURN_STATE (Return ${picked.returnId} is RETURN_COMPLETED)`,
			}),
			expect.objectContaining({ returnId: waitingAgain.returnId, status: 'SUCCESS' }),
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it('a return without a tech visit is refused for itself before its approval is sent', async () => {
		const courier = await selfShipReturn(env, 'courier_return');
		const customer = await selfShipReturn(env);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				action('approve', { comments: 'ok' }),
				[{ id: courier.returnId }, { id: customer.returnId }],
				true,
			),
		);
		expect(items[0].json).toEqual(
			expect.objectContaining({
				returnId: courier.returnId,
				errorCode: 'NO_SERVICE_FULFILMENT_ID',
				error: `Approve return not sent for return ${courier.returnId}: no service fulfilment ID given and the return carries no service (the tech visit)`,
			}),
		);
		expect(items[1].json.status).toBe('SUCCESS');
		expect(
			(callsOf(env.sim, APPROVE)[0].body as Loose).returns.map((entry: Loose) => entry.returnId),
		).toEqual([customer.returnId]);
	});

	it.each([
		['a return ID ".."', { returnIds: '..' }, 'return ID ".." is not valid'],
		['a return ID "."', { returnIds: 'R1,.' }, 'return ID "." is not valid'],
		['no location', { returnIds: 'R1', locationId: '={{ "" }}' }, 'Location is empty'],
	])('refuses %s before anything is sent', async (_name, parameters, message) => {
		const error = failed(
			await runAction(env.store, SELF, { ...action('complete'), ...parameters }, [{}]),
		);
		expect(error.message).toBe(message);
		expect(apiCalls(env.sim)).toHaveLength(0);
	});

	it('Record Pickup Attempt refuses a new pickup date that is not after the attempt, naming both', async () => {
		const error = failed(
			await runAction(
				env.store,
				SELF,
				action('recordPickupAttempt', {
					pickupDate: '2025-03-05T10:00:00+05:30',
					newPickupDate: '2025-03-05T09:00:00+05:30',
					reason: 'x',
				}),
				[{ id: 'R1' }],
			),
		);
		expect(error.message).toBe(
			'New Pickup Date 2025-03-05T09:00:00+05:30 is not after the Attempt Date 2025-03-05T10:00:00+05:30',
		);
		expect(apiCalls(env.sim)).toHaveLength(0);
	});
});

describe('Service updates', () => {
	const env = useSimulator();

	const service = (operation: string, extra: Record<string, unknown>) => ({
		resource: 'service',
		operation,
		serviceFulfilmentIds: '={{ $json.id }}',
		...extra,
	});

	it('Record Attempt then Complete an installation after delivery: the answer says status, one item per service', async () => {
		const [shipmentId] = seedInState(env.sim, 1, 'DELIVERED');
		const { serviceFulfilmentId } = env.sim.control.createService({ shipmentId }) as Loose;
		const input = [{ id: serviceFulfilmentId }];
		const [attemptAt, nextAt] = [simDate(env, -2), simDate(env, 24)];
		const attempt = ok(
			await runAction(
				env.store,
				SELF,
				service('recordAttempt', {
					deliveryDate: attemptAt,
					newDeliveryDate: nextAt,
					reason: 'Customer unavailable',
					subReason: 'Door locked',
				}),
				input,
			),
		);
		expect(attempt.map((item) => item.json)).toEqual([
			{ serviceFulfilmentId, status: 'SUCCESS', failureReason: null },
		]);
		expect(callsOf(env.sim, 'POST /sellers/v2/services/attempt')[0].body).toEqual({
			services: [
				{
					serviceFulfilmentId,
					deliveryDate: attemptAt,
					newDeliveryDate: nextAt,
					reason: 'Customer unavailable',
					subReason: 'Door locked',
				},
			],
		});
		expect(env.sim.control.getService(serviceFulfilmentId).attempts).toBe(1);
		ok(
			await runAction(
				env.store,
				SELF,
				service('complete', { deliveryDate: simDate(env, -1) }),
				input,
			),
		);
		expect(env.sim.control.getService(serviceFulfilmentId).status).toBe('COMPLETED');
	});

	it("a service refused by the marketplace fails with its failureReason; under Continue On Fail it is the service's error item", async () => {
		const [delivered, approved] = [
			seedInState(env.sim, 1, 'DELIVERED')[0],
			seedInState(env.sim, 1, 'APPROVED')[0],
		];
		const early = String(
			(env.sim.control.createService({ shipmentId: approved }) as Loose).serviceFulfilmentId,
		);
		const due = String(
			(env.sim.control.createService({ shipmentId: delivered }) as Loose).serviceFulfilmentId,
		);
		const input = [{ id: early }, { id: due }];
		const parameters = service('complete', { deliveryDate: simDate(env, -1) });
		const error = failed(await runAction(env.store, SELF, parameters, input));
		expect(error.message).toBe(
			`Complete service failed for service ${early}: FAILURE (INVALID_SERVICE_STATE: service ${early} starts after delivery; its shipment is APPROVED)`,
		);
		// The request was sent whole: the due service was completed although the node stopped.
		expect(error.description).toContain(`(not undone): ${due}`);
		const next = String(
			(env.sim.control.createService({ shipmentId: delivered }) as Loose).serviceFulfilmentId,
		);
		const items = ok(
			await runAction(env.store, SELF, parameters, [{ id: early }, { id: next }], true),
		);
		expect(
			items.map((item) => [item.json.serviceFulfilmentId, item.json.status ?? item.json.error]),
		).toEqual([
			[early, error.message],
			[next, 'SUCCESS'],
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it('Record Attempt names a missing Sub-Reason before anything is sent', async () => {
		const error = failed(
			await runAction(
				env.store,
				SELF,
				service('recordAttempt', {
					deliveryDate: '2025-03-05T10:00:00+05:30',
					newDeliveryDate: '2025-03-06T10:00:00+05:30',
					reason: 'Customer unavailable',
					subReason: '={{ "" }}',
				}),
				[{ id: 'SF1' }],
			),
		);
		expect(error.message).toBe('Sub-Reason is empty');
		expect(apiCalls(env.sim)).toHaveLength(0);
	});
});
