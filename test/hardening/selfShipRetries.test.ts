/**
 * The state-changing calls of the order life (issue 27) and a flaky network: a self-ship dispatch
 * or delivery whose answer is lost is not sent again; the shipment's state says what the
 * marketplace did, and the item reports it. A delivery attempt leaves the state unchanged, so its
 * lost answer is reported as unknown, still without a second request.
 */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import {
	callsOf,
	failed,
	LOC_1,
	ok,
	runAction,
	SELF,
	stateOf,
	useSimulator,
} from '../action/helpers';
import { dispatchInputs, ist, selfShipDispatch } from '../action/shipmentLifeInputs';

const DISPATCH = 'POST /sellers/v3/shipments/selfShip/dispatch';
const DELIVERY = 'POST /sellers/v3/shipments/selfShip/delivery';
const ATTEMPT = 'POST /sellers/v3/shipments/selfShip/deliveryAttempt';

describe('self-ship calls are never repeated blindly', () => {
	const env = useSimulator();
	const seedSelf = (count: number) =>
		env.sim.control.seedShipments({
			count,
			locationId: LOC_1,
			state: 'APPROVED' as never,
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;

	it('a self-ship dispatch that timed out after the marketplace acted: sent once, the item a success confirmed by the state', async () => {
		const [id] = seedSelf(1);
		env.sim.control.addFault({
			route: DISPATCH,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, selfShipDispatch, dispatchInputs(env.sim, [id])),
		);
		expect(callsOf(env.sim, DISPATCH)).toHaveLength(1);
		expect(stateOf(env.sim, id)).toBe('SHIPPED');
		expect(items.map((item) => item.json)).toEqual([
			{
				shipmentId: id,
				status: 'SUCCESS',
				state: 'SHIPPED',
				confirmedBy: 'stateCheck',
				note: "The marketplace's answer was lost (no answer (ECONNRESET)); the shipment is now SHIPPED, so the request took effect. It was not sent again.",
			},
		]);
	});

	it('a self-ship dispatch lost before the marketplace acted: sent once, the item says not confirmed and the state', async () => {
		const [id] = seedSelf(1);
		env.sim.control.addFault({ route: DISPATCH, dropConnection: true, times: 1 });
		const items = ok(
			await runAction(env.store, SELF, selfShipDispatch, dispatchInputs(env.sim, [id]), true),
		);
		expect(callsOf(env.sim, DISPATCH)).toHaveLength(1);
		expect(stateOf(env.sim, id)).toBe('APPROVED');
		expect(items[0].json).toMatchObject({
			shipmentId: id,
			errorCode: 'NOT_CONFIRMED',
			state: 'APPROVED',
			error: `Self-ship dispatch not confirmed for shipment ${id}: the marketplace's answer was lost (no answer (ECONNRESET)) and the shipment is APPROVED`,
		});
	});

	it('Mark Delivered answered 500 after the marketplace acted: not retried, confirmed as DELIVERED', async () => {
		const [id] = seedSelf(1);
		ok(await runAction(env.store, SELF, selfShipDispatch, dispatchInputs(env.sim, [id])));
		env.sim.control.addFault({
			route: DELIVERY,
			status: 500,
			afterHandling: true,
			times: 1,
			body: { error: 'INTERNAL_ERROR', message: 'upstream timeout' },
		});
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'markDelivered',
				shipmentId: { __rl: true, mode: 'id', value: id },
				locationId: { __rl: true, mode: 'id', value: LOC_1 },
				deliveryDate: ist(Date.now()),
			}),
		);
		expect(callsOf(env.sim, DELIVERY)).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			shipmentId: id,
			status: 'SUCCESS',
			state: 'DELIVERED',
			confirmedBy: 'stateCheck',
		});
	});

	it('a delivery attempt whose answer is lost: sent once, and the node says the outcome is unknown', async () => {
		const [id] = seedSelf(1);
		ok(await runAction(env.store, SELF, selfShipDispatch, dispatchInputs(env.sim, [id])));
		env.sim.control.addFault({
			route: ATTEMPT,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'recordDeliveryAttempt',
				shipmentId: { __rl: true, mode: 'id', value: id },
				locationId: { __rl: true, mode: 'id', value: LOC_1 },
				attemptDate: ist(Date.now()),
				reason: 'Customer unavailable',
				newDeliveryDate: ist(Date.now() + 86_400_000),
			}),
		);
		expect(callsOf(env.sim, ATTEMPT)).toHaveLength(1);
		expect(error.description).toContain(
			'The marketplace may have carried out the request before this failure. It was not sent again, so that it is not done twice',
		);
	});
});
