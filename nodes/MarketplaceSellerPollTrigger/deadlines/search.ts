/**
 * The Deadlines watch's one search per poll (docs/marketplace-seller-poll-trigger.md#deadlines):
 * shipment search v3 (docs/marketplace-api/shipments.md#search-filter) of the states before Ready
 * to Dispatch, filtered by dispatchByDate up to now + the lead time, sorted by dispatchByDate
 * (earliest deadline first), 20 a page. Every shipment type is asked for: the search's default
 * leaves self-ship (SELF) shipments out (docs/marketplace-api/paging.md#shipment-search-paging).
 */
import type { IDataObject } from 'n8n-workflow';

import { marketplaceTime, SHIPMENT_PAGE_SIZE, type PollFilters } from '../plan';

/** Not yet Ready to Dispatch: created (Approved), packing, packed, form failed; on hold is a flag of these. */
export const DEADLINE_STATES = [
	'APPROVED',
	'PACKING_IN_PROGRESS',
	'PACKED',
	'FORM_FAILED',
] as const;

/** Every shipment type the filter knows (docs/marketplace-api/shipments.md#search-filter). */
export const ALL_SHIPMENT_TYPES = ['NORMAL', 'EXPRESS', 'SELF'] as const;

export const DEFAULT_LEAD_MINUTES = 240;

export interface DeadlineSettings {
	leadMs: number;
	/** Which of the two alerts the user chose. */
	wanted: (eventType: string) => boolean;
}

/** The search body for a poll at `now`: everything due up to now + lead, overdue ones included. */
export function deadlineSearchBody(now: number, leadMs: number, filters: PollFilters): IDataObject {
	const types =
		filters.shipmentTypes !== undefined && filters.shipmentTypes.length > 0
			? filters.shipmentTypes
			: [...ALL_SHIPMENT_TYPES];
	return {
		filter: {
			type: 'preDispatch',
			states: [...DEADLINE_STATES],
			...(filters.locationId ? { locationId: filters.locationId } : {}),
			shipmentTypes: types,
			...(filters.serviceProfiles?.length ? { serviceProfiles: filters.serviceProfiles } : {}),
			...(filters.dispatchServiceTiers?.length
				? { dispatchServiceTiers: filters.dispatchServiceTiers }
				: {}),
			dispatchByDate: { to: marketplaceTime(now + leadMs) },
		},
		pagination: { pageSize: SHIPMENT_PAGE_SIZE },
		sort: { field: 'dispatchByDate', order: 'asc' },
		...(filters.sellerId ? { sellerId: filters.sellerId } : {}),
	};
}
