/**
 * Batch operations on shipments (docs/marketplace-api/shipments.md): generate labels, mark ready to dispatch, cancel,
 * and acknowledge failed forms. Each entry is checked on its own and answered per item; only
 * the request as a whole (not an array, too many entries) fails with a 4xx.
 */
import { badRequest, tooManyIds } from '../http/errors';
import { isRecord } from '../http/query';
import type { AuthContext } from '../http/types';
import { dayAtOffset, parseDay } from '../util/dates';
import type { World } from '../world';
import type { FailableOperation } from './failures';
import {
	SELLER_CANCELLATION_REASONS,
	cancelItems,
	earliestOrderDate,
	liveItems,
	setLiveState,
	stateOf,
	type Dimensions,
	type InvoiceRecord,
	type ShipmentRecord,
	type TaxItemRecord,
} from './model';
import { ERROR_CODES as E, failure, success, type ItemOutcome } from './results';

export const BATCH_LIMIT = 25;

/**
 * The checks every operation starts with: the entry names a shipment of this seller, no failure
 * was injected for it, and the location matches (when the operation carries one).
 */
function resolve(
	world: World,
	auth: AuthContext,
	shipmentId: unknown,
	locationId: unknown,
	op: FailableOperation,
	needsLocation: boolean,
): ShipmentRecord | ItemOutcome {
	if (typeof shipmentId !== 'string' || shipmentId === '')
		return failure(null, E.invalidShipments, 'shipmentId is required');
	const shipment = world.shipments.getForSeller(auth.sellerId, shipmentId);
	if (!shipment)
		return failure(
			shipmentId,
			E.invalidShipments,
			`Shipment ${shipmentId} does not exist for seller ${auth.sellerId}`,
		);
	const injected = world.failures.take(shipmentId, op);
	if (injected) return failure(shipmentId, injected.errorCode, injected.errorMessage);
	if (needsLocation && locationId !== shipment.locationId) {
		return failure(
			shipmentId,
			E.invalidLocation,
			`Shipment ${shipmentId} belongs to location ${shipment.locationId}, not ${String(locationId)}`,
		);
	}
	return shipment;
}

const isOutcome = (v: ShipmentRecord | ItemOutcome): v is ItemOutcome => !('items' in v);

/**
 * A `{"shipments": [...]}` batch, answered per entry: an entry that is not an object or fails the
 * common checks gets its failure; `fn` decides on the others.
 */
function eachShipmentEntry(
	world: World,
	auth: AuthContext,
	body: unknown,
	op: FailableOperation,
	needsLocation: boolean,
	fn: (entry: Record<string, unknown>, shipment: ShipmentRecord) => ItemOutcome,
): ItemOutcome[] {
	if (!isRecord(body) || !Array.isArray(body.shipments))
		throw badRequest('The request body must be an object with a "shipments" array');
	const list: unknown[] = body.shipments;
	if (list.length === 0) throw badRequest('"shipments" must not be empty');
	if (list.length > BATCH_LIMIT) throw tooManyIds(BATCH_LIMIT, list.length, 'shipments');
	return list.map((entry) => {
		if (!isRecord(entry))
			return failure(null, E.invalidRequest, 'Each shipment entry must be an object');
		const shipment = resolve(world, auth, entry.shipmentId, entry.locationId, op, needsLocation);
		return isOutcome(shipment) ? shipment : fn(entry, shipment);
	});
}

// ------------------------------------------------------------------ labels

