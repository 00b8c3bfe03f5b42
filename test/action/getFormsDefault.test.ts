/**
 * Shipment > Get Forms against the simulator as it starts, with no setting changed: the node asks
 * with POST first (docs/marketplace-api/discrepancies.md#forms-method) and the simulator answers
 * POST by default, as the newest reference documents, so the forms of up to 100 shipments cost
 * one request. The simulator's GET (the older reference's method) stays one switch away; the
 * fallback to it is tested in shipmentLookup.test.ts.
 */
import { apiCalls, ids, ok, runOnIds, seedInState, tokenCalls, useSimulator } from './helpers';

describe('Shipment > Get Forms against the default simulator', () => {
	const env = useSimulator();

	it('costs one call: the POST the node asks first is answered', async () => {
		const shipmentIds = seedInState(env.sim, 3, 'PACKED');
		const items = ok(
			await runOnIds(
				env,
				{ resource: 'shipment', operation: 'getForms', shipmentIds: '={{ $json.id }}' },
				shipmentIds,
			),
		);
		expect(ids(items)).toEqual(shipmentIds);
		expect(apiCalls(env.sim).map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([
			`POST /sellers/v3/shipments/${shipmentIds.join(',')}/forms 200`,
		]);
		// The token is fetched once; nothing else reached the simulator.
		expect(tokenCalls(env.sim)).toHaveLength(1);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(2);
	});
});
