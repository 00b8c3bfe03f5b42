/**
 * Self-ship calls (docs/marketplace-api/self-ship.md): dispatch (APPROVED -> SHIPPED, with the
 * invoice and tracking), delivery (SHIPPED -> DELIVERED), delivery attempts (the due date moves),
 * and the tracking update. Up to 100 shipments per request; each entry is answered on its own with
 * `processingStatus`; a missing mandatory field is UNPROCESSABLE_ENTITY naming the field.
 */
import { badRequest, HttpError, tooManyIds } from '../http/errors';
import { isRecord } from '../http/query';
import type { AuthContext } from '../http/types';
import { parseDay } from '../util/dates';
import type { World } from '../world';
import { setLiveState, stateOf, type ShipmentRecord } from '../shipments/model';
import { failure, success, type ItemOutcome } from '../shipments/results';
import { parseOffsetDateTime, todayAt } from './dates';
import type { SelfShipRecord } from './store';

export const SELF_SHIP_LIMIT = 100;

export const SELF_SHIP_ERRORS = {
	unprocessable: 'UNPROCESSABLE_ENTITY',
	invalidShipments: 'INVALID_SHIPMENTS',
	invalidState: 'INVALID_SHIPMENT_STATE',
	invalidLocation: 'INVALID_LOCATION_ID',
	notSelfShip: 'OPERATION_NOT_ALLOWED',
} as const;
const E = SELF_SHIP_ERRORS;

const missing = (id: string, field: string): ItemOutcome =>
	failure(id, E.unprocessable, `${field} is mandatory`);

/** The `{"shipments":[…]}` list of a self-ship request, 1..100 entries. */
function entries(body: unknown): unknown[] {
	if (!isRecord(body) || !Array.isArray(body.shipments))
		throw badRequest('The request body must be an object with a "shipments" array');
	if (body.shipments.length === 0) throw badRequest('"shipments" must not be empty');
	if (body.shipments.length > SELF_SHIP_LIMIT)
		throw tooManyIds(SELF_SHIP_LIMIT, body.shipments.length, 'shipments');
	return body.shipments;
}

/** The seller's self-ship shipment of this entry, in `state`, at the entry's location. */
function resolveSelfShip(
	world: World,
	auth: AuthContext,
	entry: unknown,
	state: string,
	op: 'selfShipDispatch' | 'selfShipDelivery' | 'selfShipAttempt',
): { entry: Record<string, unknown>; shipment: ShipmentRecord } | ItemOutcome {
	if (!isRecord(entry))
		return failure(null, E.unprocessable, 'Each shipment entry must be an object');
	const id = entry.shipmentId;
	if (typeof id !== 'string' || id === '')
		return failure(null, E.unprocessable, 'shipmentId is mandatory');
	const shipment = world.shipments.getForSeller(auth.sellerId, id);
	if (!shipment)
		return failure(
			id,
			E.invalidShipments,
			`Shipment ${id} does not exist for seller ${auth.sellerId}`,
		);
	const injected = world.failures.take(id, op as never);
	if (injected) return failure(id, injected.errorCode, injected.errorMessage);
	if (typeof entry.locationId !== 'string' || entry.locationId === '')
		return missing(id, 'locationId');
	if (entry.locationId !== shipment.locationId)
		return failure(
			id,
			E.invalidLocation,
			`Shipment ${id} belongs to location ${shipment.locationId}, not ${entry.locationId}`,
		);
	if (shipment.shipmentType !== 'SELF')
		return failure(id, E.notSelfShip, `Shipment ${id} is not a self-ship shipment`);
	const now = stateOf(shipment);
	if (now !== state)
		return failure(id, E.invalidState, `Shipment ${id} is ${now}; this call needs ${state}`);
	return { entry, shipment };
}

/** An answer for the entry (it always names the shipment), as opposed to what was read. */
const isOutcome = (value: unknown): value is ItemOutcome =>
	isRecord(value) && 'shipmentId' in value;

// ------------------------------------------------------------------ dispatch

