/** Push notifications: signature, the 17 envelopes, delivery switches, lifecycles, automatic pushes (docs/marketplace-api/signature.md#signature-recipe, docs/marketplace-api/notifications.md, docs/marketplace-api/signature.md). */
import { createHash } from 'node:crypto';
import { authorizationValue, EVENT_TYPES, pushSignature } from '../../simulator';
import { MARKETPLACE } from '../../simulator/profile';
import { signPush } from '../../simulator/notifications/signing';
import { httpDate } from '../../simulator/util/dates';
import {
	bearer,
	PARTNER,
	selfToken,
	SELF,
	startHarness,
	TestReceiver,
	useHarness,
	type ReceivedPush,
} from './helpers';

/** The receiver side, written independently of the simulator: sha1(epoch + url + POST + secret). */
function expectedAuthorization(
	xDate: string,
	url: string,
	appId: string,
	secret: string,
	scheme = 'MKTLOGIN',
): string {
	const epoch = Math.floor(Date.parse(xDate) / 1000);
	const sig = createHash('sha1').update(`${epoch}${url}POST${secret}`).digest('hex');
	return `${scheme} ${Buffer.from(`${appId}:${sig}`).toString('base64')}`;
}

function decodeAuthorization(header: string): { scheme: string; appId: string; sig: string } {
	const [scheme, b64] = header.split(' ');
	const [appId, sig] = Buffer.from(b64, 'base64').toString('utf8').split(':');
	return { scheme, appId, sig };
}

describe('push signature (docs/marketplace-api/signature.md#test-vectors)', () => {
	const vector = {
		appId: 'a1b2c3d4-0000-4e5f-8a9b-123456789abc',
		secret: 's3cr3t-9f8e7d6c-5b4a-4321-9876-fedcba098765',
		url: 'https://n8n.example.org/webhook/mkt-orders',
		xDate: 'Wed, 05 Mar 2025 10:15:30 GMT',
		epoch: 1741169730,
	};

	it('reproduces the worked example exactly', () => {
		expect(MARKETPLACE.signatureScheme).toBe('MKTLOGIN');
		expect(httpDate(vector.epoch * 1000)).toBe(vector.xDate);
		const sig = pushSignature(vector.epoch, vector.url, vector.secret);
		expect(sig).toBe('1359d736b209fc455adbea3b250b48de6cf9779d');
		expect(authorizationValue('MKTLOGIN', vector.appId, sig)).toBe(
			'MKTLOGIN YTFiMmMzZDQtMDAwMC00ZTVmLThhOWItMTIzNDU2Nzg5YWJjOjEzNTlkNzM2YjIwOWZjNDU1YWRiZWEzYjI1MGI0OGRlNmNmOTc3OWQ=',
		);
		expect(
			signPush({
				appId: vector.appId,
				appSecret: vector.secret,
				registeredUrl: vector.url,
				dateMs: vector.epoch * 1000 + 999,
				scheme: 'MKTLOGIN',
			}),
		).toEqual({
			xDate: vector.xDate,
			xAuthorization:
				'MKTLOGIN YTFiMmMzZDQtMDAwMC00ZTVmLThhOWItMTIzNDU2Nzg5YWJjOjEzNTlkNzM2YjIwOWZjNDU1YWRiZWEzYjI1MGI0OGRlNmNmOTc3OWQ=',
			epochSeconds: vector.epoch,
			signature: '1359d736b209fc455adbea3b250b48de6cf9779d',
		});
	});

	it('gives the negative vectors: trailing slash, raw date string', () => {
		expect(pushSignature(vector.epoch, `${vector.url}/`, vector.secret)).toBe(
			'7533baf1c1d7d07a2e4132c6fb5fa7e148a9f0bb',
		);
		const raw = createHash('sha1')
			.update(`${vector.xDate}${vector.url}POST${vector.secret}`)
			.digest('hex');
		expect(raw).toBe('120723e40edd0a15f1bc8b42b87a7b2b6f24e233');
	});

	it('formats X_Date in the three HTTP-date forms', () => {
		expect(httpDate(vector.epoch * 1000, 'imf')).toBe('Wed, 05 Mar 2025 10:15:30 GMT');
		expect(httpDate(vector.epoch * 1000, 'rfc850')).toBe('Wednesday, 05-Mar-25 10:15:30 GMT');
		expect(httpDate(vector.epoch * 1000, 'asctime')).toBe('Wed Mar  5 10:15:30 2025');
	});

	it('signs real deliveries with the worked-example inputs', async () => {
		const receiver = await new TestReceiver().start();
		const h = await startHarness({
			startTime: '2025-03-05T10:15:30.000Z',
			selfApp: { appId: vector.appId, appSecret: vector.secret },
			receiver: { url: receiver.url, registeredUrl: vector.url },
		});
		try {
			// Step the clock back to the pinned start so X_Date is exactly the example's second.
			h.sim.control.advanceClock({
				seconds: (Date.parse('2025-03-05T10:15:30.000Z') - h.sim.control.getClock().epochMs) / 1000,
			});
			const result = await h.sim.control.sendNotification({ eventType: 'shipment_packed' });
			expect(result.appId).toBe(vector.appId);
			const [push] = await receiver.waitFor(1);
			expect(push.headers.x_date).toBe(vector.xDate);
			expect(push.headers.x_authorization).toBe(
				'MKTLOGIN YTFiMmMzZDQtMDAwMC00ZTVmLThhOWItMTIzNDU2Nzg5YWJjOjEzNTlkNzM2YjIwOWZjNDU1YWRiZWEzYjI1MGI0OGRlNmNmOTc3OWQ=',
			);
		} finally {
			await h.sim.close();
			await receiver.close();
		}
	});
});

