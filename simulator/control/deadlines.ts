/**
 * Controls for dispatch deadlines (the poll trigger's Deadlines watch and its demo): shipments
 * not yet Ready to Dispatch whose dispatch-by dates are spread over the next hours, and moving
 * dispatch-by dates as the marketplace does (the control then pushes
 * shipment_dispatch_dates_changed when asked, like setShipmentState).
 */
import type { World } from '../world';
import { stateOf, type ShipmentState } from '../shipments/model';
import { ControlError, invalid, requireInt } from './errors';
import { seedShipments } from './seeding';

const HOUR = 3600_000;

export interface SeedDeadlinesRequest {
	locationId?: string;
	sellerId?: string;
	/** How many shipments (1-1000), default 12. */
	count?: number;
	/** Over how many hours from now their dates are spread (1-168), default 8. */
	spreadHours?: number;
}

export interface MoveDispatchDatesRequest {
	/** The shipments to move, or */
	shipmentIds?: string[];
	/** every shipment of this location not yet Ready to Dispatch. */
	locationId?: string;
	/** By how many minutes (negative: earlier). */
	minutes: number;
	/** Push shipment_dispatch_dates_changed for each. */
	notify?: boolean;
}

/** States and types cycle so a demo shows every kind: created, packed, form failed, held, self-ship. */
const CYCLE: ReadonlyArray<{
	state: ShipmentState;
	hold?: boolean;
	shipmentType?: 'NORMAL' | 'SELF';
}> = [
	{ state: 'APPROVED' },
	{ state: 'PACKED' },
	{ state: 'APPROVED', shipmentType: 'SELF' },
	{ state: 'FORM_FAILED' },
	{ state: 'APPROVED', hold: true },
	{ state: 'PACKED' },
];

/** Shipment i of n is due at now + (i + 1) * spread / n: the first soon, the last at the end. */
export function seedDeadlines(
	world: World,
	req: SeedDeadlinesRequest,
): { count: number; shipmentIds: string[] } {
	const count = requireInt(req.count ?? 12, 'count', 1, 1000);
	const spreadHours = requireInt(req.spreadHours ?? 8, 'spreadHours', 1, 168);
	const now = world.now();
	const shipmentIds: string[] = [];
	for (let i = 0; i < count; i += 1) {
		const kind = CYCLE[i % CYCLE.length];
		shipmentIds.push(
			...seedShipments(world, {
				...(req.locationId !== undefined ? { locationId: req.locationId } : {}),
				...(req.sellerId !== undefined ? { sellerId: req.sellerId } : {}),
				count: 1,
				itemCount: 1 + (i % 2),
				state: kind.state,
				hold: kind.hold ?? false,
				shipmentType: kind.shipmentType ?? 'NORMAL',
				orderDate: now - HOUR,
				dispatchAfterDate: now - HOUR,
				dispatchByDate: now + Math.round(((i + 1) * spreadHours * HOUR) / count),
			}).shipmentIds,
		);
	}
	return { count, shipmentIds };
}

const WAITING: ReadonlySet<string> = new Set([
	'APPROVED',
	'PACKING_IN_PROGRESS',
	'PACKED',
	'FORM_FAILED',
]);

/** The shipments a move applies to, with their new dispatch-by dates; checks the request. */
export function dispatchDateMoves(
	world: World,
	req: MoveDispatchDatesRequest,
): Array<{ shipmentId: string; dispatchByMs: number }> {
	if (typeof req.minutes !== 'number' || !Number.isFinite(req.minutes))
		throw invalid('minutes must be a number (negative: earlier)');
	const byMs = Math.round(req.minutes * 60_000);
	if (Array.isArray(req.shipmentIds)) {
		return req.shipmentIds.map((id) => {
			const shipment = world.shipments.get(String(id));
			if (!shipment) throw new ControlError(404, `Unknown shipment ${String(id)}`);
			return { shipmentId: shipment.shipmentId, dispatchByMs: shipment.dispatchByMs + byMs };
		});
	}
	if (typeof req.locationId !== 'string' || req.locationId === '')
		throw invalid('Give shipmentIds or a locationId');
	return [...world.shipments.all()]
		.filter((s) => s.locationId === req.locationId && WAITING.has(stateOf(s)))
		.map((s) => ({ shipmentId: s.shipmentId, dispatchByMs: s.dispatchByMs + byMs }));
}
