/** Listings v3 against the official models (docs/marketplace-api/listings.md#listing-structure-in-v3, docs/marketplace-api/listings.md#request-body, docs/marketplace-api/listings.md#create). */
import { SHIPPING_PROVIDERS } from '../../simulator/profile';
import { LISTING_ERROR_CODES as CODE } from '../../simulator/listings/validate';
import { bearer, useHarness } from './helpers';

const BASE = '/sellers/listings/v3';

function listing(override: Record<string, unknown> = {}) {
	return {
		product_id: 'PRODUCTID0000001',
		listing_status: 'ACTIVE',
		price: { mrp: 999, selling_price: 799, currency: 'INR' },
		tax: { hsn: '61091000' },
		fulfillment_profile: 'NON_FBM',
		fulfillment: { dispatch_sla: 2, shipping_provider: 'SELLER', procurement_type: 'REGULAR' },
		packages: [
			{ id: 'PKG1', name: 'box', dimensions: { length: 20, breadth: 15, height: 5 }, weight: 0.4 },
		],
		locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 25 }],
		...override,
	};
}

describe('listings v3', () => {
	const h = useHarness({}, { selfToken: true });

	const post = (path: string, body: unknown) =>
		h.api.post(`${BASE}${path}`, body, { headers: bearer(h.token) });
	const get = (skus: string) => h.api.get(`${BASE}/${skus}`, { headers: bearer(h.token) });

	describe('search', () => {
		it('lists the seeded listings by status', async () => {
			const active = await post('/search', {
				filters: { listing_status: 'ACTIVE' },
				page_id: null,
			});
			expect(active.status).toBe(200);
			expect(Object.keys(active.data)).toEqual(['next_page_id', 'has_more', 'listings']);
			expect(active.data).toMatchObject({ next_page_id: null, has_more: false });
			expect(active.data.listings).toHaveLength(22);
			const inactive = await post('/search', { filters: { listing_status: 'INACTIVE' } });
			expect(inactive.data.listings).toHaveLength(3);
			expect(
				inactive.data.listings.every(
					(l: { listing_status: string }) => l.listing_status === 'INACTIVE',
				),
			).toBe(true);
			const sample = active.data.listings[0];
			expect(Object.keys(sample)).toEqual([
				'sku',
				'listing_id',
				'product_id',
				'listing_status',
				'price',
				'tax',
				'fulfillment_profile',
				'fulfillment',
				'packages',
				'locations',
				'archived_status',
			]);
			expect(sample.tax.hsn).toMatch(/^\d{8}$/);
			expect(sample.locations.map((l: { id: string }) => l.id)).toEqual([
				'LOC-DEMO-1',
				'LOC-DEMO-2',
			]);
		});

		it('pages by page_id with the configured page size', async () => {
			h.sim.control.setConfig({ listingPageSize: 10 });
			const sizes: number[] = [];
			let pageId: string | null = null;
			const skus = new Set<string>();
			do {
				const res: {
					data: {
						next_page_id: string | null;
						has_more: boolean;
						listings: Array<{ sku: string }>;
					};
				} = await post('/search', { filters: {}, page_id: pageId });
				sizes.push(res.data.listings.length);
				res.data.listings.forEach((l) => skus.add(l.sku));
				pageId = res.data.next_page_id;
				expect(res.data.has_more).toBe(pageId !== null);
			} while (pageId);
			expect(sizes).toEqual([10, 10, 5]);
			expect(skus.size).toBe(25);
		});

		it('rejects unknown filters, bad statuses and unknown page ids', async () => {
			expect((await post('/search', { filters: { lisitng_status: 'ACTIVE' } })).data.message).toBe(
				'Unknown filter lisitng_status; the supported filter is listing_status',
			);
			expect((await post('/search', { filters: { listing_status: 'LIVE' } })).status).toBe(400);
			const res = await post('/search', { filters: {}, page_id: 'nope' });
			expect(res.status).toBe(400);
			expect(res.data.error).toBe('INVALID_PAGE_ID');
		});
	});

	describe('get by SKU', () => {
		it('splits available, unavailable and invalid SKUs', async () => {
			const [sku] = (await post('/search', { filters: {} })).data.listings.map(
				(l: { sku: string }) => l.sku,
			);
			const res = await get(`${sku},NOPE-1,${encodeURIComponent('bad sku!')}`);
			expect(res.status).toBe(200);
			expect(Object.keys(res.data.available)).toEqual([sku]);
			// The official listing detail: listing_id, no sku inside (the map is keyed by it).
			expect(res.data.available[sku]).toMatchObject({
				listing_id: expect.stringMatching(/^LST/),
				fulfillment_profile: expect.any(String),
				archived_status: 'NONE',
			});
			expect(res.data.available[sku].sku).toBeUndefined();
			expect(res.data.unavailable).toEqual(['NOPE-1']);
			expect(res.data.invalid).toEqual(['bad sku!']);
			expect((await get(Array.from({ length: 11 }, (_, i) => `S${i}`).join(','))).status).toBe(422);
		});
	});

	describe('create', () => {
		it('creates (and overwrites) listings, per SKU under HTTP 200', async () => {
			const res = await post('', { 'NEW-SKU-1': listing() });
			expect(res.status).toBe(200);
			expect(res.data).toEqual({
				'NEW-SKU-1': { status: 'SUCCESS', errors: [], attribute_errors: [] },
			});
			expect((await get('NEW-SKU-1')).data.available['NEW-SKU-1']).toMatchObject({
				product_id: 'PRODUCTID0000001',
				price: { mrp: 999, selling_price: 799 },
				archived_status: 'NONE',
			});
			await post('', {
				'NEW-SKU-1': listing({ price: { mrp: 500, selling_price: 400, currency: 'INR' } }),
			});
			expect((await get('NEW-SKU-1')).data.available['NEW-SKU-1'].price).toEqual({
				mrp: 500,
				selling_price: 400,
				currency: 'INR',
			});
		});

		it('accepts the four shipping providers of the profile', async () => {
			const body = Object.fromEntries(
				Object.values(SHIPPING_PROVIDERS).map((p, i) => [
					`SP-${i}`,
					listing({
						fulfillment: { dispatch_sla: 1, shipping_provider: p, procurement_type: 'REGULAR' },
					}),
				]),
			);
			const res = await post('', body);
			expect(Object.values(res.data).map((r) => (r as { status: string }).status)).toEqual([
				'SUCCESS',
				'SUCCESS',
				'SUCCESS',
				'SUCCESS',
			]);
		});

		it.each([
			['hsn of 7 digits', { tax: { hsn: '6109100' } }, 'INVALID_HSN', 'tax.hsn'],
			['no hsn', { tax: {} }, 'MISSING_HSN', 'tax.hsn'],
			['no tax entity', { tax: undefined }, 'MISSING_HSN', 'tax.hsn'],
			[
				'a decimal price',
				{ price: { mrp: 999.5, selling_price: 799, currency: 'INR' } },
				'INVALID_PRICE',
				'price.mrp',
			],
			[
				'mrp below selling price',
				{ price: { mrp: 500, selling_price: 799, currency: 'INR' } },
				'MRP_LESS_THAN_SELLING_PRICE',
				'price.mrp',
			],
			[
				'no currency',
				{ price: { mrp: 999, selling_price: 799 } },
				'MISSING_ATTRIBUTE',
				'price.currency',
			],
			[
				'another currency',
				{ price: { mrp: 999, selling_price: 799, currency: 'USD' } },
				'INVALID_CURRENCY',
				'price.currency',
			],
			[
				'the prose provider name',
				{
					fulfillment: {
						dispatch_sla: 2,
						shipping_provider: 'MARKETPLACE_LOGISTICS',
						procurement_type: 'REGULAR',
					},
				},
				'INVALID_SHIPPING_PROVIDER',
				'fulfillment.shipping_provider',
			],
			[
				'an unknown procurement type',
				{ fulfillment: { dispatch_sla: 2, shipping_provider: 'SELLER', procurement_type: 'FAST' } },
				'INVALID_PROCUREMENT_TYPE',
				'fulfillment.procurement_type',
			],
			[
				'a fulfillment without dispatch_sla',
				{ fulfillment: { shipping_provider: 'SELLER', procurement_type: 'REGULAR' } },
				'INVALID_ATTRIBUTE_VALUE',
				'fulfillment.dispatch_sla',
			],
			[
				'no fulfillment_profile',
				{ fulfillment_profile: undefined },
				'MISSING_ATTRIBUTE',
				'fulfillment_profile',
			],
			[
				'an unknown fulfillment_profile',
				{ fulfillment_profile: 'SELF' },
				'INVALID_FULFILLMENT_PROFILE',
				'fulfillment_profile',
			],
			['no packages', { packages: undefined }, 'MISSING_ATTRIBUTE', 'packages'],
			['an empty package list', { packages: [] }, 'INVALID_PACKAGE', 'packages'],
			[
				'a package without a name',
				{ packages: [{ dimensions: { length: 20, breadth: 15, height: 5 }, weight: 0.4 }] },
				'INVALID_PACKAGE',
				'packages[0].name',
			],
			[
				'flat package dimensions',
				{ packages: [{ name: 'box', length: 20, breadth: 15, height: 5, weight: 0.4 }] },
				'INVALID_PACKAGE',
				'packages[0]',
			],
			['no locations', { locations: undefined }, 'MISSING_ATTRIBUTE', 'locations'],
			[
				"another seller's location",
				{ locations: [{ id: 'LOC-DEMO-3', status: 'ENABLED', inventory: 1 }] },
				'INVALID_LOCATION',
				'locations[0].id',
			],
			[
				'a bad location status',
				{ locations: [{ id: 'LOC-DEMO-1', status: 'ON', inventory: 1 }] },
				'INVALID_LOCATION_STATUS',
				'locations[0].status',
			],
			[
				'negative inventory',
				{ locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: -1 }] },
				'INVALID_INVENTORY',
				'locations[0].inventory',
			],
			[
				'a bad listing status',
				{ listing_status: 'LIVE' },
				'INVALID_LISTING_STATUS',
				'listing_status',
			],
			[
				'a text address_label',
				{ address_label: 'Made in Tiruppur' },
				'INVALID_LABEL',
				'address_label',
			],
			[
				'a text in an address_label list',
				{ address_label: { manufacturer_details: 'Maker' } },
				'INVALID_LABEL',
				'address_label.manufacturer_details',
			],
			['a text dating_label', { dating_label: '2025-01' }, 'INVALID_LABEL', 'dating_label'],
			[
				'a text mfg_date',
				{ dating_label: { mfg_date: '2025-01-01' } },
				'INVALID_LABEL',
				'dating_label.mfg_date',
			],
			[
				'an archived_status (update only)',
				{ archived_status: 'NONE' },
				'INVALID_ATTRIBUTE_VALUE',
				'archived_status',
			],
			['a v2 top-level mrp', { mrp: 999 }, 'UNSUPPORTED_ATTRIBUTE_PLACEMENT', 'mrp'],
			[
				'a v2 top-level procurement_sla',
				{ procurement_sla: 2 },
				'UNSUPPORTED_ATTRIBUTE_PLACEMENT',
				'procurement_sla',
			],
		] as Array<[string, Record<string, unknown>, keyof typeof CODE, string]>)(
			'fails a SKU with %s: a per-SKU FAILURE with an integer code',
			async (_name, override, name, path) => {
				const code = CODE[name];
				const res = await post('', { 'BAD-1': listing(override), 'GOOD-1': listing() });
				expect(res.status).toBe(200);
				expect(res.data['GOOD-1'].status).toBe('SUCCESS');
				expect(res.data['BAD-1'].status).toBe('FAILURE');
				expect(res.data['BAD-1'].errors).toContainEqual(
					expect.objectContaining({
						severity: 'ERROR',
						code,
						path,
						description: expect.any(String),
					}),
				);
				expect((await get('BAD-1')).data.unavailable).toEqual(['BAD-1']);
			},
		);

		it('warns about unknown attributes and stores the rest', async () => {
			const res = await post('', { 'WARN-1': listing({ colour: 'blue' }) });
			expect(res.data['WARN-1']).toEqual({
				status: 'WARNING',
				errors: [],
				attribute_errors: [
					{
						severity: 'WARNING',
						code: CODE.UNKNOWN_ATTRIBUTE,
						description: 'Attribute "colour" is not recognised and was ignored',
						attribute: 'colour',
						path: 'colour',
					},
				],
			});
			const stored = (await get('WARN-1')).data.available['WARN-1'];
			expect(stored.colour).toBeUndefined();
		});

		it('limits a request to 10 SKUs and needs an object keyed by SKU', async () => {
			const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`S-${i}`, listing()]));
			const res = await post('', many);
			expect(res.status).toBe(422);
			expect(res.data).toEqual({
				error: 'TOO_MANY_IDS',
				message: 'At most 10 SKUs are allowed per request; got 11',
			});
			expect((await post('', {})).status).toBe(400);
			expect((await post('', [listing()])).status).toBe(400);
		});
	});

	describe('updates', () => {
		const PRODUCT = 'PRODUCTID0000001';
		beforeEach(async () => {
			await post('', {
				'UPD-1': listing({
					locations: [
						{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 5 },
						{ id: 'LOC-DEMO-2', status: 'ENABLED', inventory: 7 },
					],
				}),
			});
		});

		it('updates price, inventory and the whole listing with archived_status', async () => {
			expect(
				(
					await post('/update/price', {
						'UPD-1': {
							product_id: PRODUCT,
							price: { mrp: 1200, selling_price: 999, currency: 'INR' },
						},
					})
				).data['UPD-1'].status,
			).toBe('SUCCESS');
			expect(
				(
					await post('/update/inventory', {
						'UPD-1': {
							product_id: PRODUCT,
							locations: [{ id: 'LOC-DEMO-2', status: 'DISABLED', inventory: 0 }],
						},
					})
				).data['UPD-1'].status,
			).toBe('SUCCESS');
			let stored = (await get('UPD-1')).data.available['UPD-1'];
			expect(stored.price).toEqual({ mrp: 1200, selling_price: 999, currency: 'INR' });
			expect(stored.locations).toEqual([
				{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 5 },
				{ id: 'LOC-DEMO-2', status: 'DISABLED', inventory: 0 },
			]);
			const { listing_id: _id, ...whole } = stored;
			const update = {
				...whole,
				listing_status: 'INACTIVE',
				archived_status: 'ARCHIVED',
				fulfillment: { dispatch_sla: 4, shipping_provider: 'SELLER', procurement_type: 'REGULAR' },
			};
			expect((await post('/update', { 'UPD-1': update })).data['UPD-1'].status).toBe('SUCCESS');
			stored = (await get('UPD-1')).data.available['UPD-1'];
			expect(stored).toMatchObject({
				listing_status: 'INACTIVE',
				archived_status: 'ARCHIVED',
				fulfillment: { dispatch_sla: 4, shipping_provider: 'SELLER', procurement_type: 'REGULAR' },
			});
			// The update replaces the listing; a left-out fulfillment is kept, archived_status NONE un-archives.
			const { fulfillment: _f, ...withoutFulfillment } = update;
			expect(
				(await post('/update', { 'UPD-1': { ...withoutFulfillment, archived_status: 'NONE' } }))
					.data['UPD-1'].status,
			).toBe('SUCCESS');
			expect((await get('UPD-1')).data.available['UPD-1']).toMatchObject({
				archived_status: 'NONE',
				fulfillment: { dispatch_sla: 4 },
			});
		});

		it('refuses the price body without product_id and currency (what the node used to send): a per-SKU FAILURE under HTTP 200', async () => {
			const res = await post('/update/price', {
				'UPD-1': { price: { mrp: 1200, selling_price: 999 } },
			});
			expect(res.status).toBe(200);
			expect(res.data['UPD-1'].status).toBe('FAILURE');
			expect(res.data['UPD-1'].errors).toEqual([
				{
					severity: 'ERROR',
					code: CODE.MISSING_ATTRIBUTE,
					description: 'product_id is required',
					path: 'product_id',
				},
				{
					severity: 'ERROR',
					code: CODE.MISSING_ATTRIBUTE,
					description: 'price.currency is required',
					path: 'price.currency',
				},
			]);
			expect((await get('UPD-1')).data.available['UPD-1'].price).toEqual({
				mrp: 999,
				selling_price: 799,
				currency: 'INR',
			});
		});

		it.each([
			[
				'/update/price',
				{ price: { mrp: 10, selling_price: 5, currency: 'INR' } },
				'MISSING_ATTRIBUTE',
				'product_id',
			],
			[
				'/update/inventory',
				{ locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 1 }] },
				'MISSING_ATTRIBUTE',
				'product_id',
			],
			['/update/inventory', { product_id: PRODUCT }, 'MISSING_ATTRIBUTE', 'locations'],
			[
				'/update/inventory',
				{ product_id: PRODUCT, locations: [{ id: 'LOC-DEMO-1', inventory: 1 }] },
				'INVALID_LOCATION_STATUS',
				'locations[0].status',
			],
			[
				'/update/inventory',
				{ product_id: PRODUCT, locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED' }] },
				'INVALID_INVENTORY',
				'locations[0].inventory',
			],
			[
				'/update/inventory',
				{ product_id: PRODUCT, locations: [{ id: 'LOC-DEMO-3', status: 'ENABLED', inventory: 1 }] },
				'INVALID_LOCATION',
				'locations[0].id',
			],
			[
				'/update/price',
				{ product_id: PRODUCT, price: { mrp: 100, selling_price: 500, currency: 'INR' } },
				'MRP_LESS_THAN_SELLING_PRICE',
				'price.mrp',
			],
			[
				'/update/price',
				{ product_id: 'OTHER', price: { mrp: 100, selling_price: 50, currency: 'INR' } },
				'PRODUCT_ID_MISMATCH',
				'product_id',
			],
			['/update', { product_id: PRODUCT, listing_status: 'ACTIVE' }, 'MISSING_ATTRIBUTE', 'price'],
			[
				'/update',
				{ ...listing(), archived_status: 'UNARCHIVED' },
				'INVALID_ARCHIVED_STATUS',
				'archived_status',
			],
			[
				'/update',
				{ ...listing(), fulfillment_profile: undefined },
				'MISSING_ATTRIBUTE',
				'fulfillment_profile',
			],
			[
				'/update',
				{ ...listing(), address_label: 'Made in Tiruppur' },
				'INVALID_LABEL',
				'address_label',
			],
		] as Array<[string, Record<string, unknown>, keyof typeof CODE, string]>)(
			'%s fails %j',
			async (path, entry, name, field) => {
				const res = await post(path, { 'UPD-1': entry });
				expect(res.data['UPD-1'].status).toBe('FAILURE');
				expect(res.data['UPD-1'].errors).toContainEqual(
					expect.objectContaining({ code: CODE[name], path: field }),
				);
			},
		);

		it('fails an unknown SKU', async () => {
			expect(
				(
					await post('/update/price', {
						'NOPE-9': {
							product_id: PRODUCT,
							price: { mrp: 10, selling_price: 5, currency: 'INR' },
						},
					})
				).data['NOPE-9'].errors[0].code,
			).toBe(CODE.SKU_NOT_FOUND);
		});
	});

	describe('hyperlocal', () => {
		const PRODUCT = 'PRODUCTID0000009';
		function hyperlocal(override: Record<string, unknown> = {}) {
			return {
				product_id: PRODUCT,
				listing_status: 'ACTIVE',
				price: { mrp: 250, selling_price: 220, currency: 'INR' },
				tax: { hsn: '04012000' },
				package: { name: 'Pouch', dimensions: { length: 15, breadth: 10, height: 4 }, weight: 0.5 },
				location: { id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 12 },
				address_label: { manufacturer_details: ['Dairy Co, Anand'], countries_of_origin: ['IN'] },
				dating_label: { shelf_life: 3 },
				...override,
			};
		}

		it('creates at /hyperlocal with one package and one location, and answers the lookup in that shape', async () => {
			const res = await post('/hyperlocal', { 'HL-1': hyperlocal() });
			expect(res.status).toBe(200);
			expect(res.data).toEqual({ 'HL-1': { status: 'SUCCESS', errors: [], attribute_errors: [] } });
			const stored = (await get('HL-1')).data.available['HL-1'];
			expect(stored).toMatchObject({
				product_id: PRODUCT,
				package: { name: 'Pouch' },
				location: { id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 12 },
				address_label: { countries_of_origin: ['IN'] },
				dating_label: { shelf_life: 3 },
				archived_status: 'NONE',
			});
			expect(stored.packages).toBeUndefined();
			expect(stored.locations).toBeUndefined();
			expect(stored.fulfillment_profile).toBeUndefined();
		});

		it.each([
			['no package', { package: undefined }, 'MISSING_ATTRIBUTE', 'package'],
			['no location', { location: undefined }, 'MISSING_ATTRIBUTE', 'location'],
			['no address_label', { address_label: undefined }, 'MISSING_ATTRIBUTE', 'address_label'],
			['an empty dating_label', { dating_label: {} }, 'MISSING_ATTRIBUTE', 'dating_label'],
			[
				'a package without a name',
				{ package: { dimensions: { length: 1, breadth: 1, height: 1 }, weight: 1 } },
				'INVALID_PACKAGE',
				'package.name',
			],
			[
				'flat package dimensions',
				{ package: { name: 'Pouch', length: 15, breadth: 10, height: 4, weight: 0.5 } },
				'INVALID_PACKAGE',
				'package',
			],
			[
				"another seller's location",
				{ location: { id: 'LOC-DEMO-3', status: 'ENABLED', inventory: 1 } },
				'INVALID_LOCATION',
				'location.id',
			],
			[
				'a bad location status',
				{ location: { id: 'LOC-DEMO-1', status: 'ON' } },
				'INVALID_LOCATION_STATUS',
				'location.status',
			],
			[
				'an archived_status (update only)',
				{ archived_status: 'NONE' },
				'INVALID_ATTRIBUTE_VALUE',
				'archived_status',
			],
			['no hsn', { tax: {} }, 'MISSING_HSN', 'tax.hsn'],
		] as Array<[string, Record<string, unknown>, keyof typeof CODE, string]>)(
			'create fails a SKU with %s',
			async (_name, override, name, path) => {
				const res = await post('/hyperlocal', { 'HL-BAD': hyperlocal(override) });
				expect(res.data['HL-BAD'].status).toBe('FAILURE');
				expect(res.data['HL-BAD'].errors).toContainEqual(
					expect.objectContaining({ code: CODE[name], path }),
				);
				expect((await get('HL-BAD')).data.unavailable).toEqual(['HL-BAD']);
			},
		);

		it("warns about the standard listing's lists and fulfillment entities, which a hyperlocal listing does not have", async () => {
			const res = await post('/hyperlocal', {
				'HL-W': hyperlocal({ fulfillment_profile: 'NON_FBM' }),
			});
			expect(res.data['HL-W']).toMatchObject({
				status: 'WARNING',
				attribute_errors: [expect.objectContaining({ attribute: 'fulfillment_profile' })],
			});
		});

		it('updates at /hyperlocal/update: package and labels optional and kept, archived_status allowed; the kinds do not mix', async () => {
			await post('/hyperlocal', { 'HL-2': hyperlocal() });
			const { package: _p, address_label: _a, dating_label: _d, ...required } = hyperlocal();
			const update = {
				...required,
				listing_status: 'INACTIVE',
				location: { id: 'LOC-DEMO-1', status: 'DISABLED', inventory: 0 },
				archived_status: 'ARCHIVED',
			};
			expect((await post('/hyperlocal/update', { 'HL-2': update })).data['HL-2'].status).toBe(
				'SUCCESS',
			);
			expect((await get('HL-2')).data.available['HL-2']).toMatchObject({
				listing_status: 'INACTIVE',
				archived_status: 'ARCHIVED',
				package: { name: 'Pouch' },
				location: { status: 'DISABLED', inventory: 0 },
				dating_label: { shelf_life: 3 },
			});

			const missing = await post('/hyperlocal/update', {
				'HL-2': { ...update, location: undefined },
			});
			expect(missing.data['HL-2'].errors).toContainEqual(
				expect.objectContaining({ code: CODE.MISSING_ATTRIBUTE, path: 'location' }),
			);
			await post('', { 'STD-1': listing() });
			expect(
				(await post('/hyperlocal/update', { 'STD-1': update })).data['STD-1'].errors[0].description,
			).toBe('Listing STD-1 is not a hyperlocal listing; update it through /listings/v3/update');
			expect(
				(await post('/update', { 'HL-2': listing() })).data['HL-2'].errors[0].description,
			).toBe(
				'Listing HL-2 is a hyperlocal listing; update it through /listings/v3/hyperlocal/update',
			);
			expect(
				(await post('/hyperlocal/update', { 'NOPE-HL': update })).data['NOPE-HL'].errors[0].code,
			).toBe(CODE.SKU_NOT_FOUND);
		});

		it('price and inventory updates (common to both kinds) change a hyperlocal listing at its one location', async () => {
			await post('/hyperlocal', { 'HL-3': hyperlocal() });
			expect(
				(
					await post('/update/price', {
						'HL-3': {
							product_id: PRODUCT,
							price: { mrp: 300, selling_price: 260, currency: 'INR' },
						},
					})
				).data['HL-3'].status,
			).toBe('SUCCESS');
			expect(
				(
					await post('/update/inventory', {
						'HL-3': {
							product_id: PRODUCT,
							locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 40 }],
						},
					})
				).data['HL-3'].status,
			).toBe('SUCCESS');
			expect((await get('HL-3')).data.available['HL-3']).toMatchObject({
				price: { mrp: 300 },
				location: { id: 'LOC-DEMO-1', inventory: 40 },
			});
			const elsewhere = await post('/update/inventory', {
				'HL-3': {
					product_id: PRODUCT,
					locations: [{ id: 'LOC-DEMO-2', status: 'ENABLED', inventory: 1 }],
				},
			});
			expect(elsewhere.data['HL-3'].errors[0]).toMatchObject({ code: CODE.INVALID_LOCATION });
		});
	});
});
