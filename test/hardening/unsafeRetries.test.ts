/**
 * State-changing requests and a flaky network (issue 11, point 3). Labels, dispatch, cancel,
 * form acknowledgements and listing writes are sent again only when the marketplace surely did
 * not act (429, 503 with Retry-After, connection refused). When the answer is lost after the
 * marketplace acted (a timeout, a dropped connection, a 5xx), the request is not repeated; the
 * shipments' state decides what the item says.
 *
 * The simulator's fault injection stands in for the network: `dropConnection` with
 * `afterHandling` carries the request out and then closes the connection without an answer,
 * exactly what the node sees when the marketplace answers after n8n's 60 s timeout.
 */
// Retries wait with n8n-workflow's sleep: recorded, not waited for (no real sleeping in tests).
jest.mock('n8n-workflow', () =>
	jest
		.requireActual<typeof import('../support/instantSleep')>('../support/instantSleep')
		.withInstantSleep(),
);

import {
	apiCalls,
	callsOf,
	failed,
	generateLabelsJson,
	listingCreateJson,
	LOC_1,
	ok,
	runAction,
	SELF,
	seedApproved,
	seedInState,
	stateOf,
	labelInputs,
	useSimulator,
	validListing,
	wireShipment,
} from '../action/helpers';

const DISPATCH = 'POST /sellers/v3/shipments/dispatch';
const LABELS = 'POST /sellers/v3/shipments/labels';
const CANCEL = 'POST /sellers/v3/shipments/cancel';
const FORMS_ACK = 'POST /sellers/v3/shipments/forms/updateAck';
const LISTINGS = 'POST /sellers/listings/v3';

const dispatch = (shipmentIds: string) => ({
	resource: 'shipment',
	operation: 'dispatch',
	shipmentIds,
	locationId: LOC_1,
});

const listingCreate = listingCreateJson;
const listing = validListing({
	product_id: 'PID-RETRY-1',
	packages: [{ name: 'Box', dimensions: { length: 10, breadth: 10, height: 10 }, weight: 1 }],
});

