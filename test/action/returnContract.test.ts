/**
 * The node's return actions and service updates against the contract fixtures
 * (test/fixtures/contract): every body sent has the official shape, every required field present
 * and nothing the model lacks. The simulator's side: test/simulator/returnActions.test.ts.
 */
import { loadContract, routeOf, shapeProblems, type ContractName } from '../fixtures/contract';
import {
	callsOf,
	LOC_1,
	ok,
	runAction,
	seedInState,
	SELF,
	useSimulator,
	type Loose,
} from './helpers';
import { selfShipReturn, simDate } from './returnHelpers';

describe('the node sends the official shapes of return actions and service updates', () => {
	const env = useSimulator();

	function sentAsContract(name: ContractName, minimum = 1): void {
		const { request } = loadContract(name);
		const calls = callsOf(env.sim, routeOf(request));
		expect(calls.length).toBeGreaterThanOrEqual(minimum);
		for (const call of calls) expect(shapeProblems(call.body, request.body, request)).toEqual([]);
	}

	const run = async (operation: string, returnId: string, extra: Record<string, unknown> = {}) =>
		ok(
			await runAction(
				env.store,
				SELF,
				{ resource: 'return', operation, returnIds: returnId, locationId: LOC_1, ...extra },
				[{}],
			),
		);

	it('return.approve (with and without the optional fields), return.pickupAttempt, return.pickup, return.complete', async () => {
		const first = await selfShipReturn(env);
		const second = await selfShipReturn(env);
		await run('approve', first.returnId, { comments: 'ok' });
		await run('approve', second.returnId, {
			comments: 'ok',
			additionalFields: {
				serviceFulfilmentId: second.serviceFulfilmentId,
				serviceDate: simDate(env, -2),
			},
		});
		sentAsContract('return.approve', 2);
		await run('recordPickupAttempt', first.returnId, {
			pickupDate: simDate(env, -1),
			newPickupDate: simDate(env, 20),
			reason: 'Buyer away',
		});
		sentAsContract('return.pickupAttempt');
		await run('markPickedUp', first.returnId, { pickupDate: simDate(env, -1) });
		sentAsContract('return.pickup');
		await run('complete', first.returnId);
		sentAsContract('return.complete');
	});

	it('return.reject and return.cancel', async () => {
		const customer = await selfShipReturn(env);
		await run('reject', customer.returnId, { comments: 'Works', serviceDate: simDate(env, -1) });
		sentAsContract('return.reject');
		await run('cancel', (await selfShipReturn(env, 'courier_return')).returnId);
		sentAsContract('return.cancel');
	});

	it('service.attempt (with and without comments) and service.complete', async () => {
		const [shipmentId] = seedInState(env.sim, 1, 'DELIVERED');
		const id = String((env.sim.control.createService({ shipmentId }) as Loose).serviceFulfilmentId);
		const attempt = (additionalFields: Record<string, unknown>) =>
			runAction(
				env.store,
				SELF,
				{
					resource: 'service',
					operation: 'recordAttempt',
					serviceFulfilmentIds: id,
					deliveryDate: simDate(env, -2),
					newDeliveryDate: simDate(env, 20),
					reason: 'Customer unavailable',
					subReason: 'Door locked',
					additionalFields,
				},
				[{}],
			);
		ok(await attempt({}));
		ok(await attempt({ comments: 'Call first' }));
		sentAsContract('service.attempt', 2);
		ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'service',
					operation: 'complete',
					serviceFulfilmentIds: id,
					deliveryDate: simDate(env, -1),
				},
				[{}],
			),
		);
		sentAsContract('service.complete');
	});
});