function readInvoice(
	id: string,
	shipment: ShipmentRecord,
	raw: unknown,
): Pick<SelfShipRecord, 'invoiceNumber' | 'invoiceDate' | 'items'> | ItemOutcome {
	if (!isRecord(raw)) return missing(id, 'invoice');
	if (raw.invoiceDate === undefined || raw.invoiceDate === null || raw.invoiceDate === '')
		return missing(id, 'invoice.invoiceDate');
	const invoiceDate = parseDay(raw.invoiceDate);
	if (invoiceDate === undefined)
		return failure(
			id,
			E.unprocessable,
			`invoice.invoiceDate must be a date (yyyy-MM-dd), got ${JSON.stringify(raw.invoiceDate)}`,
		);
	if (!Array.isArray(raw.items) || raw.items.length === 0) return missing(id, 'invoice.items');
	const items: SelfShipRecord['items'] = [];
	for (const item of raw.items) {
		if (!isRecord(item) || typeof item.orderItemId !== 'string' || item.orderItemId === '')
			return missing(id, 'invoice.items[].orderItemId');
		if (!shipment.items.some((i) => i.orderItemId === item.orderItemId))
			return failure(
				id,
				E.unprocessable,
				`Order item ${item.orderItemId} is not part of shipment ${id}`,
			);
		if (item.quantity === undefined || item.quantity === null)
			return missing(id, 'invoice.items[].quantity');
		if (typeof item.quantity !== 'number' || !Number.isInteger(item.quantity) || item.quantity < 1)
			return failure(
				id,
				E.unprocessable,
				'invoice.items[].quantity must be a whole number of at least 1',
			);
		const serials = Array.isArray(item.serialNumbers)
			? item.serialNumbers.map((group) =>
					Array.isArray(group) ? group.map(String) : [String(group)],
				)
			: [];
		items.push({ orderItemId: item.orderItemId, quantity: item.quantity, serialNumbers: serials });
	}
	if (
		raw.invoiceNumber !== undefined &&
		raw.invoiceNumber !== null &&
		typeof raw.invoiceNumber !== 'string'
	)
		return failure(id, E.unprocessable, 'invoice.invoiceNumber must be a text');
	return {
		invoiceNumber: typeof raw.invoiceNumber === 'string' ? raw.invoiceNumber : null,
		invoiceDate,
		items,
	};
}

function optionalText(value: unknown): string | null {
	return typeof value === 'string' && value !== '' ? value : null;
}

export function selfShipDispatch(world: World, auth: AuthContext, body: unknown): ItemOutcome[] {
	const now = world.now();
	return entries(body).map((raw) => {
		const found = resolveSelfShip(world, auth, raw, 'APPROVED', 'selfShipDispatch');
		if (isOutcome(found)) return found;
		const { entry, shipment } = found;
		const id = shipment.shipmentId;
		if (entry.dispatchDate === undefined || entry.dispatchDate === '')
			return missing(id, 'dispatchDate');
		const dispatch = parseOffsetDateTime(entry.dispatchDate);
		if (!dispatch)
			return failure(id, E.unprocessable, 'dispatchDate must be a date-time with an offset');
		if (dispatch.day > todayAt(now, dispatch))
			return failure(id, E.unprocessable, 'dispatchDate must not be after today');
		if (entry.tentativeDeliveryDate === undefined || entry.tentativeDeliveryDate === '')
			return missing(id, 'tentativeDeliveryDate');
		const delivery = parseOffsetDateTime(entry.tentativeDeliveryDate);
		if (!delivery)
			return failure(
				id,
				E.unprocessable,
				'tentativeDeliveryDate must be a date-time with an offset',
			);
		if (delivery.day < todayAt(now, delivery))
			return failure(id, E.unprocessable, 'tentativeDeliveryDate must not be before today');
		const invoice = readInvoice(id, shipment, entry.invoice);
		if (isOutcome(invoice)) return invoice;
		let dispatchLocationId: string | null = null;
		if (entry.dispatchLocation !== undefined && entry.dispatchLocation !== null) {
			const location = entry.dispatchLocation;
			if (!isRecord(location)) return missing(id, 'dispatchLocation.address');
			if (typeof location.locationId !== 'string' || location.locationId === '')
				return missing(id, 'dispatchLocation.locationId');
			if (!isRecord(location.address)) return missing(id, 'dispatchLocation.address');
			dispatchLocationId = location.locationId;
		}
		const record: SelfShipRecord = {
			shipmentId: id,
			dispatchDateMs: dispatch.ms,
			tentativeDeliveryMs: delivery.ms,
			trackingId: optionalText(entry.trackingId),
			deliveryPartner: optionalText(entry.deliveryPartner),
			deliveryPartnerCode: optionalText(entry.deliveryPartnerCode),
			...invoice,
			dispatchLocationId,
			attempts: [],
			deliveredDate: null,
		};
		world.selfShip.records.set(id, record);
		for (const sub of shipment.subShipments) {
			sub.trackingId = record.trackingId ?? sub.trackingId;
			sub.vendorName = record.deliveryPartner ?? sub.vendorName ?? 'Self Ship';
		}
		if (shipment.invoices.length === 0)
			shipment.invoices.push({
				orderId: shipment.orderId,
				invoiceNumber: record.invoiceNumber ?? world.factory.invoiceNumber(),
				invoiceDate: record.invoiceDate,
			});
		setLiveState(shipment, 'SHIPPED', now);
		world.notifier.autoShipmentEvent('shipment_shipped', shipment);
		return success(id);
	});
}

// ------------------------------------------------------------------ delivery

/** The delivery date: yyyy-MM-dd in the HTML reference, a date-time in the model; both are taken. */
function deliveryDay(value: unknown): string | undefined {
	return parseDay(value) ?? parseOffsetDateTime(value)?.day;
}

