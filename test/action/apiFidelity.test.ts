/**
 * Fidelity to the live API (issue 10): what the marketplace's official models require, sent by
 * the node through real code paths to the simulator, which enforces the same models. Each
 * describe names the point of the issue it covers; every test here failed on the code before
 * the fix.
 */
import {
	apiCalls,
	callsOf,
	failed,
	LOC_1,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	seedApproved,
	SELF,
	useSimulator,
	wireShipment,
	type Loose,
} from './helpers';

const LISTING_GET = 'GET /sellers/listings/v3/{skuIds}';

/** The stored listing of a SKU, as the simulator's lookup shows it. */
async function storedListing(env: ReturnType<typeof useSimulator>, sku: string): Promise<Loose> {
	const items = ok(
		await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: sku }),
	);
	return items[0].json;
}

describe('1. Update Price and Update Inventory send product_id and price.currency', () => {
	const env = useSimulator();

	it('Update Price reads product_id with one listing Get per 10 SKUs, then sends {product_id, price{mrp, selling_price, currency}}', async () => {
		const skus = env.sim.control.seedListings({ count: 12 }).skus;
		const productIds = new Map<string, string>();
		for (const sku of skus) productIds.set(sku, String((await storedListing(env, sku)).product_id));
		env.sim.control.clearCalls();

		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'updatePrice',
					sku: '={{ $json.sku }}',
					mrp: 1200,
					sellingPrice: 999,
					currency: 'INR',
				},
				skus.map((sku) => ({ sku })),
			),
		);

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual([
			LISTING_GET,
			'POST /sellers/listings/v3/update/price',
			LISTING_GET,
			'POST /sellers/listings/v3/update/price',
		]);
		expect(calls[0].path).toBe(`/sellers/listings/v3/${skus.slice(0, 10).join(',')}`);
		expect(calls[2].path).toBe(`/sellers/listings/v3/${skus.slice(10).join(',')}`);
		const sent = { ...(calls[1].body as Loose), ...(calls[3].body as Loose) };
		for (const sku of skus)
			expect(sent[sku]).toEqual({
				product_id: productIds.get(sku),
				price: { mrp: 1200, selling_price: 999, currency: 'INR' },
			});
		expect(items.map((item) => item.json.status)).toEqual(skus.map(() => 'SUCCESS'));
		expect(pairedIndexes(items)).toEqual(skus.map((_, i) => i));
	});

	it('Update Price with the product ID given sends no Get', async () => {
		const [sku] = env.sim.control.seedListings({ count: 1 }).skus;
		const productId = String((await storedListing(env, sku)).product_id);
		env.sim.control.clearCalls();
		ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'updatePrice',
				sku,
				productId,
				mrp: 900,
				sellingPrice: 850,
				currency: 'INR',
			}),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual(['POST /sellers/listings/v3/update/price']);
		expect(calls[0].body).toEqual({
			[sku]: { product_id: productId, price: { mrp: 900, selling_price: 850, currency: 'INR' } },
		});
	});

	it('Update Inventory sends {product_id, locations}, reading the product IDs it was not given (one Get for the batch)', async () => {
		const [withId, withoutId] = env.sim.control.seedListings({ count: 2 }).skus;
		const known = String((await storedListing(env, withId)).product_id);
		const read = String((await storedListing(env, withoutId)).product_id);
		env.sim.control.clearCalls();
		const locations = { location: [{ id: LOC_1, status: 'ENABLED', inventory: 40 }] };
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'updateInventory',
					sku: '={{ $json.sku }}',
					productId: '={{ $json.productId }}',
					locations,
				},
				[
					{ sku: withId, productId: known },
					{ sku: withoutId, productId: '' },
				],
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.path)).toEqual([
			`/sellers/listings/v3/${withoutId}`,
			'/sellers/listings/v3/update/inventory',
		]);
		expect(calls[1].body).toEqual({
			[withId]: { product_id: known, locations: [{ id: LOC_1, status: 'ENABLED', inventory: 40 }] },
			[withoutId]: {
				product_id: read,
				locations: [{ id: LOC_1, status: 'ENABLED', inventory: 40 }],
			},
		});
		expect(items.map((item) => item.json.status)).toEqual(['SUCCESS', 'SUCCESS']);
	});

	it('a SKU whose listing cannot be read fails alone; the others are sent', async () => {
		const [sku] = env.sim.control.seedListings({ count: 1 }).skus;
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'updatePrice',
					sku: '={{ $json.sku }}',
					mrp: 500,
					sellingPrice: 450,
					currency: 'INR',
				},
				[{ sku: 'NO-SUCH-SKU' }, { sku }],
				true,
			),
		);
		expect(items[0].json).toMatchObject({
			sku: 'NO-SUCH-SKU',
			error: expect.stringMatching(
				/^Update listing price failed for SKU NO-SUCH-SKU: no listing with this SKU/,
			),
		});
		expect(items[1].json).toMatchObject({ sku, status: 'SUCCESS' });
		expect(
			Object.keys(callsOf(env.sim, 'POST /sellers/listings/v3/update/price')[0].body as object),
		).toEqual([sku]);
	});
});

