/**
 * What the editor shows of the action node, computed with n8n-workflow's own display and
 * expression code (the functions the editor calls): the canvas subtitle, and which parameters
 * and collection options each choice shows.
 */
import {
	NodeHelpers,
	Workflow,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypes,
} from 'n8n-workflow';

import { actionNode } from '../support/fixtures';
import { runListSearch } from '../support/n8nHarness';
import {
	accessToken,
	apiCalls,
	expectBearer,
	LOC_1,
	LOC_2,
	ok,
	runAction,
	SELF,
	seedApproved,
	stateOf,
	useSimulator,
	wireShipment,
	type Loose,
} from './helpers';

const description = actionNode.description;

function nodeWith(parameters: INodeParameters): INode {
	return {
		id: 'n1',
		name: 'Marketplace Seller',
		type: 'marketplaceSeller',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
}

/** The subtitle the canvas shows for these parameters, evaluated as the editor does. */
function subtitleFor(parameters: INodeParameters): unknown {
	const node = nodeWith(parameters);
	const nodeTypes = {
		getByName: () => actionNode,
		getByNameAndVersion: () => actionNode,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({
		id: 'wf',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	return workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
}

/** The parameters the panel shows at the top level, with their values (defaults filled in). */
export function shownParameters(parameters: INodeParameters): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			nodeWith(parameters),
			description,
		) ?? {}
	);
}

/** The options a collection parameter offers under "Add ..." for these parameters. */
export function collectionOptions(parameters: INodeParameters, collection: string): string[] {
	const property = description.properties.find(
		(candidate) =>
			candidate.name === collection &&
			NodeHelpers.displayParameter(parameters, candidate, nodeWith(parameters), description),
	);
	if (!property) throw new Error(`${collection} is not shown`);
	const values = (parameters[collection] ?? {}) as INodeParameters;
	return (property.options as INodeProperties[])
		.filter((option) =>
			NodeHelpers.displayParameter(values, option, nodeWith(parameters), description, parameters),
		)
		.map((option) => option.name);
}

function operationsOf(resource: string): INodePropertyOptions[] {
	const property = description.properties.find(
		(candidate) =>
			candidate.name === 'operation' &&
			(candidate.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
	);
	return (property?.options ?? []) as INodePropertyOptions[];
}

describe('Action node in the editor', () => {
	it('the canvas subtitle names operation and resource as the panel does, e.g. "Get Many: Shipment"', () => {
		expect(subtitleFor({ resource: 'shipment', operation: 'getAll' })).toBe('Get Many: Shipment');
		expect(subtitleFor({ resource: 'notificationSubscription', operation: 'update' })).toBe(
			'Update: Notification Subscription',
		);
		const resources = (description.properties.find((property) => property.name === 'resource')
			?.options ?? []) as INodePropertyOptions[];
		for (const resource of resources) {
			for (const operation of operationsOf(String(resource.value))) {
				expect(subtitleFor({ resource: resource.value, operation: operation.value })).toBe(
					`${operation.name}: ${resource.name}`,
				);
			}
		}
	});

	it('list operations are "Get Many" (getAll) and action names name the resource without articles', () => {
		for (const resource of ['shipment', 'return']) {
			expect(operationsOf(resource).find((operation) => operation.value === 'getAll')?.name).toBe(
				'Get Many',
			);
		}
		for (const resource of ['shipment', 'return', 'token', 'notificationSubscription']) {
			for (const operation of operationsOf(resource)) {
				expect(operation.action).not.toMatch(/^\w+ (a|an|the) /i);
				expect(operation.action?.toLowerCase()).toContain(
					resource === 'notificationSubscription' ? 'notification subscription' : resource,
				);
			}
		}
	});

	it('every parameter of the shipment, return, token and subscription operations has a description', () => {
		const undescribed = description.properties
			.filter((property) => property.type !== 'notice' && property.name !== 'operation')
			.filter((property) =>
				['shipment', 'return', 'token', 'notificationSubscription'].includes(
					String((property.displayOptions?.show?.resource as string[] | undefined)?.[0]),
				),
			)
			.filter((property) => !property.description && !property.hint)
			.map(
				(property) =>
					`${String(property.displayOptions?.show?.operation)}: ${property.displayName}`,
			);
		// Collections explain themselves by their options (n8n's own nodes leave Filters and Options undescribed).
		expect(undescribed.filter((name) => !/: (Filters|Options)$/.test(name))).toEqual([]);
	});

	it('the n8n API credential is asked for by Connect Seller alone, and moves no parameter out of the list', () => {
		const resources = (description.properties.find((property) => property.name === 'resource')
			?.options ?? []) as INodePropertyOptions[];
		const n8nApi = description.credentials?.find((credential) => credential.name === 'n8nApi');
		expect(n8nApi?.required).toBe(true);
		const askedBy: string[] = [];
		for (const resource of resources) {
			for (const operation of operationsOf(String(resource.value))) {
				const parameters = { resource: resource.value, operation: operation.value };
				const values = shownParameters(parameters);
				if (NodeHelpers.displayParameter(values, n8nApi!, nodeWith(values), description, values))
					askedBy.push(`${String(resource.value)}.${String(operation.value)}`);
			}
		}
		expect(askedBy).toEqual(['authorization.connectSeller']);
		// The editor's rule (docs/n8n-internals.md#credential-display-rules): the parameters a
		// credential's `show` names are auth fields; the list leaves out the main one and every
		// parameter an auth field's own `show` names.
		const authFields = description.properties.filter((property) =>
			(description.credentials ?? []).some(
				(credential) => property.name in (credential.displayOptions?.show ?? {}),
			),
		);
		const movedOut = new Set(
			authFields.flatMap((field) => [field.name, ...Object.keys(field.displayOptions?.show ?? {})]),
		);
		expect([...movedOut]).toEqual(['authentication']);
	});

	it('Generate Labels: Max Wait is offered only once Wait Until Packed is on; From Input Shipment asks for all four package sides', () => {
		const base = { resource: 'shipment', operation: 'generateLabels' };
		expect(collectionOptions({ ...base, options: {} }, 'options')).not.toContain('maxWaitSeconds');
		expect(
			collectionOptions({ ...base, options: { waitUntilPacked: false } }, 'options'),
		).not.toContain('maxWaitSeconds');
		expect(collectionOptions({ ...base, options: { waitUntilPacked: true } }, 'options')).toContain(
			'maxWaitSeconds',
		);
		const shown = shownParameters({ ...base, labelInput: 'shipment' });
		expect(Object.keys(shown)).toEqual(
			expect.arrayContaining([
				'packageLength',
				'packageBreadth',
				'packageHeight',
				'packageWeight',
				'shipmentTaxRate',
			]),
		);
		expect(Object.keys(shownParameters({ ...base, labelInput: 'fields' }))).not.toContain(
			'packageLength',
		);
	});
});

describe('Shipment > Get Many: filters by shipment type, sort rule', () => {
	const env = useSimulator();
	const getMany = { resource: 'shipment', operation: 'getAll', returnAll: false, limit: 1 };
	const ranges = (field: string) => [`${field}From`, `${field}To`];

	it('offers each date range only for the shipment types that carry that date; Sort is not a filter', () => {
		const offered = (filterType: string) =>
			collectionOptions({ ...getMany, filterType, filters: {} }, 'filters');
		const common = [
			'locationId',
			'skus',
			'shipmentTypes',
			'serviceProfiles',
			'dispatchServiceTiers',
			'sellerId',
			...ranges('orderDate'),
			...ranges('modifiedDate'),
		];
		expect(offered('preDispatch').sort()).toEqual(
			[...common, ...ranges('dispatchAfterDate'), ...ranges('dispatchByDate')].sort(),
		);
		expect(offered('postDispatch').sort()).toEqual([...common, ...ranges('dispatchByDate')].sort());
		expect(offered('cancelled').sort()).toEqual([...common, ...ranges('cancellationDate')].sort());
		expect(Object.keys(shownParameters({ ...getMany, filterType: 'cancelled' }))).toEqual(
			expect.arrayContaining(['filters', 'sort', 'simplify']),
		);
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
			ok(
				await runAction(env.store, SELF, {
					...getMany,
					filterType,
					cancellationType: 'sellerCancellation',
					filters: saved,
					sort,
				}),
			);
		}
		const sent = apiCalls(env.sim).map((call) => call.body as Loose);
		expect(
			sent.map((body) =>
				Object.keys(body.filter)
					.filter((key) => key.endsWith('Date'))
					.sort(),
			),
		).toEqual([
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
		const search = {
			resource: 'shipment',
			operation: 'getAll',
			filterType: 'preDispatch',
			returnAll: true,
			filters: { skus: 'SIMPLE-SKU' },
		};
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
		expect(simple.json.items).toBe(
			orderItems.map((item) => `${item.sku} × ${item.quantity}`).join(', '),
		);
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
		const [simple] = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'get',
				lookupBy: 'shipmentIds',
				ids: shipmentId,
			}),
		);
		expect(simple.json).toMatchObject({
			shipmentId,
			state: 'APPROVED',
			cancellationGroupIds: [second.cancellationGroupId],
		});
		expect(simple.json.items).toBe(`${second.sku} × ${second.quantity}`);
		expect(simple.json.totalPrice).toBe(second.priceComponents.totalPrice);
	});
});

