/**
 * Service updates of self-ship orders (docs/marketplace-api/return-actions.md#service-updates): record a failed visit
 * (the due date moves to the new date) or complete the service. An installation or assembly
 * starts after its shipment is delivered. Answered per service under `status`, with a
 * `failureReason`; only a request that is not a list, or longer than 100, fails as a whole.
 */
import { badRequest, tooManyIds } from '../http/errors';
import { isRecord } from '../http/query';
import type { AuthContext } from '../http/types';
import { stateOf } from '../shipments/model';
import { parseDate } from '../util/dates';
import type { World } from '../world';

export const SERVICE_LIMIT = 100;

export interface ServiceOutcome {
	serviceFulfilmentId: string | null;
	failureReason?: string;
}

export function serviceBody(outcomes: ServiceOutcome[]): { services: Record<string, unknown>[] } {
	return {
		services: outcomes.map((o) => ({
			serviceFulfilmentId: o.serviceFulfilmentId,
			status: o.failureReason ? 'FAILURE' : 'SUCCESS',
			failureReason: o.failureReason ?? null,
		})),
	};
}

function date(entry: Record<string, unknown>, name: string): number | string {
	const raw = entry[name];
	if (raw === undefined || raw === null || raw === '') return `${name} is mandatory`;
	const ms = parseDate(raw);
	return ms === undefined ? `${name} is not an ISO-8601 date-time: ${String(raw)}` : ms;
}

function text(entry: Record<string, unknown>, name: string): boolean {
	return typeof entry[name] === 'string' && (entry[name] as string).trim() !== '';
}

export function runServiceUpdate(
	world: World,
	auth: AuthContext,
	kind: 'attempt' | 'complete',
	body: unknown,
): ServiceOutcome[] {
	if (!isRecord(body) || !Array.isArray(body.services))
		throw badRequest('The request body must be an object with a "services" array');
	const list: unknown[] = body.services;
	if (list.length === 0) throw badRequest('"services" must not be empty');
	if (list.length > SERVICE_LIMIT) throw tooManyIds(SERVICE_LIMIT, list.length, 'services');
	const now = world.now();
	return list.map((raw): ServiceOutcome => {
		const entry = isRecord(raw) ? raw : {};
		const id =
			typeof entry.serviceFulfilmentId === 'string' && entry.serviceFulfilmentId !== ''
				? entry.serviceFulfilmentId
				: null;
		const refuse = (failureReason: string): ServiceOutcome => ({
			serviceFulfilmentId: id,
			failureReason,
		});
		if (id === null) return refuse('UNPROCESSABLE_ENTITY: serviceFulfilmentId is mandatory');
		const service = world.services.get(id);
		if (!service || service.sellerId !== auth.sellerId)
			return refuse(
				`INVALID_SERVICE_FULFILMENT_ID: service ${id} does not exist for seller ${auth.sellerId}`,
			);
		if (service.status === 'COMPLETED')
			return refuse(`INVALID_SERVICE_STATE: service ${id} is already completed`);
		if (service.shipmentId !== null) {
			const shipment = world.shipments.get(service.shipmentId);
			const state = shipment ? stateOf(shipment) : 'UNKNOWN';
			if (state !== 'DELIVERED')
				return refuse(
					`INVALID_SERVICE_STATE: service ${id} starts after delivery; its shipment is ${state}`,
				);
		}
		const at = date(entry, 'deliveryDate');
		if (typeof at === 'string') return refuse(`UNPROCESSABLE_ENTITY: ${at}`);
		if (at > now + 60_000)
			return refuse('UNPROCESSABLE_ENTITY: deliveryDate must not be in the future');
		if (kind === 'complete') {
			service.status = 'COMPLETED';
			service.completedMs = at;
			return { serviceFulfilmentId: id };
		}
		const next = date(entry, 'newDeliveryDate');
		if (typeof next === 'string') return refuse(`UNPROCESSABLE_ENTITY: ${next}`);
		for (const field of ['reason', 'subReason'])
			if (!text(entry, field)) return refuse(`UNPROCESSABLE_ENTITY: ${field} is mandatory`);
		if (next <= at)
			return refuse('UNPROCESSABLE_ENTITY: newDeliveryDate must be after deliveryDate');
		service.dueMs = next;
		service.attempts++;
		service.lastReason = String(entry.reason);
		return { serviceFulfilmentId: id };
	});
}