describe('2. Generate Labels sends invoiceDate as a date (yyyy-MM-dd)', () => {
	const env = useSimulator();

	it('fields mode: a date-time with offset goes out as its calendar date', async () => {
		const [shipmentId] = seedApproved(env.sim, 1);
		const item = wireShipment(env.sim, shipmentId).orderItems[0];
		const clock = env.sim.control.getClock().epochMs;
		const local = new Date(clock + 5.5 * 3600_000).toISOString().slice(0, 10);
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'generateLabels',
				shipmentId,
				locationId: LOC_1,
				labelInput: 'fields',
				invoices: {
					invoice: [
						{
							orderId: item.orderId,
							invoiceNumber: 'INV-1',
							invoiceDate: `${local}T00:05:00+05:30`,
						},
					],
				},
				taxItems: { taxItem: [{ orderItemId: item.orderItemId, taxRate: 18, quantity: 1 }] },
			}),
		);
		const sent = (apiCalls(env.sim)[0].body as Loose).shipments[0];
		expect(sent.invoices).toEqual([
			{ orderId: item.orderId, invoiceNumber: 'INV-1', invoiceDate: local },
		]);
		expect(items[0].json.status).toBe('SUCCESS');
	});

	it('From Input Shipment: today in the workflow time zone, as a date', async () => {
		const [shipmentId] = seedApproved(env.sim, 1);
		const items = ok(
			await runAction(
				env.store,
				SELF,
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
				[wireShipment(env.sim, shipmentId)],
			),
		);
		const invoice = (apiCalls(env.sim)[0].body as Loose).shipments[0].invoices[0];
		expect(invoice.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(items[0].json.status).toBe('SUCCESS');
	});
});