describe('state-changing requests are never repeated blindly', () => {
	const env = useSimulator();

	it('Mark Ready to Dispatch whose answer is lost: sent once, and the item is a success said to be confirmed by the state', async () => {
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: DISPATCH,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const items = ok(await runAction(env.store, SELF, dispatch(packed)));
		expect(callsOf(env.sim, DISPATCH)).toHaveLength(1);
		expect(stateOf(env.sim, packed)).toBe('READY_TO_DISPATCH');
		expect(items.map((item) => item.json)).toEqual([
			{
				shipmentId: packed,
				status: 'SUCCESS',
				state: 'READY_TO_DISPATCH',
				confirmedBy: 'stateCheck',
				note: "The marketplace's answer was lost (no answer (ECONNRESET)); the shipment is now READY_TO_DISPATCH, so the request took effect. It was not sent again.",
			},
		]);
	});

	it('Mark Ready to Dispatch whose request was lost before it was handled: not sent again, the item fails as not confirmed with the state seen', async () => {
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({ route: DISPATCH, dropConnection: true, times: 1 });
		const items = ok(await runAction(env.store, SELF, dispatch(packed), [{}], true));
		expect(callsOf(env.sim, DISPATCH)).toHaveLength(1);
		expect(stateOf(env.sim, packed)).toBe('PACKED');
		expect(items[0].json).toMatchObject({
			shipmentId: packed,
			errorCode: 'NOT_CONFIRMED',
			state: 'PACKED',
			error: `Mark ready to dispatch not confirmed for shipment ${packed}: the marketplace's answer was lost (no answer (ECONNRESET)) and the shipment is PACKED`,
		});
		expect(items[0].json.errorDescription).toMatch(/not sent again, so that it is not done twice/);
	});

	it('Generate Labels answered 500 after the marketplace acted: not retried, the shipments confirmed by their state', async () => {
		const shipments = seedApproved(env.sim, 3);
		env.sim.control.addFault({
			route: LABELS,
			status: 500,
			afterHandling: true,
			body: { error: 'INTERNAL_ERROR', message: 'upstream timeout' },
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipments)),
		);
		expect(callsOf(env.sim, LABELS)).toHaveLength(1);
		expect(
			items.map((item) => [item.json.shipmentId, item.json.status, item.json.confirmedBy]),
		).toEqual(shipments.map((id) => [id, 'SUCCESS', 'stateCheck']));
		expect(String(items[0].json.note)).toMatch(
			/^The marketplace's answer was lost \(HTTP 500\); the shipment is now (PACKING_IN_PROGRESS|PACKED)/,
		);
	});

	it('Generate Labels answered 503 with Retry-After before anything happened: retried, as the marketplace asked', async () => {
		const shipments = seedApproved(env.sim, 2);
		env.sim.control.addFault({
			route: LABELS,
			status: 503,
			headers: { 'Retry-After': '0' },
			body: { error: 'SERVICE_UNAVAILABLE' },
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, generateLabelsJson, labelInputs(env.sim, shipments)),
		);
		expect(callsOf(env.sim, LABELS).map((call) => call.status)).toEqual([503, 200]);
		expect(items.map((item) => item.json.status)).toEqual(['SUCCESS', 'SUCCESS']);
		expect(items[0].json.confirmedBy).toBeUndefined();
	});

	it('a 429 is retried for a state-changing request too', async () => {
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: DISPATCH,
			status: 429,
			headers: { 'Retry-After': '0' },
			times: 1,
		});
		const items = ok(await runAction(env.store, SELF, dispatch(packed)));
		expect(callsOf(env.sim, DISPATCH).map((call) => call.status)).toEqual([429, 200]);
		expect(items[0].json).toMatchObject({ shipmentId: packed, status: 'SUCCESS' });
	});

	it("a 503 with Retry-After that came after the marketplace acted: the retry's INVALID_SHIPMENT_STATE is a success said so", async () => {
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: DISPATCH,
			status: 503,
			headers: { 'Retry-After': '0' },
			afterHandling: true,
			times: 1,
		});
		const items = ok(await runAction(env.store, SELF, dispatch(packed)));
		expect(callsOf(env.sim, DISPATCH).map((call) => call.status)).toEqual([503, 200]);
		expect(items.map((item) => item.json)).toEqual([
			{
				shipmentId: packed,
				status: 'SUCCESS',
				state: 'READY_TO_DISPATCH',
				confirmedBy: 'stateCheck',
				note: 'The request had to be sent again and the marketplace then reported INVALID_SHIPMENT_STATE, but the shipment is already READY_TO_DISPATCH: an earlier attempt took effect.',
			},
		]);
	});

	it('Cancel whose answer is lost: sent once, confirmed by the cancelled groups', async () => {
		const [approved] = seedApproved(env.sim, 1);
		const group = String(wireShipment(env.sim, approved).orderItems[0].cancellationGroupId);
		env.sim.control.addFault({
			route: CANCEL,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'cancel',
				shipmentId: approved,
				locationId: LOC_1,
				reason: 'not_enough_inventory',
				cancellationGroupIds: group,
			}),
		);
		expect(callsOf(env.sim, CANCEL)).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			shipmentId: approved,
			status: 'SUCCESS',
			state: 'CANCELLED',
			confirmedBy: 'stateCheck',
		});
	});

	it('Update Form Acknowledgement whose answer is lost: sent once, confirmed by the state', async () => {
		const [formFailed] = seedInState(env.sim, 1, 'FORM_FAILED');
		env.sim.control.addFault({
			route: FORMS_ACK,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const form = env.sim.control.getShipment(formFailed) as unknown as {
			shipment: { forms?: Array<{ formName?: string; name?: string }> };
		};
		const forms = await runAction(env.store, SELF, {
			resource: 'shipment',
			operation: 'getForms',
			shipmentIds: formFailed,
		});
		const formName = String(
			(forms.items[0].json.forms as Array<Record<string, unknown>>)[0]?.formName ??
				form.shipment.forms?.[0]?.name ??
				'EWAY_BILL',
		);
		env.sim.control.clearCalls();
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'updateFormAck',
				shipmentId: formFailed,
				forms: { form: [{ name: formName, ackNumber: 'ACK-123456' }] },
			}),
		);
		expect(callsOf(env.sim, FORMS_ACK)).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			shipmentId: formFailed,
			status: 'SUCCESS',
			state: 'PACKED',
			confirmedBy: 'stateCheck',
		});
	});

	it('Listing Create whose answer is lost: sent once, and every SKU of the request says it may have been applied', async () => {
		env.sim.control.addFault({
			route: LISTINGS,
			dropConnection: true,
			afterHandling: true,
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, listingCreate, [{ sku: 'RETRY-SKU-1', listing }], true),
		);
		expect(callsOf(env.sim, LISTINGS)).toHaveLength(1);
		expect(items[0].json.sku).toBe('RETRY-SKU-1');
		expect(items[0].json.error).toMatch(
			/^Create listing failed: no answer from the marketplace at http:\/\/127\.0\.0\.1:\d+ \(ECONNRESET\)$/,
		);
		expect(items[0].json.errorDescription).toMatch(
			/^The marketplace may have carried out the request before this failure\. It was not sent again/,
		);
		// It was carried out: the listing exists.
		const got = ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'get',
				skus: 'RETRY-SKU-1',
			}),
		);
		expect(got[0].json.sku).toBe('RETRY-SKU-1');
	});

	it('Listing Create answered 502 by a gateway: not retried either', async () => {
		env.sim.control.addFault({
			route: LISTINGS,
			status: 502,
			body: '<html>Bad Gateway</html>',
			times: -1,
		});
		const error = failed(
			await runAction(env.store, SELF, listingCreate, [{ sku: 'RETRY-SKU-2', listing }]),
		);
		expect(callsOf(env.sim, LISTINGS)).toHaveLength(1);
		expect(error.message).toBe('Create listing failed: Bad Gateway (HTTP 502)');
		expect(error.description).toMatch(/It was not sent again, so that it is not done twice/);
	});

	it('reads are still retried on a dropped connection (they change nothing)', async () => {
		const [packed] = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: 'GET /sellers/v3/shipments',
			dropConnection: true,
			times: 1,
		});
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: packed,
			}),
		);
		expect(items.map((item) => item.json.shipmentId)).toEqual([packed]);
		expect(apiCalls(env.sim).map((call) => call.status)).toEqual([0, 200]);
	});
});
