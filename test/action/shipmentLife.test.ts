/**
 * The order life after Ready to Dispatch (issue 27): handover counts, manifest, self-ship dispatch,
 * delivery, delivery attempts, tracking updates and the returns OTC, run in n8n-core's engine
 * against the simulator. Self-ship calls take 100 shipments per request, answer per shipment with
 * processingStatus, and bad input is refused before anything is sent, with the field named.
 */
import {
	apiCalls,
	callsOf,
	failed,
	ids,
	LOC_1,
	ok,
	pairedIndexes,
	runAction,
	SELF,
	seedInState,
	stateOf,
	useSimulator,
	type Loose,
} from './helpers';
import { dispatchInputs, ist, selfShipDispatch } from './shipmentLifeInputs';

const DISPATCH = 'POST /sellers/v3/shipments/selfShip/dispatch';
const DELIVERY = 'POST /sellers/v3/shipments/selfShip/delivery';
const ATTEMPT = 'POST /sellers/v3/shipments/selfShip/deliveryAttempt';
const COUNTS = 'GET /sellers/v3/shipments/handover/counts';
const MANIFEST = 'POST /sellers/v3/shipments/manifest';
const DAY = 86_400_000;

const seedSelf = (env: ReturnType<typeof useSimulator>, count: number, state = 'APPROVED') =>
	env.sim.control.seedShipments({
		count,
		locationId: LOC_1,
		state: state as never,
		shipmentType: 'SELF',
		itemCount: 1,
		packageCount: 1,
	}).shipmentIds;

describe('Shipment > Self-Ship Dispatch', () => {
	const env = useSimulator();

	it('sends 101 shipments as 100 + 1 in the documented body; one item per shipment, paired, SHIPPED', async () => {
		const shipments = seedSelf(env, 101);
		const inputs = dispatchInputs(env.sim, shipments);
		inputs[0].serials = 'IMEI-1, IMEI-2';
		const items = ok(await runAction(env.store, SELF, selfShipDispatch, inputs));

		const calls = callsOf(env.sim, DISPATCH);
		expect(calls.map((call) => (call.body as Loose).shipments.length)).toEqual([100, 1]);
		expect(apiCalls(env.sim)).toHaveLength(2);
		const first = (calls[0].body as Loose).shipments[0];
		expect(first).toEqual({
			shipmentId: shipments[0],
			locationId: LOC_1,
			dispatchDate: inputs[0].dispatchDate,
			tentativeDeliveryDate: inputs[0].tentativeDeliveryDate,
			invoice: {
				invoiceNumber: `INV-${shipments[0].slice(0, 6)}`,
				invoiceDate: inputs[0].invoiceDate,
				items: [
					{
						orderItemId: inputs[0].orderItemId,
						quantity: inputs[0].quantity,
						serialNumbers: [['IMEI-1'], ['IMEI-2']],
					},
				],
			},
			trackingId: `AWB${shipments[0].slice(0, 8)}`,
			deliveryPartner: 'SwiftShip Couriers',
			deliveryPartnerCode: 'SWS',
		});
		expect(ids(items)).toEqual(shipments);
		expect(pairedIndexes(items)).toEqual(shipments.map((_, index) => index));
		// The marketplace's per-item status (processingStatus) is read and said as status.
		expect(items[0].json).toMatchObject({ shipmentId: shipments[0], status: 'SUCCESS' });
		expect(shipments.every((id) => stateOf(env.sim, id) === 'SHIPPED')).toBe(true);
	});

	it.each([
		[
			'missing invoice',
			{ invoiceDate: '', orderItemId: '' },
			'Self-ship dispatch: required fields are empty: Invoice Date, Invoice Items',
		],
		[
			'dispatch date tomorrow',
			{ dispatchDate: ist(Date.now() + DAY) },
			/Dispatch Date \S+ is after today/,
		],
		[
			'tentative delivery yesterday',
			{ tentativeDeliveryDate: ist(Date.now() - DAY) },
			/Tentative Delivery Date \S+ is before today/,
		],
		[
			'a missing tracking-free date',
			{ dispatchDate: '' },
			/required field is empty: Dispatch Date$/,
		],
		['a dot segment as shipment ID', { shipmentId: '..' }, 'Shipment ID ".." is not valid'],
	])('refuses %s before anything is sent, naming the field', async (_name, change, message) => {
		const [id] = seedSelf(env, 1);
		const input = { ...dispatchInputs(env.sim, [id])[0], ...change };
		const error = failed(await runAction(env.store, SELF, selfShipDispatch, [input]));
		expect(error.message).toMatch(message);
		expect(error.description).toMatch(/Nothing was sent/);
		expect(apiCalls(env.sim)).toEqual([]);
		expect(stateOf(env.sim, id)).toBe('APPROVED');
	});

	it('under Continue On Fail a refused shipment becomes its own error item and the others are dispatched', async () => {
		const shipments = seedSelf(env, 3);
		env.sim.control.injectShipmentFailure({
			shipmentIds: [shipments[1]],
			errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
			errorMessage: 'try later',
		} as never);
		const inputs = dispatchInputs(env.sim, shipments);
		inputs[2].dispatchDate = ist(Date.now() + 2 * DAY);
		const items = ok(await runAction(env.store, SELF, selfShipDispatch, inputs, true));
		expect(callsOf(env.sim, DISPATCH)).toHaveLength(1);
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
		expect(items[0].json).toMatchObject({ shipmentId: shipments[0], status: 'SUCCESS' });
		expect(items[1].json).toMatchObject({
			shipmentId: shipments[1],
			errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
			error: `Self-ship dispatch failed for shipment ${shipments[1]}: DEPENDENT_SYSTEM_CALL_FAILED (try later)`,
		});
		expect(String(items[2].json.error)).toMatch(/Dispatch Date \S+ is after today/);
		expect(stateOf(env.sim, shipments[0])).toBe('SHIPPED');
		expect(stateOf(env.sim, shipments[2])).toBe('APPROVED');
	});

	it("a shipment that is not self-ship fails with the marketplace's code and stops the node, naming what was done", async () => {
		const [self] = seedSelf(env, 1);
		const [normal] = seedInState(env.sim, 1, 'APPROVED');
		const inputs = dispatchInputs(env.sim, [self, normal]);
		const error = failed(await runAction(env.store, SELF, selfShipDispatch, inputs));
		expect(error.message).toBe(
			`Self-ship dispatch failed for shipment ${normal}: OPERATION_NOT_ALLOWED (Shipment ${normal} is not a self-ship shipment)`,
		);
		expect(error.description).toContain(
			`already done this for 1 shipment in the requests sent (not undone): ${self}`,
		);
	});
});

