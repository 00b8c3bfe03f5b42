/**
 * Listing > Create Hyperlocal and Update Hyperlocal (docs/marketplace-api/listings.md#hyperlocal-listings): one package and one
 * location per SKU, labels required on create, their own endpoints; bad input refused before any
 * request. Also: required numbers of the fields mode start empty, never at a misleading 0.
 */
import {
	apiCalls,
	expectBearer,
	accessToken,
	failed,
	LOC_1,
	ok,
	pairedIndexes,
	runAction,
	SELF,
	useSimulator,
	type Loose,
} from './helpers';

const createFields = {
	resource: 'listing',
	operation: 'createHyperlocal',
	sku: '={{ $json.sku }}',
	listingInput: 'fields',
	productId: 'PID-HL',
	listingStatus: 'ACTIVE',
	mrp: 250,
	sellingPrice: 220,
	currency: 'INR',
	hsn: '04012000',
	package: { package: { name: 'Pouch', length: 15, breadth: 10, height: 4, weight: 0.5 } },
	locationId: LOC_1,
	locationStatus: 'ENABLED',
	inventory: 12,
	addressLabel: { manufacturerDetails: 'Dairy Co, Anand', countriesOfOrigin: 'IN' },
	datingLabel: { shelfLife: 3 },
};

const createJson = {
	resource: 'listing',
	operation: 'createHyperlocal',
	sku: '={{ $json.sku }}',
	listingInput: 'json',
	listingJson: '={{ $json.listing }}',
};

function hyperlocal(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		product_id: 'PID-HL',
		listing_status: 'ACTIVE',
		price: { mrp: 250, selling_price: 220, currency: 'INR' },
		tax: { hsn: '04012000' },
		package: { name: 'Pouch', dimensions: { length: 15, breadth: 10, height: 4 }, weight: 0.5 },
		location: { id: LOC_1, status: 'ENABLED', inventory: 12 },
		address_label: { manufacturer_details: ['Dairy Co, Anand'] },
		dating_label: { shelf_life: 3 },
		...overrides,
	};
}

const wire = {
	product_id: 'PID-HL',
	listing_status: 'ACTIVE',
	price: { mrp: 250, selling_price: 220, currency: 'INR' },
	tax: { hsn: '04012000' },
	package: { name: 'Pouch', dimensions: { length: 15, breadth: 10, height: 4 }, weight: 0.5 },
	location: { id: LOC_1, status: 'ENABLED', inventory: 12 },
	address_label: { manufacturer_details: ['Dairy Co, Anand'], countries_of_origin: ['IN'] },
	dating_label: { shelf_life: 3 },
};

