/**
 * Shipment > Mark Ready to Dispatch, Cancel and Update Form Acknowledgement: 25 shipments per
 * request, the documented bodies, per-shipment results (status or processingStatus) and failed
 * shipments as errors of their own items.
 */
import {
	accessToken,
	apiCalls,
	expectBearer,
	failed,
	ids,
	LOC_1,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	seedApproved,
	seedInState,
	SELF,
	stateOf,
	useSimulator,
	wireShipment,
	type Loose,
} from './helpers';

const dispatch = {
	resource: 'shipment',
	operation: 'dispatch',
	shipmentIds: '={{ $json.id }}',
	locationId: '={{ $json.locationId }}',
};
const cancel = {
	resource: 'shipment',
	operation: 'cancel',
	shipmentId: '={{ $json.shipmentId }}',
	locationId: '={{ $json.locationId }}',
	cancellationGroupIds: '={{ $json.orderItems.map(i => i.cancellationGroupId).join(",") }}',
	reason: 'not_enough_inventory',
};
const updateFormAck = {
	resource: 'shipment',
	operation: 'updateFormAck',
	shipmentId: '={{ $json.id }}',
	forms: { form: [{ name: 'EWAY_BILL', ackNumber: '={{ "ACK-" + $json.n }}' }] },
};