describe('3. Listing Create sends fulfillment_profile, packages with a name, locations and price.currency', () => {
	const env = useSimulator();

	const create = {
		resource: 'listing',
		operation: 'create',
		sku: '={{ $json.sku }}',
		listingInput: 'fields',
		productId: 'PID-FIELDS-1',
		listingStatus: 'ACTIVE',
		mrp: 999,
		sellingPrice: 799,
		currency: 'INR',
		hsn: '61091000',
		fulfillmentProfile: 'NON_FBM',
		shippingProvider: 'SELLER',
		procurementType: 'REGULAR',
		dispatchSla: 2,
		packages: { package: [{ name: 'Box 1', length: 30, breadth: 20, height: 5, weight: 0.4 }] },
		locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }] },
	};

	it('fields mode sends every field the official create model requires', async () => {
		const items = ok(await runAction(env.store, SELF, create, [{ sku: 'FIELDS-SKU-1' }]));
		expect(apiCalls(env.sim)[0].body).toEqual({
			'FIELDS-SKU-1': {
				product_id: 'PID-FIELDS-1',
				listing_status: 'ACTIVE',
				price: { mrp: 999, selling_price: 799, currency: 'INR' },
				tax: { hsn: '61091000' },
				fulfillment_profile: 'NON_FBM',
				fulfillment: { dispatch_sla: 2, shipping_provider: 'SELLER', procurement_type: 'REGULAR' },
				packages: [
					{ name: 'Box 1', dimensions: { length: 30, breadth: 20, height: 5 }, weight: 0.4 },
				],
				locations: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }],
			},
		});
		expect(items[0].json).toMatchObject({ sku: 'FIELDS-SKU-1', status: 'SUCCESS' });
	});

	it.each([
		['no package', { packages: {} }, 'SKU S-1: packages: at least one package is required'],
		[
			'a package without a name',
			{
				packages: {
					package: [{ name: '={{ "" }}', length: 30, breadth: 20, height: 5, weight: 0.4 }],
				},
			},
			'SKU S-1: packages[0].name is required',
		],
		['no location', { locations: {} }, 'SKU S-1: locations: at least one location is required'],
		[
			'no currency (an expression giving nothing)',
			{ currency: '={{ "" }}' },
			'SKU S-1: price.currency is required',
		],
	])('refuses %s before any request', async (_, override, message) => {
		const error = failed(
			await runAction(env.store, SELF, { ...create, ...override }, [{ sku: 'S-1' }]),
		);
		expect(error.message).toBe(message);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('JSON mode: a listing without fulfillment_profile is refused before any request', async () => {
		const listing = {
			product_id: 'P',
			listing_status: 'ACTIVE',
			price: { mrp: 10, selling_price: 9, currency: 'INR' },
			tax: { hsn: '12345678' },
			packages: [{ name: 'Box', dimensions: { length: 1, breadth: 1, height: 1 }, weight: 0.1 }],
			locations: [{ id: LOC_1, status: 'ENABLED', inventory: 1 }],
		};
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'create',
				sku: 'J-1',
				listingInput: 'json',
				listingJson: JSON.stringify(listing),
			}),
		);
		expect(error.message).toBe(
			'SKU J-1: fulfillment_profile is required (NON_FBM, FBM_LITE or FBM)',
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('4. Listing Update sends the whole listing with archived_status ARCHIVED or NONE', () => {
	const env = useSimulator();

	it('reads the current listing (one Get) and sends it whole with the changes', async () => {
		const [sku] = env.sim.control.seedListings({ count: 1 }).skus;
		const before = await storedListing(env, sku);
		env.sim.control.clearCalls();

		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'update',
				sku,
				listingInput: 'fields',
				updateFields: { dispatchSla: 4, sellingPrice: 100, archivedStatus: 'ARCHIVED' },
			}),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual([
			LISTING_GET,
			'POST /sellers/listings/v3/update',
		]);
		const sent = (calls[1].body as Loose)[sku];
		expect(sent).toEqual({
			product_id: before.product_id,
			listing_status: before.listing_status,
			price: { ...before.price, selling_price: 100 },
			tax: before.tax,
			fulfillment_profile: before.fulfillment_profile,
			fulfillment: { ...before.fulfillment, dispatch_sla: 4 },
			packages: before.packages,
			locations: before.locations,
			archived_status: 'ARCHIVED',
		});
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
		expect(await storedListing(env, sku)).toMatchObject({
			archived_status: 'ARCHIVED',
			price: { selling_price: 100 },
		});
	});

	it("keeps the listing's archived status unless changed, and sends NONE when the lookup shows none", async () => {
		const [sku] = env.sim.control.seedListings({ count: 1 }).skus;
		const update = (updateFields: Record<string, unknown>) =>
			runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'update',
				sku,
				listingInput: 'fields',
				updateFields,
			});
		const sent = () => {
			const calls = callsOf(env.sim, 'POST /sellers/listings/v3/update');
			return (calls[calls.length - 1].body as Loose)[sku];
		};
		ok(await update({ archivedStatus: 'ARCHIVED' }));
		ok(await update({ listingStatus: 'INACTIVE' }));
		expect(sent()).toMatchObject({ archived_status: 'ARCHIVED', listing_status: 'INACTIVE' });

		// A lookup without archived_status (it is optional in the official detail model).
		const { archived_status: _archived, ...current } = await storedListing(env, sku);
		env.sim.control.addFault({
			route: LISTING_GET,
			status: 200,
			body: { available: { [sku]: current }, unavailable: [], invalid: [] },
		});
		const items = ok(await update({ dispatchSla: 3 }));
		expect(sent().archived_status).toBe('NONE');
		expect(items[0].json.status).toBe('SUCCESS');
	});

	it('a whole listing given as JSON is sent without a Get', async () => {
		const [sku] = env.sim.control.seedListings({ count: 1 }).skus;
		const { listing_id: _id, sku: _sku, ...whole } = await storedListing(env, sku);
		env.sim.control.clearCalls();
		const listing = { ...whole, listing_status: 'INACTIVE', archived_status: 'NONE' };
		ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'update',
				sku,
				listingInput: 'json',
				listingJson: JSON.stringify(listing),
			}),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual(['POST /sellers/listings/v3/update']);
		expect((calls[0].body as Loose)[sku]).toEqual(listing);
	});
});