export function generateLabels(world: World, auth: AuthContext, body: unknown): ItemOutcome[] {
	return eachShipmentEntry(world, auth, body, 'labels', true, (entry, shipment) => {
		const id = shipment.shipmentId;
		const now = world.now();
		const state = stateOf(shipment);
		if (state !== 'APPROVED')
			return failure(
				id,
				E.invalidState,
				`Labels can be generated only for APPROVED shipments; ${id} is ${state}`,
			);
		if (shipment.hold) return failure(id, E.onHold, `Shipment ${id} is on hold`);
		if (now < shipment.dispatchAfterMs)
			return failure(
				id,
				E.notYetDispatchable,
				`Shipment ${id} cannot be processed before its dispatchAfterDate`,
			);

		const invoices = parseInvoices(shipment, entry.invoices, now);
		if (!Array.isArray(invoices)) return invoices;
		const taxItems = parseTaxItems(shipment, entry.taxItems);
		if (!Array.isArray(taxItems)) return taxItems;
		const dimensions = parseDimensions(shipment, entry.subShipments);
		if (!(dimensions instanceof Map)) return dimensions;
		const serials = parseSerials(shipment, entry.serialNumbers);
		if (!Array.isArray(serials)) return serials;

		shipment.invoices = invoices.map((inv) => ({
			...inv,
			invoiceNumber: inv.invoiceNumber || world.factory.invoiceNumber(),
		}));
		shipment.taxItems = taxItems;
		shipment.serialNumbers = serials;
		for (const sub of shipment.subShipments) {
			const dims = dimensions.get(sub.subShipmentId);
			if (dims) sub.dimensions = dims;
		}
		setLiveState(shipment, 'PACKING_IN_PROGRESS', now);
		world.packing.schedule(shipment, world.config.packingDelayMs);
		return success(id);
	});
}

/**
 * Invoices: orderId and invoiceDate are required; invoiceDate is a calendar date, yyyy-MM-dd
 * (docs/marketplace-api/shipments.md#shipment-record), from the order date to today. Both bounds are read in any time zone (UTC-12 ..
 * UTC+14), because the seller's workflow may run in another zone than the marketplace's +05:30
 * (docs/api-choices.md#generate-labels).
 */
function parseInvoices(
	shipment: ShipmentRecord,
	raw: unknown,
	now: number,
): InvoiceRecord[] | ItemOutcome {
	const id = shipment.shipmentId;
	if (!Array.isArray(raw) || raw.length === 0)
		return failure(id, E.missingInvoice, 'invoices are required (orderId, invoiceDate)');
	const out: InvoiceRecord[] = [];
	const earliest = dayAtOffset(earliestOrderDate(shipment), -12);
	const latest = dayAtOffset(now, 14);
	for (const inv of raw) {
		if (!isRecord(inv) || typeof inv.orderId !== 'string' || inv.orderId === '')
			return failure(id, E.missingInvoice, 'invoices[].orderId is required');
		if (inv.orderId !== shipment.orderId)
			return failure(id, E.missingInvoice, `Order ${inv.orderId} is not part of shipment ${id}`);
		if (inv.invoiceDate === undefined || inv.invoiceDate === null || inv.invoiceDate === '')
			return failure(id, E.missingInvoice, 'invoices[].invoiceDate is required');
		const date = parseDay(inv.invoiceDate);
		if (date === undefined)
			return failure(
				id,
				E.invalidInvoiceDate,
				`invoiceDate must be a date (yyyy-MM-dd), got ${JSON.stringify(inv.invoiceDate)}`,
			);
		if (date < earliest || date > latest)
			return failure(
				id,
				E.invalidInvoiceDate,
				'invoiceDate must lie between the order date and today',
			);
		if (inv.invoiceNumber !== undefined && typeof inv.invoiceNumber !== 'string')
			return failure(id, E.invalidRequest, 'invoices[].invoiceNumber must be a text');
		out.push({
			orderId: inv.orderId,
			invoiceNumber: typeof inv.invoiceNumber === 'string' ? inv.invoiceNumber : '',
			invoiceDate: date,
		});
	}
	if (!out.some((inv) => inv.orderId === shipment.orderId))
		return failure(id, E.missingInvoice, `No invoice for order ${shipment.orderId}`);
	return out;
}