describe('Resource locators: shipments and locations "From List"', () => {
	const env = useSimulator();
	const parameters = {
		authentication: 'clientCredentials',
		resource: 'shipment',
		operation: 'cancel',
	};
	const list = (method: string, extra: { filter?: string; paginationToken?: string } = {}) =>
		runListSearch({
			node: actionNode,
			method,
			parameters,
			store: env.store,
			credentialType: SELF,
			...extra,
		});
	const picked = (value: string) => ({ __rl: true, mode: 'list', value });

	it('every single shipment and every location parameter is a locator that opens on "From List"', () => {
		const locators = description.properties.filter(
			(property) =>
				property.type === 'resourceLocator' && ['shipmentId', 'locationId'].includes(property.name),
		);
		const nested = description.properties.flatMap((property) =>
			property.type === 'collection'
				? (property.options as INodeProperties[]).filter(
						(option) => option.type === 'resourceLocator',
					)
				: [],
		);
		// 7 in the shipment and subscription operations, 2 in Create / Update Hyperlocal, 10 in the
		// shipment operations after Ready to Dispatch, 6 in the return actions (issue 27).
		expect(locators.length).toBe(25);
		expect(nested.map((option) => option.name)).toEqual(['locationId', 'locationId']);
		for (const property of [...locators, ...nested]) {
			expect((property.default as { mode: string }).mode).toBe('list');
			expect(property.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
		}
		const string = description.properties.filter(
			(property) =>
				['shipmentId', 'locationId'].includes(property.name) && property.type === 'string',
		);
		expect(string).toEqual([]);
	});

	it('lists pre-dispatch shipments of every type, page by page, named by items and state, filtered by the typed text', async () => {
		// Due first, so that they are on the first page (sorted by dispatch-by date).
		const mine = seedApproved(env.sim, 2, LOC_1, {
			sku: 'PICK-ME-SKU',
			dispatchByDate: env.sim.control.getClock().epochMs,
		});
		const filtered = await list('searchShipments', { filter: 'pick-me-sku' });
		expect(filtered.results.map((result) => result.value).sort()).toEqual([...mine].sort());
		for (const result of filtered.results)
			expect(result.name).toBe(
				`PICK-ME-SKU × ${wireShipment(env.sim, String(result.value)).orderItems[0].quantity} · APPROVED · ${String(result.value)}`,
			);

		env.sim.control.clearCalls();
		const first = await list('searchShipments');
		expect(first.results).toHaveLength(20);
		expect(first.paginationToken).toEqual(
			expect.stringMatching(/^\/sellers\/v3\/shipments\/filter\?next_token=/),
		);
		const second = await list('searchShipments', { paginationToken: first.paginationToken });
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'POST /sellers/v3/shipments/filter',
			'GET /sellers/v3/shipments/filter',
		]);
		expect((calls[0].body as Loose).filter).toEqual({
			type: 'preDispatch',
			shipmentTypes: ['EXPRESS', 'NORMAL', 'SELF'],
		});
		expectBearer(calls, accessToken(env.store));
		const firstIds = new Set(first.results.map((result) => result.value));
		expect(second.results.some((result) => firstIds.has(result.value))).toBe(false);
	});

	it('a page token that points elsewhere is refused before any request', async () => {
		env.sim.control.clearCalls();
		await expect(
			list('searchShipments', {
				paginationToken: 'https://elsewhere.example/sellers/v3/shipments/filter?next_token=x',
			}),
		).rejects.toThrow(/absolute nextPageUrl/);
		expect(apiCalls(env.sim)).toEqual([]);
	});

	it("lists the seller's locations from its shipments and listings, filtered by the typed text", async () => {
		seedApproved(env.sim, 1, LOC_2);
		const all = await list('searchLocations');
		expect(all.results.map((result) => result.value)).toEqual(
			expect.arrayContaining([LOC_1, LOC_2]),
		);
		const filtered = await list('searchLocations', { filter: LOC_2.slice(-6).toLowerCase() });
		expect(filtered.results.map((result) => result.value)).toEqual([LOC_2]);
	});

	it('a shipment and a location picked from the lists drive Cancel and Get Many', async () => {
		const [shipmentId] = seedApproved(env.sim, 1, LOC_1);
		const [group] = (wireShipment(env.sim, shipmentId).orderItems as Loose[]).map(
			(item) => item.cancellationGroupId,
		);
		const cancelled = ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'cancel',
				shipmentId: picked(shipmentId),
				locationId: picked(LOC_1),
				reason: 'not_enough_inventory',
				cancellationGroupIds: group,
			}),
		);
		expect(cancelled[0].json).toMatchObject({ shipmentId, status: 'SUCCESS' });
		expect(stateOf(env.sim, shipmentId)).toBe('CANCELLED');
		expect((apiCalls(env.sim).at(-1)?.body as Loose).shipments[0]).toMatchObject({
			shipmentId,
			locationId: LOC_1,
		});

		env.sim.control.clearCalls();
		ok(
			await runAction(env.store, SELF, {
				resource: 'shipment',
				operation: 'getAll',
				filterType: 'preDispatch',
				returnAll: false,
				limit: 1,
				filters: { locationId: picked(LOC_2) },
			}),
		);
		expect((apiCalls(env.sim)[0].body as Loose).filter.locationId).toBe(LOC_2);
	});
});
