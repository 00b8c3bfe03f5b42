/**
 * Shipment > Get (by shipment, order item or order IDs), Get Details and Get Forms: the request
 * per 100 IDs, the query / path the simulator received, one output item per asked ID paired to
 * its input item, IDs the marketplace does not know, and the forms POST -> GET fallback.
 */
import {
	accessToken,
	apiCalls,
	expectBearer,
	failed,
	ids,
	LOC_1,
	ok,
	pairedIndexes,
	runAction,
	runOnIds,
	seedApproved,
	seedInState,
	SELF,
	tokenCalls,
	useSimulator,
	wireShipment,
	type Loose,
} from './helpers';

// The marketplace's record; Simplify has its own tests (editorExperience).
const get = (lookupBy: string) => ({
	resource: 'shipment',
	operation: 'get',
	lookupBy,
	ids: '={{ $json.id }}',
	simplify: false,
});

describe('Shipment > Get', () => {
	const env = useSimulator();

	it('looks up by shipment IDs: one GET /sellers/v3/shipments?shipmentIds= for the whole batch', async () => {
		const shipmentIds = seedApproved(env.sim, 5);
		const items = ok(await runOnIds(env, get('shipmentIds'), shipmentIds));

		expect(ids(items)).toEqual(shipmentIds);
		expect(pairedIndexes(items)).toEqual([0, 1, 2, 3, 4]);
		expect(items[0].json).toEqual(wireShipment(env.sim, shipmentIds[0]));
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('GET');
		expect(calls[0].path).toBe('/sellers/v3/shipments');
		expect(calls[0].query).toEqual({ shipmentIds: shipmentIds.join(',') });
		expect(calls[0].body).toBeUndefined();
		expectBearer(calls, accessToken(env.store));
	});

	it('looks up by order item IDs and by order IDs (one kind per request)', async () => {
		const shipmentIds = seedApproved(env.sim, 3);
		const wires = shipmentIds.map((id) => wireShipment(env.sim, id));
		const orderItemIds = wires.map((wire) => wire.orderItems[0].orderItemId as string);
		const orderIds = wires.map((wire) => wire.orderItems[0].orderId as string);

		const byItem = ok(await runOnIds(env, get('orderItemIds'), orderItemIds));
		expect(ids(byItem)).toEqual(shipmentIds);
		expect(pairedIndexes(byItem)).toEqual([0, 1, 2]);
		const byOrder = ok(await runOnIds(env, get('orderIds'), orderIds));
		expect(ids(byOrder)).toEqual(shipmentIds);

		expect(apiCalls(env.sim).map((call) => call.query)).toEqual([
			{ orderItemIds: orderItemIds.join(',') },
			{ orderIds: orderIds.join(',') },
		]);
	});

	it('takes several comma-separated IDs per item and gives every shipment of an order its own item', async () => {
		const [a, b, c] = seedApproved(env.sim, 3);
		const items = ok(
			await runAction(env.store, SELF, get('shipmentIds'), [{ id: `${a}, ${b}` }, { id: c }]),
		);
		expect(ids(items)).toEqual([a, b, c]);
		expect(pairedIndexes(items)).toEqual([0, 0, 1]);
		expect(apiCalls(env.sim)[0].query).toEqual({ shipmentIds: [a, b, c].join(',') });
	});

	it('batches 250 IDs into ceil(250/100) = 3 requests of at most 100', async () => {
		const shipmentIds = seedApproved(env.sim, 250);
		const items = ok(await runOnIds(env, get('shipmentIds'), shipmentIds));
		expect(items).toHaveLength(250);
		expect(pairedIndexes(items)).toEqual(shipmentIds.map((_, index) => index));
		const sizes = apiCalls(env.sim).map((call) => String(call.query.shipmentIds).split(',').length);
		expect(sizes).toEqual([100, 100, 50]);
	});

	it('reports an unknown ID as an error of its own item (continueOnFail) or fails naming it', async () => {
		const [known] = seedApproved(env.sim, 1);
		const input = [{ id: known }, { id: 'no-such-shipment' }];
		const items = ok(await runAction(env.store, SELF, get('shipmentIds'), input, true));
		expect(items).toHaveLength(2);
		expect(items[0].json.shipmentId).toBe(known);
		expect(items[1].json).toMatchObject({
			lookupBy: 'shipmentIds',
			id: 'no-such-shipment',
			error: 'No shipment found for shipment ID no-such-shipment',
		});
		expect(pairedIndexes(items)).toEqual([0, 1]);

		const error = failed(await runAction(env.store, SELF, get('shipmentIds'), input));
		expect(error.message).toBe('No shipment found for shipment ID no-such-shipment');
		expect(error.context?.itemIndex).toBe(1);
	});

	it('refuses an empty ID list before any request', async () => {
		const error = failed(await runAction(env.store, SELF, get('orderIds'), [{ id: ' , ' }]));
		expect(error.message).toBe('No order ID given');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Shipment > Get Details', () => {
	const env = useSimulator();

	it('GETs /sellers/v3/shipments/{ids} with addresses, courier and dimensions, 100 per request', async () => {
		const packed = seedInState(env.sim, 150, 'PACKED');
		const items = ok(
			await runOnIds(
				env,
				{ resource: 'shipment', operation: 'getDetails', shipmentIds: '={{ $json.id }}' },
				packed,
			),
		);
		expect(ids(items)).toEqual(packed);
		expect(pairedIndexes(items)).toEqual(packed.map((_, index) => index));
		const first = items[0].json as Record<string, Loose>;
		expect(first.deliveryAddress).toEqual(
			expect.objectContaining({ city: expect.any(String), pinCode: expect.any(String) }),
		);
		// The official shape: one top-level courierDetails, the order items, weighingRequired (docs/marketplace-api/shipments.md#shipping-details).
		expect(first.courierDetails.deliveryDetails.trackingId).toEqual(expect.any(String));
		expect(first.orderItems[0]).toEqual(
			expect.objectContaining({ orderItemId: expect.any(String), sku: expect.any(String) }),
		);
		expect(typeof first.weighingRequired).toBe('boolean');
		expect(first).toEqual(env.sim.control.getShipment(packed[0]).details);

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
		expect(calls[0].path).toBe(`/sellers/v3/shipments/${packed.slice(0, 100).join(',')}`);
		expect(calls[1].path).toBe(`/sellers/v3/shipments/${packed.slice(100).join(',')}`);
		expect(calls.every((call) => call.route === 'GET /sellers/v3/shipments/{ids}')).toBe(true);
		expectBearer(calls, accessToken(env.store));
	});

	it('gives an error item for a shipment the marketplace does not return', async () => {
		const [known] = seedApproved(env.sim, 1);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ resource: 'shipment', operation: 'getDetails', shipmentIds: '={{ $json.id }}' },
				[{ id: 'missing-1' }, { id: known }],
				true,
			),
		);
		expect(items.map((item) => item.json.error ?? 'ok')).toEqual([
			'No details found for shipment missing-1',
			'ok',
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});
});

describe('Shipment > Get Forms', () => {
	const env = useSimulator();
	const getForms = { resource: 'shipment', operation: 'getForms', shipmentIds: '={{ $json.id }}' };

	function seedWithForms(count: number): string[] {
		return env.sim.control.seedShipments({
			count,
			locationId: LOC_1,
			state: 'FORM_FAILED',
			itemCount: 1,
			withForms: true,
		}).shipmentIds;
	}

	it('POSTs /sellers/v3/shipments/{ids}/forms (the newest reference) and returns the forms and their status per shipment', async () => {
		env.sim.control.setConfig({ formsMethod: 'POST' });
		const shipmentIds = seedWithForms(3);
		const items = ok(await runOnIds(env, getForms, shipmentIds));
		expect(ids(items)).toEqual(shipmentIds);
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
		expect(items[0].json.forms).toEqual([
			expect.objectContaining({ name: 'EWAY_BILL', status: 'Failed', automated: true }),
		]);
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('POST');
		expect(calls[0].path).toBe(`/sellers/v3/shipments/${shipmentIds.join(',')}/forms`);
		expectBearer(calls, accessToken(env.store));
	});

	it('falls back to GET when the marketplace answers the POST with 405 (the spec and overview say GET)', async () => {
		env.sim.control.setConfig({ formsMethod: 'GET' });
		const shipmentIds = seedWithForms(2);
		const items = ok(await runOnIds(env, getForms, shipmentIds));
		expect(ids(items)).toEqual(shipmentIds);
		expect(items[1].json.forms).toEqual([
			expect.objectContaining({ name: 'EWAY_BILL', status: 'Failed' }),
		]);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([
			`POST /sellers/v3/shipments/${shipmentIds.join(',')}/forms 405`,
			`GET /sellers/v3/shipments/${shipmentIds.join(',')}/forms 200`,
		]);
		expectBearer(calls, accessToken(env.store));
		expect(tokenCalls(env.sim)).toHaveLength(1);
	});

	it('asks 100 shipments per request (250 = 3 requests)', async () => {
		env.sim.control.setConfig({ formsMethod: 'POST' });
		const shipmentIds = seedInState(env.sim, 250, 'PACKED');
		const items = ok(await runOnIds(env, getForms, shipmentIds));
		expect(items).toHaveLength(250);
		expect(apiCalls(env.sim).map((call) => call.path.split('/')[4].split(',').length)).toEqual([
			100, 100, 50,
		]);
	});

	it('does not fall back on other errors: a 400 is the marketplace message', async () => {
		env.sim.control.setConfig({ formsMethod: 'POST' });
		const error = failed(await runAction(env.store, SELF, getForms, [{ id: 'unknown-shipment' }]));
		expect(error.message).toBe(
			'Get forms failed: INVALID_SHIPMENTS: Invalid shipment ids: unknown-shipment (HTTP 400)',
		);
		expect(apiCalls(env.sim).map((call) => call.method)).toEqual(['POST']);
	});
});
