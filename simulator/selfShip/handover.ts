/**
 * The evening handover (docs/marketplace-api/handover.md): READY_TO_DISPATCH shipments of a
 * location, grouped by logistics vendor (and by multi-package or not), each group with its count,
 * its pickup slot and the one-time code for the pickup executive, which stays unavailable until
 * the marketplace generates it (a control call here). The manifest is a PDF per group that lists
 * the shipments to hand over.
 */
import { apiError } from '../http/errors';
import { isRecord } from '../http/query';
import type { AuthContext } from '../http/types';
import { A4_PAGE, buildPdf, type PdfLine } from '../documents/pdf';
import { MARKETPLACE_TITLE } from '../profile';
import { stateOf, type ShipmentRecord } from '../shipments/model';
import { toIstSeconds } from '../util/dates';
import type { World } from '../world';
import { parseOffsetDateTime } from './dates';

const IST_MS = 330 * 60_000;
const HOUR = 3_600_000;

export interface VendorGroup {
	vendorGroupCode: string;
	locationId: string;
	isMps: boolean;
	vendorName: string;
	shipments: ShipmentRecord[];
	fromMs: number;
	toMs: number;
}

/** Upper-case letters and digits of the vendor's name, e.g. SWIFTSHIP_COURIERS, plus _MPS. */
function groupCode(vendorName: string, mps: boolean): string {
	const base = vendorName
		.toUpperCase()
		.replace(/[^A-Z0-9]+/g, '_')
		.replace(/^_|_$/g, '');
	return mps ? `${base}_MPS` : base;
}

/** Today's pickup slot, 15:00 to 17:00 in +05:30; after 17:00, tomorrow's. */
function pickupSlot(nowMs: number): { fromMs: number; toMs: number } {
	const local = nowMs + IST_MS;
	const midnight = Math.floor(local / (24 * HOUR)) * 24 * HOUR - IST_MS;
	const day = local - (midnight + IST_MS) >= 17 * HOUR ? midnight + 24 * HOUR : midnight;
	return { fromMs: day + 15 * HOUR, toMs: day + 17 * HOUR };
}

export function vendorGroups(world: World, sellerId: string, locationId: string): VendorGroup[] {
	const slot = pickupSlot(world.now());
	const groups = new Map<string, VendorGroup>();
	for (const shipment of world.shipments.forSeller(sellerId)) {
		if (shipment.locationId !== locationId || shipment.shipmentType === 'SELF') continue;
		if (stateOf(shipment) !== 'READY_TO_DISPATCH') continue;
		const vendorName = shipment.subShipments[0]?.vendorName ?? 'Unassigned';
		const code = groupCode(vendorName, shipment.mps);
		let group = groups.get(code);
		if (!group) {
			group = {
				vendorGroupCode: code,
				locationId,
				isMps: shipment.mps,
				vendorName,
				shipments: [],
				...slot,
			};
			groups.set(code, group);
		}
		group.shipments.push(shipment);
	}
	return [...groups.values()];
}

const otcKey = (locationId: string, code: string) => `${locationId}|${code}`;

/** GET /v3/shipments/handover/counts?locationId=: the answer in the configured form. */
export function handoverCounts(
	world: World,
	auth: AuthContext,
	locationId: string | undefined,
): unknown {
	if (!locationId) throw apiError(400, 'UNPROCESSABLE_ENTITY', 'locationId is mandatory');
	const location = world.sellers.location(locationId);
	if (!location || location.sellerId !== auth.sellerId)
		throw apiError(
			400,
			'INVALID_LOCATION_ID',
			`Location ${locationId} is not a location of seller ${auth.sellerId}`,
		);
	const form = world.selfShip.handoverForm;
	const list = vendorGroups(world, auth.sellerId, locationId).map((group) => {
		const code = world.selfShip.handoverOtcs.get(otcKey(locationId, group.vendorGroupCode));
		const from = toIstSeconds(group.fromMs);
		const to = toIstSeconds(group.toMs);
		return {
			vendorGroupCode: group.vendorGroupCode,
			count: group.shipments.length,
			isMps: group.isMps,
			pickUpDate: form === 'array' ? { from, to } : { after: from, before: to },
			otc: code ? { code, error_code: null } : { code: null, error_code: 'OTC_UNAVAILABLE' },
		};
	});
	return form === 'wrapper' ? { resultManifestDetails: list } : list;
}

