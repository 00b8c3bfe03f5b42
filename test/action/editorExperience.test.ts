/**
 * What the editor shows of the action node, computed with n8n-workflow's own display and
 * expression code (the functions the editor calls): the canvas subtitle, and which parameters
 * and collection options each choice shows.
 */
import { NodeHelpers, Workflow, type INode, type INodeParameters, type INodeProperties, type INodePropertyOptions, type INodeTypes } from 'n8n-workflow';

import { actionNode } from '../support/fixtures';
import { apiCalls, LOC_1, ok, runAction, SELF, seedApproved, useSimulator, wireShipment, type Loose } from './helpers';

const description = actionNode.description;

function nodeWith(parameters: INodeParameters): INode {
	return { id: 'n1', name: 'Marketplace Seller', type: 'marketplaceSeller', typeVersion: 1, position: [0, 0], parameters };
}

/** The subtitle the canvas shows for these parameters, evaluated as the editor does. */
function subtitleFor(parameters: INodeParameters): unknown {
	const node = nodeWith(parameters);
	const nodeTypes = { getByName: () => actionNode, getByNameAndVersion: () => actionNode, getKnownTypes: () => ({}) } as unknown as INodeTypes;
	const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
}

/** The parameters the panel shows at the top level, with their values (defaults filled in). */
export function shownParameters(parameters: INodeParameters): INodeParameters {
	return NodeHelpers.getNodeParameters(description.properties, parameters, true, false, nodeWith(parameters), description) ?? {};
}

/** The options a collection parameter offers under "Add ..." for these parameters. */
export function collectionOptions(parameters: INodeParameters, collection: string): string[] {
	const property = description.properties.find(
		(candidate) => candidate.name === collection && NodeHelpers.displayParameter(parameters, candidate, nodeWith(parameters), description),
	);
	if (!property) throw new Error(`${collection} is not shown`);
	const values = (parameters[collection] ?? {}) as INodeParameters;
	return (property.options as INodeProperties[])
		.filter((option) => NodeHelpers.displayParameter(values, option, nodeWith(parameters), description, parameters))
		.map((option) => option.name);
}