describe('5. address_label and dating_label are objects', () => {
	const env = useSimulator();

	const json = (listing: Record<string, unknown>) => ({
		resource: 'listing',
		operation: 'create',
		sku: 'LBL-1',
		listingInput: 'json',
		listingJson: JSON.stringify(listing),
	});
	const whole = {
		product_id: 'P-LBL',
		listing_status: 'ACTIVE',
		price: { mrp: 10, selling_price: 9, currency: 'INR' },
		tax: { hsn: '12345678' },
		fulfillment_profile: 'NON_FBM',
		packages: [{ name: 'Box', dimensions: { length: 1, breadth: 1, height: 1 }, weight: 0.1 }],
		locations: [{ id: LOC_1, status: 'ENABLED', inventory: 1 }],
	};

	it('refuses a text address_label or dating_label before any request', async () => {
		expect(
			failed(
				await runAction(env.store, SELF, json({ ...whole, address_label: 'Made in Tiruppur' })),
			).message,
		).toBe(
			'SKU LBL-1: address_label must be an object {manufacturer_details, importer_details, packer_details, countries_of_origin}, not a text',
		);
		expect(
			failed(await runAction(env.store, SELF, json({ ...whole, dating_label: '2025-01' }))).message,
		).toBe(
			'SKU LBL-1: dating_label must be an object {mfg_date, shelf_life, expiry_date}, not a text',
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('fields mode sends both labels as objects', async () => {
		ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'create',
				sku: 'LBL-2',
				listingInput: 'fields',
				productId: 'P-LBL-2',
				mrp: 10,
				sellingPrice: 9,
				currency: 'INR',
				hsn: '12345678',
				fulfillmentProfile: 'NON_FBM',
				packages: { package: [{ name: 'Box', length: 1, breadth: 1, height: 1, weight: 0.1 }] },
				locations: { location: [{ id: LOC_2, status: 'ENABLED', inventory: 1 }] },
				additionalFields: {
					addressLabel: {
						manufacturerDetails: 'Maker Ltd, Plot 1, Tiruppur\nMaker Unit 2, Erode',
						countriesOfOrigin: 'IN',
					},
					datingLabel: { mfgDate: 1735689600000, shelfLife: 365 },
				},
			}),
		);
		const sent = (apiCalls(env.sim)[0].body as Loose)['LBL-2'];
		expect(sent.address_label).toEqual({
			manufacturer_details: ['Maker Ltd, Plot 1, Tiruppur', 'Maker Unit 2, Erode'],
			countries_of_origin: ['IN'],
		});
		expect(sent.dating_label).toEqual({ mfg_date: 1735689600000, shelf_life: 365 });
	});
});