/** The marketplace generates the OTCs of a location's groups (control interface); returns them. */
export function generateHandoverOtcs(
	world: World,
	locationId: string,
): Array<{ vendorGroupCode: string; code: string }> {
	const location = world.sellers.location(locationId);
	if (!location) return [];
	return vendorGroups(world, location.sellerId, locationId).map((group) => {
		const key = otcKey(locationId, group.vendorGroupCode);
		const code = world.selfShip.handoverOtcs.get(key) ?? world.selfShip.nextOtc();
		world.selfShip.handoverOtcs.set(key, code);
		return { vendorGroupCode: group.vendorGroupCode, code };
	});
}

/**
 * POST /v3/shipments/manifest: `{"params":{vendorGroupCode, locationId, is_mps, pickupDate{from,to}}}`
 * (the model's names); an MPS group needs its pickup slot. The PDF lists the group's shipments.
 */
export function manifestPdf(world: World, auth: AuthContext, body: unknown): Buffer {
	if (!isRecord(body) || !isRecord(body.params))
		throw apiError(400, 'UNPROCESSABLE_ENTITY', 'params is mandatory (an object)');
	const params = body.params;
	if (typeof params.vendorGroupCode !== 'string' || params.vendorGroupCode === '')
		throw apiError(400, 'UNPROCESSABLE_ENTITY', 'params.vendorGroupCode is mandatory');
	if (typeof params.locationId !== 'string' || params.locationId === '')
		throw apiError(400, 'UNPROCESSABLE_ENTITY', 'params.locationId is mandatory');
	if (params.is_mps !== undefined && typeof params.is_mps !== 'boolean')
		throw apiError(400, 'UNPROCESSABLE_ENTITY', 'params.is_mps must be a boolean');
	const group = vendorGroups(world, auth.sellerId, params.locationId).find(
		(g) => g.vendorGroupCode === params.vendorGroupCode,
	);
	if (!group)
		throw apiError(
			400,
			'INVALID_VENDOR_GROUP_CODE',
			`No shipments await pickup for vendor group ${params.vendorGroupCode} at ${params.locationId}`,
		);
	const mps = params.is_mps === true;
	if (mps !== group.isMps)
		throw apiError(
			400,
			'UNPROCESSABLE_ENTITY',
			`is_mps must be ${group.isMps} for this vendor group`,
		);
	if (mps) {
		const slot = isRecord(params.pickupDate) ? params.pickupDate : undefined;
		const from = parseOffsetDateTime(slot?.from);
		const to = parseOffsetDateTime(slot?.to);
		if (!from || !to)
			throw apiError(
				400,
				'UNPROCESSABLE_ENTITY',
				'pickupDate.from and pickupDate.to are mandatory when is_mps is true',
			);
		if (from.ms !== group.fromMs || to.ms !== group.toMs)
			throw apiError(
				400,
				'UNPROCESSABLE_ENTITY',
				'pickupDate does not match the pickup slot of this vendor group',
			);
	}
	const lines: PdfLine[] = [
		{ text: `${MARKETPLACE_TITLE} MANIFEST`, size: 14, bold: true },
		{ text: `Vendor group: ${group.vendorGroupCode} (${group.vendorName})` },
		{ text: `Location: ${group.locationId}` },
		{ text: `Pickup slot: ${toIstSeconds(group.fromMs)} to ${toIstSeconds(group.toMs)}` },
		{ text: `Shipments: ${group.shipments.length}`, bold: true },
		...group.shipments.map((s) => ({
			text: `Shipment: ${s.shipmentId}  Tracking ID: ${s.subShipments[0]?.trackingId ?? '-'}`,
			size: 9,
		})),
	];
	return buildPdf([{ ...A4_PAGE, lines }]);
}

/** GET /v3/shipments/otc/{locationId}?requestType=RETURN (docs/marketplace-api/handover.md#returns-otc). */
export function returnOtcs(
	world: World,
	auth: AuthContext,
	locationIds: string[],
	requestType: unknown,
): unknown {
	if (requestType !== 'RETURN')
		throw apiError(400, 'UNPROCESSABLE_ENTITY', 'requestType must be RETURN');
	const otcs = locationIds.map((locationId) => {
		const location = world.sellers.location(locationId);
		if (!location || location.sellerId !== auth.sellerId)
			throw apiError(
				400,
				'INVALID_LOCATION_ID',
				`Location ${locationId} is not a location of seller ${auth.sellerId}`,
			);
		const codes = world.selfShip.returnOtcs.get(locationId) ?? [];
		return {
			status: codes.length > 0 ? 'AVAILABLE' : 'OTC_UNAVAILABLE',
			requestType: 'RETURN',
			otc: codes,
		};
	});
	return { otcs };
}
