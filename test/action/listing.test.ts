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
	LOC_2,
	ok,
	pairedIndexes,
	runAction,
	SELF,
	useSimulator,
	type Loose,
} from './helpers';
import { runListSearch } from '../support/n8nHarness';
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
	shippingProvider: 'SELLER_MARKETPLACE',
	procurementType: 'REGULAR',
	dispatchSla: 2,
	locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }] },
	listingStatus: 'ACTIVE',
	additionalFields: { currency: 'INR', addressLabel: 'Made in Tiruppur', datingLabel: '{"mfg":"2025-01"}' },
};

const createJson = { resource: 'listing', operation: 'create', sku: '={{ $json.sku }}', listingInput: 'json', listingJson: '={{ $json.listing }}' };

function validListing(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		product_id: 'PID-1',
		listing_status: 'ACTIVE',
		price: { mrp: 500, selling_price: 450, currency: 'INR' },
		tax: { hsn: '12345678' },
		fulfillment: { dispatch_sla: 1, shipping_provider: 'SELLER', procurement_type: 'EXPRESS' },
		...overrides,
	};
}

describe('Listing > Create', () => {
	const env = useSimulator();

	it('POSTs the v3 entities keyed by SKU to /sellers/listings/v3 and reports SUCCESS per SKU', async () => {
		const items = ok(await runAction(env.store, SELF, createFields, [{ sku: 'NEW-SKU-1' }, { sku: 'NEW-SKU-2' }]));

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
			fulfillment: { dispatch_sla: 2, shipping_provider: 'SELLER_MARKETPLACE', procurement_type: 'REGULAR' },
			locations: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }],
			address_label: 'Made in Tiruppur',
			dating_label: { mfg: '2025-01' },
		});
		expect(calls[0].body).toEqual({ 'NEW-SKU-1': listing('NEW-SKU-1'), 'NEW-SKU-2': listing('NEW-SKU-2') });
		expectBearer(calls, accessToken(env.store));
		expect(items.map((item) => [item.json.sku, item.json.status])).toEqual([
			['NEW-SKU-1', 'SUCCESS'],
			['NEW-SKU-2', 'SUCCESS'],
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it('fields mode with defaults: listing_status ACTIVE is sent and packages go out in the reference shape', async () => {
		const { listingStatus: _omitted, ...withoutStatus } = createFields;
		const parameters = {
			...withoutStatus,
			additionalFields: { currency: 'INR', packages: { package: [{ length: 30, breadth: 20, height: 5, weight: 0.4 }] } },
		};
		const items = ok(await runAction(env.store, SELF, parameters, [{ sku: 'PKG-SKU-1' }]));
		expect(items[0].json).toMatchObject({ sku: 'PKG-SKU-1', status: 'SUCCESS' });
		const sent = (apiCalls(env.sim)[0].body as Loose)['PKG-SKU-1'] as Loose;
		expect(sent.listing_status).toBe('ACTIVE');
		expect(sent.packages).toEqual([{ dimensions: { length: 30, breadth: 20, height: 5 }, weight: 0.4 }]);
	});

	it('batches 25 SKUs into ceil(25/10) = 3 requests, each output paired', async () => {
		const input = Array.from({ length: 25 }, (_, i) => ({ sku: `BATCH-${i}` }));
		const items = ok(await runAction(env.store, SELF, createFields, input));
		expect(apiCalls(env.sim).map((call) => Object.keys(call.body as object).length)).toEqual([10, 10, 5]);
		expect(items.map((item) => item.json.sku)).toEqual(input.map((entry) => entry.sku));
		expect(pairedIndexes(items)).toEqual(input.map((_, i) => i));
	});

	it('takes JSON with the spec\'s prose names and sends the wire names', async () => {
		const listing = {
			productId: 'PID-9',
			listingStatus: 'INACTIVE',
			price: { mrp: 300, sellingPrice: 300 },
			tax: { hsn: 61091000 },
			fulfillment: { procurement_sla: 3, shippingProvider: 'MARKETPLACE_SELLER', procurementType: 'DOMESTIC' },
			addressLabel: 'A',
			datingLabel: 'B',
		};
		const items = ok(await runAction(env.store, SELF, createJson, [{ sku: 'JSON-SKU', listing }]));
		expect(apiCalls(env.sim)[0].body).toEqual({
			'JSON-SKU': {
				product_id: 'PID-9',
				listing_status: 'INACTIVE',
				price: { mrp: 300, selling_price: 300 },
				tax: { hsn: '61091000' },
				fulfillment: { dispatch_sla: 3, shipping_provider: 'MARKETPLACE_SELLER', procurement_type: 'DOMESTIC' },
				address_label: 'A',
				dating_label: 'B',
			},
		});
		expect(items[0].json).toMatchObject({ sku: 'JSON-SKU', status: 'SUCCESS' });
	});

	it('accepts packages with nested dimensions in JSON (the listing model of the reference)', async () => {
		const packages = [{ id: 'PKG1', name: 'Box', dimensions: { length: 10, breadth: 8, height: 4 }, weight: 0.5 }];
		const items = ok(await runAction(env.store, SELF, createJson, [{ sku: 'PKG-SKU', listing: validListing({ packages }) }]));
		expect((apiCalls(env.sim)[0].body as Loose)['PKG-SKU'].packages).toEqual(packages);
		expect(items[0].json.status).toBe('SUCCESS');
	});

	it.each([
		['hsn of 7 digits', { tax: { hsn: '1234567' } }, 'SKU BAD-SKU: tax.hsn must be exactly 8 digits, got "1234567"'],
		['no hsn', { tax: {} }, 'SKU BAD-SKU: tax.hsn is required (8 digits)'],
		[
			'an unknown shipping provider',
			{ fulfillment: { shipping_provider: 'COURIER_CO', procurement_type: 'REGULAR' } },
			'SKU BAD-SKU: fulfillment.shipping_provider "COURIER_CO" is not one of SELLER, MARKETPLACE, SELLER_MARKETPLACE, MARKETPLACE_SELLER',
		],
		['selling price above MRP', { price: { mrp: 100, selling_price: 150 } }, 'SKU BAD-SKU: price.selling_price (150) must not be above price.mrp (100)'],
		['a v2 top-level MRP', { mrp: 100 }, 'SKU BAD-SKU: mrp must be given under price (version 3 moved it there)'],
		['a v2 top-level shipping provider', { shipping_provider: 'SELLER' }, 'SKU BAD-SKU: shipping_provider must be given under fulfillment (version 3 moved it there)'],
		['a v2 top-level weight', { weight: 2 }, 'SKU BAD-SKU: weight must be given under packages (version 3 moved it there)'],
		['a fractional price', { price: { mrp: 100.5, selling_price: 90 } }, 'SKU BAD-SKU: price.mrp must be a whole number above 0, got 100.5'],
		[
			'a package without height',
			{ packages: [{ dimensions: { length: 10, breadth: 8 }, weight: 1 }] },
			'SKU BAD-SKU: packages[0].dimensions.height must be a number above 0, got undefined',
		],
		[
			'a location status other than ENABLED / DISABLED',
			{ locations: [{ id: LOC_1, status: 'ON', inventory: 1 }] },
			'SKU BAD-SKU: locations[0].status must be ENABLED or DISABLED, got "ON"',
		],
	])('refuses %s before any request, naming the SKU and the field', async (_, overrides, message) => {
		const input = [
			{ sku: 'GOOD-SKU', listing: validListing() },
			{ sku: 'BAD-SKU', listing: validListing(overrides) },
		];
		const error = failed(await runAction(env.store, SELF, createJson, input));
		expect(error.message).toBe(message);
		expect(error.context?.itemIndex).toBe(1);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('refuses a 7-digit HSN in the fields too', async () => {
		const error = failed(await runAction(env.store, SELF, { ...createFields, hsn: '6109100' }, [{ sku: 'F-SKU' }]));
		expect(error.message).toBe('SKU F-SKU: tax.hsn must be exactly 8 digits, got "6109100"');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('under continueOnFail sends the valid SKUs and gives the invalid one an error item', async () => {
		const input = [
			{ sku: 'BAD-1', listing: validListing({ tax: { hsn: '1234567' } }) },
			{ sku: 'GOOD-1', listing: validListing() },
		];
		const items = ok(await runAction(env.store, SELF, createJson, input, true));
		expect(items.map((item) => item.json.error ?? item.json.status)).toEqual(['SKU BAD-1: tax.hsn must be exactly 8 digits, got "1234567"', 'SUCCESS']);
		expect(pairedIndexes(items)).toEqual([0, 1]);
		expect(Object.keys(apiCalls(env.sim)[0].body as object)).toEqual(['GOOD-1']);
	});

	it('per-SKU FAILURE from the marketplace: an error for that SKU alone, with its code and path', async () => {
		const input = [
			{ sku: 'OK-SKU', listing: validListing() },
			// A location of another seller: only the marketplace knows.
			{ sku: 'FAR-SKU', listing: validListing({ locations: [{ id: 'LOC-DEMO-3', status: 'ENABLED', inventory: 3 }] }) },
		];
		const items = ok(await runAction(env.store, SELF, createJson, input, true));
		expect(apiCalls(env.sim)).toHaveLength(1);
		expect(items[0].json).toMatchObject({ sku: 'OK-SKU', status: 'SUCCESS' });
		expect(items[1].json).toMatchObject({ sku: 'FAR-SKU', status: 'FAILURE', errors: [expect.objectContaining({ code: 'INVALID_LOCATION' })] });
		expect(items[1].json.error).toBe('Create listing failed for SKU FAR-SKU: INVALID_LOCATION Location LOC-DEMO-3 does not belong to the seller at locations[0].id');

		const error = failed(await runAction(env.store, SELF, createJson, input));
		expect(error.message).toBe('Create listing failed for SKU FAR-SKU: INVALID_LOCATION Location LOC-DEMO-3 does not belong to the seller at locations[0].id');
		expect(error.context?.itemIndex).toBe(1);
	});

	it('a failed request (after the retries) gives every SKU of the batch an error item naming the SKU', async () => {
		env.sim.control.addFault({ route: 'POST /sellers/listings/v3', status: 503, headers: { 'Retry-After': '0' }, body: { error: 'SERVICE_UNAVAILABLE', message: 'Try later' }, times: -1 });
		const items = ok(await runAction(env.store, SELF, createFields, [{ sku: 'A-1' }, { sku: 'A-2' }], true));
		expect(apiCalls(env.sim)).toHaveLength(4);
		expect(items.map((item) => [item.json.sku, item.json.error])).toEqual([
			['A-1', 'Create listing failed: SERVICE_UNAVAILABLE: Try later (HTTP 503)'],
			['A-2', 'Create listing failed: SERVICE_UNAVAILABLE: Try later (HTTP 503)'],
		]);
		expect(pairedIndexes(items)).toEqual([0, 1]);
	});

	it('a WARNING result passes, with the warnings kept', async () => {
		const items = ok(await runAction(env.store, SELF, createJson, [{ sku: 'WARN-SKU', listing: validListing({ colour_family: 'blue' }) }]));
		expect(items[0].json).toMatchObject({ sku: 'WARN-SKU', status: 'WARNING', attribute_errors: [expect.objectContaining({ code: 'UNKNOWN_ATTRIBUTE', path: 'colour_family' })] });
		expect(items[0].json.error).toBeUndefined();
	});
});

describe('Listing > Update, Update Price, Update Inventory', () => {
	const env = useSimulator();

	function existing(count: number): string[] {
		return env.sim.control.seedListings({ count }).skus;
	}

	it('Update: POST /sellers/listings/v3/update with hsn and the chosen fields only', async () => {
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
					hsn: '62034200',
					updateFields: { dispatchSla: 4, listingStatus: 'INACTIVE', mrp: 2000, sellingPrice: 1500 },
				},
				[{ sku }],
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /sellers/listings/v3/update']);
		expect(calls[0].body).toEqual({
			[sku]: { tax: { hsn: '62034200' }, listing_status: 'INACTIVE', price: { mrp: 2000, selling_price: 1500 }, fulfillment: { dispatch_sla: 4 } },
		});
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
		const stored = ok(await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: sku }));
		expect(stored[0].json).toMatchObject({ sku, listing_status: 'INACTIVE', tax: { hsn: '62034200' }, fulfillment: expect.objectContaining({ dispatch_sla: 4 }) });
	});

	it('Update: an unknown SKU is a per-SKU failure', async () => {
		const items = ok(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'update', sku: 'NOPE-SKU', listingInput: 'json', listingJson: '{"tax":{"hsn":"12345678"}}' }, [{}], true),
		);
		expect(items[0].json).toMatchObject({ sku: 'NOPE-SKU', status: 'FAILURE', error: expect.stringMatching(/^Update listing failed for SKU NOPE-SKU: SKU_NOT_FOUND/) });
	});

	it('Update: tax.hsn is mandatory in version 3', async () => {
		const error = failed(await runAction(env.store, SELF, { resource: 'listing', operation: 'update', sku: 'S1', listingInput: 'json', listingJson: '{"listing_status":"ACTIVE"}' }));
		expect(error.message).toBe('SKU S1: tax.hsn is required (8 digits)');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('Update Price: POST /sellers/listings/v3/update/price with {price: {mrp, selling_price}}; selling price above MRP refused first', async () => {
		const skus = existing(12);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{ resource: 'listing', operation: 'updatePrice', sku: '={{ $json.sku }}', mrp: '={{ $json.mrp }}', sellingPrice: 450 },
				skus.map((sku) => ({ sku, mrp: 500 })),
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.path)).toEqual(['/sellers/listings/v3/update/price', '/sellers/listings/v3/update/price']);
		expect((calls[0].body as Loose)[skus[0]]).toEqual({ price: { mrp: 500, selling_price: 450 } });
		expect(Object.keys(calls[1].body as object)).toEqual(skus.slice(10));
		expect(items.every((item) => item.json.status === 'SUCCESS')).toBe(true);
		expect(pairedIndexes(items)).toEqual(skus.map((_, i) => i));

		const error = failed(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'updatePrice', sku: skus[0], mrp: 100, sellingPrice: 120 }),
		);
		expect(error.message).toBe(`SKU ${skus[0]}: price.selling_price (120) must not be above price.mrp (100)`);
		expect(apiCalls(env.sim)).toHaveLength(2);
	});

	it('Update Inventory: per location stock and ENABLED / DISABLED buyability', async () => {
		const [sku] = existing(1);
		const items = ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'updateInventory',
					sku,
					locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 40 }, { id: LOC_2, status: 'DISABLED', inventory: 0 }] },
				},
			),
		);
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /sellers/listings/v3/update/inventory']);
		expect(calls[0].body).toEqual({
			[sku]: {
				locations: [
					{ id: LOC_1, status: 'ENABLED', inventory: 40 },
					{ id: LOC_2, status: 'DISABLED', inventory: 0 },
				],
			},
		});
		expect(items[0].json).toMatchObject({ sku, status: 'SUCCESS' });
		const stored = ok(await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: sku }));
		expect(stored[0].json.locations).toEqual([
			{ id: LOC_1, status: 'ENABLED', inventory: 40 },
			{ id: LOC_2, status: 'DISABLED', inventory: 0 },
		]);
	});

	it('Update Inventory: at least one location, checked before any request', async () => {
		const error = failed(await runAction(env.store, SELF, { resource: 'listing', operation: 'updateInventory', sku: 'S1', locations: {} }));
		expect(error.message).toBe('SKU S1: locations: at least one location is required');
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Listing > Get and Search', () => {
	const env = useSimulator();

	it('Get: GET /sellers/listings/v3/{skus}, 10 per request, one item per SKU; unknown and invalid SKUs are errors of their items', async () => {
		const skus = env.sim.control.seedListings({ count: 12 }).skus;
		const input = [...skus.map((sku) => ({ sku })), { sku: 'UNKNOWN-SKU' }, { sku: '#bad' }];
		const items = ok(await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: '={{ $json.sku }}' }, input, true));

		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
		expect(calls[0].path).toBe(`/sellers/listings/v3/${skus.slice(0, 10).join(',')}`);
		expect(calls[1].path).toBe(`/sellers/listings/v3/${[...skus.slice(10), 'UNKNOWN-SKU', '%23bad'].join(',')}`);
		expectBearer(calls, accessToken(env.store));
		expect(items).toHaveLength(14);
		expect(pairedIndexes(items)).toEqual(input.map((_, i) => i));
		expect(items[0].json).toMatchObject({ sku: skus[0], product_id: expect.any(String), price: expect.any(Object), tax: { hsn: expect.stringMatching(/^\d{8}$/) } });
		expect(items[12].json).toMatchObject({ sku: 'UNKNOWN-SKU', availability: 'unavailable', error: 'Listing UNKNOWN-SKU is unavailable' });
		expect(items[13].json).toMatchObject({ sku: '#bad', availability: 'invalid', error: 'Listing #bad is invalid' });
	});

	it('Search: POST /sellers/listings/v3/search with listing_status, then page_id = next_page_id while has_more', async () => {
		env.sim.control.setConfig({ listingPageSize: 10 });
		env.sim.control.seedListings({ count: 30, listingStatus: 'INACTIVE' });
		const items = ok(await runAction(env.store, SELF, { resource: 'listing', operation: 'search', listingStatus: 'INACTIVE', returnAll: true }));

		const calls = apiCalls(env.sim);
		expect(calls.length).toBeGreaterThanOrEqual(4);
		expect(calls.every((call) => call.method === 'POST' && call.path === '/sellers/listings/v3/search')).toBe(true);
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

	it('Search with a Limit stops after the pages it needs', async () => {
		env.sim.control.setConfig({ listingPageSize: 10 });
		env.sim.control.seedListings({ count: 40 });
		const items = ok(await runAction(env.store, SELF, { resource: 'listing', operation: 'search', listingStatus: 'ACTIVE', returnAll: false, limit: 15 }));
		expect(items).toHaveLength(15);
		expect(apiCalls(env.sim)).toHaveLength(2);
	});
});