function parseTaxItems(shipment: ShipmentRecord, raw: unknown): TaxItemRecord[] | ItemOutcome {
	const id = shipment.shipmentId;
	const list = Array.isArray(raw) ? raw : [];
	const out: TaxItemRecord[] = [];
	for (const t of list) {
		if (!isRecord(t) || typeof t.orderItemId !== 'string')
			return failure(id, E.invalidOrderItem, 'taxItems[].orderItemId is required');
		const item = shipment.items.find((i) => i.orderItemId === t.orderItemId);
		if (!item)
			return failure(
				id,
				E.invalidOrderItem,
				`Order item ${t.orderItemId} is not part of shipment ${id}`,
			);
		if (
			typeof t.taxRate !== 'number' ||
			!Number.isFinite(t.taxRate) ||
			t.taxRate < 0 ||
			t.taxRate > 100
		) {
			return failure(
				id,
				E.invalidTaxRate,
				`taxRate of order item ${t.orderItemId} must be a number from 0 to 100`,
			);
		}
		if (
			t.quantity !== undefined &&
			!(typeof t.quantity === 'number' && Number.isInteger(t.quantity) && t.quantity > 0)
		) {
			return failure(
				id,
				E.invalidRequest,
				`taxItems[].quantity of order item ${t.orderItemId} must be a whole number above 0`,
			);
		}
		out.push({
			orderItemId: t.orderItemId,
			taxRate: t.taxRate,
			quantity: typeof t.quantity === 'number' ? t.quantity : item.quantity,
		});
	}
	const missing = liveItems(shipment).find(
		(i) => !out.some((t) => t.orderItemId === i.orderItemId),
	);
	if (missing)
		return failure(
			id,
			E.invalidTaxRate,
			`taxRate is required for order item ${missing.orderItemId}`,
		);
	return out;
}

function parseDimensions(
	shipment: ShipmentRecord,
	raw: unknown,
): Map<string, Dimensions> | ItemOutcome {
	const id = shipment.shipmentId;
	const out = new Map<string, Dimensions>();
	if (raw === undefined || raw === null) return out;
	if (!Array.isArray(raw))
		return failure(id, E.invalidSubShipment, 'subShipments must be an array');
	for (const sub of raw) {
		if (!isRecord(sub) || typeof sub.subShipmentId !== 'string')
			return failure(id, E.invalidSubShipment, 'subShipments[].subShipmentId is required');
		if (!shipment.subShipments.some((s) => s.subShipmentId === sub.subShipmentId)) {
			return failure(
				id,
				E.invalidSubShipment,
				`Sub-shipment ${sub.subShipmentId} is not part of shipment ${id}`,
			);
		}
		const d = sub.dimensions;
		const keys = ['length', 'breadth', 'height', 'weight'] as const;
		if (!isRecord(d) || keys.some((k) => typeof d[k] !== 'number' || !((d[k] as number) > 0))) {
			return failure(
				id,
				E.invalidDimensions,
				`Dimensions of ${sub.subShipmentId} need positive length, breadth, height and weight`,
			);
		}
		out.set(sub.subShipmentId, {
			length: d.length as number,
			breadth: d.breadth as number,
			height: d.height as number,
			weight: d.weight as number,
		});
	}
	return out;
}

function parseSerials(
	shipment: ShipmentRecord,
	raw: unknown,
): ShipmentRecord['serialNumbers'] | ItemOutcome {
	if (raw === undefined || raw === null) return [];
	const id = shipment.shipmentId;
	if (!Array.isArray(raw)) return failure(id, E.invalidRequest, 'serialNumbers must be an array');
	const out: ShipmentRecord['serialNumbers'] = [];
	for (const s of raw) {
		if (
			!isRecord(s) ||
			typeof s.orderItemId !== 'string' ||
			!shipment.items.some((i) => i.orderItemId === s.orderItemId)
		) {
			return failure(
				id,
				E.invalidOrderItem,
				'serialNumbers[].orderItemId must name an order item of the shipment',
			);
		}
		const serials = Array.isArray(s.serialNumbers)
			? s.serialNumbers.map((group) => (Array.isArray(group) ? group.map(String) : [String(group)]))
			: [];
		out.push({ orderItemId: s.orderItemId, serialNumbers: serials });
	}
	return out;
}

// ------------------------------------------------------------------ dispatch

