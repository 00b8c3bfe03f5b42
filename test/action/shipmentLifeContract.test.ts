/**
 * The order-life operations (issue 27) send the official shapes: each request the node makes is
 * checked against its contract fixture (test/fixtures/contract). The simulator's side of the same
 * fixtures: test/simulator/shipmentLifeContract.test.ts.
 */
import type { RecordedCall } from '../../simulator';
import { loadContract, routeOf, shapeProblems, type ContractName } from '../fixtures/contract';
import { callsOf, LOC_1, ok, runAction, SELF, seedInState, useSimulator } from './helpers';
import { dispatchInputs, ist, selfShipDispatch } from './shipmentLifeInputs';

const DAY = 86_400_000;
const rl = (value: string) => ({ __rl: true, mode: 'id', value });

describe('the order-life operations send the official shapes (contract fixtures)', () => {
	const env = useSimulator();

	function sentAsContract(name: ContractName, minimum = 1): RecordedCall[] {
		const { request } = loadContract(name);
		const calls = callsOf(env.sim, routeOf(request));
		expect(calls.length).toBeGreaterThanOrEqual(minimum);
		for (const call of calls) {
			if (request.body !== undefined)
				expect(shapeProblems(call.body, request.body, request)).toEqual([]);
			if (request.query !== undefined)
				expect(shapeProblems(call.query, request.query, request)).toEqual([]);
		}
		return calls;
	}

	const seedSelf = (count: number) =>
		env.sim.control.seedShipments({
			count,
			locationId: LOC_1,
			state: 'APPROVED' as never,
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;

	it('the self-ship calls: dispatch (with and without the optional parts), attempt, tracking, delivered', async () => {
		const [a, b] = seedSelf(2);
		const inputs = dispatchInputs(env.sim, [a, b]);
		inputs[0].serials = 'IMEI-1';
		ok(await runAction(env.store, SELF, selfShipDispatch, [inputs[0]]));
		ok(
			await runAction(
				env.store,
				SELF,
				{
					...selfShipDispatch,
					trackingId: '',
					deliveryPartner: '',
					deliveryPartnerCode: '',
					invoiceNumber: '',
					options: {
						dispatchLocation: {
							location: {
								locationId: 'LOC-DEMO-2',
								address1: '12 Dock Road',
								city: 'Bengaluru',
								pincode: '560001',
							},
						},
					},
				},
				[inputs[1]],
			),
		);
		sentAsContract('shipment.selfShipDispatch', 2);
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'recordDeliveryAttempt',
				shipmentId: rl(a),
				locationId: rl(LOC_1),
				attemptDate: ist(Date.now()),
				reason: 'Customer unavailable',
				newDeliveryDate: ist(Date.now() + DAY),
			}),
		);
		sentAsContract('shipment.recordDeliveryAttempt');
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'updateTracking',
				shipmentId: rl(a),
				trackingId: 'AWB-2',
				options: {
					deliveryPartner: 'BlueLine Express',
					sellerId: 'SELLER-DEMO-1',
					tentativeDeliveryDate: ist(Date.now() + DAY),
				},
			}),
		);
		sentAsContract('shipment.updateTracking');
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'markDelivered',
				shipmentId: rl(a),
				locationId: rl(LOC_1),
				deliveryDate: ist(Date.now()),
			}),
		);
		sentAsContract('shipment.markDelivered');
	});

	it('handover counts, manifest (looked up and from fields), returns OTC', async () => {
		seedInState(env.sim, 6, 'READY_TO_DISPATCH');
		const groups = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'getHandoverCounts',
				locationId: rl(LOC_1),
			}),
		);
		sentAsContract('shipment.handoverCounts');
		ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'downloadManifest',
					locationId: rl(LOC_1),
					vendorGroupCode: '={{ $json.vendorGroupCode }}',
				},
				[groups[0].json],
			),
		);
		ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'downloadManifest',
					locationId: rl(LOC_1),
					vendorGroupCode: '={{ $json.vendorGroupCode }}',
					groupDetails: 'fields',
					isMps: '={{ $json.isMps }}',
					pickupFrom: '={{ $json.pickupSlot.from }}',
					pickupTo: '={{ $json.pickupSlot.to }}',
				},
				[groups[0].json],
			),
		);
		sentAsContract('shipment.manifest', 2);
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'getReturnsOtc',
				locationId: rl(LOC_1),
			}),
		);
		sentAsContract('shipment.returnsOtc');
	});
});