describe('push notifications', () => {
	let receiver: TestReceiver;
	beforeAll(async () => {
		receiver = await new TestReceiver().start();
	});
	const h = useHarness(() => ({ receiver: { url: receiver.url } }));
	afterAll(() => receiver.close());
	beforeEach(() => {
		receiver.received.length = 0;
		receiver.status = 200;
	});

	const bodyOf = (p: ReceivedPush) => p.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

	it('sends all 17 event types with the envelope and attributes of docs/marketplace-api/notifications.md#events', async () => {
		const { results } = await h.sim.control.sendAllNotifications({});
		expect(results.map((r) => r.eventType)).toEqual([...EVENT_TYPES]);
		expect(EVENT_TYPES).toHaveLength(17);
		expect(results.every((r) => r.deliveries.length === 1 && r.deliveries[0].status === 200)).toBe(
			true,
		);
		const pushes = await receiver.waitFor(17);
		expect(pushes.map((p) => bodyOf(p).eventType)).toEqual([...EVENT_TYPES]);

		const withLocation = [
			'shipment_created',
			'shipment_cancelled',
			'return_created',
			'return_expected_date_changed',
			'return_picked_up',
			'return_completed',
			'return_cancelled',
		];
		const byType: Record<string, Record<string, any>> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
		for (const push of pushes) {
			const env = bodyOf(push);
			byType[env.eventType] = env;
			expect(push.headers['content-type']).toBe('application/json');
			expect(push.headers.x_authorization).toBe(
				expectedAuthorization(push.headers.x_date as string, receiver.url, SELF.appId, SELF.secret),
			);
			expect(env.source).toBe(MARKETPLACE.sourceName);
			expect(env.version).toBe('v3');
			expect(env.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
			const isReturn = env.eventType.startsWith('return_');
			expect(Object.keys(env)).toEqual([
				'eventType',
				'source',
				'version',
				'timestamp',
				isReturn ? 'returnId' : 'shipmentId',
				...(withLocation.includes(env.eventType) ? ['locationId'] : []),
				'attributes',
			]);
			if (withLocation.includes(env.eventType)) expect(env.locationId).toBe('LOC-DEMO-1');
		}

		const created = byType.shipment_created.attributes;
		expect(created).toMatchObject({
			shipmentId: byType.shipment_created.shipmentId,
			locationId: 'LOC-DEMO-1',
			dispatchLocation: { locationId: 'LOC-DEMO-1' },
		});
		expect(created.orderItems.every((i: { status: string }) => i.status === 'APPROVED')).toBe(true);
		expect(Object.keys(created.subShipments[0].packages[0])).toEqual([
			'packageId',
			'packageSku',
			'packageTitle',
			'dimensions',
		]);
		expect(Object.keys(byType.shipment_hold.attributes.orderItems[0])).toEqual([
			'orderItemId',
			'holdQuantity',
		]);
		expect(['APPROVED', 'PACKED']).toContain(byType.shipment_unhold.attributes.status);
		for (const [type, status] of [
			['shipment_packed', 'PACKED'],
			['shipment_ready_to_dispatch', 'READY_TO_DISPATCH'],
			['shipment_pickup_complete', 'PICKUP_COMPLETE'],
			['shipment_shipped', 'SHIPPED'],
			['shipment_delivered', 'DELIVERED'],
		]) {
			expect(byType[type].attributes).toEqual({ status });
		}
		expect(Object.keys(byType.shipment_dispatch_dates_changed.attributes)).toEqual([
			'dispatchAfterDate',
			'dispatchByDate',
		]);
		expect(byType.shipment_cancelled.attributes.status).toBe('CANCELLED');
		expect(Object.keys(byType.shipment_cancelled.attributes.orderItems[0])).toEqual([
			'orderItemId',
			'quantity',
			'reason',
			'subReason',
		]);
		expect(byType.shipment_form_failed.attributes).toEqual({
			status: 'FORM_FAILED',
			forms: ['EWAY_BILL'],
		});
		expect(byType.return_created.attributes.status).toBe('RETURN_CREATED');
		expect(Object.keys(byType.return_created.attributes.returnItems[0])).toEqual(
			expect.arrayContaining([
				'returnId',
				'orderItemId',
				'source',
				'action',
				'quantity',
				'reason',
				'trackingId',
				'shipmentId',
				'expectedDate',
			]),
		);
		expect(Object.keys(byType.return_item_tracking_id_update.attributes.returnItems[0])).toEqual([
			'orderItemId',
			'trackingId',
			'courierName',
		]);
		expect(Object.keys(byType.return_expected_date_changed.attributes.returnItems[0])).toEqual([
			'orderItemId',
			'expectedDate',
		]);
		for (const [type, status] of [
			['return_picked_up', 'RETURN_PICKED_UP'],
			['return_completed', 'RETURN_COMPLETED'],
			['return_cancelled', 'RETURN_CANCELLED'],
		]) {
			expect(byType[type].attributes).toEqual({
				status,
				returnItems: [{ orderItemId: byType.return_created.attributes.returnItems[0].orderItemId }],
			});
		}
		// Envelopes agree with the API's view of the same records.
		const token = await selfToken(h);
		const lookup = await h.api.get('/sellers/v3/shipments', {
			params: { shipmentIds: byType.shipment_packed.shipmentId },
			headers: bearer(token),
		});
		expect(lookup.data.shipments[0].orderItems[0].status).toBe('PACKED');
	});

	it('signs with the app that owns the subscription of the location', async () => {
		await h.sim.control.sendNotification({
			eventType: 'shipment_created',
			locationId: 'LOC-DEMO-2',
		});
		const [push] = await receiver.waitFor(1);
		expect(decodeAuthorization(push.headers.x_authorization as string).appId).toBe(PARTNER.appId);
		expect(push.headers.x_authorization).toBe(
			expectedAuthorization(
				push.headers.x_date as string,
				receiver.url,
				PARTNER.appId,
				PARTNER.secret,
			),
		);
	});

	it('signs the registered URL, not the delivery URL (proxies)', async () => {
		const registeredUrl = 'https://public.example.org/webhook/mkt-orders';
		const result = await h.sim.control.sendNotification({
			eventType: 'shipment_shipped',
			registeredUrl,
		});
		expect(result.deliveries[0]).toMatchObject({ url: receiver.url, registeredUrl });
		const [push] = await receiver.waitFor(1);
		expect(push.headers.x_authorization).toBe(
			expectedAuthorization(push.headers.x_date as string, registeredUrl, SELF.appId, SELF.secret),
		);
		expect(push.headers.x_authorization).not.toBe(
			expectedAuthorization(push.headers.x_date as string, receiver.url, SELF.appId, SELF.secret),
		);
	});

	describe('switches', () => {
		it('duplicates deliveries, one after another or concurrently', async () => {
			const seq = await h.sim.control.sendNotification({ eventType: 'shipment_packed', copies: 3 });
			expect(seq.deliveries.map((d) => d.copy)).toEqual([1, 2, 3]);
			const conc = await h.sim.control.sendNotification({
				eventType: 'shipment_packed',
				copies: 2,
				concurrent: true,
			});
			expect(conc.deliveries).toHaveLength(2);
			const pushes = await receiver.waitFor(5);
			expect(pushes).toHaveLength(5);
			expect(new Set(pushes.slice(0, 3).map((p) => p.body)).size).toBe(1);
			expect(new Set(pushes.slice(0, 3).map((p) => p.headers.x_authorization)).size).toBe(1);
		});

		it('signs with a wrong secret or names a wrong app id', async () => {
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', wrongSecret: true });
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', wrongAppId: true });
			const [badSecret, badApp] = await receiver.waitFor(2);
			const good = expectedAuthorization(
				badSecret.headers.x_date as string,
				receiver.url,
				SELF.appId,
				SELF.secret,
			);
			expect(decodeAuthorization(badSecret.headers.x_authorization as string).appId).toBe(
				SELF.appId,
			);
			expect(badSecret.headers.x_authorization).not.toBe(good);
			const decoded = decodeAuthorization(badApp.headers.x_authorization as string);
			expect(decoded.appId).toBe(`${SELF.appId}-wrong`);
			expect(decoded.sig).toBe(
				decodeAuthorization(
					expectedAuthorization(
						badApp.headers.x_date as string,
						receiver.url,
						SELF.appId,
						SELF.secret,
					),
				).sig,
			);
		});

		it('skews X_Date and keeps the signature consistent with it', async () => {
			const now = h.sim.control.getClock().epochMs;
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', staleSeconds: 600 });
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', staleSeconds: -600 });
			const [stale, future] = await receiver.waitFor(2);
			expect(Math.round((now - Date.parse(stale.headers.x_date as string)) / 60_000)).toBe(10);
			expect(Math.round((Date.parse(future.headers.x_date as string) - now) / 60_000)).toBe(10);
			expect(stale.headers.x_authorization).toBe(
				expectedAuthorization(
					stale.headers.x_date as string,
					receiver.url,
					SELF.appId,
					SELF.secret,
				),
			);
		});

		it('omits headers, changes the scheme word, the date format or the body', async () => {
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', omitHeaders: true });
			await h.sim.control.sendNotification({
				eventType: 'shipment_packed',
				omitHeaders: ['X_Date'],
			});
			await h.sim.control.sendNotification({
				eventType: 'shipment_packed',
				schemeWord: 'OTHERLOGIN',
			});
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', dateFormat: 'rfc850' });
			await h.sim.control.sendNotification({ eventType: 'shipment_packed', dateFormat: 'asctime' });
			await h.sim.control.sendNotification({
				eventType: 'shipment_packed',
				body: 'not json at all',
			});
			const [none, noDate, scheme, rfc850, asctime, raw] = await receiver.waitFor(6);
			expect(none.headers.x_date).toBeUndefined();
			expect(none.headers.x_authorization).toBeUndefined();
			expect(noDate.headers.x_date).toBeUndefined();
			expect(noDate.headers.x_authorization).toMatch(/^MKTLOGIN /);
			expect(scheme.headers.x_authorization).toMatch(/^OTHERLOGIN [A-Za-z0-9+/=]+$/);
			expect(rfc850.headers.x_date).toMatch(
				/^[A-Z][a-z]+day, \d\d-[A-Z][a-z]{2}-\d\d \d\d:\d\d:\d\d GMT$/,
			);
			expect(asctime.headers.x_date).toMatch(
				/^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}$/,
			);
			expect(raw.body).toBe('not json at all');
		});

		it("reports the receiver's status and body per delivery", async () => {
			receiver.status = 503;
			receiver.reply = 'down for maintenance';
			const result = await h.sim.control.sendNotification({ eventType: 'return_created' });
			expect(result.deliveries[0]).toMatchObject({
				status: 503,
				responseBody: 'down for maintenance',
				error: null,
			});
			receiver.reply = '{"ok":true}';
			const log = h.sim.control.listDeliveries().deliveries;
			expect(log[log.length - 1]).toMatchObject({
				eventType: 'return_created',
				status: 503,
				auto: false,
			});
		});

		it('honours the subscription switches unless forced', async () => {
			const token = await selfToken(h);
			await h.api.post(
				'/sellers/v3/notification/subscription',
				{ seller_id: 'SELLER-DEMO-1', location_id: 'LOC-DEMO-1', disable_order: true },
				{ headers: bearer(token) },
			);
			const skipped = await h.sim.control.sendNotification({ eventType: 'shipment_packed' });
			expect(skipped).toMatchObject({
				skipped: 'Order notifications are disabled for SELLER-DEMO-1/LOC-DEMO-1',
				deliveries: [],
			});
			const ret = await h.sim.control.sendNotification({ eventType: 'return_created' });
			expect(ret.skipped).toBeNull();
			const forced = await h.sim.control.sendNotification({
				eventType: 'shipment_packed',
				force: true,
			});
			expect(forced.deliveries).toHaveLength(1);
			expect(await receiver.waitFor(2)).toHaveLength(2);
		});

		it('answers 409 over HTTP when no receiver is set', async () => {
			h.sim.control.setReceiver(null);
			const res = await h.ctl.post('/notifications/send', { eventType: 'shipment_packed' });
			expect(res.status).toBe(409);
			expect(res.data.error).toBe('CONFLICT');
			const bad = await h.ctl.post('/notifications/send', { eventType: 'order_item_created' });
			expect(bad.status).toBe(400);
		});
	});

	describe('lifecycles', () => {
		it('walks a new shipment from created to delivered, changing state before each push', async () => {
			const res = await h.ctl.post('/notifications/lifecycle/shipment', {
				locationId: 'LOC-DEMO-1',
			});
			expect(res.status).toBe(200);
			const { shipmentId, steps } = res.data;
			expect(steps.map((s: { eventType: string }) => s.eventType)).toEqual([
				'shipment_created',
				'shipment_packed',
				'shipment_ready_to_dispatch',
				'shipment_pickup_complete',
				'shipment_shipped',
				'shipment_delivered',
			]);
			const pushes = await receiver.waitFor(6);
			expect(pushes.map((p) => bodyOf(p).shipmentId)).toEqual(Array(6).fill(shipmentId));
			expect(bodyOf(pushes[0]).locationId).toBe('LOC-DEMO-1');
			expect(h.sim.control.getShipment(shipmentId).state).toBe('DELIVERED');
		});

		it('walks a return from created to completed', async () => {
			const res = await h.sim.control.runReturnLifecycle({ locationId: 'LOC-DEMO-1' });
			expect(res.steps.map((s) => [s.eventType, s.state])).toEqual([
				['return_created', 'RETURN_CREATED'],
				['return_picked_up', 'RETURN_PICKED_UP'],
				['return_completed', 'RETURN_COMPLETED'],
			]);
			expect((await receiver.waitFor(3)).map((p) => bodyOf(p).returnId)).toEqual([
				res.returnId,
				res.returnId,
				res.returnId,
			]);
			const token = await selfToken(h);
			const list = await h.api.get('/sellers/v2/returns', {
				params: { source: 'customer_return', returnIds: res.returnId },
				headers: bearer(token),
			});
			expect(list.data.returnItems[0]).toMatchObject({
				returnId: res.returnId,
				status: 'RETURN_COMPLETED',
				shipmentId: res.shipmentId,
			});
		});

		it('refuses to start from a shipment that is not APPROVED', async () => {
			const packed = h.sim.control.listShipments({ locationId: 'LOC-DEMO-1', state: 'PACKED' })
				.shipments[0].shipmentId as string;
			const res = await h.ctl.post('/notifications/lifecycle/shipment', { shipmentId: packed });
			expect(res.status).toBe(409);
		});
	});

	describe('automatic pushes on API changes', () => {
		it('pushes packed, ready to dispatch and cancelled', async () => {
			const token = await selfToken(h);
			const [a, b] = h.sim.control.seedShipments({
				locationId: 'LOC-DEMO-1',
				count: 2,
			}).shipmentIds;
			const shipment = h.sim.control.getShipment(a).shipment as {
				orderItems: Array<{ orderId: string; orderItemId: string }>;
			};
			const label = {
				shipmentId: a,
				locationId: 'LOC-DEMO-1',
				invoices: [
					{
						orderId: shipment.orderItems[0].orderId,
						invoiceDate: new Date(h.sim.control.getClock().epochMs + 5.5 * 3_600_000)
							.toISOString()
							.slice(0, 10),
					},
				],
				taxItems: [{ orderItemId: shipment.orderItems[0].orderItemId, taxRate: 5 }],
			};
			await h.api.post(
				'/sellers/v3/shipments/labels',
				{ shipments: [label] },
				{ headers: bearer(token) },
			);
			await h.api.post(
				'/sellers/v3/shipments/dispatch',
				{ shipmentIds: [a], locationId: 'LOC-DEMO-1' },
				{ headers: bearer(token) },
			);
			const group = (
				h.sim.control.getShipment(b).shipment as {
					orderItems: Array<{ cancellationGroupId: string; orderItemId: string }>;
				}
			).orderItems[0];
			await h.api.post(
				'/sellers/v3/shipments/cancel',
				{
					shipments: [
						{
							shipmentId: b,
							locationId: 'LOC-DEMO-1',
							cancellationGroupIds: [group.cancellationGroupId],
							reason: 'cannot_procure_item',
						},
					],
				},
				{ headers: bearer(token) },
			);
			await h.ctl.post('/notifications/flush');
			const pushes = await receiver.waitFor(3);
			expect(pushes.map((p) => [bodyOf(p).eventType, bodyOf(p).shipmentId])).toEqual([
				['shipment_packed', a],
				['shipment_ready_to_dispatch', a],
				['shipment_cancelled', b],
			]);
			expect(bodyOf(pushes[2]).attributes.orderItems).toEqual([
				{
					orderItemId: group.orderItemId,
					quantity: expect.any(Number),
					reason: 'cannot_procure_item',
					subReason: null,
				},
			]);
			expect(h.sim.control.listDeliveries().deliveries.every((d) => d.auto)).toBe(true);
		});

		it('pushes packed when the clock passes the packing delay, and nothing when switched off', async () => {
			h.sim.control.setConfig({ packingDelayMs: 3_600_000 });
			const id = h.sim.control.seedShipments({
				locationId: 'LOC-DEMO-1',
				count: 1,
				state: 'PACKING_IN_PROGRESS',
			}).shipmentIds[0];
			await h.sim.control.flushNotifications();
			expect(receiver.received).toHaveLength(0);
			h.sim.control.advanceClock({ seconds: 3600 });
			await h.sim.control.flushNotifications();
			expect((await receiver.waitFor(1)).map((p) => bodyOf(p).shipmentId)).toEqual([id]);

			h.sim.control.setConfig({ autoNotify: false });
			await h.sim.control.setShipmentState(id, { state: 'PACKING_IN_PROGRESS' });
			h.sim.control.advanceClock({ seconds: 3600 });
			await h.sim.control.flushNotifications();
			expect(h.sim.control.getShipment(id).state).toBe('PACKED');
			expect(receiver.received).toHaveLength(1);
		});
	});
});
