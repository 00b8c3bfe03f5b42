/**
 * Listing (version 3): Create, Update, Update Price, Update Inventory, Get and Search. Bodies
 * keyed by seller SKU, 10 SKUs per request, per-SKU results (SUCCESS / WARNING / FAILURE), and
 * invalid input refused before any request, naming the SKU and the field.
 */
import {
	accessToken,
	apiCalls,
	expectBearer,
	failed,
	LOC_1,
	listingCreateJson,
	validListing,
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	SELF,
	useSimulator,
	type Loose,
} from './helpers';
import { runListSearch } from '../support/n8nHarness';
import { LISTING_ERROR_CODES } from '../../simulator/listings/validate';
import { actionNode } from '../support/fixtures';

const createFields = {
	resource: 'listing',
	operation: 'create',
	sku: '={{ $json.sku }}',
	listingInput: 'fields',
	productId: '={{ "PID-" + $json.sku }}',
	mrp: 999,
	sellingPrice: 799,
	hsn: '61091000',
	currency: 'INR',
	fulfillmentProfile: 'NON_FBM',
	shippingProvider: 'SELLER_MARKETPLACE',
	procurementType: 'REGULAR',
	dispatchSla: 2,
	packages: { package: [{ name: 'Box', length: 30, breadth: 20, height: 5, weight: 0.4 }] },
	locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }] },
	listingStatus: 'ACTIVE',
	additionalFields: {
		addressLabel: { countriesOfOrigin: 'IN', packerDetails: 'Packer Co, Tiruppur' },
		datingLabel: { shelfLife: 730 },
	},
};

const createJson = listingCreateJson;

