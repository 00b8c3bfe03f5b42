/**
 * Bad input that used to reach the wire (issue 11, point 6): IDs "." and ".." became path
 * dot-segments, Infinity went out as null, 1e21 and 1e308 passed as whole numbers. Each is
 * refused before anything is sent, naming the item and the field.
 */
import { pathProblem, valueProblem } from '../../nodes/shared/transport/guards';
import {
	apiCalls,
	failed,
	listingCreateJson,
	LOC_1,
	ok,
	runAction,
	SELF,
	seedInState,
	useSimulator,
	validListing,
} from '../action/helpers';

const listingCreate = listingCreateJson;
const listing = (overrides: Record<string, unknown> = {}) =>
	validListing({
		product_id: 'PID-BAD-1',
		packages: [{ name: 'Box', dimensions: { length: 10, breadth: 10, height: 10 }, weight: 1 }],
		...overrides,
	});

describe('bad input is refused before anything is sent', () => {
	const env = useSimulator();

	describe('IDs that are path dot-segments', () => {
		for (const id of ['.', '..', ' .. ', ' . ']) {
			it(`Get Details with shipment ID ${JSON.stringify(id)}`, async () => {
				const error = failed(
					await runAction(
						env.store,
						SELF,
						{ resource: 'shipment', operation: 'getDetails', shipmentIds: '={{ $json.id }}' },
						[{ id }],
					),
				);
				expect(error.message).toBe(`shipment ID "${id.trim()}" is not valid`);
				expect(error.context?.itemIndex).toBe(0);
				expect(apiCalls(env.sim)).toEqual([]);
			});
		}

		it('Download Labels, Get Forms and Listing Get refuse them too, naming the item', async () => {
			const [packed] = seedInState(env.sim, 1, 'PACKED');
			for (const parameters of [
				{ resource: 'shipment', operation: 'downloadLabels', shipmentIds: '={{ $json.id }}' },
				{ resource: 'shipment', operation: 'getForms', shipmentIds: '={{ $json.id }}' },
				{
					resource: 'shipment',
					operation: 'downloadInvoices',
					format: 'json',
					shipmentIds: '={{ $json.id }}',
				},
			]) {
				const error = failed(
					await runAction(env.store, SELF, parameters, [{ id: packed }, { id: '..' }]),
				);
				expect(error.message).toBe('shipment ID ".." is not valid');
				expect(error.context?.itemIndex).toBe(1);
			}
			const skuError = failed(
				await runAction(
					env.store,
					SELF,
					{ resource: 'listing', operation: 'get', skus: '={{ $json.id }}' },
					[{ id: '.' }],
				),
			);
			expect(skuError.message).toBe('SKU "." is not valid');
			expect(apiCalls(env.sim)).toEqual([]);
		});

		it('under On Error: Continue only that item fails; the others are sent', async () => {
			const [packed] = seedInState(env.sim, 1, 'PACKED');
			const items = ok(
				await runAction(
					env.store,
					SELF,
					{ resource: 'shipment', operation: 'getDetails', shipmentIds: '={{ $json.id }}' },
					[{ id: '..' }, { id: packed }],
					true,
				),
			);
			expect(items[0].json.error).toBe('shipment ID ".." is not valid');
			expect(items[1].json.shipmentId).toBe(packed);
			expect(apiCalls(env.sim).map((call) => call.path)).toEqual([
				`/sellers/v3/shipments/${packed}`,
			]);
		});
	});

	describe('numbers JSON cannot carry', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
			[
				'Infinity as a package dimension',
				{
					packages: [
						{ name: 'Box', dimensions: { length: Infinity, breadth: 10, height: 10 }, weight: 1 },
					],
				},
				'packages[0].dimensions.length must be a number above 0, got Infinity',
			],
			[
				'NaN as a package weight',
				{
					packages: [
						{ name: 'Box', dimensions: { length: 10, breadth: 10, height: 10 }, weight: NaN },
					],
				},
				'packages[0].weight must be a number above 0, got NaN',
			],
			[
				'1e21 as MRP',
				{ price: { mrp: 1e21, selling_price: 450, currency: 'INR' } },
				'price.mrp must be a whole number above 0 up to 9007199254740991, got 1e+21',
			],
			[
				'1e308 as inventory',
				{ locations: [{ id: LOC_1, status: 'ENABLED', inventory: 1e308 }] },
				'locations[0].inventory must be a whole number of 0 or more up to 9007199254740991, got 1e+308',
			],
			[
				'1e21 as dispatch SLA',
				{
					fulfillment: {
						dispatch_sla: 1e21,
						shipping_provider: 'SELLER',
						procurement_type: 'EXPRESS',
					},
				},
				'fulfillment.dispatch_sla must be a whole number of days up to 9007199254740991, got 1e+21',
			],
			[
				'Infinity as MRP',
				{ price: { mrp: Infinity, selling_price: 450, currency: 'INR' } },
				'price.mrp must be a whole number above 0, got Infinity',
			],
		];
		for (const [name, overrides, problem] of cases) {
			it(`Listing Create: ${name}`, async () => {
				const error = failed(
					await runAction(env.store, SELF, listingCreate, [
						{ sku: 'OK-SKU-1', listing: listing() },
						{ sku: 'BAD-SKU-1', listing: listing(overrides) },
					]),
				);
				expect(error.message).toBe(`SKU BAD-SKU-1: ${problem}`);
				expect(error.context?.itemIndex).toBe(1);
				expect(apiCalls(env.sim)).toEqual([]);
			});
		}

		it('Update Inventory from fields with an expression giving 1e21', async () => {
			const skus = env.sim.control.seedListings({ count: 1 }).skus;
			const error = failed(
				await runAction(env.store, SELF, {
					resource: 'listing',
					operation: 'updateInventory',
					sku: { __rl: true, mode: 'id', value: skus[0] },
					locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: '={{ 1e21 }}' }] },
				}),
			);
			expect(error.message).toBe(
				`SKU ${skus[0]}: locations[0].inventory must be a whole number of 0 or more up to 9007199254740991, got 1e+21`,
			);
			expect(apiCalls(env.sim)).toEqual([]);
		});

		it('Generate Labels with Infinity as a sub-shipment dimension (JSON mode)', async () => {
			const [approved] = seedInState(env.sim, 1, 'APPROVED');
			const error = failed(
				await runAction(
					env.store,
					SELF,
					{
						resource: 'shipment',
						operation: 'generateLabels',
						shipmentId: approved,
						locationId: LOC_1,
						labelInput: 'json',
						labelJson: '={{ $json.label }}',
					},
					[
						{
							label: {
								invoices: [{ orderId: 'OD1', invoiceDate: '2026-01-01' }],
								subShipments: [
									{
										subShipmentId: 'SS-1',
										dimensions: { length: Infinity, breadth: 1, height: 1, weight: 1 },
									},
								],
							},
						},
					],
				),
			);
			expect(error.message).toBe(
				`Shipment ${approved}: length of sub-shipment SS-1 must be a number above 0, got Infinity`,
			);
			expect(apiCalls(env.sim)).toEqual([]);
		});

		it('the transport refuses any number JSON cannot carry that an operation does not check itself (a label quantity)', async () => {
			const [approved] = seedInState(env.sim, 1, 'APPROVED');
			const label = {
				invoices: [{ orderId: 'OD1', invoiceDate: '2026-01-01' }],
				taxItems: [{ orderItemId: 'OI-1', taxRate: 18, quantity: Infinity }],
			};
			const error = failed(
				await runAction(
					env.store,
					SELF,
					{
						resource: 'shipment',
						operation: 'generateLabels',
						shipmentId: approved,
						locationId: LOC_1,
						labelInput: 'json',
						labelJson: '={{ $json.label }}',
					},
					[{ label }],
				),
			);
			expect(error.message).toBe(
				'Generate labels: shipments[0].taxItems[0].quantity is Infinity, which JSON cannot carry (it would be sent as null)',
			);
			expect(error.description).toBe('Nothing was sent. Correct the input of this item.');
			expect(apiCalls(env.sim)).toEqual([]);
		});
	});

	describe('the transport guards (the last check before sending, behind the validation above)', () => {
		it('finds dot segments in a path, also percent-encoded', () => {
			expect(pathProblem('/sellers/v3/shipments/..')).toMatch(/"\." or "\.\." segment/);
			expect(pathProblem('/sellers/v3/shipments/%2e%2E/labels')).toMatch(/segment/);
			expect(pathProblem('/sellers/v3/shipments/.')).toMatch(/segment/);
			expect(pathProblem('/sellers/v3/shipments/a..b,c.d/labels?x=..')).toBeUndefined();
		});

		it('finds numbers that would not go out as given, naming the field', () => {
			expect(valueProblem({ a: [{ b: 1 }, { b: -Infinity }] })).toBe(
				'a[1].b is -Infinity, which JSON cannot carry (it would be sent as null)',
			);
			expect(valueProblem({ n: 2 ** 53 })).toBe(
				'n is 9007199254740992, too large to be sent exactly',
			);
			expect(valueProblem({ ok: [1.5, 2 ** 53 - 1, -(2 ** 53 - 1), 1e-300] })).toBeUndefined();
			expect(valueProblem({ big: 1e308 })).toBe('big is 1e+308, too large to be sent exactly');
		});
	});
});
