/** Labels, packing, ready to dispatch, cancel and form acknowledgement (docs/marketplace-api/shipments.md). */
import { bearer, useHarness } from './helpers';

interface WireShipment {
	shipmentId: string;
	locationId: string;
	orderItems: Array<{
		orderItemId: string;
		orderId: string;
		status: string;
		orderDate: string;
		cancellationGroupId: string;
		cancellationReason: string | null;
	}>;
	subShipments: Array<{ subShipmentId: string }>;
}

/** A calendar date (yyyy-MM-dd) in +05:30, `days` from the instant `ms`. */
const dayOf = (ms: number, days = 0) =>
	new Date(ms + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);

describe('shipment actions', () => {
	const h = useHarness({}, { selfToken: true });

	const post = (path: string, body: unknown) =>
		h.api.post(`/sellers/v3/shipments/${path}`, body, { headers: bearer(h.token) });
	const wire = (id: string) => h.sim.control.getShipment(id).shipment as WireShipment;
	const stateOf = (id: string) => h.sim.control.getShipment(id).state;
	const fresh = (count = 1, extra: Record<string, unknown> = {}) =>
		h.sim.control.seedShipments({ locationId: 'LOC-DEMO-1', count, ...extra }).shipmentIds;
	const firstIn = (state: string, locationId = 'LOC-DEMO-1') =>
		(h.sim.control.listShipments({ locationId, state }).shipments[0] as { shipmentId: string })
			.shipmentId;
	/** Today on the simulator's clock, as the date the official model's invoiceDate is. */
	const TODAY = () => dayOf(h.sim.control.getClock().epochMs);

	/** A valid label request entry for the shipment. */
	function labelEntry(id: string, override: Record<string, unknown> = {}) {
		const s = wire(id);
		return {
			shipmentId: id,
			locationId: s.locationId,
			invoices: [
				{
					orderId: s.orderItems[0].orderId,
					invoiceDate: TODAY(),
					invoiceNumber: `INV-T-${id.slice(0, 4)}`,
				},
			],
			taxItems: s.orderItems
				.filter((i) => i.status !== 'CANCELLED')
				.map((i) => ({ orderItemId: i.orderItemId, taxRate: 18, quantity: 1 })),
			subShipments: [
				{ subShipmentId: 'SS-1', dimensions: { length: 20, breadth: 15, height: 5, weight: 0.4 } },
			],
			serialNumbers: [{ orderItemId: s.orderItems[0].orderItemId, serialNumbers: [['IMEI-1']] }],
			...override,
		};
	}

	describe('labels', () => {
		it('moves APPROVED -> PACKING_IN_PROGRESS -> PACKED after the packing delay and stores the label data', async () => {
			h.sim.control.setConfig({ packingDelayMs: 60_000 });
			const [id] = fresh();
			const res = await post('labels', { shipments: [labelEntry(id)] });
			expect(res.status).toBe(200);
			expect(res.data).toEqual({
				shipments: [{ shipmentId: id, status: 'SUCCESS', errorCode: null, errorMessage: null }],
			});
			const during = await h.api.get('/sellers/v3/shipments', {
				params: { shipmentIds: id },
				headers: bearer(h.token),
			});
			expect(during.data.shipments[0].orderItems[0].status).toBe('PACKING_IN_PROGRESS');

			h.sim.control.advanceClock({ seconds: 60 });
			const after = await h.api.get('/sellers/v3/shipments', {
				params: { shipmentIds: id },
				headers: bearer(h.token),
			});
			expect(after.data.shipments[0].orderItems[0].status).toBe('PACKED');
			expect(h.sim.control.getShipment(id).subShipments).toEqual([
				expect.objectContaining({
					subShipmentId: 'SS-1',
					dimensions: { length: 20, breadth: 15, height: 5, weight: 0.4 },
				}),
			]);
			const details = await h.api.get(`/sellers/v3/shipments/${id}`, { headers: bearer(h.token) });
			expect(details.data.shipments[0].courierDetails.deliveryDetails.trackingId).toMatch(
				/^[A-Z]{3}\d{10}$/,
			);
			const invoices = await h.api.get(`/sellers/v3/shipments/${id}/invoices`, {
				headers: { ...bearer(h.token), Accept: 'application/json' },
			});
			expect(invoices.data.invoices[0]).toMatchObject({
				shipmentId: id,
				invoiceNumber: `INV-T-${id.slice(0, 4)}`,
			});
			expect(invoices.data.invoices[0].orderItems[0]).toMatchObject({
				taxRate: 18,
				serialNumbers: [['IMEI-1']],
			});
		});

		it('packs at once with packingDelayMs 0', async () => {
			const [id] = fresh();
			await post('labels', { shipments: [labelEntry(id)] });
			expect(stateOf(id)).toBe('PACKED');
		});

		it('answers per item, in order, under HTTP 200', async () => {
			const [good, held] = fresh(2);
			await h.sim.control.setShipmentState(held, { hold: true });
			const res = await post('labels', {
				shipments: [
					labelEntry(good),
					labelEntry(held),
					{ shipmentId: 'nope', locationId: 'LOC-DEMO-1' },
				],
			});
			expect(res.status).toBe(200);
			expect(
				res.data.shipments.map(
					(s: { shipmentId: string; status: string; errorCode: string | null }) => [
						s.shipmentId,
						s.status,
						s.errorCode,
					],
				),
			).toEqual([
				[good, 'SUCCESS', null],
				[held, 'FAILURE', 'SHIPMENT_ON_HOLD'],
				['nope', 'FAILURE', 'INVALID_SHIPMENTS'],
			]);
		});

		const cases: Array<[string, (id: string) => Record<string, unknown>, string]> = [
			[
				'a wrong locationId',
				(id) => labelEntry(id, { locationId: 'LOC-DEMO-2' }),
				'INVALID_LOCATION_ID',
			],
			['no invoices', (id) => labelEntry(id, { invoices: [] }), 'INVOICE_DETAILS_MISSING'],
			[
				'an invoice without orderId',
				(id) => labelEntry(id, { invoices: [{ invoiceDate: TODAY() }] }),
				'INVOICE_DETAILS_MISSING',
			],
			[
				'an invoice without invoiceDate',
				(id) => labelEntry(id, { invoices: [{ orderId: wire(id).orderItems[0].orderId }] }),
				'INVOICE_DETAILS_MISSING',
			],
			[
				'an invoice date before the order',
				(id) =>
					labelEntry(id, {
						invoices: [{ orderId: wire(id).orderItems[0].orderId, invoiceDate: '2001-01-01' }],
					}),
				'INVALID_INVOICE_DATE',
			],
			[
				'an invoice date in the future',
				(id) =>
					labelEntry(id, {
						invoices: [
							{
								orderId: wire(id).orderItems[0].orderId,
								invoiceDate: dayOf(h.sim.control.getClock().epochMs, 2),
							},
						],
					}),
				'INVALID_INVOICE_DATE',
			],
			// The official model types invoiceDate as a date (docs/marketplace-api/shipments.md#generate-labels): a date-time is refused.
			[
				'a date-time invoice date',
				(id) =>
					labelEntry(id, {
						invoices: [
							{
								orderId: wire(id).orderItems[0].orderId,
								invoiceDate: wire(id).orderItems[0].orderDate,
							},
						],
					}),
				'INVALID_INVOICE_DATE',
			],
			[
				'a day that does not exist',
				(id) =>
					labelEntry(id, {
						invoices: [{ orderId: wire(id).orderItems[0].orderId, invoiceDate: '2025-02-30' }],
					}),
				'INVALID_INVOICE_DATE',
			],
			[
				'a fractional tax item quantity',
				(id) =>
					labelEntry(id, {
						taxItems: [
							{ orderItemId: wire(id).orderItems[0].orderItemId, taxRate: 18, quantity: 1.5 },
						],
					}),
				'INVALID_REQUEST',
			],
			[
				'a tax rate above 100',
				(id) =>
					labelEntry(id, {
						taxItems: [{ orderItemId: wire(id).orderItems[0].orderItemId, taxRate: 101 }],
					}),
				'INVALID_TAX_RATE',
			],
			[
				'a negative tax rate',
				(id) =>
					labelEntry(id, {
						taxItems: [{ orderItemId: wire(id).orderItems[0].orderItemId, taxRate: -1 }],
					}),
				'INVALID_TAX_RATE',
			],
			['no tax item', (id) => labelEntry(id, { taxItems: [] }), 'INVALID_TAX_RATE'],
			[
				'a zero dimension',
				(id) =>
					labelEntry(id, {
						subShipments: [
							{
								subShipmentId: 'SS-1',
								dimensions: { length: 0, breadth: 1, height: 1, weight: 1 },
							},
						],
					}),
				'INVALID_DIMENSIONS',
			],
			[
				'an unknown sub-shipment',
				(id) =>
					labelEntry(id, {
						subShipments: [
							{
								subShipmentId: 'SS-9',
								dimensions: { length: 1, breadth: 1, height: 1, weight: 1 },
							},
						],
					}),
				'INVALID_SUB_SHIPMENT_ID',
			],
		];
		it.each(cases)('fails an entry with %s', async (_name, entry, code) => {
			const [id] = fresh();
			const res = await post('labels', { shipments: [entry(id)] });
			expect(res.status).toBe(200);
			expect(res.data.shipments[0]).toMatchObject({
				shipmentId: id,
				status: 'FAILURE',
				errorCode: code,
			});
			expect(typeof res.data.shipments[0].errorMessage).toBe('string');
			expect(stateOf(id)).toBe('APPROVED');
		});

		it("fails shipments that are not APPROVED, another seller's, or not yet dispatchable", async () => {
			const packed = firstIn('PACKED');
			const foreign = firstIn('APPROVED', 'LOC-DEMO-3');
			const [later] = fresh(1, {
				dispatchAfterDate: new Date(Date.now() + 6 * 3600_000).toISOString(),
			});
			const res = await post('labels', {
				shipments: [
					labelEntry(packed),
					{ ...labelEntry(foreign), locationId: 'LOC-DEMO-3' },
					labelEntry(later),
				],
			});
			expect(res.data.shipments.map((s: { errorCode: string }) => s.errorCode)).toEqual([
				'INVALID_SHIPMENT_STATE',
				'INVALID_SHIPMENTS',
				'DISPATCH_AFTER_DATE_NOT_REACHED',
			]);
			h.sim.control.advanceClock({ seconds: 6 * 3600 + 60 });
			const retry = await post('labels', {
				shipments: [
					{
						...labelEntry(later),
						invoices: [{ orderId: wire(later).orderItems[0].orderId, invoiceDate: TODAY() }],
					},
				],
			});
			expect(retry.data.shipments[0].status).toBe('SUCCESS');
		});

		it('reports injected failures, then recovers', async () => {
			const [id] = fresh();
			h.sim.control.injectShipmentFailure({
				shipmentIds: [id],
				operation: 'labels',
				errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
				errorMessage: 'try later',
				times: 1,
			});
			const first = await post('labels', { shipments: [labelEntry(id)] });
			expect(first.data.shipments[0]).toEqual({
				shipmentId: id,
				status: 'FAILURE',
				errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
				errorMessage: 'try later',
			});
			const second = await post('labels', { shipments: [labelEntry(id)] });
			expect(second.data.shipments[0].status).toBe('SUCCESS');
		});

		it('spells the outcome processingStatus when switched', async () => {
			h.sim.control.setConfig({ perItemStatusField: 'processingStatus' });
			const [id] = fresh();
			const res = await post('labels', { shipments: [labelEntry(id)] });
			expect(res.data.shipments[0]).toEqual({
				shipmentId: id,
				processingStatus: 'SUCCESS',
				errorCode: null,
				errorMessage: null,
			});
		});

		it('rejects more than 25 shipments with 422 and bad bodies with 400', async () => {
			const many = Array.from({ length: 26 }, (_, i) => ({
				shipmentId: `s-${i}`,
				locationId: 'LOC-DEMO-1',
			}));
			const tooMany = await post('labels', { shipments: many });
			expect(tooMany.status).toBe(422);
			expect(tooMany.data).toEqual({
				error: 'TOO_MANY_IDS',
				message: 'At most 25 shipments are allowed per request; got 26',
			});
			expect((await post('labels', { shipments: [] })).status).toBe(400);
			expect((await post('labels', { shipment: {} })).status).toBe(400);
		});
	});

	describe('ready to dispatch', () => {
		it('moves PACKED shipments to READY_TO_DISPATCH and fails the others per item', async () => {
			const packed = firstIn('PACKED');
			const approved = firstIn('APPROVED');
			const res = await post('dispatch', {
				shipmentIds: [packed, approved, 'nope'],
				locationId: 'LOC-DEMO-1',
			});
			expect(res.status).toBe(200);
			expect(
				res.data.shipments.map((s: { status: string; errorCode: string | null }) => [
					s.status,
					s.errorCode,
				]),
			).toEqual([
				['SUCCESS', null],
				['FAILURE', 'INVALID_SHIPMENT_STATE'],
				['FAILURE', 'INVALID_SHIPMENTS'],
			]);
			expect(stateOf(packed)).toBe('READY_TO_DISPATCH');
			const wrongLocation = await post('dispatch', {
				shipmentIds: [firstIn('PACKED')],
				locationId: 'LOC-DEMO-2',
			});
			expect(wrongLocation.data.shipments[0].errorCode).toBe('INVALID_LOCATION_ID');
		});

		it('needs shipmentIds and locationId, at most 25', async () => {
			const noLocation = await post('dispatch', { shipmentIds: ['a'] });
			expect(noLocation.status).toBe(400);
			expect(noLocation.data.message).toBe('locationId is mandatory');
			const noIds = await post('dispatch', { locationId: 'LOC-DEMO-1' });
			expect(noIds.status).toBe(400);
			expect(noIds.data.message).toBe('shipmentIds is mandatory (a non-empty array)');
			const many = await post('dispatch', {
				shipmentIds: Array.from({ length: 26 }, (_, i) => `s${i}`),
				locationId: 'LOC-DEMO-1',
			});
			expect(many.status).toBe(422);
		});
	});

	describe('cancel', () => {
		it('cancels before PACKED as a seller cancellation', async () => {
			const [id] = fresh();
			const s = wire(id);
			const res = await post('cancel', {
				shipments: [
					{
						shipmentId: id,
						locationId: 'LOC-DEMO-1',
						cancellationGroupIds: [s.orderItems[0].cancellationGroupId],
						reason: 'not_enough_inventory',
					},
				],
			});
			expect(res.data.shipments[0]).toEqual({
				shipmentId: id,
				status: 'SUCCESS',
				errorCode: null,
				errorMessage: null,
			});
			const after = wire(id).orderItems[0];
			expect(after).toMatchObject({
				status: 'CANCELLED',
				cancellationReason: 'not_enough_inventory',
			});
			const found = await h.api.post(
				'/sellers/v3/shipments/filter',
				{
					filter: {
						type: 'cancelled',
						cancellationType: 'sellerCancellation',
						locationId: 'LOC-DEMO-1',
					},
				},
				{ headers: bearer(h.token) },
			);
			expect(found.data.shipments.map((x: WireShipment) => x.shipmentId)).toContain(id);
		});

		it('cancels per cancellation group (partial cancel)', async () => {
			const [id] = fresh(1, { itemCount: 2 });
			const s = wire(id);
			await post('cancel', {
				shipments: [
					{
						shipmentId: id,
						locationId: 'LOC-DEMO-1',
						cancellationGroupIds: [s.orderItems[0].cancellationGroupId],
						reason: 'b2b_order',
					},
				],
			});
			expect(wire(id).orderItems.map((i) => i.status)).toEqual(['CANCELLED', 'APPROVED']);
			expect(stateOf(id)).toBe('APPROVED');
			const label = await post('labels', { shipments: [labelEntry(id)] });
			expect(label.data.shipments[0].status).toBe('SUCCESS');
		});

		it('validates reason, state and groups', async () => {
			const [a, b] = fresh(2);
			const packed = firstIn('PACKED');
			const group = (id: string) => [wire(id).orderItems[0].cancellationGroupId];
			const res = await post('cancel', {
				shipments: [
					{
						shipmentId: a,
						locationId: 'LOC-DEMO-1',
						cancellationGroupIds: group(a),
						reason: 'changed_my_mind',
					},
					{ shipmentId: a, locationId: 'LOC-DEMO-1', cancellationGroupIds: group(a), reason: '' },
					{
						shipmentId: packed,
						locationId: 'LOC-DEMO-1',
						cancellationGroupIds: group(packed),
						reason: 'cannot_procure_item',
					},
					{
						shipmentId: b,
						locationId: 'LOC-DEMO-1',
						cancellationGroupIds: ['grp-unknown'],
						reason: 'cannot_procure_item',
					},
				],
			});
			expect(res.data.shipments.map((s: { errorCode: string }) => s.errorCode)).toEqual([
				'EMPTY_OR_INVALID_REASON_FOR_CANCELLATION',
				'EMPTY_OR_INVALID_REASON_FOR_CANCELLATION',
				'INVALID_SHIPMENT_STATE',
				'INVALID_CANCELLATION_GROUP_ID',
			]);
			expect(stateOf(a)).toBe('APPROVED');
		});
	});

	describe('forms acknowledgement', () => {
		it('unblocks FORM_FAILED shipments with an ack number', async () => {
			const id = firstIn('FORM_FAILED');
			const before = await h.api.post(`/sellers/v3/shipments/${id}/forms`, undefined, {
				headers: bearer(h.token),
			});
			expect(before.data.shipments[0].forms[0]).toMatchObject({
				name: 'EWAY_BILL',
				status: 'Failed',
				link: null,
			});
			const res = await post('forms/updateAck', {
				shipments: [{ shipmentId: id, forms: [{ name: 'EWAY_BILL', ackNumber: 'ACK-12345' }] }],
			});
			expect(res.data.shipments[0]).toEqual({
				shipmentId: id,
				status: 'SUCCESS',
				errorCode: null,
				errorMessage: null,
			});
			expect(stateOf(id)).toBe('PACKED');
			const after = await h.api.post(`/sellers/v3/shipments/${id}/forms`, undefined, {
				headers: bearer(h.token),
			});
			expect(after.data.shipments[0].forms[0]).toMatchObject({
				name: 'EWAY_BILL',
				status: 'Completed',
				automated: true,
			});
			expect(after.data.shipments[0].forms[0].link).toBe(
				`${h.sim.url}/sellers/v3/shipments/${id}/labels`,
			);
		});

		it('fails other states, unknown forms and missing ack numbers per item', async () => {
			const failed = firstIn('FORM_FAILED');
			const approved = firstIn('APPROVED');
			const res = await post('forms/updateAck', {
				shipments: [
					{ shipmentId: approved, forms: [{ name: 'EWAY_BILL', ackNumber: 'A' }] },
					{ shipmentId: failed, forms: [{ name: 'STATE_PERMIT', ackNumber: 'A' }] },
					{ shipmentId: failed, forms: [{ name: 'EWAY_BILL' }] },
				],
			});
			expect(res.data.shipments.map((s: { errorCode: string }) => s.errorCode)).toEqual([
				'INVALID_SHIPMENT_STATE',
				'INVALID_FORMS',
				'MISSING_ACK_NUMBER',
			]);
			expect(stateOf(failed)).toBe('FORM_FAILED');
			const many = await post('forms/updateAck', {
				shipments: Array.from({ length: 26 }, (_, i) => ({ shipmentId: `s${i}`, forms: [] })),
			});
			expect(many.status).toBe(422);
		});
	});
});
