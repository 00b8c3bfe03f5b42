/**
 * subsidized_shipping is writable on listing create and update (issue 27, point 6: the 2024
 * reference; docs/marketplace-api/listings.md#create), from fields and from JSON, and refused on
 * a hyperlocal listing before anything is sent.
 */
import { callsOf, LOC_1, ok, runAction, SELF, useSimulator, type Loose } from './helpers';

const create = {
	resource: 'listing',
	operation: 'create',
	sku: '={{ $json.sku }}',
	listingInput: 'fields',
	productId: 'PID-SUB-1',
	mrp: 999,
	sellingPrice: 799,
	hsn: '61091000',
	currency: 'INR',
	fulfillmentProfile: 'NON_FBM',
	shippingProvider: 'SELLER',
	procurementType: 'REGULAR',
	dispatchSla: 2,
	packages: { package: [{ name: 'Box', length: 30, breadth: 20, height: 5, weight: 0.4 }] },
	locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 25 }] },
	listingStatus: 'ACTIVE',
	additionalFields: { subsidizedShipping: true },
};

describe('Listing > subsidized shipping', () => {
	const env = useSimulator();

	it('Create sends subsidized_shipping from the field, and Update changes it', async () => {
		const items = ok(await runAction(env.store, SELF, create, [{ sku: 'SUB-SKU-1' }]));
		expect(items[0].json).toMatchObject({ sku: 'SUB-SKU-1', status: 'SUCCESS' });
		const [created] = callsOf(env.sim, 'POST /sellers/listings/v3');
		expect((created.body as Loose)['SUB-SKU-1'].subsidized_shipping).toBe(true);

		ok(
			await runAction(
				env.store,
				SELF,
				{
					resource: 'listing',
					operation: 'update',
					sku: '={{ $json.sku }}',
					listingInput: 'fields',
					updateFields: { subsidizedShipping: false },
				},
				[{ sku: 'SUB-SKU-1' }],
			),
		);
		const [updated] = callsOf(env.sim, 'POST /sellers/listings/v3/update');
		expect((updated.body as Loose)['SUB-SKU-1'].subsidized_shipping).toBe(false);
	});
});