describe('Shipment > Mark Delivered, Record Delivery Attempt, Update Tracking', () => {
	const env = useSimulator();

	const shipped = async (count: number) => {
		const shipments = seedSelf(env, count);
		ok(await runAction(env.store, SELF, selfShipDispatch, dispatchInputs(env.sim, shipments)));
		env.sim.control.clearCalls();
		return shipments;
	};

	it('Record Delivery Attempt sends failureAttributes per shipment and moves the delivery due date', async () => {
		const [id] = await shipped(1);
		const next = Date.now() + 2 * DAY;
		const attempted = ist(Date.now());
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'recordDeliveryAttempt',
				shipmentId: { __rl: true, mode: 'id', value: id },
				locationId: { __rl: true, mode: 'id', value: LOC_1 },
				attemptDate: attempted,
				reason: 'Customer unavailable',
				subReason: 'Door locked',
				newDeliveryDate: ist(next),
			}),
		);
		expect(items.map((item) => item.json.status)).toEqual(['SUCCESS']);
		expect(callsOf(env.sim, ATTEMPT)[0].body).toEqual({
			shipments: [
				{
					shipmentId: id,
					locationId: LOC_1,
					deliveryDate: attempted,
					failureAttributes: {
						reason: 'Customer unavailable',
						subReason: 'Door locked',
						newDeliveryDate: ist(next),
					},
				},
			],
		});
		const record = env.sim.control.getSelfShip(id).record as Loose;
		expect(Date.parse(record.tentativeDeliveryDate)).toBe(Math.floor(next / 1000) * 1000);
		expect(stateOf(env.sim, id)).toBe('SHIPPED');
	});

	it('Record Delivery Attempt without a reason or new date names both and sends nothing', async () => {
		const [id] = await shipped(1);
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'recordDeliveryAttempt',
				shipmentId: { __rl: true, mode: 'id', value: id },
				locationId: { __rl: true, mode: 'id', value: LOC_1 },
				attemptDate: ist(Date.now()),
				// Expressions that come out empty: the editor's required check cannot see them.
				reason: '={{ "" }}',
				newDeliveryDate: '={{ "" }}',
			}),
		);
		expect(error.message).toBe(
			'Record delivery attempt: required fields are empty: Reason, New Delivery Date',
		);
		expect(apiCalls(env.sim)).toEqual([]);
	});

	it('Mark Delivered sends the delivery date as yyyy-MM-dd (the profile switch) and the shipment is DELIVERED', async () => {
		const shipments = await shipped(2);
		const today = ist(Date.now());
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'markDelivered',
					shipmentId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					locationId: { __rl: true, mode: 'id', value: LOC_1 },
					deliveryDate: today,
				},
				shipments.map((id) => ({ id })),
			),
		);
		expect(callsOf(env.sim, DELIVERY).map((call) => call.body)).toEqual([
			{
				shipments: shipments.map((shipmentId) => ({
					shipmentId,
					locationId: LOC_1,
					deliveryDate: today.slice(0, 10),
				})),
			},
		]);
		expect(ids(items)).toEqual(shipments);
		expect(shipments.map((id) => stateOf(env.sim, id))).toEqual(['DELIVERED', 'DELIVERED']);
	});

	it('Update Tracking posts one shipment with the snake_case body to /{shipmentId}/update', async () => {
		const [id] = await shipped(1);
		const tentative = ist(Date.now() + DAY);
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'updateTracking',
				shipmentId: { __rl: true, mode: 'id', value: id },
				trackingId: 'AWB-NEW-1',
				options: {
					deliveryPartner: 'BlueLine Express',
					tentativeDeliveryDate: tentative,
				},
			}),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			`POST /sellers/v3/shipments/${id}/update`,
		]);
		expect(calls[0].body).toEqual({
			shipment_id: id,
			tracking_id: 'AWB-NEW-1',
			delivery_partner: 'BlueLine Express',
			tentative_delivery_date: tentative,
		});
		expect(items[0].json).toEqual({ shipmentId: id, trackingId: 'AWB-NEW-1', status: 'SUCCESS' });
		expect((env.sim.control.getSelfShip(id).record as Loose).trackingId).toBe('AWB-NEW-1');
	});
});