export function markReadyToDispatch(world: World, auth: AuthContext, body: unknown): ItemOutcome[] {
	if (!isRecord(body))
		throw badRequest('The request body must be an object {shipmentIds, locationId}');
	if (!Array.isArray(body.shipmentIds) || body.shipmentIds.length === 0)
		throw badRequest('shipmentIds is mandatory (a non-empty array)');
	if (typeof body.locationId !== 'string' || body.locationId === '')
		throw badRequest('locationId is mandatory');
	if (body.shipmentIds.length > BATCH_LIMIT) throw tooManyIds(BATCH_LIMIT, body.shipmentIds.length);
	return body.shipmentIds.map((shipmentId: unknown) => {
		const shipment = resolve(world, auth, shipmentId, body.locationId, 'dispatch', true);
		if (isOutcome(shipment)) return shipment;
		const state = stateOf(shipment);
		if (state !== 'PACKED')
			return failure(
				shipment.shipmentId,
				E.invalidState,
				`Only PACKED shipments can be marked ready to dispatch; ${shipment.shipmentId} is ${state}`,
			);
		setLiveState(shipment, 'READY_TO_DISPATCH', world.now());
		world.notifier.autoShipmentEvent('shipment_ready_to_dispatch', shipment);
		return success(shipment.shipmentId);
	});
}

// ------------------------------------------------------------------ cancel

export function cancelShipments(world: World, auth: AuthContext, body: unknown): ItemOutcome[] {
	return eachShipmentEntry(world, auth, body, 'cancel', true, (entry, shipment) => {
		const id = shipment.shipmentId;
		if (
			typeof entry.reason !== 'string' ||
			!(SELLER_CANCELLATION_REASONS as readonly string[]).includes(entry.reason)
		) {
			return failure(
				id,
				E.invalidReason,
				`reason must be one of ${SELLER_CANCELLATION_REASONS.join(', ')}`,
			);
		}
		const state = stateOf(shipment);
		if (state !== 'APPROVED' && state !== 'PACKING_IN_PROGRESS')
			return failure(
				id,
				E.invalidState,
				`Shipments can be cancelled only before PACKED; ${id} is ${state}`,
			);
		const groups = entry.cancellationGroupIds;
		if (!Array.isArray(groups) || groups.length === 0)
			return failure(
				id,
				E.invalidCancellationGroup,
				'cancellationGroupIds must be a non-empty array',
			);
		const live = liveItems(shipment);
		const items = live.filter((i) => groups.includes(i.cancellationGroupId));
		const unknown = groups.find((g) => !live.some((i) => i.cancellationGroupId === g));
		if (unknown !== undefined)
			return failure(
				id,
				E.invalidCancellationGroup,
				`Cancellation group ${String(unknown)} is not an open group of shipment ${id}`,
			);
		cancelItems(shipment, items, 'sellerCancellation', entry.reason, null, world.now());
		world.notifier.autoShipmentEvent('shipment_cancelled', shipment, { cancelledItems: items });
		return success(id);
	});
}

// ------------------------------------------------------------------ forms acknowledgement

export function acknowledgeForms(world: World, auth: AuthContext, body: unknown): ItemOutcome[] {
	return eachShipmentEntry(world, auth, body, 'updateAck', false, (entry, shipment) => {
		const id = shipment.shipmentId;
		const state = stateOf(shipment);
		if (state !== 'FORM_FAILED')
			return failure(
				id,
				E.invalidState,
				`Acknowledgements are accepted only for FORM_FAILED shipments; ${id} is ${state}`,
			);
		if (!Array.isArray(entry.forms) || entry.forms.length === 0)
			return failure(id, E.invalidForms, 'forms must be a non-empty array of {name, ackNumber}');
		for (const f of entry.forms) {
			if (!isRecord(f) || typeof f.name !== 'string')
				return failure(id, E.invalidForms, 'forms[].name is required');
			if (!shipment.forms.some((form) => form.name === f.name))
				return failure(id, E.invalidForms, `Shipment ${id} has no form ${f.name}`);
			if (typeof f.ackNumber !== 'string' || f.ackNumber.trim() === '')
				return failure(id, E.missingAckNumber, `ackNumber is required for form ${f.name}`);
		}
		for (const f of entry.forms as Array<{ name: string; ackNumber: string }>) {
			const form = shipment.forms.find((x) => x.name === f.name);
			if (form) {
				form.failed = false;
				form.ackNumber = f.ackNumber;
			}
		}
		if (!shipment.forms.some((f) => f.failed)) setLiveState(shipment, 'PACKED', world.now());
		return success(id);
	});
}
