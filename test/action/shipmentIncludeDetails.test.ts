/**
 * Shipment > Get Many and Get, option Include Details: each shipment item gets its shipping details
 * (addresses, courier and tracking ID) from Get Details, one call per 100 shipments across all
 * items: ceil(N / 100) extra calls, none when the option is off (its default).
 */
import {
	apiCalls,
	failed,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	runOnIds,
	SELF,
	useSimulator,
	type Loose,
} from './helpers';

const DETAILS = 'GET /sellers/v3/shipments/{ids}';

describe('Shipment > Include Details', () => {
	const env = useSimulator();

	/** N shipments only this filter finds (a SKU no other shipment has). */
	function seedSku(count: number, sku = 'DETAILS-SKU-1'): string[] {
		return env.sim.control.seedShipments({
			count,
			locationId: LOC_2,
			state: 'APPROVED',
			sku,
			itemCount: 1,
		}).shipmentIds;
	}

	const getMany = (extra: Record<string, unknown> = {}) => ({
		resource: 'shipment',
		operation: 'getAll',
		filterType: 'preDispatch',
		returnAll: true,
		filters: { skus: 'DETAILS-SKU-1' },
		simplify: false,
		...extra,
	});

	it('Get Many, 250 shipments: ceil(250/100) = 3 Get Details calls of 100, 100 and 50, merged into each item', async () => {
		const seeded = seedSku(250);
		const items = ok(await runAction(env.store, SELF, getMany({ includeDetails: true })));
		expect(items.map((item) => item.json.shipmentId).sort()).toEqual([...seeded].sort());

		const details = apiCalls(env.sim).filter((call) => call.route === DETAILS);
		expect(details).toHaveLength(3);
		expect(details.map((call) => call.path.split('/').pop()!.split(',').length)).toEqual([
			100, 100, 50,
		]);
		const asked = details.flatMap((call) => call.path.split('/').pop()!.split(','));
		expect(new Set(asked).size).toBe(250);

		for (const item of items) {
			const json = item.json as Loose;
			const shipmentId = json.shipmentId as string;
			const official = env.sim.control.getShipment(shipmentId);
			// Every details field is there; the shipment's own fields (dispatch dates, forms) stay.
			expect(json).toMatchObject(official.details as Loose);
			expect(json).toMatchObject({
				dispatchByDate: (official.shipment as Loose).dispatchByDate,
				forms: expect.any(Array),
			});
			expect(json.courierDetails.deliveryDetails).toHaveProperty('trackingId');
			expect(json.deliveryAddress).toEqual(expect.objectContaining({ city: expect.any(String) }));
		}
		expect(pairedIndexes(items).every((index) => index === 0)).toBe(true);
	});

	it('off by default: Get Many sends no Get Details call and the items keep the search shape', async () => {
		seedSku(30);
		const items = ok(await runAction(env.store, SELF, getMany()));
		expect(items).toHaveLength(30);
		expect(apiCalls(env.sim).some((call) => call.route === DETAILS)).toBe(false);
		expect(items[0].json.courierDetails).toBeUndefined();
	});

	it('Get Many over several input items: the shipments of all items share the calls', async () => {
		seedSku(60);
		seedSku(70, 'DETAILS-SKU-2');
		const input = [{ sku: 'DETAILS-SKU-1' }, { sku: 'DETAILS-SKU-2' }];
		const items = ok(
			await runAction(
				env.store,
				SELF,
				getMany({ includeDetails: true, filters: { skus: '={{ $json.sku }}' } }),
				input,
			),
		);
		expect(items).toHaveLength(130);
		expect(apiCalls(env.sim).filter((call) => call.route === DETAILS)).toHaveLength(2);
		expect(items.every((item) => (item.json as Loose).courierDetails !== undefined)).toBe(true);
		expect(pairedIndexes(items)).toEqual([...Array(60).fill(0), ...Array(70).fill(1)]);
	});

	it('Get: the looked-up shipments get their details in one extra call', async () => {
		const seeded = seedSku(3);
		const items = ok(
			await runOnIds(
				env,
				{
					resource: 'shipment',
					operation: 'get',
					lookupBy: 'shipmentIds',
					ids: '={{ $json.id }}',
					simplify: false,
					includeDetails: true,
				},
				seeded,
			),
		);
		expect(items.map((item) => item.json.shipmentId)).toEqual(seeded);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual(['GET /sellers/v3/shipments', DETAILS]);
		expect(calls[1].path).toBe(`/sellers/v3/shipments/${seeded.join(',')}`);
		for (const item of items)
			expect(item.json).toMatchObject(
				env.sim.control.getShipment(item.json.shipmentId as string).details as Loose,
			);
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
	});

	it('with Simplify (its default on): a flat row plus the details, without the nested order items', async () => {
		const [shipmentId] = seedSku(1);
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: shipmentId,
				includeDetails: true,
			}),
		);
		const json = items[0].json as Loose;
		const details = env.sim.control.getShipment(shipmentId).details as Loose;
		expect(json).toMatchObject({
			shipmentId,
			state: 'APPROVED',
			items: 'DETAILS-SKU-1 × 1',
			courierDetails: details.courierDetails,
			deliveryAddress: details.deliveryAddress,
			buyerDetails: details.buyerDetails,
		});
		expect(json.orderItems).toBeUndefined();
		expect(json.subShipments).toBeUndefined();
		expect(apiCalls(env.sim).filter((call) => call.route === DETAILS)).toHaveLength(1);
	});

	it('a failed details call fails the node, or under continueOnFail marks the shipments with detailsError and keeps them', async () => {
		const seeded = seedSku(3);
		env.sim.control.addFault({
			route: DETAILS,
			status: 400,
			body: { error: 'BAD_REQUEST', message: 'No details today' },
			times: -1,
		});
		const parameters = {
			resource: 'shipment',
			operation: 'get',
			lookupBy: 'shipmentIds',
			ids: seeded.join(','),
			includeDetails: true,
		};
		const error = failed(await runAction(env.store, SELF, parameters));
		expect(error.message).toMatch(/No details today/);

		const items = ok(await runAction(env.store, SELF, parameters, [{}], true));
		expect(items.map((item) => item.json.shipmentId)).toEqual(seeded);
		for (const item of items) {
			expect(item.json.detailsError).toMatch(/No details today/);
			expect(item.json.courierDetails).toBeUndefined();
		}
	});
});