export function selfShipDelivery(world: World, auth: AuthContext, body: unknown): ItemOutcome[] {
	const now = world.now();
	return entries(body).map((raw) => {
		const found = resolveSelfShip(world, auth, raw, 'SHIPPED', 'selfShipDelivery');
		if (isOutcome(found)) return found;
		const { entry, shipment } = found;
		const id = shipment.shipmentId;
		if (entry.deliveryDate === undefined || entry.deliveryDate === '')
			return missing(id, 'deliveryDate');
		const day = deliveryDay(entry.deliveryDate);
		if (day === undefined)
			return failure(id, E.unprocessable, 'deliveryDate must be a date (yyyy-MM-dd)');
		const record = world.selfShip.records.get(id);
		if (record) record.deliveredDate = day;
		setLiveState(shipment, 'DELIVERED', now);
		world.notifier.autoShipmentEvent('shipment_delivered', shipment);
		return success(id);
	});
}

// ------------------------------------------------------------------ delivery attempt

export function selfShipDeliveryAttempt(
	world: World,
	auth: AuthContext,
	body: unknown,
): ItemOutcome[] {
	const now = world.now();
	return entries(body).map((raw) => {
		const found = resolveSelfShip(world, auth, raw, 'SHIPPED', 'selfShipAttempt');
		if (isOutcome(found)) return found;
		const { entry, shipment } = found;
		const id = shipment.shipmentId;
		if (entry.deliveryDate === undefined || entry.deliveryDate === '')
			return missing(id, 'deliveryDate');
		const attempted = parseOffsetDateTime(entry.deliveryDate);
		if (!attempted)
			return failure(id, E.unprocessable, 'deliveryDate must be a date-time with an offset');
		const attributes = entry.failureAttributes;
		if (!isRecord(attributes)) return missing(id, 'failureAttributes');
		if (typeof attributes.reason !== 'string' || attributes.reason === '')
			return missing(id, 'failureAttributes.reason');
		if (attributes.newDeliveryDate === undefined || attributes.newDeliveryDate === '')
			return missing(id, 'failureAttributes.newDeliveryDate');
		const next = parseOffsetDateTime(attributes.newDeliveryDate);
		if (!next)
			return failure(
				id,
				E.unprocessable,
				'failureAttributes.newDeliveryDate must be a date-time with an offset',
			);
		if (next.day < todayAt(now, next))
			return failure(
				id,
				E.unprocessable,
				'failureAttributes.newDeliveryDate must not be before today',
			);
		const record = world.selfShip.records.get(id);
		if (record) {
			record.attempts.push({
				attemptedMs: attempted.ms,
				reason: attributes.reason,
				subReason: optionalText(attributes.subReason),
				newDeliveryMs: next.ms,
			});
			// An attempt moves the delivery due date (docs/marketplace-api/self-ship.md#delivery-attempt).
			record.tentativeDeliveryMs = next.ms;
		}
		shipment.updatedMs = now;
		return success(id);
	});
}

// ------------------------------------------------------------------ tracking update

/** POST /v3/shipments/{shipmentId}/update: snake_case body, no documented answer body. */
export function updateTracking(
	world: World,
	auth: AuthContext,
	shipmentId: string,
	body: unknown,
): void {
	const shipment = world.shipments.getForSeller(auth.sellerId, shipmentId);
	if (!shipment)
		throw new HttpError(400, {
			error: E.invalidShipments,
			message: `Shipment ${shipmentId} does not exist for seller ${auth.sellerId}`,
		});
	if (shipment.shipmentType !== 'SELF')
		throw new HttpError(400, {
			error: E.notSelfShip,
			message: `Shipment ${shipmentId} is not a self-ship shipment`,
		});
	if (!isRecord(body)) throw badRequest('The request body must be a JSON object');
	const camel = Object.keys(body).find((key) => /[a-z][A-Z]/.test(key));
	if (camel !== undefined)
		throw new HttpError(400, {
			error: E.unprocessable,
			message: `Unknown field ${camel}: this call takes snake_case fields (tracking_id, delivery_partner, …)`,
		});
	if (body.shipment_id !== undefined && body.shipment_id !== shipmentId)
		throw new HttpError(400, {
			error: E.unprocessable,
			message: `shipment_id ${String(body.shipment_id)} does not match the path's ${shipmentId}`,
		});
	const state = stateOf(shipment);
	if (state !== 'SHIPPED' && state !== 'APPROVED')
		throw new HttpError(400, {
			error: E.invalidState,
			message: `Tracking can be updated before delivery only; ${shipmentId} is ${state}`,
		});
	let tentative: number | undefined;
	if (body.tentative_delivery_date !== undefined) {
		const parsed = parseOffsetDateTime(body.tentative_delivery_date);
		if (!parsed)
			throw new HttpError(400, {
				error: E.unprocessable,
				message: 'tentative_delivery_date must be a date-time with an offset',
			});
		tentative = parsed.ms;
	}
	const record = world.selfShip.records.get(shipmentId);
	const trackingId = optionalText(body.tracking_id);
	const partner = optionalText(body.delivery_partner);
	if (record) {
		if (trackingId) record.trackingId = trackingId;
		if (partner) record.deliveryPartner = partner;
		if (tentative !== undefined) record.tentativeDeliveryMs = tentative;
	}
	for (const sub of shipment.subShipments) {
		if (trackingId) sub.trackingId = trackingId;
		if (partner) sub.vendorName = partner;
	}
	shipment.updatedMs = world.now();
}
