/**
 * Shipment search (docs/marketplace-api/shipments.md#search): body validation, filtering and sorting, once per search. The
 * route snapshots the matching ids server-side and every page is read from the snapshot, so
 * paging is stable and cheap (tens of thousands of shipments page in milliseconds).
 */
import { badRequest } from '../http/errors';
import { isRecord } from '../http/query';
import { parseDate } from '../util/dates';
import {
	ALL_STATES,
	AFTER_DELIVERY_STATES,
	CANCELLATION_TYPES,
	DISPATCH_SERVICE_TIERS,
	POST_DISPATCH_STATES,
	PRE_DISPATCH_STATES,
	SHIPMENT_TYPES,
	earliestOrderDate,
	type CancellationType,
	type OrderItemRecord,
	type ShipmentRecord,
} from './model';

export const FILTER_TYPES = ['preDispatch', 'postDispatch', 'cancelled'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/**
 * States per filter type (older v3 docs). The official model does not tie states to types; the
 * three states it adds after delivery are searched as post-dispatch (docs/api-choices.md
 * "Shipment search").
 */
export const STATES_BY_TYPE: Record<FilterType, readonly string[]> = {
	preDispatch: PRE_DISPATCH_STATES,
	postDispatch: [...POST_DISPATCH_STATES, ...AFTER_DELIVERY_STATES],
	cancelled: ['CANCELLED'],
};

/** The 13 fields of v3's filter (docs/marketplace-api/shipments.md#search-filter): no hold, no mps. */
const FILTER_FIELDS = [
	'type',
	'states',
	'locationId',
	'sku',
	'orderDate',
	'dispatchAfterDate',
	'dispatchByDate',
	'modifiedDate',
	'cancellationDate',
	'cancellationType',
	'shipmentTypes',
	'serviceProfiles',
	'dispatchServiceTiers',
];

export const SORT_FIELDS = [
	'orderDate',
	'dispatchByDate',
	'modifiedDate',
	'dispatchAfterDate',
] as const;
type SortField = (typeof SORT_FIELDS)[number];

export const MAX_PAGE_SIZE = 20;

interface Range {
	from: number;
	to: number;
}

export interface SearchCriteria {
	type: FilterType;
	states: ReadonlySet<string>;
	locationId?: string;
	skus?: ReadonlySet<string>;
	orderDate?: Range;
	dispatchAfterDate?: Range;
	dispatchByDate?: Range;
	modifiedDate?: Range;
	cancellationDate?: Range;
	cancellationType?: CancellationType;
	shipmentTypes: ReadonlySet<string>;
	serviceProfiles?: ReadonlySet<string>;
	dispatchServiceTiers: ReadonlySet<string>;
	sortField: SortField;
	sortOrder: 'asc' | 'desc';
	pageSize: number;
}

function stringList(
	value: unknown,
	name: string,
	allowed?: readonly string[],
): string[] | undefined {
	if (value === undefined || value === null) return undefined;
	const list = typeof value === 'string' ? [value] : value;
	if (!Array.isArray(list) || list.some((v) => typeof v !== 'string'))
		throw badRequest(`filter.${name} must be an array of strings`);
	if (allowed) {
		const bad = list.find((v) => !allowed.includes(v));
		if (bad !== undefined)
			throw badRequest(
				`filter.${name} contains an unknown value "${bad}" (allowed: ${allowed.join(', ')})`,
			);
	}
	return list as string[];
}

function range(value: unknown, name: string): Range | undefined {
	if (value === undefined || value === null) return undefined;
	if (!isRecord(value)) throw badRequest(`filter.${name} must be an object {from, to}`);
	if ('fromDate' in value || 'toDate' in value) {
		throw badRequest(
			`filter.${name} uses {fromDate, toDate}, the v2 form; v3 ranges are {from, to}`,
			'INVALID_DATE_RANGE',
		);
	}
	const out: Range = { from: -Infinity, to: Infinity };
	for (const bound of ['from', 'to'] as const) {
		if (value[bound] === undefined || value[bound] === null) continue;
		const ms = parseDate(value[bound]);
		if (ms === undefined)
			throw badRequest(
				`filter.${name}.${bound} is not an ISO-8601 date: ${JSON.stringify(value[bound])}`,
				'INVALID_DATE_RANGE',
			);
		out[bound] = ms;
	}
	if (out.from === -Infinity && out.to === Infinity)
		throw badRequest(`filter.${name} needs from and/or to`, 'INVALID_DATE_RANGE');
	if (out.from > out.to)
		throw badRequest(`filter.${name}.from is after filter.${name}.to`, 'INVALID_DATE_RANGE');
	return out;
}

/**
 * Validates the search body. The filter object is required; an empty filter is accepted and
 * means preDispatch (docs/marketplace-api/shipments.md#search: "an empty object is accepted").
 */
export function parseSearch(body: unknown): SearchCriteria {
	if (!isRecord(body))
		throw badRequest('The request body must be a JSON object with a "filter" object');
	const filter = body.filter;
	if (!isRecord(filter))
		throw badRequest(
			'"filter" is required and must be an object (filter.type: preDispatch | postDispatch | cancelled)',
		);

	const unknown = Object.keys(filter).filter((key) => !FILTER_FIELDS.includes(key));
	if (unknown.length > 0)
		throw badRequest(
			`filter.${unknown[0]} is not a field of the v3 filter (fields: ${FILTER_FIELDS.join(', ')})`,
		);

	const type = (filter.type ?? 'preDispatch') as FilterType;
	if (!FILTER_TYPES.includes(type))
		throw badRequest(
			`filter.type must be one of ${FILTER_TYPES.join(', ')}; got ${JSON.stringify(filter.type)}`,
		);

	const states = stringList(filter.states, 'states');
	for (const state of states ?? []) {
		if (!ALL_STATES.includes(state as never))
			throw badRequest(`Unknown state ${state}`, 'INVALID_STATE');
		if (!STATES_BY_TYPE[type].includes(state)) {
			throw badRequest(
				`State ${state} is not valid for filter type ${type} (allowed: ${STATES_BY_TYPE[type].join(', ')})`,
				'INVALID_STATE',
			);
		}
	}

	let cancellationType: CancellationType | undefined;
	if (filter.cancellationType !== undefined && filter.cancellationType !== null) {
		if (type !== 'cancelled')
			throw badRequest('filter.cancellationType applies only to filter type cancelled');
		if (!CANCELLATION_TYPES.includes(filter.cancellationType as CancellationType)) {
			throw badRequest(`filter.cancellationType must be one of ${CANCELLATION_TYPES.join(', ')}`);
		}
		cancellationType = filter.cancellationType as CancellationType;
	} else if (type === 'cancelled') {
		throw badRequest(
			`filter.cancellationType is required for filter type cancelled (${CANCELLATION_TYPES.join(', ')})`,
		);
	}

	if (
		filter.locationId !== undefined &&
		filter.locationId !== null &&
		typeof filter.locationId !== 'string'
	)
		throw badRequest('filter.locationId must be a string');

	const pagination = body.pagination;
	let pageSize = MAX_PAGE_SIZE;
	if (isRecord(pagination) && pagination.pageSize !== undefined && pagination.pageSize !== null) {
		if (typeof pagination.pageSize !== 'number' || !Number.isFinite(pagination.pageSize))
			throw badRequest('pagination.pageSize must be a number');
		pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pagination.pageSize)));
	}

	let sortField: SortField = 'dispatchByDate';
	let sortOrder: 'asc' | 'desc' = 'asc';
	if (isRecord(body.sort)) {
		if (body.sort.field !== undefined) {
			if (!SORT_FIELDS.includes(body.sort.field as SortField))
				throw badRequest(`sort.field must be one of ${SORT_FIELDS.join(', ')}`);
			sortField = body.sort.field as SortField;
		}
		if (body.sort.order !== undefined) {
			const order = String(body.sort.order).toLowerCase();
			if (order !== 'asc' && order !== 'desc') throw badRequest('sort.order must be asc or desc');
			sortOrder = order;
		}
	}

	const skus = stringList(filter.sku, 'sku');
	const serviceProfiles = stringList(filter.serviceProfiles, 'serviceProfiles');
	return {
		type,
		states: new Set(states && states.length > 0 ? states : STATES_BY_TYPE[type]),
		locationId: typeof filter.locationId === 'string' ? filter.locationId : undefined,
		skus: skus && skus.length > 0 ? new Set(skus) : undefined,
		orderDate: range(filter.orderDate, 'orderDate'),
		dispatchAfterDate: range(filter.dispatchAfterDate, 'dispatchAfterDate'),
		dispatchByDate: range(filter.dispatchByDate, 'dispatchByDate'),
		modifiedDate: range(filter.modifiedDate, 'modifiedDate'),
		cancellationDate: range(filter.cancellationDate, 'cancellationDate'),
		cancellationType,
		shipmentTypes: new Set(
			stringList(filter.shipmentTypes, 'shipmentTypes', SHIPMENT_TYPES) ?? ['NORMAL'],
		),
		serviceProfiles:
			serviceProfiles && serviceProfiles.length > 0 ? new Set(serviceProfiles) : undefined,
		dispatchServiceTiers: new Set(
			stringList(filter.dispatchServiceTiers, 'dispatchServiceTiers', DISPATCH_SERVICE_TIERS) ??
				DISPATCH_SERVICE_TIERS,
		),
		sortField,
		sortOrder,
		pageSize,
	};
}