describe('Listing > Create', () => {
	const env = useSimulator();

	it('POSTs the v3 entities keyed by SKU to /sellers/listings/v3 and reports SUCCESS per SKU', async () => {
		const items = ok(
			await runAction(env.store, SELF, createFields, [{ sku: 'NEW-SKU-1' }, { sku: 'NEW-SKU-2' }]),
		);

		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('POST');
		expect(calls[0].path).toBe('/sellers/listings/v3');
		expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
		const listing = (sku: string) => ({
			product_id: `PID-${sku}`,
			listing_status: 'ACTIVE',
			price: { mrp: 999, selling_price: 799, currency: 'INR' },
			tax: { hsn: '61091000' },
			fulfillment_profile: 'NON_FBM',
			fulfillment: {
				dispatch_sla: 2,
				shipping_provider: 'SELLER_MARKETPLACE',
				procurement_type: 'REGULAR',
			},
			packages: [{ name: 'Box', dimensions: { length: 30, breadth: 20, height: 5 }, weight: 0.4 }],
			locations: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }],
			address_label: { packer_details: ['Packer Co, Tiruppur'], countries_of_origin: ['IN'] },
			dating_label: { shelf_life: 730 },
		});
		expect(calls[0].body).toEqual({
			'NEW-SKU-1': listing('NEW-SKU-1'),
			'NEW-SKU-2': listing('NEW-SKU-2'),
		});
		expectBearer(calls, accessToken(env.store));
		expect(items.map((item) => [item.json.sku, item.json.status])).toEqual([
			['NEW-SKU-1', 'SUCCESS'],
			['NEW-SKU-2', 'SUCCESS'],
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it("fields mode with defaults: listing_status ACTIVE, currency INR and the seller's fulfillment profile are sent; packages in the model's shape", async () => {
		const {
			listingStatus: _status,
			currency: _currency,
			fulfillmentProfile: _profile,
			additionalFields: _labels,
			...withDefaults
		} = createFields;
		const parameters = {
			...withDefaults,
			packages: {
				package: [
					{ name: 'Box 1 of 2', length: 30, breadth: 20, height: 5, weight: 0.4 },
					{ name: 'Box 2 of 2', length: 10, breadth: 10, height: 10, weight: 1 },
				],
			},
		};
		const items = ok(await runAction(env.store, SELF, parameters, [{ sku: 'PKG-SKU-1' }]));
		expect(items[0].json).toMatchObject({ sku: 'PKG-SKU-1', status: 'SUCCESS' });
		const sent = (apiCalls(env.sim)[0].body as Loose)['PKG-SKU-1'] as Loose;
		expect(sent.listing_status).toBe('ACTIVE');
		expect(sent.price.currency).toBe('INR');
		expect(sent.fulfillment_profile).toBe('NON_FBM');
		expect(sent.packages).toEqual([
			{ name: 'Box 1 of 2', dimensions: { length: 30, breadth: 20, height: 5 }, weight: 0.4 },
			{ name: 'Box 2 of 2', dimensions: { length: 10, breadth: 10, height: 10 }, weight: 1 },
		]);
		expect(sent.address_label).toBeUndefined();
	});

	it('batches 25 SKUs into ceil(25/10) = 3 requests, each output paired', async () => {
		const input = Array.from({ length: 25 }, (_, i) => ({ sku: `BATCH-${i}` }));
		const items = ok(await runAction(env.store, SELF, createFields, input));
		expect(apiCalls(env.sim).map((call) => Object.keys(call.body as object).length)).toEqual([
			10, 10, 5,
		]);
		expect(items.map((item) => item.json.sku)).toEqual(input.map((entry) => entry.sku));
		expect(pairedIndexes(items)).toEqual(input.map((_, i) => i));
	});

	it("takes JSON with the spec's prose and camelCase names and sends the wire names", async () => {
		const listing = {
			productId: 'PID-9',
			listingStatus: 'INACTIVE',
			price: { mrp: 300, sellingPrice: 300, currency: 'INR' },
			tax: { hsn: 61091000 },
			fulfillmentProfile: 'FBM_LITE',
			fulfillment: {
				procurement_sla: 3,
				shippingProvider: 'MARKETPLACE_SELLER',
				procurementType: 'DOMESTIC',
			},
			packages: [{ name: 'Flat box', length: 20, breadth: 10, height: 2, weight: 0.2 }],
			locations: [{ id: LOC_1, status: 'DISABLED', inventory: 0 }],
			addressLabel: { manufacturerDetails: ['Maker'], countriesOfOrigin: ['IN'] },
			datingLabel: { mfgDate: 1735689600000, expiryDate: 1767225600000 },
		};
		const items = ok(await runAction(env.store, SELF, createJson, [{ sku: 'JSON-SKU', listing }]));
		expect(apiCalls(env.sim)[0].body).toEqual({
			'JSON-SKU': {
				product_id: 'PID-9',
				listing_status: 'INACTIVE',
				price: { mrp: 300, selling_price: 300, currency: 'INR' },
				tax: { hsn: '61091000' },
				fulfillment_profile: 'FBM_LITE',
				fulfillment: {
					dispatch_sla: 3,
					shipping_provider: 'MARKETPLACE_SELLER',
					procurement_type: 'DOMESTIC',
				},
				packages: [
					{ name: 'Flat box', dimensions: { length: 20, breadth: 10, height: 2 }, weight: 0.2 },
				],
				locations: [{ id: LOC_1, status: 'DISABLED', inventory: 0 }],
				address_label: { manufacturer_details: ['Maker'], countries_of_origin: ['IN'] },
				dating_label: { mfg_date: 1735689600000, expiry_date: 1767225600000 },
			},
		});
		expect(items[0].json).toMatchObject({ sku: 'JSON-SKU', status: 'SUCCESS' });
	});

	it('accepts packages with nested dimensions in JSON (the listing model of the reference)', async () => {
		const packages = [
			{ id: 'PKG1', name: 'Box', dimensions: { length: 10, breadth: 8, height: 4 }, weight: 0.5 },
		];
		const items = ok(
			await runAction(env.store, SELF, createJson, [
				{ sku: 'PKG-SKU', listing: validListing({ packages }) },
			]),
		);
		expect((apiCalls(env.sim)[0].body as Loose)['PKG-SKU'].packages).toEqual(packages);
		expect(items[0].json.status).toBe('SUCCESS');
	});

	it.each([
		[
			'hsn of 7 digits',
			{ tax: { hsn: '1234567' } },
			'SKU BAD-SKU: tax.hsn must be exactly 8 digits, got "1234567"',
		],
		['no hsn', { tax: {} }, 'SKU BAD-SKU: tax.hsn is required (8 digits)'],
		[
			'an unknown shipping provider',
			{ fulfillment: { shipping_provider: 'COURIER_CO', procurement_type: 'REGULAR' } },
			'SKU BAD-SKU: fulfillment.shipping_provider "COURIER_CO" is not one of SELLER, MARKETPLACE, SELLER_MARKETPLACE, MARKETPLACE_SELLER',
		],
		[
			'selling price above MRP',
			{ price: { mrp: 100, selling_price: 150, currency: 'INR' } },
			'SKU BAD-SKU: price.selling_price (150) must not be above price.mrp (100)',
		],
		[
			'a v2 top-level MRP',
			{ mrp: 100 },
			'SKU BAD-SKU: mrp must be given under price (version 3 moved it there)',
		],
		[
			'a v2 top-level shipping provider',
			{ shipping_provider: 'SELLER' },
			'SKU BAD-SKU: shipping_provider must be given under fulfillment (version 3 moved it there)',
		],
		[
			'a v2 top-level weight',
			{ weight: 2 },
			'SKU BAD-SKU: weight must be given under packages (version 3 moved it there)',
		],
		[
			'a fractional price',
			{ price: { mrp: 100.5, selling_price: 90, currency: 'INR' } },
			'SKU BAD-SKU: price.mrp must be a whole number above 0, got 100.5',
		],
		[
			'no currency',
			{ price: { mrp: 100, selling_price: 90 } },
			'SKU BAD-SKU: price.currency is required',
		],
		[
			'no fulfillment profile',
			{ fulfillment_profile: undefined },
			'SKU BAD-SKU: fulfillment_profile is required (NON_FBM, FBM_LITE or FBM)',
		],
		[
			'an unknown fulfillment profile',
			{ fulfillment_profile: 'SELF' },
			'SKU BAD-SKU: fulfillment_profile "SELF" is not one of NON_FBM, FBM_LITE, FBM',
		],
		[
			'an incomplete fulfillment',
			{ fulfillment: { dispatch_sla: 2 } },
			'SKU BAD-SKU: fulfillment.shipping_provider is required when fulfillment is given',
		],
		['no packages', { packages: [] }, 'SKU BAD-SKU: packages: at least one package is required'],
		[
			'no locations',
			{ locations: undefined },
			'SKU BAD-SKU: locations: at least one location is required',
		],
		[
			'an archived status (Update only)',
			{ archived_status: 'NONE' },
			'SKU BAD-SKU: archived_status can only be set with Update',
		],
		[
			'a list as address label',
			{ address_label: ['Maker'] },
			'SKU BAD-SKU: address_label must be an object {manufacturer_details, importer_details, packer_details, countries_of_origin}, not a text',
		],
		[
			"a text in the address label's lists",
			{ address_label: { manufacturer_details: 'Maker' } },
			'SKU BAD-SKU: address_label.manufacturer_details must be a list of texts',
		],
		[
			'a text date in the dating label',
			{ dating_label: { mfg_date: '2025-01-01' } },
			'SKU BAD-SKU: dating_label.mfg_date must be a whole number, got "2025-01-01"',
		],
		[
			'a package without height',
			{ packages: [{ name: 'Box', dimensions: { length: 10, breadth: 8 }, weight: 1 }] },
			'SKU BAD-SKU: packages[0].dimensions.height must be a number above 0, got undefined',
		],
		[
			'a location status other than ENABLED / DISABLED',
			{ locations: [{ id: LOC_1, status: 'ON', inventory: 1 }] },
			'SKU BAD-SKU: locations[0].status must be ENABLED or DISABLED, got "ON"',
		],
	])(
		'refuses %s before any request, naming the SKU and the field',
		async (_, overrides, message) => {
			const input = [
				{ sku: 'GOOD-SKU', listing: validListing() },
				{ sku: 'BAD-SKU', listing: validListing(overrides) },
			];
			const error = failed(await runAction(env.store, SELF, createJson, input));
			expect(error.message).toBe(message);
			expect(error.context?.itemIndex).toBe(1);
			expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		},
	);

	it('refuses a 7-digit HSN in the fields too', async () => {
		const error = failed(
			await runAction(env.store, SELF, { ...createFields, hsn: '6109100' }, [{ sku: 'F-SKU' }]),
		);
		expect(error.message).toBe('SKU F-SKU: tax.hsn must be exactly 8 digits, got "6109100"');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('under continueOnFail sends the valid SKUs and gives the invalid one an error item', async () => {
		const input = [
			{ sku: 'BAD-1', listing: validListing({ tax: { hsn: '1234567' } }) },
			{ sku: 'GOOD-1', listing: validListing() },
		];
		const items = ok(await runAction(env.store, SELF, createJson, input, true));
		expect(items.map((item) => item.json.error ?? item.json.status)).toEqual([
			'SKU BAD-1: tax.hsn must be exactly 8 digits, got "1234567"',
			'SUCCESS',
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
		expect(Object.keys(apiCalls(env.sim)[0].body as object)).toEqual(['GOOD-1']);
	});

	it('per-SKU FAILURE from the marketplace: an error for that SKU alone, with its code and path', async () => {
		const input = [
			{ sku: 'OK-SKU', listing: validListing() },
			// A location of another seller: only the marketplace knows.
			{
				sku: 'FAR-SKU',
				listing: validListing({
					locations: [{ id: 'LOC-DEMO-3', status: 'ENABLED', inventory: 3 }],
				}),
			},
		];
		const items = ok(await runAction(env.store, SELF, createJson, input, true));
		expect(apiCalls(env.sim)).toHaveLength(1);
		expect(items[0].json).toMatchObject({ sku: 'OK-SKU', status: 'SUCCESS' });
		expect(items[1].json).toMatchObject({
			sku: 'FAR-SKU',
			status: 'FAILURE',
			errors: [expect.objectContaining({ code: LISTING_ERROR_CODES.INVALID_LOCATION })],
		});
		expect(items[1].json.error).toBe(
			`Create listing failed for SKU FAR-SKU: Location LOC-DEMO-3 does not belong to the seller (code ${LISTING_ERROR_CODES.INVALID_LOCATION}, at locations[0].id)`,
		);

		const error = failed(await runAction(env.store, SELF, createJson, input));
		expect(error.message).toBe(
			`Create listing failed for SKU FAR-SKU: Location LOC-DEMO-3 does not belong to the seller (code ${LISTING_ERROR_CODES.INVALID_LOCATION}, at locations[0].id)`,
		);
		expect(error.context?.itemIndex).toBe(1);
	});

	it('a failed request (after the retries) gives every SKU of the batch an error item naming the SKU', async () => {
		env.sim.control.addFault({
			route: 'POST /sellers/listings/v3',
			status: 503,
			headers: { 'Retry-After': '0' },
			body: { error: 'SERVICE_UNAVAILABLE', message: 'Try later' },
			times: -1,
		});
		const items = ok(
			await runAction(env.store, SELF, createFields, [{ sku: 'A-1' }, { sku: 'A-2' }], true),
		);
		expect(apiCalls(env.sim)).toHaveLength(4);
		expect(items.map((item) => [item.json.sku, item.json.error])).toEqual([
			['A-1', 'Create listing failed: SERVICE_UNAVAILABLE: Try later (HTTP 503)'],
			['A-2', 'Create listing failed: SERVICE_UNAVAILABLE: Try later (HTTP 503)'],
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it('a WARNING result passes, with the warnings kept', async () => {
		const items = ok(
			await runAction(env.store, SELF, createJson, [
				{ sku: 'WARN-SKU', listing: validListing({ colour_family: 'blue' }) },
			]),
		);
		expect(items[0].json).toMatchObject({
			sku: 'WARN-SKU',
			status: 'WARNING',
			attribute_errors: [
				expect.objectContaining({
					code: LISTING_ERROR_CODES.UNKNOWN_ATTRIBUTE,
					attribute: 'colour_family',
					path: 'colour_family',
				}),
			],
		});
		expect(items[0].json.error).toBeUndefined();
	});
});

describe('Listing > Update, Update Price, Update Inventory', () => {
	const env = useSimulator();

	function existing(count: number): string[] {
		return env.sim.control.seedListings({ count }).skus;
	}

	it('Update: reads the current listing, then POSTs /sellers/listings/v3/update with the whole listing and the chosen fields changed', async () => {
		const [sku] = existing(1);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'update',
					sku: '={{ $json.sku }}',
					listingInput: 'fields',
					updateFields: {
						hsn: '62034200',
						dispatchSla: 4,
						listingStatus: 'INACTIVE',
						mrp: 2000,
						sellingPrice: 1500,
					},
				},
				[{ sku }],
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			`GET /sellers/listings/v3/${sku}`,
			'POST /sellers/listings/v3/update',
		]);
		const sent = (calls[1].body as Loose)[sku];
		expect(sent).toMatchObject({
			tax: { hsn: '62034200' },
			listing_status: 'INACTIVE',
			price: { mrp: 2000, selling_price: 1500, currency: 'INR' },
			fulfillment: expect.objectContaining({ dispatch_sla: 4 }),
			archived_status: 'NONE',
		});
		expect(Object.keys(sent).sort()).toEqual([
			'archived_status',
			'fulfillment',
			'fulfillment_profile',
			'listing_status',
			'locations',
			'packages',
			'price',
			'product_id',
			'tax',
		]);
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
		const stored = ok(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: sku }),
		);
		expect(stored[0].json).toMatchObject({
			sku,
			listing_status: 'INACTIVE',
			tax: { hsn: '62034200' },
			fulfillment: expect.objectContaining({ dispatch_sla: 4 }),
		});
	});

	it('Update: an unknown SKU fails alone: its listing cannot be read, nothing is sent for it', async () => {
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'update',
					sku: 'NOPE-SKU',
					listingInput: 'json',
					listingJson: '{"tax":{"hsn":"12345678"}}',
				},
				[{}],
				true,
			),
		);
		expect(items[0].json).toMatchObject({
			sku: 'NOPE-SKU',
			status: 'NOT_SENT',
			error: expect.stringMatching(
				/^Update listing failed for SKU NOPE-SKU: no listing with this SKU exists/,
			),
		});
		expect(apiCalls(env.sim).map((call) => call.route)).toEqual([
			'GET /sellers/listings/v3/{skuIds}',
		]);
	});

	it("Update: the output of Get, changed and given as JSON, is sent back without Get's own fields", async () => {
		const [sku] = existing(1);
		const [current] = ok(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: sku }),
		);
		env.sim.control.clearCalls();
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'update',
					sku: '={{ $json.sku }}',
					listingInput: 'json',
					listingJson: '={{ { ...$json, listing_status: "INACTIVE" } }}',
				},
				[current.json],
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.route)).toEqual(['POST /sellers/listings/v3/update']);
		const sent = (calls[0].body as Loose)[sku];
		expect(sent.sku).toBeUndefined();
		expect(sent.listing_id).toBeUndefined();
		expect(sent.listing_status).toBe('INACTIVE');
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
	});

	it('Update: a bad HSN is refused before any request', async () => {
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'update',
				sku: 'S1',
				listingInput: 'json',
				listingJson: '{"tax":{"hsn":"1234"}}',
			}),
		);
		expect(error.message).toBe('SKU S1: tax.hsn must be exactly 8 digits, got "1234"');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('Update Price: POST /sellers/listings/v3/update/price with {product_id, price: {mrp, selling_price, currency}}; selling price above MRP refused first', async () => {
		const skus = existing(12);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'updatePrice',
					sku: '={{ $json.sku }}',
					mrp: '={{ $json.mrp }}',
					sellingPrice: 450,
				},
				skus.map((sku) => ({ sku, mrp: 500 })),
			),
		);
		const calls = apiCalls(env.sim).filter((call) => call.method === 'POST');
		expect(calls.map((call) => call.path)).toEqual([
			'/sellers/listings/v3/update/price',
			'/sellers/listings/v3/update/price',
		]);
		expect((calls[0].body as Loose)[skus[0]]).toEqual({
			product_id: expect.any(String),
			price: { mrp: 500, selling_price: 450, currency: 'INR' },
		});
		expect(Object.keys(calls[1].body as object)).toEqual(skus.slice(10));
		expect(items.every((item) => item.json.status === 'SUCCESS')).toBe(true);
		expect(pairedIndexes(items)).toEqual(skus.map((_, i) => i));

		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'updatePrice',
				sku: skus[0],
				mrp: 100,
				sellingPrice: 120,
			}),
		);
		expect(error.message).toBe(
			`SKU ${skus[0]}: price.selling_price (120) must not be above price.mrp (100)`,
		);
		expect(apiCalls(env.sim)).toHaveLength(4);
	});

	it('Update Inventory: per location stock and ENABLED / DISABLED buyability', async () => {
		const [sku] = existing(1);
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'updateInventory',
				sku,
				locations: {
					location: [
						{ id: LOC_1, status: 'ENABLED', inventory: 40 },
						{ id: LOC_2, status: 'DISABLED', inventory: 0 },
					],
				},
			}),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			`GET /sellers/listings/v3/${sku}`,
			'POST /sellers/listings/v3/update/inventory',
		]);
		expect(calls[1].body).toEqual({
			[sku]: {
				product_id: expect.any(String),
				locations: [
					{ id: LOC_1, status: 'ENABLED', inventory: 40 },
					{ id: LOC_2, status: 'DISABLED', inventory: 0 },
				],
			},
		});
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
		const stored = ok(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: sku }),
		);
		expect(stored[0].json.locations).toEqual([
			{ id: LOC_1, status: 'ENABLED', inventory: 40 },
			{ id: LOC_2, status: 'DISABLED', inventory: 0 },
		]);
	});

	it('Update Inventory: at least one location, checked before any request', async () => {
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'updateInventory',
				sku: 'S1',
				locations: {},
			}),
		);
		expect(error.message).toBe('SKU S1: locations: at least one location is required');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Listing > Get and Get Many', () => {
	const env = useSimulator();

	it('Get: GET /sellers/listings/v3/{skus}, 10 per request, one item per SKU; unknown and invalid SKUs are errors of their items', async () => {
		const skus = env.sim.control.seedListings({ count: 12 }).skus;
		const input = [...skus.map((sku) => ({ sku })), { sku: 'UNKNOWN-SKU' }, { sku: '#bad' }];
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ resource: 'listing', operation: 'get', skus: '={{ $json.sku }}' },
				input,
				true,
			),
		);

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
		expect(calls[0].path).toBe(`/sellers/listings/v3/${skus.slice(0, 10).join(',')}`);
		expect(calls[1].path).toBe(
			`/sellers/listings/v3/${[...skus.slice(10), 'UNKNOWN-SKU', '%23bad'].join(',')}`,
		);
		expectBearer(calls, accessToken(env.store));
		expect(items).toHaveLength(14);
		expect(pairedIndexes(items)).toEqual(input.map((_, i) => i));
		expect(items[0].json).toMatchObject({
			sku: skus[0],
			listing_id: expect.any(String),
			product_id: expect.any(String),
			price: expect.any(Object),
			tax: { hsn: expect.stringMatching(/^\d{8}$/) },
		});
		expect(items[12].json).toMatchObject({
			sku: 'UNKNOWN-SKU',
			availability: 'unavailable',
			error: 'Listing UNKNOWN-SKU is unavailable',
		});
		expect(items[13].json).toMatchObject({
			sku: '#bad',
			availability: 'invalid',
			error: 'Listing #bad is invalid',
		});
	});

	it('Get Many: POST /sellers/listings/v3/search with listing_status, then page_id = next_page_id while has_more', async () => {
		env.sim.control.setConfig({ listingPageSize: 10 });
		env.sim.control.seedListings({ count: 30, listingStatus: 'INACTIVE' });
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'getAll',
				listingStatus: 'INACTIVE',
				returnAll: true,
			}),
		);

		const calls = apiCalls(env.sim);
		expect(calls.length).toBeGreaterThanOrEqual(4);
		expect(
			calls.every((call) => call.method === 'POST' && call.path === '/sellers/listings/v3/search'),
		).toBe(true);
		expect(calls[0].body).toEqual({ filters: { listing_status: 'INACTIVE' }, page_id: null });
		for (const call of calls.slice(1)) {
			expect((call.body as Loose).filters).toEqual({ listing_status: 'INACTIVE' });
			expect(typeof (call.body as Loose).page_id).toBe('string');
		}
		expect(items.length).toBeGreaterThanOrEqual(30);
		expect(calls).toHaveLength(Math.ceil(items.length / 10));
		expect(items.every((item) => item.json.listing_status === 'INACTIVE')).toBe(true);
		expect(new Set(items.map((item) => item.json.sku)).size).toBe(items.length);
		expect(pairedIndexes(items).every((index) => index === 0)).toBe(true);
	});

	it('Get Many with a Limit stops after the pages it needs', async () => {
		env.sim.control.setConfig({ listingPageSize: 10 });
		env.sim.control.seedListings({ count: 40 });
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'getAll',
				listingStatus: 'ACTIVE',
				returnAll: false,
				limit: 15,
			}),
		);
		expect(items).toHaveLength(15);
		expect(apiCalls(env.sim)).toHaveLength(2);
	});
});

