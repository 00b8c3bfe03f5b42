/**
 * The simulator's order-life routes (issue 27) against the contract fixtures: each official
 * request is accepted and answered in the official shape. The node's side:
 * test/action/shipmentLifeContract.test.ts.
 */
import type { AxiosResponse } from 'axios';

import { loadContract, shapeProblems, withValues, type ContractSide } from '../fixtures/contract';
import { bearer, useHarness } from './helpers';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOC = 'LOC-DEMO-1';
const IST = 330 * 60_000;
const ist = (ms: number) => `${new Date(ms + IST).toISOString().slice(0, 19)}+05:30`;

describe('simulator answers the order-life calls in the official shapes (contract fixtures)', () => {
	const h = useHarness({}, { selfToken: true });

	const seedSelf = () =>
		h.sim.control.seedShipments({
			locationId: LOC,
			count: 1,
			state: 'APPROVED',
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds[0];
	const orderItem = (id: string) => (h.sim.control.getShipment(id).shipment as Loose).orderItems[0];

	async function send(
		side: ContractSide,
		fill: { path?: string; query?: Record<string, unknown>; body?: unknown } = {},
	): Promise<AxiosResponse> {
		return await h.api.request({
			method: side.method,
			url: fill.path ?? side.path,
			params: fill.query ?? side.query,
			data: fill.body ?? side.body,
			headers: bearer(h.token),
		});
	}

	function conforms(res: AxiosResponse, side: ContractSide): Loose {
		expect({
			status: res.status,
			problems: side.body === undefined ? [] : shapeProblems(res.data, side.body, side),
		}).toEqual({
			status: side.status,
			problems: [],
		});
		return res.data;
	}

	/** The dispatch fixture bound to a seeded self-ship shipment, dated today. */
	const dispatchBody = (id: string) => {
		const contract = loadContract('shipment.selfShipDispatch');
		const now = Date.now();
		return withValues(contract.request.body, {
			'shipments.0.shipmentId': id,
			'shipments.0.dispatchDate': ist(now),
			'shipments.0.tentativeDeliveryDate': ist(now + 2 * 86_400_000),
			'shipments.0.invoice.invoiceDate': ist(now).slice(0, 10),
			'shipments.0.invoice.items.0.orderItemId': orderItem(id).orderItemId,
		});
	};

	it('self-ship dispatch, delivery attempt, tracking update and delivery: accepted, answered per shipment with processingStatus', async () => {
		const id = seedSelf();
		const dispatch = loadContract('shipment.selfShipDispatch');
		const answered = conforms(
			await send(dispatch.request, { body: dispatchBody(id) }),
			dispatch.response,
		);
		expect(answered.shipments[0]).toMatchObject({ shipmentId: id, processingStatus: 'SUCCESS' });
		expect(h.sim.control.getShipment(id).state).toBe('SHIPPED');

		const attempt = loadContract('shipment.recordDeliveryAttempt');
		const attemptBody = withValues(attempt.request.body, {
			'shipments.0.shipmentId': id,
			'shipments.0.deliveryDate': ist(Date.now()),
			'shipments.0.failureAttributes.newDeliveryDate': ist(Date.now() + 86_400_000),
		});
		expect(
			conforms(await send(attempt.request, { body: attemptBody }), attempt.response).shipments[0]
				.processingStatus,
		).toBe('SUCCESS');

		const tracking = loadContract('shipment.updateTracking');
		const trackingRes = await send(tracking.request, {
			path: `/sellers/v3/shipments/${id}/update`,
			body: withValues(tracking.request.body, {
				shipment_id: id,
				tentative_delivery_date: ist(Date.now() + 86_400_000),
			}),
		});
		expect(trackingRes.status).toBe(200);
		expect(h.sim.control.getSelfShip(id).record).toMatchObject({
			trackingId: 'AWB0000000002',
			deliveryPartner: 'BlueLine Express',
		});

		const delivered = loadContract('shipment.markDelivered');
		const deliveredBody = withValues(delivered.request.body, {
			'shipments.0.shipmentId': id,
			'shipments.0.deliveryDate': ist(Date.now()).slice(0, 10),
		});
		expect(
			conforms(await send(delivered.request, { body: deliveredBody }), delivered.response)
				.shipments[0].processingStatus,
		).toBe('SUCCESS');
		expect(h.sim.control.getShipment(id).state).toBe('DELIVERED');
	});

	it('refusals have the official per-shipment form: a missing invoice is UNPROCESSABLE_ENTITY naming the field', async () => {
		const id = seedSelf();
		const dispatch = loadContract('shipment.selfShipDispatch');
		const body = withValues(dispatchBody(id), { 'shipments.0.invoice': undefined });
		const answered = conforms(await send(dispatch.request, { body }), dispatch.failure!);
		expect(answered.shipments[0]).toMatchObject({
			processingStatus: 'FAILURE',
			errorCode: 'UNPROCESSABLE_ENTITY',
			errorMessage: 'invoice is mandatory',
		});
		expect(h.sim.control.getShipment(id).state).toBe('APPROVED');
	});

	it('handover counts, the manifest PDF and the returns OTC', async () => {
		h.sim.control.seedShipments({
			locationId: LOC,
			count: 4,
			state: 'READY_TO_DISPATCH',
			itemCount: 1,
			packageCount: 1,
		});
		h.sim.control.generateHandoverOtcs({ locationId: LOC });
		const counts = loadContract('shipment.handoverCounts');
		const groups = conforms(await send(counts.request), counts.response) as Loose[];
		expect(groups.length).toBeGreaterThan(0);
		const manifest = loadContract('shipment.manifest');
		const group = groups.find((entry) => !entry.isMps) ?? groups[0];
		const res = await h.api.post(
			'/sellers/v3/shipments/manifest',
			withValues(manifest.request.body, {
				'params.vendorGroupCode': group.vendorGroupCode,
				'params.is_mps': group.isMps,
				'params.pickupDate': group.pickUpDate,
			}),
			{ headers: bearer(h.token), responseType: 'arraybuffer' },
		);
		expect(res.status).toBe(manifest.response.status);
		expect(res.headers['content-type']).toBe('application/pdf');
		expect(Buffer.from(res.data).subarray(0, 4).toString('latin1')).toBe('%PDF');
		h.sim.control.generateReturnOtc({ locationId: LOC });
		const otc = loadContract('shipment.returnsOtc');
		conforms(await send(otc.request, { path: `/sellers/v3/shipments/otc/${LOC}` }), otc.response);
	});
});