const inRange = (ms: number | null, r: Range | undefined) =>
	r === undefined || (ms !== null && ms >= r.from && ms <= r.to);

function itemMatches(item: OrderItemRecord, c: SearchCriteria): boolean {
	if (!c.states.has(item.status)) return false;
	if (c.cancellationType && item.cancellationType !== c.cancellationType) return false;
	if (c.skus && !c.skus.has(item.sku)) return false;
	if (c.serviceProfiles && !c.serviceProfiles.has(item.serviceProfile)) return false;
	if (!inRange(item.orderDateMs, c.orderDate)) return false;
	if (!inRange(item.cancellationDateMs, c.cancellationDate)) return false;
	return true;
}

export function matches(s: ShipmentRecord, c: SearchCriteria): boolean {
	if (c.locationId !== undefined && s.locationId !== c.locationId) return false;
	if (!c.shipmentTypes.has(s.shipmentType)) return false;
	if (!c.dispatchServiceTiers.has(s.dispatchServiceTier)) return false;
	if (
		!inRange(s.dispatchAfterMs, c.dispatchAfterDate) ||
		!inRange(s.dispatchByMs, c.dispatchByDate) ||
		!inRange(s.updatedMs, c.modifiedDate)
	)
		return false;
	return s.items.some((item) => itemMatches(item, c));
}

function sortKey(s: ShipmentRecord, field: SortField): number {
	switch (field) {
		case 'orderDate':
			return earliestOrderDate(s);
		case 'dispatchAfterDate':
			return s.dispatchAfterMs;
		case 'modifiedDate':
			return s.updatedMs;
		default:
			return s.dispatchByMs;
	}
}

/** Ids of the matching shipments in result order (ties broken by shipment id for stability). */
export function searchShipments(shipments: readonly ShipmentRecord[], c: SearchCriteria): string[] {
	const hits: Array<{ key: number; id: string }> = [];
	for (const s of shipments)
		if (matches(s, c)) hits.push({ key: sortKey(s, c.sortField), id: s.shipmentId });
	const dir = c.sortOrder === 'asc' ? 1 : -1;
	hits.sort((a, b) => (a.key !== b.key ? (a.key - b.key) * dir : a.id < b.id ? -1 : 1));
	return hits.map((h) => h.id);
}
