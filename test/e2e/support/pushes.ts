/** Push helpers: fresh notifications, redeliveries and the checks every delivery gets. */
import type { Execution } from '../../../scripts/e2e/lib';
import type {
	DeliveryResult,
	Envelope,
	EventType,
	SendResult,
	Simulator,
} from '../../../simulator';
import { nodeOutput, TRIGGER_NODE } from './workflows';

export const LOCATION = 'LOC-DEMO-1';

/** A shipment nobody has pushed about yet, so its shipment_created envelope is new. */
export function freshShipment(sim: Simulator): string {
	return sim.control.seedShipments({ locationId: LOCATION, count: 1 }).shipmentIds[0];
}

/** A new, never delivered shipment_created push (correctly signed unless switches say otherwise). */
export async function pushFresh(
	sim: Simulator,
	switches: Record<string, unknown> = {},
): Promise<SendResult> {
	const result = await sim.control.sendNotification({
		eventType: 'shipment_created',
		shipmentId: freshShipment(sim),
		...switches,
	});
	if (result.skipped) throw new Error(`push skipped: ${result.skipped}`);
	return result;
}

/** The same envelope again, signed now (a fresh X_Date): what the marketplace's retry looks like. */
export async function redeliver(
	sim: Simulator,
	envelope: Envelope,
	switches: Record<string, unknown> = {},
): Promise<SendResult> {
	const result = await sim.control.sendNotification({
		eventType: envelope.eventType as EventType,
		shipmentId: envelope.shipmentId,
		returnId: envelope.returnId,
		body: envelope,
		...switches,
	});
	if (result.skipped) throw new Error(`redelivery skipped: ${result.skipped}`);
	return result;
}

/** Status and body of each delivery, for readable assertion failures. */
export function answers(
	result: SendResult,
): Array<{ status: number | null; body: string | null; error: string | null }> {
	return result.deliveries.map((d: DeliveryResult) => ({
		status: d.status,
		body: d.responseBody,
		error: d.error,
	}));
}

/** The item the trigger emitted in an execution. */
export function triggerItem(execution: Execution): Record<string, unknown> {
	const items = nodeOutput(execution, TRIGGER_NODE);
	if (items.length !== 1)
		throw new Error(`execution ${execution.id}: the trigger emitted ${items.length} items`);
	return items[0].json;
}

/** Whether an execution's trigger item carries this envelope (same event, ids and timestamp). */
export function carries(execution: Execution, envelope: Envelope): boolean {
	const item = triggerItem(execution);
	return (
		item.eventType === envelope.eventType &&
		item.timestamp === envelope.timestamp &&
		item.shipmentId === envelope.shipmentId &&
		item.returnId === envelope.returnId
	);
}

/** The executions whose trigger item carries this envelope. */
export function withEnvelope(executions: Execution[], envelope: Envelope): Execution[] {
	return executions.filter((execution) => carries(execution, envelope));
}
