/**
 * Batching to the floor, for every batched operation: N input items that each name one shipment
 * (or SKU) make ceil(N / limit) requests of at most `limit` (25, 50, 100 or 10), and every
 * output item is paired to its input. Checked at N = limit (1 request) and N = limit + 1 (2).
 * Listing writes that must read the current listing first (Update, and the price and inventory
 * updates without a product ID) add one lookup of the same SKUs per request, no more.
 */
import type { Simulator } from '../../simulator';
import {
	apiCalls,
	generateLabelsJson,
	labelInputs,
	LOC_1,
	ok,
	pairedIndexes,
	runAction,
	seedApproved,
	seedInState,
	SELF,
	useSimulator,
	wireShipment,
} from './helpers';
import type { RecordedCall } from '../../simulator';

interface Case {
	name: string;
	limit: number;
	parameters: Record<string, unknown>;
	/** Input items for n units. */
	input: (sim: Simulator, n: number) => Array<Record<string, unknown>>;
	/** How many units one recorded request carried. */
	size: (call: RecordedCall) => number;
	/** Output items per input item (1 unless a file covers several). */
	filesPerRequest?: boolean;
	/** Each request is preceded by one listing lookup of the same SKUs. */
	readsFirst?: boolean;
}

const inPath = (call: RecordedCall) => call.path.split('/')[4].split(',').length;
const inBody = (call: RecordedCall) => (call.body as { shipments: unknown[] }).shipments.length;
const skuKeys = (call: RecordedCall) => Object.keys(call.body as object).length;
const shipments = (state: string) => (sim: Simulator, n: number) =>
	seedInState(sim, n, state).map((id) => ({ id, locationId: LOC_1 }));
const skus = (sim: Simulator, n: number) =>
	sim.control.seedListings({ count: n }).skus.map((sku) => ({ sku }));
const LISTING_LOOKUP = 'GET /sellers/listings/v3/{skuIds}';
const byId = { shipmentIds: '={{ $json.id }}' };