describe('Shipment > Get Handover Counts and Download Manifest', () => {
	const env = useSimulator();

	/** The non-self-ship READY_TO_DISPATCH shipments of LOC_1 with their courier (control interface). */
	const awaitingPickup = () =>
		env.sim.control
			.listShipments({ locationId: LOC_1, state: 'READY_TO_DISPATCH' })
			.shipments.filter((summary: Loose) => summary.shipmentType !== 'SELF')
			.map((summary: Loose) => ({
				id: summary.shipmentId as string,
				// A vendor group is one courier, multi-package shipments apart.
				vendor: `${String(summary.subShipments[0].vendorName)}${summary.mps ? ' MPS' : ''}`,
			}));

	const counts = {
		resource: 'shipment',
		operation: 'getHandoverCounts',
		locationId: { __rl: true, mode: 'id', value: LOC_1 },
	};

	it.each(['array', 'wrapper', 'afterBefore'])(
		'reads the %s form: per vendor group the count, the slot and "OTC not generated yet" until it is',
		async (form) => {
			seedInState(env.sim, 6, 'READY_TO_DISPATCH');
			const ready = awaitingPickup();
			env.sim.control.setHandoverForm({ form });
			const before = ok(await runAction(env.store, SELF, counts));
			expect(before.reduce((sum, item) => sum + Number(item.json.count), 0)).toBe(ready.length);
			for (const item of before) {
				expect(item.json).toMatchObject({
					locationId: LOC_1,
					otc: null,
					otcStatus: 'OTC_UNAVAILABLE',
					otcNote: 'OTC not generated yet, run again later',
					isMps: expect.any(Boolean),
					pickupSlot: {
						from: expect.stringMatching(/T15:00:00\+05:30$/),
						to: expect.stringMatching(/T17:00:00\+05:30$/),
					},
				});
			}
			expect(callsOf(env.sim, COUNTS)[0].query).toEqual({ locationId: LOC_1 });
			const { otcs } = env.sim.control.generateHandoverOtcs({ locationId: LOC_1 });
			const after = ok(await runAction(env.store, SELF, counts));
			expect(after.map((item) => [item.json.vendorGroupCode, item.json.otc])).toEqual(
				otcs.map((otc) => [otc.vendorGroupCode, otc.code]),
			);
			expect(after[0].json.otcNote).toBeUndefined();
		},
	);

	it('Download Manifest looks the group up and returns a PDF listing exactly its shipments', async () => {
		seedInState(env.sim, 8, 'READY_TO_DISPATCH');
		const ready = awaitingPickup();
		const [group] = ok(await runAction(env.store, SELF, counts));
		env.sim.control.clearCalls();
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'downloadManifest',
					locationId: { __rl: true, mode: 'id', value: LOC_1 },
					vendorGroupCode: '={{ $json.vendorGroupCode }}',
				},
				[group.json],
			),
		);
		expect(apiCalls(env.sim).map((call) => `${call.method} ${call.path}`)).toEqual([
			COUNTS,
			MANIFEST,
		]);
		expect(callsOf(env.sim, MANIFEST)[0].body).toEqual({
			params: {
				vendorGroupCode: group.json.vendorGroupCode,
				locationId: LOC_1,
				is_mps: false,
				pickupDate: group.json.pickupSlot,
			},
		});
		const binary = items[0].binary?.data;
		expect(binary?.mimeType).toBe('application/pdf');
		const text = Buffer.from(binary!.data, 'base64').toString('latin1');
		const listed = [...text.matchAll(/Shipment: ([\w-]+)/g)].map((match) => match[1]);
		// Exactly the shipments of one courier: every one of them, and no other.
		const vendor = ready.find((entry) => entry.id === listed[0])?.vendor;
		expect(listed.sort()).toEqual(
			ready
				.filter((entry) => entry.vendor === vendor)
				.map((entry) => entry.id)
				.sort(),
		);
		expect(listed).toHaveLength(Number(group.json.count));
		expect(pairedIndexes(items)).toEqual([0]);
	});

	it('an unknown vendor group is refused after the counts, before any manifest is asked for', async () => {
		seedInState(env.sim, 2, 'READY_TO_DISPATCH');
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'downloadManifest',
				locationId: { __rl: true, mode: 'id', value: LOC_1 },
				vendorGroupCode: 'NO_SUCH_GROUP',
			}),
		);
		expect(error.message).toBe(
			`Vendor group "NO_SUCH_GROUP" has no shipments awaiting pickup at ${LOC_1}`,
		);
		expect(error.description).toMatch(/No manifest was asked for/);
		expect(callsOf(env.sim, MANIFEST)).toEqual([]);
	});

	it('MPS without a pickup slot is refused before anything is sent', async () => {
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'downloadManifest',
				locationId: { __rl: true, mode: 'id', value: LOC_1 },
				vendorGroupCode: 'SWIFTSHIP_COURIERS_MPS',
				groupDetails: 'fields',
				isMps: true,
			}),
		);
		expect(error.message).toMatch(/multi-package \(MPS\) manifest needs its pickup slot/);
		expect(apiCalls(env.sim)).toEqual([]);
	});

	it('Get Returns OTC asks with requestType RETURN and outputs one item per code', async () => {
		const returnsOtc = {
			resource: 'shipment',
			operation: 'getReturnsOtc',
			locationId: { __rl: true, mode: 'id', value: LOC_1 },
		};
		const none = ok(await runAction(env.store, SELF, returnsOtc));
		expect(none.map((item) => item.json)).toEqual([
			{
				locationId: LOC_1,
				status: 'OTC_UNAVAILABLE',
				requestType: 'RETURN',
				code: null,
				note: 'No return OTC generated yet, run again later',
			},
		]);
		const { otc } = env.sim.control.generateReturnOtc({ locationId: LOC_1 });
		const one = ok(await runAction(env.store, SELF, returnsOtc));
		expect(one.map((item) => item.json)).toEqual([
			{ locationId: LOC_1, status: 'AVAILABLE', requestType: 'RETURN', ...otc },
		]);
		expect(
			callsOf(env.sim, `GET /sellers/v3/shipments/otc/{locationIds}`).map((call) => call.query),
		).toEqual([{ requestType: 'RETURN' }, { requestType: 'RETURN' }]);
	});
});
