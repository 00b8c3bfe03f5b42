/**
 * The simulator's fault injection used by the hostile-server suite: a fault may drop the
 * connection without an answer, and with `afterHandling` it acts after the request was carried
 * out (a gateway that loses or replaces the marketplace's answer).
 */
import { useHarness } from '../simulator/helpers';

describe('simulator faults for the hostile-server suite', () => {
	const h = useHarness({}, { selfToken: true });
	const auth = () => ({ headers: { Authorization: `Bearer ${h.token}` } });

	function packedShipment(): string {
		return h.sim.control.seedShipments({ count: 1, locationId: 'LOC-DEMO-1', state: 'PACKED' })
			.shipmentIds[0];
	}

	it('dropConnection: the client gets no answer and nothing happens', async () => {
		const id = packedShipment();
		h.sim.control.addFault({ route: 'POST /sellers/v3/shipments/dispatch', dropConnection: true });
		const failure = await h.api
			.post(
				'/sellers/v3/shipments/dispatch',
				{ shipmentIds: [id], locationId: 'LOC-DEMO-1' },
				auth(),
			)
			.catch((error: { code?: string }) => error);
		expect((failure as { code?: string }).code).toBe('ECONNRESET');
		expect(h.sim.control.getShipment(id).state).toBe('PACKED');
		expect(
			h.sim.control
				.listCalls({ route: 'POST /sellers/v3/shipments/dispatch' })
				.calls.map((call) => [call.status, call.faultId]),
		).toEqual([[0, 'fault-1']]);
	});

	it('dropConnection with afterHandling: no answer, but the marketplace acted', async () => {
		const id = packedShipment();
		h.sim.control.addFault({
			route: 'POST /sellers/v3/shipments/dispatch',
			dropConnection: true,
			afterHandling: true,
		});
		const failure = await h.api
			.post(
				'/sellers/v3/shipments/dispatch',
				{ shipmentIds: [id], locationId: 'LOC-DEMO-1' },
				auth(),
			)
			.catch((error: { code?: string }) => error);
		expect((failure as { code?: string }).code).toBe('ECONNRESET');
		expect(h.sim.control.getShipment(id).state).toBe('READY_TO_DISPATCH');
	});

	it('a status with afterHandling replaces the real answer of a request that was carried out', async () => {
		const id = packedShipment();
		h.sim.control.addFault({
			route: 'POST /sellers/v3/shipments/dispatch',
			status: 504,
			afterHandling: true,
			body: '<html>Gateway Timeout</html>',
		});
		const answer = await h.api.post(
			'/sellers/v3/shipments/dispatch',
			{ shipmentIds: [id], locationId: 'LOC-DEMO-1' },
			auth(),
		);
		expect([answer.status, answer.data]).toEqual([504, '<html>Gateway Timeout</html>']);
		expect(h.sim.control.getShipment(id).state).toBe('READY_TO_DISPATCH');
	});

	it('refuses inconsistent fault specifications', async () => {
		expect(
			(await h.ctl.post('/faults', { route: 'GET /x', status: 500, dropConnection: true })).status,
		).toBe(400);
		expect(
			(await h.ctl.post('/faults', { route: 'GET /x', afterHandling: true, delayMs: 5 })).status,
		).toBe(400);
		expect((await h.ctl.post('/faults', { route: 'GET /x', dropConnection: true })).status).toBe(
			200,
		);
	});
});