describe('Listing > SKU picker (list search of the resource locator)', () => {
	const env = useSimulator();

	it("lists the seller's active listings page by page through the transport, with a Bearer token", async () => {
		env.sim.control.setConfig({ listingPageSize: 10 });
		const parameters = {
			authentication: 'clientCredentials',
			resource: 'listing',
			operation: 'updatePrice',
		};
		const first = await runListSearch({
			node: actionNode,
			method: 'searchListings',
			parameters,
			store: env.store,
			credentialType: SELF,
		});
		expect(first.results.length).toBeGreaterThan(0);
		expect(first.results.length).toBeLessThanOrEqual(10);
		expect(first.paginationToken).toEqual(expect.any(String));
		for (const result of first.results) expect(result.value).toEqual(expect.any(String));

		const second = await runListSearch({
			node: actionNode,
			method: 'searchListings',
			parameters,
			store: env.store,
			credentialType: SELF,
			paginationToken: first.paginationToken,
		});
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'POST /sellers/listings/v3/search',
			'POST /sellers/listings/v3/search',
		]);
		expect((calls[1].body as Loose).page_id).toBe(first.paginationToken);
		expectBearer(calls, accessToken(env.store));
		expect(second.results.map((r) => r.value)).not.toEqual(first.results.map((r) => r.value));
	});

	it('filters by the typed text', async () => {
		const parameters = {
			authentication: 'clientCredentials',
			resource: 'listing',
			operation: 'updatePrice',
		};
		const all = await runListSearch({
			node: actionNode,
			method: 'searchListings',
			parameters,
			store: env.store,
			credentialType: SELF,
		});
		const wanted = String(all.results[0].value);
		const filtered = await runListSearch({
			node: actionNode,
			method: 'searchListings',
			parameters,
			store: env.store,
			credentialType: SELF,
			filter: wanted,
		});
		expect(filtered.results.length).toBeGreaterThan(0);
		for (const result of filtered.results)
			expect(result.name.toLowerCase()).toContain(wanted.toLowerCase());
	});

	it('Update Price takes the SKU from a resource locator value', async () => {
		const sku = String(
			(
				await runListSearch({
					node: actionNode,
					method: 'searchListings',
					parameters: { authentication: 'clientCredentials', resource: 'listing' },
					store: env.store,
					credentialType: SELF,
				})
			).results[0].value,
		);
		const items = ok(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'updatePrice',
				sku: { __rl: true, mode: 'list', value: sku },
				mrp: 900,
				sellingPrice: 850,
			}),
		);
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
	});
});