describe('Listing > Create Hyperlocal', () => {
	const env = useSimulator();

	it('POSTs one package and one location per SKU to /sellers/listings/v3/hyperlocal, 10 SKUs per request', async () => {
		const input = Array.from({ length: 12 }, (_, i) => ({ sku: `HL-${i}` }));
		const items = ok(await runAction(env.store, SELF, createFields, input));
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'POST /sellers/listings/v3/hyperlocal',
			'POST /sellers/listings/v3/hyperlocal',
		]);
		expect((calls[0].body as Loose)['HL-0']).toEqual(wire);
		expect(calls.map((call) => Object.keys(call.body as object).length)).toEqual([10, 2]);
		expectBearer(calls, accessToken(env.store));
		expect(items.map((item) => item.json.status)).toEqual(input.map(() => 'SUCCESS'));
		expect(pairedIndexes(items)).toEqual(input.map((_, i) => i));

		const [stored] = ok(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: 'HL-0' }),
		);
		expect(stored.json).toMatchObject({
			sku: 'HL-0',
			package: { name: 'Pouch' },
			location: { id: LOC_1, inventory: 12 },
		});
	});

	it('takes JSON with a flat package and camelCase names and sends the wire shape', async () => {
		const listing = {
			productId: 'PID-HL',
			listingStatus: 'ACTIVE',
			price: { mrp: 250, sellingPrice: 220, currency: 'INR' },
			tax: { hsn: '04012000' },
			package: { name: 'Pouch', length: 15, breadth: 10, height: 4, weight: 0.5 },
			location: { id: LOC_1, status: 'ENABLED', inventory: 12 },
			addressLabel: { manufacturerDetails: ['Dairy Co, Anand'], countriesOfOrigin: ['IN'] },
			datingLabel: { shelfLife: 3 },
		};
		const items = ok(await runAction(env.store, SELF, createJson, [{ sku: 'HL-JSON', listing }]));
		expect(apiCalls(env.sim)[0].body).toEqual({ 'HL-JSON': wire });
		expect(items[0].json).toMatchObject({ sku: 'HL-JSON', status: 'SUCCESS' });
	});

	it.each([
		[
			'no package',
			{ package: undefined },
			'package: one package {name, dimensions, weight} is required',
		],
		[
			'a package list',
			{ package: undefined, packages: [hyperlocal().package] },
			'packages: a hyperlocal listing has a single package: give package {name, dimensions, weight}',
		],
		[
			'a location list',
			{ location: undefined, locations: [hyperlocal().location] },
			'locations: a hyperlocal listing has a single location: give location {id, status, inventory}',
		],
		[
			'a fulfillment profile',
			{ fulfillment_profile: 'NON_FBM' },
			'fulfillment_profile: not part of a hyperlocal listing',
		],
		[
			'no location',
			{ location: undefined },
			'location: one location {id, status, inventory} is required',
		],
		[
			'a location without ID',
			{ location: { status: 'ENABLED', inventory: 1 } },
			'location.id is required',
		],
		[
			'a location status other than ENABLED / DISABLED',
			{ location: { id: LOC_1, status: 'ON' } },
			'location.status must be ENABLED or DISABLED, got "ON"',
		],
		[
			'a package without weight',
			{ package: { name: 'Pouch', dimensions: { length: 15, breadth: 10, height: 4 } } },
			'package.weight must be a number above 0, got undefined',
		],
		[
			'no address label',
			{ address_label: undefined },
			'address_label is required for a hyperlocal listing (manufacturer, importer or packer details, or countries of origin)',
		],
		[
			'an empty dating label',
			{ dating_label: {} },
			'dating_label is required for a hyperlocal listing (mfg_date, shelf_life or expiry_date)',
		],
		[
			'a text as address label',
			{ address_label: 'Dairy Co' },
			'address_label must be an object {manufacturer_details, importer_details, packer_details, countries_of_origin}, not a text',
		],
		[
			'an archived status (Update only)',
			{ archived_status: 'NONE' },
			'archived_status can only be set with Update',
		],
		[
			'a v2 top-level weight',
			{ weight: 1 },
			'weight must be given under package (version 3 moved it there)',
		],
		['an 8-digit HSN missing', { tax: {} }, 'tax.hsn is required (8 digits)'],
	])(
		'refuses %s before any request, naming the SKU and the field',
		async (_, overrides, message) => {
			const input = [
				{ sku: 'GOOD-HL', listing: hyperlocal() },
				{ sku: 'BAD-HL', listing: hyperlocal(overrides) },
			];
			const error = failed(await runAction(env.store, SELF, createJson, input));
			expect(error.message).toBe(`SKU BAD-HL: ${message}`);
			expect(error.context?.itemIndex).toBe(1);
			expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		},
	);

	it('fields mode: labels left empty are refused before any request', async () => {
		const error = failed(
			await runAction(env.store, SELF, { ...createFields, datingLabel: {} }, [
				{ sku: 'HL-NOLABEL' },
			]),
		);
		expect(error.message).toBe(
			'SKU HL-NOLABEL: dating_label is required for a hyperlocal listing (mfg_date, shelf_life or expiry_date)',
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});

	it('the standard Create refuses a hyperlocal package', async () => {
		const {
			package: onePackage,
			location: _location,
			address_label: _a,
			dating_label: _d,
			...rest
		} = hyperlocal();
		const listing = {
			...rest,
			fulfillment_profile: 'NON_FBM',
			package: onePackage,
			locations: [{ id: LOC_1, status: 'ENABLED', inventory: 1 }],
		};
		const error = failed(
			await runAction(env.store, SELF, {
				resource: 'listing',
				operation: 'create',
				sku: 'STD-1',
				listingInput: 'json',
				listingJson: JSON.stringify(listing),
			}),
		);
		expect(error.message).toBe(
			'SKU STD-1: package: only hyperlocal listings have a single package: give packages [...] here',
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Listing > Update Hyperlocal', () => {
	const env = useSimulator();

	const updateFields = {
		resource: 'listing',
		operation: 'updateHyperlocal',
		sku: { __rl: true, mode: 'id', value: 'HL-UPD' },
		listingInput: 'fields',
		productId: 'PID-HL',
		listingStatus: 'INACTIVE',
		mrp: 260,
		sellingPrice: 230,
		currency: 'INR',
		hsn: '04012000',
		// Picked from the list of the seller's locations.
		locationId: { __rl: true, mode: 'list', value: LOC_1 },
		locationStatus: 'DISABLED',
		inventory: 0,
		additionalFields: { archivedStatus: 'ARCHIVED' },
	};

	it('POSTs the listing as given to /sellers/listings/v3/hyperlocal/update, with no lookup first', async () => {
		ok(await runAction(env.store, SELF, createJson, [{ sku: 'HL-UPD', listing: hyperlocal() }]));
		env.sim.control.clearCalls();
		const items = ok(await runAction(env.store, SELF, updateFields));
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'POST /sellers/listings/v3/hyperlocal/update',
		]);
		expect(calls[0].body).toEqual({
			'HL-UPD': {
				product_id: 'PID-HL',
				listing_status: 'INACTIVE',
				price: { mrp: 260, selling_price: 230, currency: 'INR' },
				tax: { hsn: '04012000' },
				location: { id: LOC_1, status: 'DISABLED', inventory: 0 },
				archived_status: 'ARCHIVED',
			},
		});
		expect(items[0].json).toMatchObject({ sku: 'HL-UPD', status: 'SUCCESS' });
		const [stored] = ok(
			await runAction(env.store, SELF, { resource: 'listing', operation: 'get', skus: 'HL-UPD' }),
		);
		expect(stored.json).toMatchObject({
			listing_status: 'INACTIVE',
			archived_status: 'ARCHIVED',
			package: { name: 'Pouch' },
			location: { status: 'DISABLED' },
		});
	});

	it('sends a new package given in Additional Fields', async () => {
		ok(await runAction(env.store, SELF, createJson, [{ sku: 'HL-UPD', listing: hyperlocal() }]));
		env.sim.control.clearCalls();
		const parameters = {
			...updateFields,
			additionalFields: {
				package: { package: { name: 'Jar', length: 8, breadth: 8, height: 12, weight: 0.9 } },
			},
		};
		ok(await runAction(env.store, SELF, parameters));
		expect((apiCalls(env.sim)[0].body as Loose)['HL-UPD'].package).toEqual({
			name: 'Jar',
			dimensions: { length: 8, breadth: 8, height: 12 },
			weight: 0.9,
		});
	});

	it.each([
		// n8n itself refuses an empty required text; an expression that resolves empty reaches the node.
		[
			'an empty location ID',
			{ locationId: '={{ $json.locationId ?? "" }}' },
			'location.id is required',
		],
		['no product ID', { productId: '={{ $json.productId ?? "" }}' }, 'product_id is required'],
		['an MRP left empty', { mrp: null }, 'price.mrp is required'],
	])('refuses %s before any request', async (_, overrides, message) => {
		const error = failed(await runAction(env.store, SELF, { ...updateFields, ...overrides }));
		expect(error.message).toBe(`SKU HL-UPD: ${message}`);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});

describe('Listing fields mode: required numbers start empty', () => {
	const env = useSimulator();

	it('Create with MRP, selling price and package sides left at their (empty) defaults: a clear error, nothing sent', async () => {
		const { mrp: _mrp, sellingPrice: _sellingPrice, ...withoutPrices } = createFields;
		const priceError = failed(
			await runAction(env.store, SELF, withoutPrices, [{ sku: 'HL-EMPTY' }]),
		);
		expect(priceError.message).toBe('SKU HL-EMPTY: price.mrp is required');
		const sizeError = failed(
			await runAction(
				env.store,
				SELF,
				{ ...createFields, package: { package: { name: 'Pouch' } } },
				[{ sku: 'HL-EMPTY' }],
			),
		);
		expect(sizeError.message).toBe(
			'SKU HL-EMPTY: package.dimensions.length must be a number above 0, got null',
		);
		expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
	});
});
