/**
 * The node's request builders against the contract fixtures (test/fixtures/contract): every body
 * and query the node sends, in each input mode, has the official shape: no field the model lacks,
 * every required one present, the model's types. The simulator's side of the same fixtures:
 * test/simulator/contract.test.ts.
 */
import type { RecordedCall } from '../../simulator';
import {
	keyedBy,
	loadContract,
	routeOf,
	shapeProblems,
	type ContractName,
} from '../fixtures/contract';
import {
	apiCalls,
	callsOf,
	failed,
	LOC_1,
	ok,
	runAction,
	seedApproved,
	seedInState,
	SELF,
	useSimulator,
	wireShipment,
	type Loose,
} from './helpers';

describe('the node sends the official shapes (contract fixtures)', () => {
	const env = useSimulator();

	/** The calls of the contract's route, each body (or query) checked against the fixture request. */
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

	const sku = () => env.sim.control.seedListings({ count: 1 }).skus[0];
	const run = async (parameters: Record<string, unknown>, input?: Array<Record<string, unknown>>) =>
		ok(await runAction(env.store, SELF, parameters, input));

	it('shipment.search: every filter, and a cancelled search', async () => {
		const range = (from: string) => ({
			[`${from}From`]: '2025-03-01T00:00:00+05:30',
			[`${from}To`]: '2025-03-05T00:00:00+05:30',
		});
		await run({
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			preDispatchStates: ['APPROVED'],
			returnAll: true,
			filters: {
				locationId: LOC_1,
				skus: 'A-1, A-2',
				...range('orderDate'),
				...range('dispatchAfterDate'),
				...range('dispatchByDate'),
				...range('modifiedDate'),
				shipmentTypes: ['NORMAL', 'SELF'],
				serviceProfiles: ['NON_FBM'],
				dispatchServiceTiers: ['REGULAR'],
				sellerId: 'SELLER-DEMO-1',
			},
			sort: { rule: { field: 'orderDate', order: 'desc' } },
		});
		await run({
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'cancelled',
			cancellationType: 'buyerCancellation',
			returnAll: false,
			limit: 5,
			filters: range('cancellationDate'),
		});
		await run({
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'postDispatch',
			postDispatchStates: ['RETURNED'],
			returnAll: true,
		});
		sentAsContract('shipment.search', 3);
	});

	it('shipment.get', async () => {
		const [id] = seedInState(env.sim, 1, 'PACKED');
		await run({ resource: 'shipment', operation: 'get', lookupBy: 'shipmentIds', ids: id });
		sentAsContract('shipment.get');
	});

	it.each([
		['shipment.getDetails', { operation: 'getDetails' }],
		['shipment.downloadInvoices', { operation: 'downloadInvoices', format: 'json' }],
		['shipment.getForms', { operation: 'getForms' }],
	] as Array<[ContractName, Record<string, unknown>]>)('%s', async (name, parameters) => {
		const [id] = seedInState(env.sim, 1, 'PACKED');
		await run({ resource: 'shipment', shipmentIds: id, ...parameters });
		sentAsContract(name);
	});

	it('shipment.generateLabels: fields, JSON and From Input Shipment', async () => {
		const [a, b, c] = seedApproved(env.sim, 3);
		const item = wireShipment(env.sim, a).orderItems[0];
		await run({
			resource: 'shipment',
			operation: 'generateLabels',
			shipmentId: a,
			locationId: LOC_1,
			labelInput: 'fields',
			invoices: {
				invoice: [
					{ orderId: item.orderId, invoiceNumber: 'INV-1', invoiceDate: new Date().toISOString() },
				],
			},
			taxItems: { taxItem: [{ orderItemId: item.orderItemId, taxRate: 18, quantity: 1 }] },
			subShipments: {
				subShipment: [{ subShipmentId: 'SS-1', length: 20, breadth: 15, height: 5, weight: 0.4 }],
			},
			serialNumbers: { serial: [{ orderItemId: item.orderItemId, serialNumbers: 'IMEI-1' }] },
			options: { ignoreWarning: true },
		});
		const second = wireShipment(env.sim, b).orderItems[0];
		const label = {
			invoices: [{ orderId: second.orderId, invoiceDate: new Date().toISOString() }],
			taxItems: [{ orderItemId: second.orderItemId, taxRate: 5 }],
		};
		await run({
			resource: 'shipment',
			operation: 'generateLabels',
			shipmentId: b,
			locationId: LOC_1,
			labelInput: 'json',
			labelJson: JSON.stringify(label),
		});
		await run(
			{
				resource: 'shipment',
				operation: 'generateLabels',
				labelInput: 'shipment',
				shipmentTaxRate: 18,
				packageLength: 20,
				packageBreadth: 15,
				packageHeight: 10,
				packageWeight: 0.5,
			},
			[wireShipment(env.sim, c)],
		);
		sentAsContract('shipment.generateLabels', 3);
	});

	it('shipment.updateFormAck', async () => {
		const [id] = seedInState(env.sim, 1, 'FORM_FAILED');
		await run(
			{
				resource: 'shipment',
				operation: 'updateFormAck',
				shipmentId: id,
				forms: { form: [{ name: 'EWAY_BILL', ackNumber: 'ACK-1' }] },
			},
			[{}],
		);
		sentAsContract('shipment.updateFormAck');
	});

	it('shipment.dispatch', async () => {
		const [id] = seedInState(env.sim, 1, 'PACKED');
		await run({ resource: 'shipment', operation: 'dispatch', shipmentIds: id, locationId: LOC_1 });
		sentAsContract('shipment.dispatch');
	});

	it('shipment.cancel', async () => {
		const [id] = seedApproved(env.sim, 1);
		const group = wireShipment(env.sim, id).orderItems[0].cancellationGroupId;
		await run({
			resource: 'shipment',
			operation: 'cancel',
			shipmentId: id,
			locationId: LOC_1,
			reason: 'cannot_procure_item',
			cancellationGroupIds: group,
		});
		sentAsContract('shipment.cancel');
	});

	it('notificationSubscription.update', async () => {
		await run({
			resource: 'notificationSubscription',
			operation: 'update',
			sellerId: 'SELLER-DEMO-1',
			locationId: LOC_1,
			orderNotifications: 'enable',
			returnNotifications: 'disable',
		});
		await run({
			resource: 'notificationSubscription',
			operation: 'update',
			sellerId: 'SELLER-DEMO-1',
			locationId: LOC_1,
		});
		sentAsContract('notificationSubscription.update', 2);
	});

	it('token.checkExpiry', async () => {
		await run({
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			returnAll: false,
			limit: 1,
		});
		await run({ resource: 'token', operation: 'checkExpiry', tokenSource: 'credentialAccess' });
		sentAsContract('token.checkExpiry');
	});

	it('listing.create: fields (with the labels) and the JSON example', async () => {
		await run({
			resource: 'listing',
			operation: 'create',
			sku: 'C-FIELDS-1',
			listingInput: 'fields',
			productId: 'P-1',
			mrp: 999,
			sellingPrice: 799,
			hsn: '61091000',
			packages: { package: [{ name: 'Box', length: 20, breadth: 15, height: 5, weight: 0.4 }] },
			locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 5 }] },
			additionalFields: {
				addressLabel: {
					manufacturerDetails: 'Maker',
					importerDetails: 'Importer',
					packerDetails: 'Packer',
					countriesOfOrigin: 'IN',
				},
				datingLabel: { mfgDate: 1735689600000, shelfLife: 365, expiryDate: 1767225600000 },
			},
		});
		const example = (loadContract('listing.create').request.body as Loose)['<sku>'];
		await run({
			resource: 'listing',
			operation: 'create',
			sku: 'C-JSON-1',
			listingInput: 'json',
			listingJson: JSON.stringify(example),
		});
		sentAsContract('listing.create', 2);
	});

	it('listing.update: fields (completed from the current listing) and JSON changes', async () => {
		const first = sku();
		await run({
			resource: 'listing',
			operation: 'update',
			sku: first,
			listingInput: 'fields',
			updateFields: { sellingPrice: 100, archivedStatus: 'ARCHIVED' },
		});
		await run({
			resource: 'listing',
			operation: 'update',
			sku: first,
			listingInput: 'json',
			listingJson: '{"price": {"mrp": 2000}, "dating_label": {"shelf_life": 30}}',
		});
		sentAsContract('listing.update', 2);
	});

	it('listing.updatePrice: with and without the product ID', async () => {
		const [a, b] = [sku(), sku()];
		await run({
			resource: 'listing',
			operation: 'updatePrice',
			sku: a,
			mrp: 900,
			sellingPrice: 800,
		});
		const [current] = await run({ resource: 'listing', operation: 'get', skus: b });
		await run({
			resource: 'listing',
			operation: 'updatePrice',
			sku: b,
			productId: String(current.json.product_id),
			mrp: 900,
			sellingPrice: 800,
		});
		sentAsContract('listing.updatePrice', 2);
	});

	it("listing.updatePrice: reads the official per-SKU refusal (integer code) into the SKU's error", async () => {
		const { failure, request } = loadContract('listing.updatePrice');
		const target = sku();
		env.sim.control.addFault({
			route: routeOf(request),
			status: 200,
			body: keyedBy(failure!.body as Record<string, unknown>, [target]),
		});
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'updatePrice',
				sku: target,
				productId: 'P',
				mrp: 900,
				sellingPrice: 800,
			}),
		);
		expect(error.message).toBe(
			`Update listing price failed for SKU ${target}: product_id is required (code 1001, at product_id); Attribute "colour" is not recognised and was ignored (code 2001, at colour)`,
		);
	});

	it('listing.updateInventory', async () => {
		await run({
			resource: 'listing',
			operation: 'updateInventory',
			sku: sku(),
			locations: { location: [{ id: LOC_1, status: 'DISABLED', inventory: 0 }] },
		});
		sentAsContract('listing.updateInventory');
	});

	it('listing.get and listing.search', async () => {
		await run({ resource: 'listing', operation: 'get', skus: sku() });
		await run({
			resource: 'listing',
			operation: 'getAll',
			listingStatus: 'ACTIVE',
			returnAll: false,
			limit: 1,
		});
		sentAsContract('listing.get');
		sentAsContract('listing.search');
	});

	it('return.search: every filter', async () => {
		await run({
			resource: 'return',
			operation: 'getAll',
			source: 'courier_return',
			returnAll: true,
			filters: {
				createdAfter: '2025-03-01T00:00:00+05:30',
				createdBefore: '2030-03-01T00:00:00+05:30',
				modifiedAfter: '2025-03-01T00:00:00+05:30',
				modifiedBefore: '2030-03-01T00:00:00+05:30',
				locationId: LOC_1,
				returnIds: 'R1,R2',
				trackingIds: 'T1',
			},
		});
		sentAsContract('return.search');
		expect(apiCalls(env.sim).length).toBe(1);
	});
});
