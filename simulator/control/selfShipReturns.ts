/**
 * The buyer's side of self-ship returns and services, for tests and the demo: a buyer asks for a
 * return of a self-ship order (a customer return gets its tech visit service), or a self-ship
 * order carries an installation or assembly service. The seller then acts through the API.
 */
import {
	serviceToWire,
	SERVICE_TYPES,
	type ServiceRecord,
	type ServiceType,
} from '../services/model';
import { stateOf } from '../shipments/model';
import { DAY } from '../util/dates';
import type { World } from '../world';
import { RETURN_SOURCES, type ReturnRecord } from '../returns/model';
import { ControlError, invalid, oneOf } from './errors';
import { resolveLocation } from './seeding';

export interface SelfShipReturnRequest {
	/** The delivered (customer return) or shipped (courier return) shipment; omitted: a made-up order. */
	shipmentId?: string;
	sellerId?: string;
	locationId?: string;
	source?: 'customer_return' | 'courier_return';
	/** Push return_created to the receiver (default true). */
	notify?: boolean;
}

export interface ServiceRequest {
	shipmentId: string;
	serviceType?: 'INSTALLATION' | 'ASSEMBLY';
}

function newService(
	world: World,
	fields: Pick<
		ServiceRecord,
		'sellerId' | 'locationId' | 'serviceType' | 'shipmentId' | 'returnId'
	>,
): ServiceRecord {
	const service: ServiceRecord = {
		...fields,
		serviceFulfilmentId: world.services.nextId(),
		status: 'PENDING',
		dueMs: world.now() + 2 * DAY,
		attempts: 0,
		completedMs: null,
		lastReason: null,
	};
	world.services.add(service);
	return service;
}

export function createSelfShipReturn(
	world: World,
	req: SelfShipReturnRequest,
): { returnId: string; serviceFulfilmentId: string | null; record: ReturnRecord } {
	const source = oneOf(req.source, 'source', RETURN_SOURCES) ?? 'customer_return';
	const shipment = req.shipmentId === undefined ? undefined : world.shipments.get(req.shipmentId);
	if (req.shipmentId !== undefined && !shipment)
		throw new ControlError(404, `Unknown shipment ${req.shipmentId}`);
	const { sellerId, locationId } = shipment
		? { sellerId: shipment.sellerId, locationId: shipment.locationId }
		: resolveLocation(world, req.sellerId, req.locationId);
	const record = world.factory.return({
		sellerId,
		locationId,
		source,
		status: 'RETURN_CREATED',
		shipment,
		createdMs: world.now(),
	});
	record.selfShip = true;
	record.updatedMs = world.now();
	if (source === 'customer_return')
		record.techVisit = newService(world, {
			sellerId,
			locationId,
			serviceType: 'TECH_VISIT',
			shipmentId: null,
			returnId: record.returnId,
		});
	world.returns.add(record);
	return {
		returnId: record.returnId,
		serviceFulfilmentId: record.techVisit?.serviceFulfilmentId ?? null,
		record,
	};
}

export function createService(world: World, req: ServiceRequest): Record<string, unknown> {
	const shipment = world.shipments.get(String(req.shipmentId));
	if (!shipment) throw new ControlError(404, `Unknown shipment ${String(req.shipmentId)}`);
	const serviceType = (oneOf(req.serviceType, 'serviceType', SERVICE_TYPES) ??
		'INSTALLATION') as ServiceType;
	if (serviceType === 'TECH_VISIT') throw invalid('A tech visit belongs to a customer return');
	const service = newService(world, {
		sellerId: shipment.sellerId,
		locationId: shipment.locationId,
		serviceType,
		shipmentId: shipment.shipmentId,
		returnId: null,
	});
	return { ...serviceView(service), shipmentState: stateOf(shipment) };
}

export function serviceView(service: ServiceRecord): Record<string, unknown> {
	return {
		...serviceToWire(service),
		shipmentId: service.shipmentId,
		returnId: service.returnId,
		due: new Date(service.dueMs).toISOString(),
		attempts: service.attempts,
		completed: service.completedMs === null ? null : new Date(service.completedMs).toISOString(),
	};
}

export function getService(world: World, id: string): Record<string, unknown> {
	const service = world.services.get(id);
	if (!service) throw new ControlError(404, `Unknown service ${id}`);
	return serviceView(service);
}