function operationsOf(resource: string): INodePropertyOptions[] {
	const property = description.properties.find(
		(candidate) => candidate.name === 'operation' && (candidate.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
	);
	return (property?.options ?? []) as INodePropertyOptions[];
}

describe('Action node in the editor', () => {
	it('the canvas subtitle names operation and resource as the panel does, e.g. "Get Many: Shipment"', () => {
		expect(subtitleFor({ resource: 'shipment', operation: 'getAll' })).toBe('Get Many: Shipment');
		expect(subtitleFor({ resource: 'notificationSubscription', operation: 'update' })).toBe('Update: Notification Subscription');
		const resources = (description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
		for (const resource of resources) {
			for (const operation of operationsOf(String(resource.value))) {
				expect(subtitleFor({ resource: resource.value, operation: operation.value })).toBe(`${operation.name}: ${resource.name}`);
			}
		}
	});

	it('list operations are "Get Many" (getAll) and action names name the resource without articles', () => {
		for (const resource of ['shipment', 'return']) {
			expect(operationsOf(resource).find((operation) => operation.value === 'getAll')?.name).toBe('Get Many');
		}
		for (const resource of ['shipment', 'return', 'token', 'notificationSubscription']) {
			for (const operation of operationsOf(resource)) {
				expect(operation.action).not.toMatch(/^\w+ (a|an|the) /i);
				expect(operation.action?.toLowerCase()).toContain(resource === 'notificationSubscription' ? 'notification subscription' : resource);
			}
		}
	});

	it('Generate Labels: Max Wait is offered only once Wait Until Packed is on; From Input Shipment asks for all four package sides', () => {
		const base = { resource: 'shipment', operation: 'generateLabels' };
		expect(collectionOptions({ ...base, options: {} }, 'options')).not.toContain('maxWaitSeconds');
		expect(collectionOptions({ ...base, options: { waitUntilPacked: false } }, 'options')).not.toContain('maxWaitSeconds');
		expect(collectionOptions({ ...base, options: { waitUntilPacked: true } }, 'options')).toContain('maxWaitSeconds');
		const shown = shownParameters({ ...base, labelInput: 'shipment' });
		expect(Object.keys(shown)).toEqual(expect.arrayContaining(['packageLength', 'packageBreadth', 'packageHeight', 'packageWeight', 'shipmentTaxRate']));
		expect(Object.keys(shownParameters({ ...base, labelInput: 'fields' }))).not.toContain('packageLength');
	});
});

describe('Shipment > Get Many: filters by shipment type, sort rule', () => {
	const env = useSimulator();
	const getMany = { resource: 'shipment', operation: 'getAll', returnAll: false, limit: 1 };
	const ranges = (field: string) => [`${field}From`, `${field}To`];

	it('offers each date range only for the shipment types that carry that date; Sort is not a filter', () => {
		const offered = (filterType: string) => collectionOptions({ ...getMany, filterType, filters: {} }, 'filters');
		const common = ['locationId', 'skus', 'shipmentTypes', 'serviceProfiles', 'dispatchServiceTiers', 'sellerId', ...ranges('orderDate'), ...ranges('modifiedDate')];
		expect(offered('preDispatch').sort()).toEqual([...common, ...ranges('dispatchAfterDate'), ...ranges('dispatchByDate')].sort());
		expect(offered('postDispatch').sort()).toEqual([...common, ...ranges('dispatchByDate')].sort());
		expect(offered('cancelled').sort()).toEqual([...common, ...ranges('cancellationDate')].sort());
		expect(Object.keys(shownParameters({ ...getMany, filterType: 'cancelled' }))).toEqual(expect.arrayContaining(['filters', 'sort', 'simplify']));
	});

	it('sends only the ranges the chosen type offers, even when a hidden one was saved, and the sort rule at the top level', async () => {
		const saved = {
			orderDateFrom: '2025-03-01T00:00:00+05:30',
			dispatchAfterDateFrom: '2025-03-01T00:00:00+05:30',
			dispatchByDateTo: '2025-03-09T00:00:00+05:30',
			cancellationDateFrom: '2025-03-02T00:00:00+05:30',
		};
		const sort = { rule: { field: 'orderDate', order: 'desc' } };
		for (const filterType of ['preDispatch', 'postDispatch', 'cancelled']) {
			ok(await runAction(env.store, SELF, { ...getMany, filterType, cancellationType: 'sellerCancellation', filters: saved, sort }));
		}
		const sent = apiCalls(env.sim).map((call) => call.body as Loose);
		expect(sent.map((body) => Object.keys(body.filter).filter((key) => key.endsWith('Date')).sort())).toEqual([
			['dispatchAfterDate', 'dispatchByDate', 'orderDate'],
			['dispatchByDate', 'orderDate'],
			['cancellationDate', 'orderDate'],
		]);
		for (const body of sent) expect(body.sort).toEqual({ field: 'orderDate', order: 'desc' });
	});
});

describe('Shipment > Get Many and Get: Simplify', () => {
	const env = useSimulator();
	const SIMPLE_FIELDS = [
		'shipmentId',
		'orderIds',
		'state',
		'hold',
		'locationId',
		'shipmentType',
		'items',
		'totalPrice',
		'orderDate',
		'dispatchAfterDate',
		'dispatchByDate',
		'cancellationGroupIds',
	];

	it('is on by default: one flat item per shipment with one state, order ids, an items summary and the total', async () => {
		const [shipmentId] = seedApproved(env.sim, 1, LOC_1, { sku: 'SIMPLE-SKU', itemCount: 2 });
		const search = { resource: 'shipment', operation: 'getAll', filterType: 'preDispatch', returnAll: true, filters: { skus: 'SIMPLE-SKU' } };
		const [simple] = ok(await runAction(env.store, SELF, search));
		const [raw] = ok(await runAction(env.store, SELF, { ...search, simplify: false }));
		const record = wireShipment(env.sim, shipmentId);
		const orderItems = record.orderItems as Loose[];
		expect(raw.json).toEqual(record);
		expect(Object.keys(simple.json)).toEqual(SIMPLE_FIELDS);
		expect(simple.json).toMatchObject({
			shipmentId,
			orderIds: [...new Set(orderItems.map((item) => item.orderId))],
			state: 'APPROVED',
			locationId: LOC_1,
			hold: record.hold,
			dispatchByDate: record.dispatchByDate,
			cancellationGroupIds: orderItems.map((item) => item.cancellationGroupId),
			totalPrice: orderItems.reduce((sum, item) => sum + item.priceComponents.totalPrice, 0),
		});
		// Two different SKUs here (the seed sets the first one's).
		expect(simple.json.items).toBe(orderItems.map((item) => `${item.sku} × ${item.quantity}`).join(', '));
		for (const value of Object.values(simple.json)) {
			// Flat: no nested records, only texts, numbers, flags and lists of ids.
			if (Array.isArray(value)) for (const entry of value) expect(typeof entry).toBe('string');
			else expect(value === null || typeof value !== 'object').toBe(true);
		}
	});

	it('derives the shipment state from the order items still live: a partly cancelled shipment is APPROVED, without the cancelled group', async () => {
		const [shipmentId] = seedApproved(env.sim, 1, LOC_1, { itemCount: 2 });
		const [first, second] = wireShipment(env.sim, shipmentId).orderItems as Loose[];
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'cancel',
				shipmentId,
				locationId: LOC_1,
				reason: 'not_enough_inventory',
				cancellationGroupIds: first.cancellationGroupId,
			}),
		);
		const [simple] = ok(await runAction(env.store, SELF, { resource: 'shipment', operation: 'get', lookupBy: 'shipmentIds', ids: shipmentId }));
		expect(simple.json).toMatchObject({ shipmentId, state: 'APPROVED', cancellationGroupIds: [second.cancellationGroupId] });
		expect(simple.json.items).toBe(`${second.sku} × ${second.quantity}`);
		expect(simple.json.totalPrice).toBe(second.priceComponents.totalPrice);
	});
});
