/**
 * Return actions and service updates on a flaky network (issue 27, point 4): a request whose
 * answer is lost after the marketplace may have acted is never sent again; for returns the
 * returns are read and the item reports what the marketplace did. Faults stand in for the
 * network as in unsafeRetries.test.ts (`dropConnection` + `afterHandling`: carried out, then the
 * connection closed without an answer, what n8n sees after its 60 s timeout).
 */
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import {
	accessToken,
	callsOf,
	LOC_1,
	ok,
	failed,
	runAction,
	seedInState,
	SELF,
	useSimulator,
} from '../action/helpers';
import { assertNoSecret, visibleRunText } from './support/secretGuard';
import { selfShipReturn, simDate, wireReturn } from '../action/returnHelpers';

const APPROVE = 'POST /sellers/v2/returns/approve';
const COMPLETE = 'POST /sellers/v2/returns/complete';
const PICKUP_ATTEMPT = 'POST /sellers/v2/returns/pickupAttempt';
const SERVICE_COMPLETE = 'POST /sellers/v2/services/complete';

const approve = {
	resource: 'return',
	operation: 'approve',
	returnIds: '={{ $json.id }}',
	locationId: LOC_1,
	comments: 'Tech visit confirmed the defect',
};

describe('return actions are never repeated blindly', () => {
	const env = useSimulator();

	it('a timed-out Approve is sent once, and the item says the return was approved, found out from the return', async () => {
		const { returnId } = await selfShipReturn(env);
		env.sim.control.addFault({
			route: APPROVE,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const items = ok(await runAction(env.store, SELF, approve, [{ id: returnId }]));
		expect(callsOf(env.sim, APPROVE)).toHaveLength(1);
		expect(wireReturn(env, returnId).approvedOn).not.toBeNull();
		expect(items.map((item) => item.json)).toEqual([
			{
				returnId,
				status: 'SUCCESS',
				state: 'RETURN_CREATED',
				confirmedBy: 'stateCheck',
				note: "The marketplace's answer was lost (no answer (ECONNRESET)); the return is now RETURN_CREATED, which shows the request took effect. It was not sent again.",
			},
		]);
	});

	it('an Approve lost before it was handled: not sent again, the item fails as not confirmed with the state seen', async () => {
		const { returnId } = await selfShipReturn(env);
		env.sim.control.addFault({ route: APPROVE, dropConnection: true, times: 1 });
		const items = ok(await runAction(env.store, SELF, approve, [{ id: returnId }], true));
		expect(callsOf(env.sim, APPROVE)).toHaveLength(1);
		expect(wireReturn(env, returnId).approvedOn).toBeNull();
		expect(items[0].json).toMatchObject({
			returnId,
			errorCode: 'NOT_CONFIRMED',
			state: 'RETURN_CREATED',
			error: `Approve return not confirmed for return ${returnId}: the marketplace's answer was lost (no answer (ECONNRESET)) and the return is RETURN_CREATED`,
		});
		expect(String(items[0].json.errorDescription)).toMatch(
			/not sent again, so that it is not done twice/,
		);
	});

	it('a Complete answered 500 after the marketplace acted: not retried, each return confirmed by its status', async () => {
		const returnIds = [
			(await selfShipReturn(env, 'courier_return')).returnId,
			(await selfShipReturn(env, 'courier_return')).returnId,
		];
		env.sim.control.addFault({ route: COMPLETE, status: 500, afterHandling: true, times: 1 });
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ ...approve, operation: 'complete' },
				returnIds.map((id) => ({ id })),
			),
		);
		expect(callsOf(env.sim, COMPLETE)).toHaveLength(1);
		expect(
			items.map((item) => [item.json.returnId, item.json.state, item.json.confirmedBy]),
		).toEqual(returnIds.map((id) => [id, 'RETURN_COMPLETED', 'stateCheck']));
	});

	it('a lost pickup attempt is confirmed by the due date it moved', async () => {
		const { returnId } = await selfShipReturn(env);
		ok(await runAction(env.store, SELF, approve, [{ id: returnId }]));
		const newPickupDate = simDate(env, 30);
		env.sim.control.addFault({
			route: PICKUP_ATTEMPT,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					...approve,
					operation: 'recordPickupAttempt',
					pickupDate: simDate(env, -1),
					newPickupDate,
					reason: 'Buyer away',
				},
				[{ id: returnId }],
			),
		);
		expect(callsOf(env.sim, PICKUP_ATTEMPT)).toHaveLength(1);
		expect(items[0].json).toMatchObject({ returnId, status: 'SUCCESS', confirmedBy: 'stateCheck' });
	});

	it("a 503 with Retry-After after the marketplace acted: the retry's refusal is a success said so", async () => {
		const { returnId } = await selfShipReturn(env);
		env.sim.control.addFault({
			route: APPROVE,
			status: 503,
			headers: { 'Retry-After': '0' },
			afterHandling: true,
			times: 1,
		});
		const items = ok(await runAction(env.store, SELF, approve, [{ id: returnId }]));
		expect(callsOf(env.sim, APPROVE).map((call) => call.status)).toEqual([503, 200]);
		expect(items[0].json).toMatchObject({
			returnId,
			status: 'SUCCESS',
			confirmedBy: 'stateCheck',
			note: 'The request had to be sent again and the marketplace then reported INVALID_RETURN_STATE, but the return is already RETURN_CREATED: an earlier attempt took effect.',
		});
	});

	it('a timed-out service completion is not sent again: no call reads a service, so the item says its outcome is unknown', async () => {
		const [shipmentId] = seedInState(env.sim, 1, 'DELIVERED');
		const serviceFulfilmentId = String(
			(env.sim.control.createService({ shipmentId }) as { serviceFulfilmentId: string })
				.serviceFulfilmentId,
		);
		env.sim.control.addFault({
			route: SERVICE_COMPLETE,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const error = failed(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'service',
					operation: 'complete',
					serviceFulfilmentIds: serviceFulfilmentId,
					deliveryDate: simDate(env, -1),
				},
				[{}],
			),
		);
		expect(callsOf(env.sim, SERVICE_COMPLETE)).toHaveLength(1);
		expect(error.message).toMatch(/^Complete service failed: no answer from the marketplace/);
		expect(error.description).toMatch(/It was not sent again, so that it is not done twice/);
	});

	it('a per-return message and a service reason that echo the token or the app secret come out redacted', async () => {
		const { returnId } = await selfShipReturn(env);
		ok(await runAction(env.store, SELF, { ...approve, operation: 'cancel' }, [{ id: returnId }]));
		const secrets = [accessToken(env.store), env.sim.demo.selfApp.appSecret];
		const echo = `token ${secrets[0]} secret ${secrets[1]}`;
		env.sim.control.addFault({
			route: COMPLETE,
			status: 200,
			body: {
				returns: [{ returnId, processingStatus: 'FAILURE', errorCode: 'X', errorMessage: echo }],
			},
			times: 1,
		});
		const returned = await runAction(env.store, SELF, { ...approve, operation: 'complete' }, [
			{ id: returnId },
		]);
		env.sim.control.addFault({
			route: SERVICE_COMPLETE,
			status: 200,
			body: { services: [{ serviceFulfilmentId: 'SF1', status: 'FAILURE', failureReason: echo }] },
			times: 1,
		});
		const serviced = await runAction(
			env.store,
			SELF,
			{
				resource: 'service',
				operation: 'complete',
				serviceFulfilmentIds: 'SF1',
				deliveryDate: simDate(env, -1),
			},
			[{}],
			true,
		);
		const text = visibleRunText(returned.error, []) + visibleRunText(undefined, serviced.items);
		expect(text).toContain('[redacted]');
		assertNoSecret(text, secrets, 'return and service failures');
	});
});
