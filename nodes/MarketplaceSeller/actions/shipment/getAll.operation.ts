import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { readDate } from '../../helpers/dates';
import { runEachItem } from '../../helpers/execution';
import { locatorValue, readLimit, splitList } from '../../helpers/parameters';
import { searchAll } from '../../../shared/transport/paging';
import {
	CANCELLATION_TYPE_OPTIONS,
	DISPATCH_SERVICE_TIERS_FILTER,
	SERVICE_PROFILES_FILTER,
	SHIPMENT_TYPES_FILTER,
} from '../../../shared/shipmentFilterOptions';
import {
	enumOptions,
	limitProperty,
	locationLocator,
	returnAllProperty,
} from '../common.descriptions';
import { simplifyProperty, simplifyShipment } from './simplify';
import { addShipmentDetails, includeDetailsProperty } from './includeDetails';

/**
 * States allowed per filter type (docs/marketplace-api/shipments.md#search-filter). The v3 enum adds RETURN_REQUESTED, RETURNED and
 * COMPLETED without tying them to a type; they come after delivery, so they are offered with
 * post-dispatch (docs/api-choices.md#shipment-search).
 */
const STATES_BY_TYPE = {
	preDispatch: ['APPROVED', 'PACKING_IN_PROGRESS', 'PACKED', 'FORM_FAILED', 'READY_TO_DISPATCH'],
	postDispatch: [
		'PICKUP_COMPLETE',
		'SHIPPED',
		'DELIVERED',
		'RETURN_REQUESTED',
		'RETURNED',
		'COMPLETED',
	],
	cancelled: ['CANCELLED'],
} as const;

type FilterType = keyof typeof STATES_BY_TYPE;

/**
 * The date ranges of the filter (docs/marketplace-api/shipments.md#search-filter) and the filter
 * types each is offered for: only where the shipments of that type carry the date, as the model
 * does not tie them to types (inferred: docs/api-choices.md#shipment-search-date-ranges). A saved
 * value of a range the chosen type does not offer is not sent, as the panel does not show it.
 */
const DATE_RANGES: ReadonlyArray<readonly [string, string, readonly FilterType[]]> = [
	['orderDate', 'Order Date', ['preDispatch', 'postDispatch', 'cancelled']],
	['dispatchAfterDate', 'Dispatch After Date', ['preDispatch']],
	['dispatchByDate', 'Dispatch By Date', ['preDispatch', 'postDispatch']],
	['modifiedDate', 'Modified Date', ['preDispatch', 'postDispatch', 'cancelled']],
	['cancellationDate', 'Cancellation Date', ['cancelled']],
];

/** Shows a filter option only for these types ("/" reads the top-level Shipment Type Filter). */
function forTypes(types: readonly FilterType[]): Pick<INodeProperties, 'displayOptions'> {
	return types.length === 3 ? {} : { displayOptions: { show: { '/filterType': [...types] } } };
}

