/**
 * Shipment > Generate Labels: the request body (fields and JSON input), 25 shipments per
 * request, per-shipment results under `status` or `processingStatus`, failed shipments as errors
 * of their own items, and the Wait Until Packed option.
 */
import {
	accessToken,
	apiCalls,
	callsOf,
	expectBearer,
	failed,
	generateLabelsJson,
	ids,
	invoiceDate,
	labelInputs,
	LOC_1,
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

const LABELS = 'POST /sellers/v3/shipments/labels';
const LOOKUP = 'GET /sellers/v3/shipments';

describe('Shipment > Generate Labels', () => {
	const env = useSimulator();

	it('sends the fields of each shipment: location, invoices, tax items, sub-shipment dimensions, serial numbers', async () => {
		const [shipmentId] = seedApproved(env.sim, 1);
		const wire = wireShipment(env.sim, shipmentId);
		const item = wire.orderItems[0];
		const date = invoiceDate(env.sim);
		const input = [
			{ shipmentId, locationId: LOC_1, orderId: item.orderId, orderItemId: item.orderItemId, date },
		];
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'generateLabels',
					shipmentId: '={{ $json.shipmentId }}',
					locationId: '={{ $json.locationId }}',
					labelInput: 'fields',
					invoices: {
						invoice: [
							{
								orderId: '={{ $json.orderId }}',
								invoiceNumber: 'INV-77',
								invoiceDate: '={{ $json.date }}',
							},
						],
					},
					taxItems: {
						taxItem: [
							{ orderItemId: '={{ $json.orderItemId }}', taxRate: 12.5, quantity: item.quantity },
						],
					},
					subShipments: {
						subShipment: [
							{ subShipmentId: 'SS-1', length: 30, breadth: 20, height: 10, weight: 1.25 },
						],
					},
					serialNumbers: {
						serial: [{ orderItemId: '={{ $json.orderItemId }}', serialNumbers: 'IMEI-1, IMEI-2' }],
					},
					options: { ignoreWarning: true },
				},
				input,
			),
		);

		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].route).toBe(LABELS);
		expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
		expect(calls[0].body).toEqual({
			shipments: [
				{
					shipmentId,
					locationId: LOC_1,
					invoices: [{ orderId: item.orderId, invoiceNumber: 'INV-77', invoiceDate: date }],
					taxItems: [{ orderItemId: item.orderItemId, taxRate: 12.5, quantity: item.quantity }],
					subShipments: [
						{
							subShipmentId: 'SS-1',
							dimensions: { length: 30, breadth: 20, height: 10, weight: 1.25 },
						},
					],
					serialNumbers: [
						{ orderItemId: item.orderItemId, serialNumbers: [['IMEI-1'], ['IMEI-2']] },
					],
					ignoreWarning: true,
				},
			],
		});
		expectBearer(calls, accessToken(env.store));
		expect(items).toEqual([
			{
				json: { shipmentId, status: 'SUCCESS', errorCode: null, errorMessage: null },
				pairedItem: { item: 0 },
			},
		]);
		// The simulator packed it with the given dimensions.
		expect(stateOf(env.sim, shipmentId)).toBe('PACKED');
		expect(env.sim.control.getShipment(shipmentId)).toMatchObject({
			subShipments: [
				{
					subShipmentId: 'SS-1',
					dimensions: { length: 30, breadth: 20, height: 10, weight: 1.25 },
				},
			],
		});
	});

	it('takes the label details as JSON, including the spec\'s "dimension" spelling of sub-shipment dimensions', async () => {
		const [shipmentId] = seedApproved(env.sim, 1);
		const [input] = labelInputs(env.sim, [shipmentId]);
		const label = input.label as Record<string, Loose>;
		label.subShipments = [
			{ subShipmentId: 'SS-1', dimension: { length: 11, breadth: 12, height: 13, weight: 2 } },
		];
		ok(await runAction(env.store, SELF, generateLabelsJson, [input]));
		const sent = (apiCalls(env.sim)[0].body as Loose).shipments[0];
		expect(sent).toEqual({
			shipmentId,
			locationId: LOC_1,
			invoices: label.invoices,
			taxItems: label.taxItems,
			subShipments: [
				{ subShipmentId: 'SS-1', dimensions: { length: 11, breadth: 12, height: 13, weight: 2 } },
			],
		});
		expect(stateOf(env.sim, shipmentId)).toBe('PACKED');
	});

	it('60 input items = exactly 3 POST requests (25, 25, 10) and 60 output items, each paired to its input', async () => {
		const shipmentIds = seedApproved(env.sim, 60);
		const items = ok(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipmentIds)),
		);

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual([LABELS, LABELS, LABELS]);
		const batches = calls.map((call) =>
			(call.body as Loose).shipments.map((entry: Loose) => entry.shipmentId),
		);
		expect(batches.map((batch) => batch.length)).toEqual([25, 25, 10]);
		expect(batches.flat()).toEqual(shipmentIds);
		expect(items).toHaveLength(60);
		expect(ids(items)).toEqual(shipmentIds);
		expect(pairedIndexes(items)).toEqual(shipmentIds.map((_, index) => index));
		expect(items.every((item) => item.json.status === 'SUCCESS')).toBe(true);
		expect(shipmentIds.every((id) => stateOf(env.sim, id) === 'PACKED')).toBe(true);
	});

	describe.each(['status', 'processingStatus'] as const)(
		'per-shipment results under "%s"',
		(field) => {
			beforeEach(() => {
				env.sim.control.setConfig({ perItemStatusField: field });
			});

			it('continueOnFail: error items for exactly the failed shipments, with shipmentId and errorCode', async () => {
				const shipmentIds = seedApproved(env.sim, 30);
				const failing = [shipmentIds[3], shipmentIds[26]];
				env.sim.control.injectShipmentFailure({
					shipmentIds: failing,
					operation: 'labels',
					errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
					errorMessage: 'Tax service timed out',
				});
				// A shipment already packed fails on its own too.
				const [packed] = seedInState(env.sim, 1, 'PACKED');
				const inputs = labelInputs(env.sim, [...shipmentIds, packed]);

				const items = ok(await runAction(env.store, SELF, generateLabelsJson, inputs, true));

				expect(apiCalls(env.sim)).toHaveLength(2);
				expect(items).toHaveLength(31);
				expect(pairedIndexes(items)).toEqual(inputs.map((_, index) => index));
				const errors = items.filter((item) => item.json.error !== undefined);
				expect(errors.map((item) => item.json.shipmentId)).toEqual([...failing, packed]);
				expect(errors[0].json).toEqual({
					shipmentId: failing[0],
					errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
					errorMessage: 'Tax service timed out',
					error: `Generate labels failed for shipment ${failing[0]}: DEPENDENT_SYSTEM_CALL_FAILED (Tax service timed out)`,
					errorDescription:
						'A marketplace system was temporarily unavailable; try again in a few minutes.',
				});
				expect(errors[2].json.errorCode).toBe('INVALID_SHIPMENT_STATE');
				const successes = items.filter((item) => item.json.error === undefined);
				expect(successes).toHaveLength(28);
				expect(successes.every((item) => item.json.status === 'SUCCESS')).toBe(true);
				expect(stateOf(env.sim, failing[0])).toBe('APPROVED');
			});

			it('without continueOnFail: the node fails naming the shipment and the marketplace code', async () => {
				const shipmentIds = seedApproved(env.sim, 5);
				env.sim.control.injectShipmentFailure({
					shipmentIds: [shipmentIds[2]],
					operation: 'labels',
					errorCode: 'INVALID_SHIPMENTS',
					errorMessage: 'Not yours',
				});
				const error = failed(
					await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipmentIds)),
				);
				expect(error.message).toBe(
					`Generate labels failed for shipment ${shipmentIds[2]}: INVALID_SHIPMENTS (Not yours)`,
				);
				expect(error.context?.itemIndex).toBe(2);
				// The four others of the same request were labelled (point 4 of issue 11: test/hardening/stopOnError.test.ts).
				expect(error.description).toContain(
					`already done this for 4 shipments in the requests sent (not undone): ${[0, 1, 3, 4].map((i) => shipmentIds[i]).join(', ')}`,
				);
			});
		},
	);

	it('a failure of a whole request fails every shipment of that batch only, each error item naming its shipment', async () => {
		const shipmentIds = seedApproved(env.sim, 30);
		env.sim.control.addFault({
			route: LABELS,
			status: 422,
			body: { error: 'TOO_MANY_IDS', message: 'At most 25 shipments are allowed' },
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipmentIds), true),
		);
		expect(apiCalls(env.sim).map((call) => call.status)).toEqual([422, 200]);
		expect(items).toHaveLength(30);
		expect(pairedIndexes(items)).toEqual(shipmentIds.map((_, index) => index));
		expect(items.slice(0, 25).map((item) => item.json)).toEqual(
			shipmentIds.slice(0, 25).map((shipmentId) => ({
				shipmentId,
				error: 'Generate labels failed: TOO_MANY_IDS: At most 25 shipments are allowed (HTTP 422)',
				errorDescription: expect.stringMatching(/could not process the request/),
			})),
		);
		expect(items.slice(25).every((item) => item.json.status === 'SUCCESS')).toBe(true);
	});

	it('reports packed = true once the marketplace has packed the shipments (Wait Until Packed)', async () => {
		env.sim.control.setConfig({ packingDelayMs: 300 });
		const shipmentIds = seedApproved(env.sim, 3);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ ...generateLabelsJson, options: { waitUntilPacked: true, maxWaitSeconds: 30 } },
				labelInputs(env.sim, shipmentIds),
			),
		);
		expect(
			items.map((item) => [item.json.shipmentId, item.json.packed, item.json.packingState]),
		).toEqual(shipmentIds.map((id) => [id, true, 'PACKED']));
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
		const calls = apiCalls(env.sim);
		expect(calls[0].route).toBe(LABELS);
		const polls = callsOf(env.sim, LOOKUP);
		expect(polls.length).toBeGreaterThanOrEqual(2);
		for (const poll of polls) expect(poll.query).toEqual({ shipmentIds: shipmentIds.join(',') });
		expectBearer(calls, accessToken(env.store));
	});

	it('stops waiting after Max Wait and reports the shipments still not packed (packed = false)', async () => {
		env.sim.control.setConfig({ packingDelayMs: 600_000 });
		const shipmentIds = seedApproved(env.sim, 2);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ ...generateLabelsJson, options: { waitUntilPacked: true, maxWaitSeconds: 1 } },
				labelInputs(env.sim, shipmentIds),
			),
		);
		expect(
			items.map((item) => [item.json.status, item.json.packed, item.json.packingState]),
		).toEqual([
			['SUCCESS', false, 'PACKING_IN_PROGRESS'],
			['SUCCESS', false, 'PACKING_IN_PROGRESS'],
		]);
		expect(callsOf(env.sim, LOOKUP).length).toBeGreaterThanOrEqual(1);
	});

	it('waits only for the shipments that were accepted', async () => {
		env.sim.control.setConfig({ packingDelayMs: 100 });
		const shipmentIds = seedApproved(env.sim, 2);
		env.sim.control.injectShipmentFailure({
			shipmentIds: [shipmentIds[0]],
			operation: 'labels',
			errorCode: 'INVALID_SHIPMENTS',
		});
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ ...generateLabelsJson, options: { waitUntilPacked: true, maxWaitSeconds: 30 } },
				labelInputs(env.sim, shipmentIds),
				true,
			),
		);
		expect(items[0].json.errorCode).toBe('INVALID_SHIPMENTS');
		expect(items[0].json.packed).toBeUndefined();
		expect(items[1].json).toMatchObject({ shipmentId: shipmentIds[1], packed: true });
		for (const poll of callsOf(env.sim, LOOKUP))
			expect(poll.query).toEqual({ shipmentIds: shipmentIds[1] });
	});

	it('refuses incomplete label details before any request, naming the shipment and the field', async () => {
		const [a, b] = seedApproved(env.sim, 2);
		const [good, bad] = labelInputs(env.sim, [a, b]);
		(bad.label as Loose).taxItems[0].taxRate = 120;
		const error = failed(await runAction(env.store, SELF, generateLabelsJson, [good, bad]));
		expect(error.message).toMatch(
			new RegExp(
				`^Shipment ${b}: tax rate of order item \\S+ must be a number from 0 to 100, got 120$`,
			),
		);
		expect(error.context?.itemIndex).toBe(1);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);

		(bad.label as Loose).taxItems[0].taxRate = 5;
		(bad.label as Loose).invoices = [];
		const noInvoice = failed(await runAction(env.store, SELF, generateLabelsJson, [good, bad]));
		expect(noInvoice.message).toBe(`Shipment ${b}: no invoice given`);
		(bad.label as Loose).invoices = [{ orderId: 'x', invoiceDate: '2025-01-01T00:00:00+05:30' }];
		(bad.label as Loose).subShipments = [
			{ subShipmentId: 'SS-1', dimensions: { length: 1, breadth: 1, height: 0, weight: 1 } },
		];
		const flat = failed(await runAction(env.store, SELF, generateLabelsJson, [good, bad]));
		expect(flat.message).toBe(
			`Shipment ${b}: height of sub-shipment SS-1 must be a number above 0, got 0`,
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('under continueOnFail sends the valid shipments and gives the invalid one an error item', async () => {
		const [a, b] = seedApproved(env.sim, 2);
		const inputs = labelInputs(env.sim, [a, b]);
		(inputs[0].label as Loose).invoices = [];
		const items = ok(await runAction(env.store, SELF, generateLabelsJson, inputs, true));
		expect(items.map((item) => item.json.error ?? item.json.status)).toEqual([
			`Shipment ${a}: no invoice given`,
			'SUCCESS',
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
		expect(
			(apiCalls(env.sim)[0].body as Loose).shipments.map((entry: Loose) => entry.shipmentId),
		).toEqual([b]);
	});
});

describe('Shipment > Generate Labels from input shipments (Search -> Generate Labels)', () => {
	const env = useSimulator();

	it('builds one invoice per order and one tax item per live order item from the searched shipments', async () => {
		seedApproved(env.sim, 3, LOC_1, { sku: 'FROM-SEARCH-SKU' });
		const found = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'getAll',
				simplify: false,
				filterType: 'preDispatch',
				preDispatchStates: ['APPROVED'],
				returnAll: false,
				limit: 3,
				filters: { skus: 'FROM-SEARCH-SKU' },
			}),
		);
		expect(found).toHaveLength(3);
		env.sim.control.clearCalls();

		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'generateLabels',
					labelInput: 'shipment',
					shipmentTaxRate: 18,
					invoiceNumberPrefix: 'N8N-',
					packageLength: 20,
					packageBreadth: 15,
					packageHeight: 10,
					packageWeight: 0.5,
				},
				found.map((item) => item.json),
			),
		);

		const calls = callsOf(env.sim, LABELS);
		expect(calls).toHaveLength(1);
		const sent = (calls[0].body as Loose).shipments as Loose[];
		expect(sent.map((shipment) => shipment.shipmentId)).toEqual(
			found.map((item) => item.json.shipmentId),
		);
		for (const [index, shipment] of sent.entries()) {
			const source = found[index].json as Loose;
			const live = (source.orderItems as Loose[]).filter((item) => item.status !== 'CANCELLED');
			expect(shipment.locationId).toBe(source.locationId);
			expect(shipment.invoices.map((invoice: Loose) => invoice.orderId)).toEqual([
				...new Set(live.map((item) => item.orderId)),
			]);
			for (const invoice of shipment.invoices) {
				expect(invoice.invoiceNumber).toBe(`N8N-${invoice.orderId}`);
				expect(invoice.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			}
			expect(shipment.taxItems).toEqual(
				live.map((item) => ({
					orderItemId: item.orderItemId,
					taxRate: 18,
					quantity: Number(item.quantity) || 1,
				})),
			);
			expect(shipment.subShipments.length).toBeGreaterThan(0);
			for (const sub of shipment.subShipments)
				expect(sub.dimensions).toEqual({ length: 20, breadth: 15, height: 10, weight: 0.5 });
		}
		expect(items.map((item) => item.json.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
	});

	it('refuses an input item that is not a shipment, and missing dimensions, before any request', async () => {
		const notShipment = failed(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'generateLabels',
					labelInput: 'shipment',
					shipmentTaxRate: 5,
				},
				[{ hello: 'world' }],
			),
		);
		expect(notShipment.message).toMatch(/not a shipment/);
		const [shipmentId] = seedApproved(env.sim, 1);
		const noSize = failed(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'generateLabels',
					labelInput: 'shipment',
					shipmentTaxRate: 5,
				},
				[wireShipment(env.sim, shipmentId)],
			),
		);
		expect(noSize.message).toMatch(
			new RegExp(`Shipment ${shipmentId}: length of sub-shipment .* must be a number above 0`),
		);
		expect(callsOf(env.sim, LABELS)).toHaveLength(0);
	});
});
