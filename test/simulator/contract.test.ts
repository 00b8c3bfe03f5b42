/**
 * The simulator against the contract fixtures (test/fixtures/contract): it accepts each official
 * request and answers in the official shape, and its per-item refusals have the official form.
 * The node's side of the same fixtures: test/action/contract.test.ts.
 */
import type { AxiosResponse } from 'axios';

import {
	keyedBy,
	loadContract,
	routeOf,
	shapeProblems,
	withValues,
	type ContractName,
	type ContractSide,
} from '../fixtures/contract';
import { basic, bearer, SELF, useHarness } from './helpers';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LOC = 'LOC-DEMO-1';
const SKU = 'CONTRACT-SKU-1';

describe('simulator answers in the official shapes (contract fixtures)', () => {
	const h = useHarness({}, { selfToken: true });

	const today = () =>
		new Date(h.sim.control.getClock().epochMs + 5.5 * 3_600_000).toISOString().slice(0, 10);
	const seeded = (state: string, extra: Record<string, unknown> = {}) =>
		h.sim.control.seedShipments({
			locationId: LOC,
			count: 1,
			state: state as never,
			itemCount: 1,
			packageCount: 1,
			...extra,
		}).shipmentIds[0];
	const wire = (id: string) => h.sim.control.getShipment(id).shipment as Loose;

	/** Sends a request of the contract's route, with `{ids}`-style segments filled in. */
	async function send(
		side: ContractSide,
		fill: {
			params?: Record<string, string>;
			query?: Record<string, unknown>;
			body?: unknown;
			headers?: Record<string, string>;
		} = {},
	): Promise<AxiosResponse> {
		let url = side.path as string;
		for (const [name, value] of Object.entries(fill.params ?? {}))
			url = url.replace(`{${name}}`, value);
		return await h.api.request({
			method: side.method,
			url,
			params: fill.query ?? side.query,
			data: fill.body ?? side.body,
			headers: fill.headers ?? bearer(h.token),
		});
	}

	/** The answer has the contract's status and shape; returns its body. */
	function conforms(res: AxiosResponse, side: ContractSide): Loose {
		expect({ status: res.status, problems: shapeProblems(res.data, side.body, side) }).toEqual({
			status: side.status,
			problems: [],
		});
		return res.data;
	}

	/** A listing of the create fixture, stored under SKU. */
	async function createFixtureListing(): Promise<Loose> {
		const create = loadContract('listing.create');
		const res = await send(create.request, {
			body: keyedBy(create.request.body as Record<string, unknown>, [SKU]),
		});
		expect(res.data[SKU].status).toBe('SUCCESS');
		return (create.request.body as Loose)['<sku>'];
	}

	const cases: Array<[ContractName, () => Promise<void>]> = [
		[
			'shipment.search',
			async () => {
				const contract = loadContract('shipment.search');
				// The official example itself is accepted...
				conforms(await send(contract.request), contract.response);
				// ... and a search that finds shipments answers them in the official shape, also on the next page.
				for (let i = 0; i < 25; i++) seeded('APPROVED', { sku: 'CONTRACT-PAGE-SKU' });
				const body = {
					filter: {
						type: 'preDispatch',
						states: ['APPROVED'],
						locationId: LOC,
						sku: ['CONTRACT-PAGE-SKU'],
					},
					pagination: { pageSize: 20 },
				};
				const first = conforms(await send(contract.request, { body }), contract.response);
				expect(first.shipments).toHaveLength(20);
				const next = await h.api.get(`/sellers${first.nextPageUrl}`, { headers: bearer(h.token) });
				expect(conforms(next, contract.response).shipments).toHaveLength(5);
			},
		],
		[
			'shipment.get',
			async () => {
				const contract = loadContract('shipment.get');
				const id = seeded('PACKED', { withForms: true });
				expect(
					conforms(await send(contract.request, { query: { shipmentIds: id } }), contract.response)
						.shipments,
				).toHaveLength(1);
			},
		],
		[
			'shipment.getDetails',
			async () => {
				const contract = loadContract('shipment.getDetails');
				const ids = [seeded('PACKED'), seeded('APPROVED', { shipmentType: 'SELF' })].join(',');
				expect(
					conforms(await send(contract.request, { params: { ids } }), contract.response).shipments,
				).toHaveLength(2);
			},
		],
		[
			'shipment.generateLabels',
			async () => {
				const contract = loadContract('shipment.generateLabels');
				const id = seeded('APPROVED');
				const item = wire(id).orderItems[0];
				const bind = (invoiceDate: string) =>
					withValues(contract.request.body, {
						'shipments.0.shipmentId': id,
						'shipments.0.locationId': LOC,
						'shipments.0.invoices.0.orderId': item.orderId,
						'shipments.0.invoices.0.invoiceDate': invoiceDate,
						'shipments.0.taxItems.0.orderItemId': item.orderItemId,
						'shipments.0.serialNumbers.0.orderItemId': item.orderItemId,
					});
				// A date-time invoiceDate is refused for that shipment, in the per-item form.
				const refused = conforms(
					await send(contract.request, { body: bind(`${today()}T10:00:00+05:30`) }),
					contract.failure!,
				);
				expect(refused.shipments[0]).toMatchObject({
					shipmentId: id,
					status: 'FAILURE',
					errorCode: 'INVALID_INVOICE_DATE',
				});
				const accepted = conforms(
					await send(contract.request, { body: bind(today()) }),
					contract.response,
				);
				expect(accepted.shipments[0]).toMatchObject({ shipmentId: id, status: 'SUCCESS' });
			},
		],
		[
			'shipment.downloadInvoices',
			async () => {
				const contract = loadContract('shipment.downloadInvoices');
				const res = await send(contract.request, {
					params: { ids: seeded('PACKED') },
					headers: { ...bearer(h.token), Accept: 'application/json' },
				});
				expect(conforms(res, contract.response).invoices.length).toBeGreaterThan(0);
			},
		],
		[
			'shipment.getForms',
			async () => {
				const contract = loadContract('shipment.getForms');
				const ids = [
					seeded('PACKED', { withForms: true }),
					seeded('APPROVED', { withForms: true }),
				].join(',');
				conforms(await send(contract.request, { params: { ids } }), contract.response);
			},
		],
		[
			'shipment.updateFormAck',
			async () => {
				const contract = loadContract('shipment.updateFormAck');
				const id = seeded('FORM_FAILED', { withForms: true });
				const body = withValues(contract.request.body, {
					'shipments.0.shipmentId': id,
					'shipments.0.forms.0.name': wire(id).forms[0].name,
				});
				expect(
					conforms(await send(contract.request, { body }), contract.response).shipments[0].status,
				).toBe('SUCCESS');
			},
		],
		[
			'shipment.dispatch',
			async () => {
				const contract = loadContract('shipment.dispatch');
				const body = withValues(contract.request.body, { shipmentIds: [seeded('PACKED')] });
				expect(
					conforms(await send(contract.request, { body }), contract.response).shipments[0].status,
				).toBe('SUCCESS');
			},
		],
		[
			'shipment.cancel',
			async () => {
				const contract = loadContract('shipment.cancel');
				const id = seeded('APPROVED');
				const body = withValues(contract.request.body, {
					'shipments.0.shipmentId': id,
					'shipments.0.cancellationGroupIds': [wire(id).orderItems[0].cancellationGroupId],
				});
				expect(
					conforms(await send(contract.request, { body }), contract.response).shipments[0].status,
				).toBe('SUCCESS');
			},
		],
		[
			'notificationSubscription.update',
			async () => {
				const contract = loadContract('notificationSubscription.update');
				conforms(await send(contract.request), contract.response);
			},
		],
		[
			'token.checkExpiry',
			async () => {
				const contract = loadContract('token.checkExpiry');
				const res = await send(contract.request, {
					query: { token_type: 'access', token: h.token },
					headers: { Authorization: basic(SELF.appId, SELF.secret) },
				});
				expect(conforms(res, contract.response).expired).toBe(false);
			},
		],
		[
			'listing.create',
			async () => {
				const contract = loadContract('listing.create');
				await createFixtureListing();
				// Without a required field: the per-SKU refusal in the official form (integer codes).
				const body = keyedBy(
					withValues(contract.request.body as Record<string, Loose>, {
						'<sku>.fulfillment_profile': undefined,
					}),
					['CONTRACT-SKU-2'],
				);
				const refused = conforms(await send(contract.request, { body }), contract.failure!);
				expect(refused['CONTRACT-SKU-2'].errors[0]).toMatchObject({
					code: expect.any(Number),
					path: 'fulfillment_profile',
				});
			},
		],
		[
			'listing.update',
			async () => {
				const contract = loadContract('listing.update');
				await createFixtureListing();
				const res = await send(contract.request, {
					body: keyedBy(contract.request.body as Record<string, unknown>, [SKU]),
				});
				expect(conforms(res, contract.response)[SKU].status).toBe('SUCCESS');
			},
		],
		[
			'listing.updatePrice',
			async () => {
				const contract = loadContract('listing.updatePrice');
				await createFixtureListing();
				const res = await send(contract.request, {
					body: keyedBy(contract.request.body as Record<string, unknown>, [SKU]),
				});
				expect(conforms(res, contract.response)[SKU].status).toBe('SUCCESS');
				// The body the node used to send: no product_id, no currency.
				const old = await send(contract.request, {
					body: { [SKU]: { price: { mrp: 1200, selling_price: 999 } } },
				});
				expect(conforms(old, contract.failure!)[SKU].status).toBe('FAILURE');
			},
		],
		[
			'listing.updateInventory',
			async () => {
				const contract = loadContract('listing.updateInventory');
				await createFixtureListing();
				const res = await send(contract.request, {
					body: keyedBy(contract.request.body as Record<string, unknown>, [SKU]),
				});
				expect(conforms(res, contract.response)[SKU].status).toBe('SUCCESS');
			},
		],
		[
			'listing.get',
			async () => {
				const contract = loadContract('listing.get');
				await createFixtureListing();
				const seededSku = h.sim.control.seedListings({ count: 1 }).skus[0];
				const res = await send(contract.request, {
					params: {
						skuIds: [SKU, seededSku, 'NO-SUCH-SKU', encodeURIComponent('bad sku!')].join(','),
					},
				});
				expect(Object.keys(conforms(res, contract.response).available)).toEqual([SKU, seededSku]);
			},
		],
		[
			'listing.search',
			async () => {
				const contract = loadContract('listing.search');
				await createFixtureListing();
				expect(
					conforms(await send(contract.request), contract.response).listings.length,
				).toBeGreaterThan(20);
			},
		],
		[
			'return.search',
			async () => {
				const contract = loadContract('return.search');
				conforms(await send(contract.request), contract.response);
				h.sim.control.seedReturns({ locationId: LOC, count: 30, source: 'customer_return' });
				const first = conforms(
					await send(contract.request, { query: { source: 'customer_return', locationId: LOC } }),
					contract.response,
				);
				expect(first.returnItems).toHaveLength(25);
				const next = await h.api.get(`/sellers/v2${first.nextUrl}`, { headers: bearer(h.token) });
				expect(conforms(next, contract.response).returnItems.length).toBeGreaterThan(0);
			},
		],
	];

	it.each(cases)('%s', async (name, run) => {
		expect(routeOf(loadContract(name).request)).toMatch(/^(GET|POST) \//);
		await run();
	});
});