const CASES: Case[] = [
	{
		name: 'Generate Labels',
		limit: 25,
		parameters: generateLabelsJson,
		input: (sim, n) => labelInputs(sim, seedApproved(sim, n)),
		size: inBody,
	},
	{
		name: 'Mark Ready to Dispatch',
		limit: 25,
		parameters: { resource: 'shipment', operation: 'dispatch', ...byId, locationId: LOC_1 },
		input: shipments('PACKED'),
		size: (call) => (call.body as { shipmentIds: unknown[] }).shipmentIds.length,
	},
	{
		name: 'Cancel',
		limit: 25,
		parameters: {
			resource: 'shipment',
			operation: 'cancel',
			shipmentId: '={{ $json.shipmentId }}',
			locationId: '={{ $json.locationId }}',
			cancellationGroupIds: '={{ $json.orderItems[0].cancellationGroupId }}',
			reason: 'cannot_procure_item',
		},
		input: (sim, n) => seedApproved(sim, n).map((id) => wireShipment(sim, id)),
		size: inBody,
	},
	{
		name: 'Update Form Acknowledgement',
		limit: 25,
		parameters: {
			resource: 'shipment',
			operation: 'updateFormAck',
			shipmentId: '={{ $json.id }}',
			forms: { form: [{ name: 'EWAY_BILL', ackNumber: 'ACK-1' }] },
		},
		input: shipments('FORM_FAILED'),
		size: inBody,
	},
	{
		name: 'Get',
		limit: 100,
		parameters: {
			resource: 'shipment',
			operation: 'get',
			lookupBy: 'shipmentIds',
			ids: '={{ $json.id }}',
		},
		input: shipments('APPROVED'),
		size: (call) => String(call.query.shipmentIds).split(',').length,
	},
	{
		name: 'Get Details',
		limit: 100,
		parameters: { resource: 'shipment', operation: 'getDetails', ...byId },
		input: shipments('PACKED'),
		size: inPath,
	},
	{
		name: 'Get Forms',
		limit: 100,
		parameters: { resource: 'shipment', operation: 'getForms', ...byId },
		// The simulator takes POST by default, as the newest reference documents: the node's first
		// request is answered, so every request counted here is one batch.
		input: shipments('PACKED'),
		size: inPath,
	},
	{
		name: 'Download Labels',
		limit: 100,
		parameters: { resource: 'shipment', operation: 'downloadLabels', ...byId },
		input: shipments('PACKED'),
		size: inPath,
		filesPerRequest: true,
	},
	{
		name: 'Download Invoices (PDF)',
		limit: 100,
		parameters: { resource: 'shipment', operation: 'downloadInvoices', format: 'pdf', ...byId },
		input: shipments('PACKED'),
		size: inPath,
		filesPerRequest: true,
	},
	{
		name: 'Download Invoices (JSON)',
		limit: 100,
		parameters: { resource: 'shipment', operation: 'downloadInvoices', format: 'json', ...byId },
		input: shipments('PACKED'),
		size: inPath,
	},
	{
		name: 'Download Label Only',
		limit: 50,
		parameters: { resource: 'shipment', operation: 'downloadLabelOnly', ...byId },
		input: shipments('PACKED'),
		size: inPath,
		filesPerRequest: true,
	},
	{
		name: 'Listing Create',
		limit: 10,
		parameters: {
			resource: 'listing',
			operation: 'create',
			sku: '={{ "NEW-" + $json.sku }}',
			productId: 'P1',
			listingStatus: 'ACTIVE',
			mrp: 100,
			sellingPrice: 90,
			currency: 'INR',
			hsn: '12345678',
			fulfillmentProfile: 'NON_FBM',
			packages: { package: [{ name: 'Box', length: 10, breadth: 10, height: 10, weight: 0.5 }] },
			locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 3 }] },
		},
		input: skus,
		size: skuKeys,
	},
	{
		name: 'Listing Update',
		limit: 10,
		parameters: {
			resource: 'listing',
			operation: 'update',
			sku: '={{ $json.sku }}',
			updateFields: { hsn: '12345678' },
		},
		input: skus,
		size: skuKeys,
		readsFirst: true,
	},
	{
		name: 'Listing Update Price',
		limit: 10,
		parameters: {
			resource: 'listing',
			operation: 'updatePrice',
			sku: '={{ $json.sku }}',
			mrp: 5000,
			sellingPrice: 4000,
			currency: 'INR',
		},
		input: skus,
		size: skuKeys,
		readsFirst: true,
	},
	{
		name: 'Listing Update Inventory',
		limit: 10,
		parameters: {
			resource: 'listing',
			operation: 'updateInventory',
			sku: '={{ $json.sku }}',
			locations: { location: [{ id: LOC_1, status: 'ENABLED', inventory: 3 }] },
		},
		input: skus,
		size: skuKeys,
		readsFirst: true,
	},
	{
		name: 'Listing Get',
		limit: 10,
		parameters: { resource: 'listing', operation: 'get', skus: '={{ $json.sku }}' },
		input: skus,
		size: (call) => call.path.split('/')[4].split(',').length,
	},
];

describe('Batching to the floor', () => {
	const env = useSimulator();

	describe.each(CASES)(
		'$name (limit $limit)',
		({ limit, parameters, input, size, filesPerRequest, readsFirst }) => {
			it.each([
				[limit, [limit]],
				[limit + 1, [limit, 1]],
			])('%i input items make requests of %j', async (n, sizes) => {
				const items = input(env.sim, n);
				const output = ok(await runAction(env.store, SELF, parameters, items));
				const all = apiCalls(env.sim);
				const calls = readsFirst ? all.filter((call) => call.route !== LISTING_LOOKUP) : all;
				expect(calls.map(size)).toEqual(sizes);
				if (readsFirst) {
					expect(all.map((call) => call.route === LISTING_LOOKUP)).toEqual(
						sizes.flatMap(() => [true, false]),
					);
					expect(all.filter((call) => call.route === LISTING_LOOKUP).map(inPath)).toEqual(sizes);
				}
				expect(calls.every((call) => call.status === 200)).toBe(true);
				if (filesPerRequest) {
					expect(output).toHaveLength(sizes.length);
					const covered = output.flatMap((item) =>
						(Array.isArray(item.pairedItem) ? item.pairedItem : [item.pairedItem]).map(
							(paired) => (paired as { item: number }).item,
						),
					);
					expect(covered).toEqual(items.map((_, index) => index));
				} else {
					expect(output).toHaveLength(n);
					expect(pairedIndexes(output)).toEqual(items.map((_, index) => index));
					expect(output.every((item) => item.json.error === undefined)).toBe(true);
				}
			});
		},
	);
});
