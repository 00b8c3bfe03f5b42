/** Listings v3 (spec 2.5, 9.2; api-facts 7). */
import { SHIPPING_PROVIDERS } from '../../simulator/profile';
import { bearer, useHarness } from './helpers';

const BASE = '/sellers/listings/v3';

function listing(override: Record<string, unknown> = {}) {
	return {
		product_id: 'PRODUCTID0000001',
		listing_status: 'ACTIVE',
		price: { mrp: 999, selling_price: 799, currency: 'INR' },
		tax: { hsn: '61091000' },
		fulfillment: { dispatch_sla: 2, shipping_provider: 'SELLER', procurement_type: 'REGULAR' },
		packages: [{ id: 'PKG1', name: 'box', dimensions: { length: 20, breadth: 15, height: 5 }, weight: 0.4 }],
		locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 25 }],
		...override,
	};
}

describe('listings v3', () => {
	const h = useHarness({}, { selfToken: true });

	const post = (path: string, body: unknown) => h.api.post(`${BASE}${path}`, body, { headers: bearer(h.token) });
	const get = (skus: string) => h.api.get(`${BASE}/${skus}`, { headers: bearer(h.token) });

	describe('search', () => {
		it('lists the seeded listings by status', async () => {
			const active = await post('/search', { filters: { listing_status: 'ACTIVE' }, page_id: null });
			expect(active.status).toBe(200);
			expect(Object.keys(active.data)).toEqual(['next_page_id', 'has_more', 'listings']);
			expect(active.data).toMatchObject({ next_page_id: null, has_more: false });
			expect(active.data.listings).toHaveLength(22);
			const inactive = await post('/search', { filters: { listing_status: 'INACTIVE' } });
			expect(inactive.data.listings).toHaveLength(3);
			expect(inactive.data.listings.every((l: { listing_status: string }) => l.listing_status === 'INACTIVE')).toBe(true);
			const sample = active.data.listings[0];
			expect(Object.keys(sample)).toEqual(['sku', 'product_id', 'listing_status', 'price', 'tax', 'fulfillment', 'packages', 'locations']);
			expect(sample.tax.hsn).toMatch(/^\d{8}$/);
			expect(sample.locations.map((l: { id: string }) => l.id)).toEqual(['LOC-DEMO-1', 'LOC-DEMO-2']);
		});

		it('pages by page_id with the configured page size', async () => {
			h.sim.control.setConfig({ listingPageSize: 10 });
			const sizes: number[] = [];
			let pageId: string | null = null;
			const skus = new Set<string>();
			do {
				const res: { data: { next_page_id: string | null; has_more: boolean; listings: Array<{ sku: string }> } } = await post('/search', { filters: {}, page_id: pageId });
				sizes.push(res.data.listings.length);
				res.data.listings.forEach((l) => skus.add(l.sku));
				pageId = res.data.next_page_id;
				expect(res.data.has_more).toBe(pageId !== null);
			} while (pageId);
			expect(sizes).toEqual([10, 10, 5]);
			expect(skus.size).toBe(25);
		});

		it('rejects unknown filters, bad statuses and unknown page ids', async () => {
			expect((await post('/search', { filters: { lisitng_status: 'ACTIVE' } })).data.message).toBe('Unknown filter lisitng_status; the supported filter is listing_status');
			expect((await post('/search', { filters: { listing_status: 'LIVE' } })).status).toBe(400);
			const res = await post('/search', { filters: {}, page_id: 'nope' });
			expect(res.status).toBe(400);
			expect(res.data.error).toBe('INVALID_PAGE_ID');
		});
	});

	describe('get by SKU', () => {
		it('splits available, unavailable and invalid SKUs', async () => {
			const [sku] = (await post('/search', { filters: {} })).data.listings.map((l: { sku: string }) => l.sku);
			const res = await get(`${sku},NOPE-1,${encodeURIComponent('bad sku!')}`);
			expect(res.status).toBe(200);
			expect(Object.keys(res.data.available)).toEqual([sku]);
			expect(res.data.available[sku].sku).toBe(sku);
			expect(res.data.unavailable).toEqual(['NOPE-1']);
			expect(res.data.invalid).toEqual(['bad sku!']);
			expect((await get(Array.from({ length: 11 }, (_, i) => `S${i}`).join(','))).status).toBe(422);
		});
	});

	describe('create', () => {
		it('creates (and overwrites) listings, per SKU under HTTP 200', async () => {
			const res = await post('', { 'NEW-SKU-1': listing() });
			expect(res.status).toBe(200);
			expect(res.data).toEqual({ 'NEW-SKU-1': { status: 'SUCCESS', errors: [], attribute_errors: [] } });
			expect((await get('NEW-SKU-1')).data.available['NEW-SKU-1']).toMatchObject({ product_id: 'PRODUCTID0000001', price: { mrp: 999, selling_price: 799 } });
			await post('', { 'NEW-SKU-1': listing({ price: { mrp: 500, selling_price: 400 } }) });
			expect((await get('NEW-SKU-1')).data.available['NEW-SKU-1'].price).toEqual({ mrp: 500, selling_price: 400 });
		});

		it('accepts the four shipping providers of the profile', async () => {
			const body = Object.fromEntries(Object.values(SHIPPING_PROVIDERS).map((p, i) => [`SP-${i}`, listing({ fulfillment: { shipping_provider: p, procurement_type: 'REGULAR' } })]));
			const res = await post('', body);
			expect(Object.values(res.data).map((r) => (r as { status: string }).status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
		});

		it.each([
			['hsn of 7 digits', { tax: { hsn: '6109100' } }, 'INVALID_HSN', 'tax.hsn'],
			['no hsn', { tax: {} }, 'MISSING_HSN', 'tax.hsn'],
			['no tax entity', { tax: undefined }, 'MISSING_HSN', 'tax.hsn'],
			['a decimal price', { price: { mrp: 999.5, selling_price: 799 } }, 'INVALID_PRICE', 'price.mrp'],
			['mrp below selling price', { price: { mrp: 500, selling_price: 799 } }, 'MRP_LESS_THAN_SELLING_PRICE', 'price.mrp'],
			['the prose provider name', { fulfillment: { shipping_provider: 'MARKETPLACE_LOGISTICS', procurement_type: 'REGULAR' } }, 'INVALID_SHIPPING_PROVIDER', 'fulfillment.shipping_provider'],
			['an unknown procurement type', { fulfillment: { shipping_provider: 'SELLER', procurement_type: 'FAST' } }, 'INVALID_PROCUREMENT_TYPE', 'fulfillment.procurement_type'],
			["another seller's location", { locations: [{ id: 'LOC-DEMO-3', status: 'ENABLED', inventory: 1 }] }, 'INVALID_LOCATION', 'locations[0].id'],
			['a bad location status', { locations: [{ id: 'LOC-DEMO-1', status: 'ON', inventory: 1 }] }, 'INVALID_LOCATION_STATUS', 'locations[0].status'],
			['negative inventory', { locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: -1 }] }, 'INVALID_INVENTORY', 'locations[0].inventory'],
			['a bad listing status', { listing_status: 'LIVE' }, 'INVALID_LISTING_STATUS', 'listing_status'],
			['a v2 top-level mrp', { mrp: 999 }, 'UNSUPPORTED_ATTRIBUTE_PLACEMENT', 'mrp'],
			['a v2 top-level procurement_sla', { procurement_sla: 2 }, 'UNSUPPORTED_ATTRIBUTE_PLACEMENT', 'procurement_sla'],
		])('fails a SKU with %s', async (_name, override, code, path) => {
			const res = await post('', { 'BAD-1': listing(override), 'GOOD-1': listing() });
			expect(res.status).toBe(200);
			expect(res.data['GOOD-1'].status).toBe('SUCCESS');
			expect(res.data['BAD-1'].status).toBe('FAILURE');
			expect(res.data['BAD-1'].errors).toContainEqual(expect.objectContaining({ severity: 'ERROR', code, path }));
			expect((await get('BAD-1')).data.unavailable).toEqual(['BAD-1']);
		});

		it('warns about unknown attributes and stores the rest', async () => {
			const res = await post('', { 'WARN-1': listing({ colour: 'blue' }) });
			expect(res.data['WARN-1']).toEqual({
				status: 'WARNING',
				errors: [],
				attribute_errors: [{ severity: 'WARNING', code: 'UNKNOWN_ATTRIBUTE', description: 'Attribute "colour" is not recognised and was ignored', path: 'colour' }],
			});
			const stored = (await get('WARN-1')).data.available['WARN-1'];
			expect(stored.colour).toBeUndefined();
		});

		it('limits a request to 10 SKUs and needs an object keyed by SKU', async () => {
			const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`S-${i}`, listing()]));
			const res = await post('', many);
			expect(res.status).toBe(422);
			expect(res.data).toEqual({ error: 'TOO_MANY_IDS', message: 'At most 10 SKUs are allowed per request; got 11' });
			expect((await post('', {})).status).toBe(400);
			expect((await post('', [listing()])).status).toBe(400);
		});
	});

	describe('updates', () => {
		beforeEach(async () => {
			await post('', { 'UPD-1': listing({ locations: [{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 5 }, { id: 'LOC-DEMO-2', status: 'ENABLED', inventory: 7 }] }) });
		});

		it('updates price, inventory and other attributes of existing SKUs', async () => {
			expect((await post('/update/price', { 'UPD-1': { price: { mrp: 1200, selling_price: 999 } } })).data['UPD-1'].status).toBe('SUCCESS');
			expect((await post('/update/inventory', { 'UPD-1': { locations: [{ id: 'LOC-DEMO-2', status: 'DISABLED', inventory: 0 }] } })).data['UPD-1'].status).toBe('SUCCESS');
			expect((await post('/update', { 'UPD-1': { listing_status: 'INACTIVE', archived_status: 'ARCHIVED', fulfillment: { dispatch_sla: 4 } } })).data['UPD-1'].status).toBe('SUCCESS');
			const stored = (await get('UPD-1')).data.available['UPD-1'];
			expect(stored.price).toEqual({ mrp: 1200, selling_price: 999, currency: 'INR' });
			expect(stored.locations).toEqual([
				{ id: 'LOC-DEMO-1', status: 'ENABLED', inventory: 5 },
				{ id: 'LOC-DEMO-2', status: 'DISABLED', inventory: 0 },
			]);
			expect(stored).toMatchObject({ listing_status: 'INACTIVE', archived_status: 'ARCHIVED', fulfillment: { dispatch_sla: 4, shipping_provider: 'SELLER', procurement_type: 'REGULAR' } });
		});

		it('fails unknown SKUs and invalid values', async () => {
			expect((await post('/update/price', { 'NOPE-9': { price: { mrp: 10, selling_price: 5 } } })).data['NOPE-9'].errors[0].code).toBe('SKU_NOT_FOUND');
			expect((await post('/update/price', { 'UPD-1': { price: { mrp: 100, selling_price: 500 } } })).data['UPD-1'].errors[0].code).toBe('MRP_LESS_THAN_SELLING_PRICE');
			expect((await post('/update/price', { 'UPD-1': { price: { mrp: 1000 } } })).data['UPD-1'].errors[0].code).toBe('MISSING_ATTRIBUTE');
			expect((await post('/update/inventory', { 'UPD-1': { locations: [{ id: 'LOC-DEMO-3', inventory: 1 }] } })).data['UPD-1'].errors[0].code).toBe('INVALID_LOCATION');
			expect((await post('/update', { 'UPD-1': { product_id: 'OTHER' } })).data['UPD-1'].errors[0].code).toBe('PRODUCT_ID_MISMATCH');
			expect((await post('/update', { 'UPD-1': { price: { selling_price: 5000 } } })).data['UPD-1'].errors[0].code).toBe('MISSING_ATTRIBUTE');
		});
	});
});