describe('6. Shipment search: no filter.hold, and the three states the v3 enum adds', () => {
	const env = useSimulator();

	it('sends no filter.hold, even from a workflow saved with the old On Hold filter, and finds held shipments too', async () => {
		const held = env.sim.control.seedShipments({
			count: 1,
			locationId: LOC_2,
			state: 'APPROVED',
			hold: true,
			sku: 'HOLD-SKU',
			itemCount: 1,
		}).shipmentIds;
		const free = env.sim.control.seedShipments({
			count: 1,
			locationId: LOC_2,
			state: 'APPROVED',
			hold: false,
			sku: 'HOLD-SKU',
			itemCount: 1,
		}).shipmentIds;
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'preDispatch',
				returnAll: true,
				filters: { skus: 'HOLD-SKU', hold: false },
			}),
		);
		const body = apiCalls(env.sim)[0].body as Loose;
		expect(body.filter).toEqual({ type: 'preDispatch', sku: ['HOLD-SKU'] });
		expect(new Set(items.map((item) => item.json.shipmentId))).toEqual(new Set([...held, ...free]));
		expect(items.find((item) => item.json.shipmentId === held[0])?.json.hold).toBe(true);
	});

	it('post-dispatch can select RETURN_REQUESTED, RETURNED and COMPLETED', async () => {
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'postDispatch',
				postDispatchStates: ['RETURN_REQUESTED', 'RETURNED', 'COMPLETED'],
				returnAll: true,
			}),
		);
		const call = apiCalls(env.sim)[0];
		expect(call.status).toBe(200);
		expect((call.body as Loose).filter).toEqual({
			type: 'postDispatch',
			states: ['RETURN_REQUESTED', 'RETURNED', 'COMPLETED'],
		});
	});
});

describe('7. Return search follows nextUrl in both forms', () => {
	const env = useSimulator();

	it.each(['relative', 'versioned'] as const)(
		'nextUrl %s to /sellers/v2: every page is GET /sellers/v2/returns',
		async (form) => {
			env.sim.control.setConfig({ returnsNextUrlForm: form });
			env.sim.control.seedReturns({ count: 40, locationId: LOC_2, source: 'customer_return' });
			const items = ok(
				await runAction(env.store, SELF, {
					resource: 'return',
					operation: 'getAll',
					source: 'customer_return',
					returnAll: true,
					filters: { locationId: LOC_2 },
				}),
			);
			const calls = apiCalls(env.sim);
			expect(calls.length).toBeGreaterThanOrEqual(2);
			expect(calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual(
				calls.map(() => 'GET /sellers/v2/returns 200'),
			);
			expect(items.length).toBeGreaterThan(40);
		},
	);
});

describe('9. Cancel: any reason can be given with an expression', () => {
	const env = useSimulator();

	it("sends a reason outside the three options, and the marketplace's per-shipment answer decides", async () => {
		const [shipmentId] = seedApproved(env.sim, 1);
		const group = wireShipment(env.sim, shipmentId).orderItems[0].cancellationGroupId;
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'shipment',
					operation: 'cancel',
					shipmentId,
					locationId: LOC_1,
					reason: '={{ "customer_changed_mind" }}',
					cancellationGroupIds: group,
				},
				[{}],
				true,
			),
		);
		const sent = (apiCalls(env.sim)[0].body as Loose).shipments[0];
		expect(sent.reason).toBe('customer_changed_mind');
		expect(items[0].json).toMatchObject({
			shipmentId,
			errorCode: 'EMPTY_OR_INVALID_REASON_FOR_CANCELLATION',
		});
	});
});