const properties: INodeProperties[] = [
	{
		displayName: 'Shipment Type Filter',
		name: 'filterType',
		type: 'options',
		options: [
			{
				name: 'Cancelled',
				value: 'cancelled',
				description: 'Shipments cancelled by the seller, the buyer or the marketplace',
			},
			{
				name: 'Post-Dispatch',
				value: 'postDispatch',
				description: 'Picked up, shipped or delivered',
			},
			{
				name: 'Pre-Dispatch',
				value: 'preDispatch',
				description: 'Approved up to ready to dispatch: what needs packing and handing over',
			},
		],
		default: 'preDispatch',
		description:
			'Which part of the order life cycle to search; it decides the states that can be chosen',
	},
	{
		displayName: 'States',
		name: 'preDispatchStates',
		type: 'multiOptions',
		options: enumOptions(STATES_BY_TYPE.preDispatch),
		default: [],
		description:
			'Only shipments in these states; none selected means all pre-dispatch states. Shipments on hold are included (their hold field is true): the API has no hold filter, so drop them with a Filter node on hold where needed.',
		displayOptions: { show: { filterType: ['preDispatch'] } },
	},
	{
		displayName: 'States',
		name: 'postDispatchStates',
		type: 'multiOptions',
		options: enumOptions(STATES_BY_TYPE.postDispatch),
		default: [],
		description: 'Only shipments in these states; none selected means all post-dispatch states',
		displayOptions: { show: { filterType: ['postDispatch'] } },
	},
	{
		displayName: 'Cancellation Type',
		name: 'cancellationType',
		type: 'options',
		options: CANCELLATION_TYPE_OPTIONS,
		default: 'sellerCancellation',
		description: 'Who cancelled; the marketplace requires it for cancelled shipments',
		displayOptions: { show: { filterType: ['cancelled'] } },
	},
	returnAllProperty,
	limitProperty,
	simplifyProperty,
	includeDetailsProperty,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			...DATE_RANGES.flatMap(([field, label, types]): INodeProperties[] => [
				{
					displayName: `${label} From`,
					name: `${field}From`,
					type: 'dateTime',
					default: '',
					description: `Only shipments whose ${label.toLowerCase()} is at or after this time (workflow time zone unless an offset is given)`,
					...forTypes(types),
				},
				{
					displayName: `${label} To`,
					name: `${field}To`,
					type: 'dateTime',
					default: '',
					description: `Only shipments whose ${label.toLowerCase()} is at or before this time (workflow time zone unless an offset is given)`,
					...forTypes(types),
				},
			]),
			DISPATCH_SERVICE_TIERS_FILTER,
			locationLocator('Only shipments of this seller location', false),
			{
				displayName: 'Seller ID',
				name: 'sellerId',
				type: 'string',
				default: '',
				description:
					'For partners: the seller whose shipments to search, when the token may act for several',
			},
			SERVICE_PROFILES_FILTER,
			SHIPMENT_TYPES_FILTER,
			{
				displayName: 'SKUs',
				name: 'skus',
				type: 'string',
				default: '',
				description: 'Only shipments containing these seller SKUs, comma-separated',
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		placeholder: 'Add Sort Rule',
		default: {},
		description:
			'The order of the results; without a rule the marketplace sorts by dispatch-by date, earliest first',
		options: [
			{
				name: 'rule',
				displayName: 'Rule',
				values: [
					{
						displayName: 'Sort By',
						name: 'field',
						type: 'options',
						options: [
							{ name: 'Dispatch After Date', value: 'dispatchAfterDate' },
							{ name: 'Dispatch By Date', value: 'dispatchByDate' },
							{ name: 'Modified Date', value: 'modifiedDate' },
							{ name: 'Order Date', value: 'orderDate' },
						],
						default: 'dispatchByDate',
					},
					{
						displayName: 'Sort Order',
						name: 'order',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'asc',
					},
				],
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getAll'] } },
	properties,
);

/** Builds the filter body of docs/marketplace-api/shipments.md#search-filter (the 13 fields of v3's filter, docs/marketplace-api/shipments.md#search-filter) from one item's parameters. */
function buildSearchBody(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const type = context.getNodeParameter('filterType', itemIndex) as FilterType;
	if (!(type in STATES_BY_TYPE)) {
		throw new NodeOperationError(
			context.getNode(),
			`Unknown shipment type filter "${String(type)}"`,
			{
				itemIndex,
				description: 'Use preDispatch, postDispatch or cancelled.',
			},
		);
	}
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filter: IDataObject = { type };
	if (type === 'cancelled') {
		filter.states = ['CANCELLED'];
		filter.cancellationType = context.getNodeParameter('cancellationType', itemIndex);
	} else {
		const states = context.getNodeParameter(`${type}States`, itemIndex, []) as string[];
		const allowed: readonly string[] = STATES_BY_TYPE[type];
		const wrong = states.filter((state) => !allowed.includes(state));
		if (wrong.length > 0) {
			throw new NodeOperationError(
				context.getNode(),
				`State ${wrong.join(', ')} cannot be searched with the ${type} filter`,
				{
					itemIndex,
					description: `Allowed states for ${type}: ${allowed.join(', ')}.`,
				},
			);
		}
		if (states.length > 0) filter.states = states;
	}
	const locationId = locatorValue(filters.locationId);
	if (locationId !== '') filter.locationId = locationId;
	if (typeof filters.skus === 'string' && filters.skus.trim() !== '') {
		filter.sku = splitList(filters.skus);
	}
	for (const [field, label, types] of DATE_RANGES) {
		if (!types.includes(type)) continue;
		const from = readDate(context, filters[`${field}From`], itemIndex, `${label} From`);
		const to = readDate(context, filters[`${field}To`], itemIndex, `${label} To`);
		// v3 wants {from, to}; v2's {fromDate, toDate} is a known mistake (docs/marketplace-api/discrepancies.md#mistakes-seen-in-public-clients).
		if (from !== undefined || to !== undefined)
			filter[field] = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
	}
	for (const list of ['shipmentTypes', 'dispatchServiceTiers', 'serviceProfiles'] as const) {
		if (Array.isArray(filters[list]) && (filters[list] as string[]).length > 0)
			filter[list] = filters[list];
	}
	// v3's filter has no hold (older docs had it): a saved On Hold value is not sent (docs/api-choices.md#shipment-search).
	const body: IDataObject = { filter, pagination: { pageSize: 20 } };
	// A top-level sellerId selects the seller for partner tokens (docs/marketplace-api/shipments.md#search-filter).
	if (typeof filters.sellerId === 'string' && filters.sellerId.trim() !== '')
		body.sellerId = filters.sellerId.trim();
	const rule = (context.getNodeParameter('sort', itemIndex, {}) as IDataObject).rule as
		| IDataObject
		| undefined;
	if (rule !== undefined)
		body.sort = { field: rule.field ?? 'dispatchByDate', order: rule.order ?? 'asc' };
	return body;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const output = await runEachItem(this, items, async (itemIndex) => {
		const body = buildSearchBody(this, itemIndex);
		const limit = readLimit(this, itemIndex);
		// 20 per page is the marketplace's maximum (docs/marketplace-api/paging.md#shipment-search-paging); a smaller limit asks for less.
		if (limit !== undefined && limit < 20) body.pagination = { pageSize: limit };
		const shipments = await searchAll(this, 'shipments', body, {
			limit,
			itemIndex,
			operation: 'Search shipments',
		});
		return this.getNodeParameter('simplify', itemIndex, true)
			? shipments.map(simplifyShipment)
			: shipments;
	});
	return await addShipmentDetails(this, output);
}