describe('Listing > SKU picker (list search of the resource locator)', () => {
	const env = useSimulator();

	it('lists the seller\'s active listings page by page through the transport, with a Bearer token', async () => {
		env.sim.control.setConfig({ listingPageSize: 10 });
		const parameters = { authentication: 'clientCredentials', resource: 'listing', operation: 'updatePrice' };
		const first = await runListSearch({ node: actionNode, method: 'searchListings', parameters, store: env.store, credentialType: SELF });
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
		const parameters = { authentication: 'clientCredentials', resource: 'listing', operation: 'updatePrice' };
		const all = await runListSearch({ node: actionNode, method: 'searchListings', parameters, store: env.store, credentialType: SELF });
		const wanted = String(all.results[0].value);
		const filtered = await runListSearch({ node: actionNode, method: 'searchListings', parameters, store: env.store, credentialType: SELF, filter: wanted });
		expect(filtered.results.length).toBeGreaterThan(0);
		for (const result of filtered.results) expect(result.name.toLowerCase()).toContain(wanted.toLowerCase());
	});

	it('Update Price takes the SKU from a resource locator value', async () => {
		const sku = String(
			(await runListSearch({ node: actionNode, method: 'searchListings', parameters: { authentication: 'clientCredentials', resource: 'listing' }, store: env.store, credentialType: SELF })).results[0].value,
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