describe('Shipment > Mark Ready to Dispatch', () => {
	const env = useSimulator();

	it('POSTs {shipmentIds, locationId} to /sellers/v3/shipments/dispatch, 25 per request (60 = 3)', async () => {
		const packed = seedInState(env.sim, 60, 'PACKED');
		const items = ok(
			await runAction(
				env.store,
				SELF,
				dispatch,
				packed.map((id) => ({ id, locationId: LOC_1 })),
			),
		);

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
			new Array(3).fill('POST /sellers/v3/shipments/dispatch'),
		);
		expect(calls.map((call) => call.body)).toEqual([
			{ shipmentIds: packed.slice(0, 25), locationId: LOC_1 },
			{ shipmentIds: packed.slice(25, 50), locationId: LOC_1 },
			{ shipmentIds: packed.slice(50), locationId: LOC_1 },
		]);
		expectBearer(calls, accessToken(env.store));
		expect(ids(items)).toEqual(packed);
		expect(pairedIndexes(items)).toEqual(packed.map((_, index) => index));
		expect(items[0].json).toEqual({
			shipmentId: packed[0],
			status: 'SUCCESS',
			errorCode: null,
			errorMessage: null,
		});
		expect(packed.every((id) => stateOf(env.sim, id) === 'READY_TO_DISPATCH')).toBe(true);
	});

	it('groups shipments by location (one location per request) and keeps the output in input order', async () => {
		const one = seedInState(env.sim, 2, 'PACKED', LOC_1);
		const two = seedInState(env.sim, 1, 'PACKED', LOC_2);
		const input = [
			{ id: one[0], locationId: LOC_1 },
			{ id: two[0], locationId: LOC_2 },
			{ id: one[1], locationId: LOC_1 },
		];
		const items = ok(await runAction(env.store, SELF, dispatch, input));
		expect(apiCalls(env.sim).map((call) => call.body)).toEqual([
			{ shipmentIds: [one[0], one[1]], locationId: LOC_1 },
			{ shipmentIds: [two[0]], locationId: LOC_2 },
		]);
		expect(ids(items)).toEqual([one[0], two[0], one[1]]);
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
	});

	it.each(['status', 'processingStatus'] as const)(
		'a shipment that is not packed fails on its own (%s)',
		async (field) => {
			env.sim.control.setConfig({ perItemStatusField: field });
			const packed = seedInState(env.sim, 2, 'PACKED');
			const [approved] = seedApproved(env.sim, 1);
			const input = [packed[0], approved, packed[1]].map((id) => ({ id, locationId: LOC_1 }));

			const items = ok(await runAction(env.store, SELF, dispatch, input, true));
			expect(apiCalls(env.sim)).toHaveLength(1);
			expect(items.map((item) => item.json.error === undefined)).toEqual([true, false, true]);
			expect(items[1].json).toMatchObject({
				shipmentId: approved,
				errorCode: 'INVALID_SHIPMENT_STATE',
			});
			expect(String(items[1].json.error)).toBe(
				`Mark ready to dispatch failed for shipment ${approved}: INVALID_SHIPMENT_STATE (Only PACKED shipments can be marked ready to dispatch; ${approved} is APPROVED)`,
			);
			expect(pairedIndexes(items)).toEqual([0, 1, 2]);

			env.sim.control.reset();
			const again = seedInState(env.sim, 1, 'PACKED');
			const [stillApproved] = seedApproved(env.sim, 1);
			const error = failed(
				await runAction(
					env.store,
					SELF,
					dispatch,
					[again[0], stillApproved].map((id) => ({ id, locationId: LOC_1 })),
				),
			);
			expect(error.message).toMatch(
				new RegExp(
					`^Mark ready to dispatch failed for shipment ${stillApproved}: INVALID_SHIPMENT_STATE`,
				),
			);
			expect(error.context?.itemIndex).toBe(1);
		},
	);

	it('a missing location is refused before any request', async () => {
		const error = failed(
			await runAction(env.store, SELF, dispatch, [{ id: 'x', locationId: ' ' }]),
		);
		expect(error.message).toBe('Location ID is empty');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Shipment > Cancel', () => {
	const env = useSimulator();

	it('POSTs {shipments: [{shipmentId, locationId, cancellationGroupIds, reason}]}, 25 per request (30 = 2)', async () => {
		const approved = seedApproved(env.sim, 30);
		const input = approved.map((id) => wireShipment(env.sim, id));
		const items = ok(await runAction(env.store, SELF, cancel, input));

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
			new Array(2).fill('POST /sellers/v3/shipments/cancel'),
		);
		const sent = calls.flatMap((call) => (call.body as Loose).shipments);
		expect((calls[0].body as Loose).shipments).toHaveLength(25);
		expect(sent[0]).toEqual({
			shipmentId: approved[0],
			locationId: LOC_1,
			cancellationGroupIds: [input[0].orderItems[0].cancellationGroupId],
			reason: 'not_enough_inventory',
		});
		expect(sent.map((entry: Loose) => entry.shipmentId)).toEqual(approved);
		expectBearer(calls, accessToken(env.store));
		expect(ids(items)).toEqual(approved);
		expect(pairedIndexes(items)).toEqual(approved.map((_, index) => index));
		expect(items.every((item) => item.json.status === 'SUCCESS')).toBe(true);
		expect(stateOf(env.sim, approved[0])).toBe('CANCELLED');
	});

	it('a packed shipment cannot be cancelled: an error item for it alone', async () => {
		const [approved] = seedApproved(env.sim, 1);
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		const items = ok(
			await runAction(
				env.store,
				SELF,
				cancel,
				[approved, packed].map((id) => wireShipment(env.sim, id)),
				true,
			),
		);
		expect(items[0].json.status).toBe('SUCCESS');
		expect(items[1].json).toMatchObject({
			shipmentId: packed,
			errorCode: expect.any(String),
			error: expect.stringContaining(`Cancel shipment failed for shipment ${packed}`),
		});
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it('refuses an empty reason, or no cancellation group, before any request', async () => {
		const [approved] = seedApproved(env.sim, 1);
		const input = [wireShipment(env.sim, approved)];
		const reason = failed(
			await runAction(env.store, SELF, { ...cancel, reason: '={{ " " }}' }, input),
		);
		expect(reason.message).toBe('Reason is empty');
		const groups = failed(
			await runAction(env.store, SELF, { ...cancel, cancellationGroupIds: ' ' }, input),
		);
		expect(groups.message).toBe(`Shipment ${approved}: no cancellation group ID given`);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('shows the EMPTY_OR_INVALID_REASON_FOR_CANCELLATION code the marketplace reports per shipment', async () => {
		const [approved] = seedApproved(env.sim, 1);
		env.sim.control.injectShipmentFailure({
			shipmentIds: [approved],
			operation: 'cancel',
			errorCode: 'EMPTY_OR_INVALID_REASON_FOR_CANCELLATION',
			errorMessage: 'Invalid reason',
		});
		const error = failed(
			await runAction(env.store, SELF, cancel, [wireShipment(env.sim, approved)]),
		);
		expect(error.message).toBe(
			`Cancel shipment failed for shipment ${approved}: EMPTY_OR_INVALID_REASON_FOR_CANCELLATION (Invalid reason)`,
		);
		expect(error.description).toMatch(/cannot_procure_item, not_enough_inventory, b2b_order/);
	});
});

describe('Shipment > Update Form Acknowledgement', () => {
	const env = useSimulator();

	it('POSTs {shipments: [{shipmentId, forms: [{name, ackNumber}]}]} to /sellers/v3/shipments/forms/updateAck, 25 per request', async () => {
		const stuck = seedInState(env.sim, 30, 'FORM_FAILED');
		const items = ok(
			await runAction(
				env.store,
				SELF,
				updateFormAck,
				stuck.map((id, n) => ({ id, n })),
			),
		);

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
			new Array(2).fill('POST /sellers/v3/shipments/forms/updateAck'),
		);
		expect((calls[0].body as Loose).shipments).toHaveLength(25);
		expect((calls[1].body as Loose).shipments[4]).toEqual({
			shipmentId: stuck[29],
			forms: [{ name: 'EWAY_BILL', ackNumber: 'ACK-29' }],
		});
		expectBearer(calls, accessToken(env.store));
		expect(ids(items)).toEqual(stuck);
		expect(pairedIndexes(items)).toEqual(stuck.map((_, index) => index));
		expect(items.every((item) => item.json.status === 'SUCCESS')).toBe(true);
		expect(stateOf(env.sim, stuck[0])).toBe('PACKED');
	});

	it.each(['status', 'processingStatus'] as const)(
		'a shipment not stuck on forms fails alone (%s)',
		async (field) => {
			env.sim.control.setConfig({ perItemStatusField: field });
			const [stuck] = seedInState(env.sim, 1, 'FORM_FAILED');
			const [fine] = seedInState(env.sim, 1, 'PACKED');
			const items = ok(
				await runAction(
					env.store,
					SELF,
					updateFormAck,
					[
						{ id: fine, n: 1 },
						{ id: stuck, n: 2 },
					],
					true,
				),
			);
			expect(items[0].json).toMatchObject({
				shipmentId: fine,
				errorCode: 'INVALID_SHIPMENT_STATE',
			});
			expect(items[1].json).toMatchObject({ shipmentId: stuck, status: 'SUCCESS' });
			expect(pairedIndexes(items)).toEqual([0, 1]);
		},
	);

	it('refuses a form without acknowledgement number before any request', async () => {
		const error = failed(
			await runAction(
				env.store,
				SELF,
				{ ...updateFormAck, forms: { form: [{ name: 'EWAY_BILL', ackNumber: '' }] } },
				[{ id: 'S1', n: 1 }],
			),
		);
		expect(error.message).toBe(
			'Shipment S1: every form needs a name and an acknowledgement number',
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});
