/**
 * What the self-ship calls share (docs/marketplace-api/self-ship.md): one shipment per input
 * item, picked or given by ID, with its location; up to 100 shipments per request; every
 * required field checked before anything is sent, all missing ones named in one message.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { readDate, todayAtOffsetOf } from '../../helpers/dates';
import { runBatches } from '../../helpers/execution';
import { locatorValue } from '../../helpers/parameters';
import { shipmentAction } from '../../helpers/results';
import { PATHS } from '../../../shared/profile';
import { isDotSegment } from '../../../shared/validators';

/** Self-ship dispatch, delivery and delivery attempt: 100 shipments per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const SELF_SHIP_BATCH_SIZE = 100;

/** Collects the labels of missing required fields and refuses them all at once. */
export class RequiredFields {
	private readonly missing: string[] = [];

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
	) {}

	text(parameter: string, label: string): string {
		const value = locatorValue(
			this.context.getNodeParameter(parameter, this.itemIndex, '', { extractValue: true }),
		);
		if (value === '') this.missing.push(label);
		return value;
	}

	/** A required date-time, sent with the seller's offset; '' when missing. */
	dateTime(parameter: string, label: string): string {
		const raw = this.context.getNodeParameter(parameter, this.itemIndex, '') as unknown;
		const value = readDate(this.context, raw, this.itemIndex, label, 'dateTime');
		if (value === undefined) this.missing.push(label);
		return value ?? '';
	}

	/** A date-time value (not a parameter name), with the seller's offset. */
	dateTimeValue(value: unknown, label: string): string | undefined {
		return readDate(this.context, value, this.itemIndex, label, 'dateTime');
	}

	/** Marks a field as missing when `present` is false. */
	require(present: boolean, label: string): void {
		if (!present) this.missing.push(label);
	}

	/** Throws, naming every missing field, when any is missing. */
	check(operation: string): void {
		if (this.missing.length === 0) return;
		const list = this.missing.join(', ');
		throw new NodeOperationError(
			this.context.getNode(),
			`${operation}: ${this.missing.length === 1 ? 'a required field is' : 'required fields are'} empty: ${list}`,
			{
				itemIndex: this.itemIndex,
				description: `Nothing was sent. Fill in ${list} (an expression such as {{ $json.shipmentId }} can read it from the input item).`,
			},
		);
	}
}

/** The shipment ID of the item: not a dot segment and without spaces. */
export function checkShipmentId(context: IExecuteFunctions, id: string, itemIndex: number): void {
	if (id !== '' && (isDotSegment(id) || /[\s,/]/.test(id))) {
		throw new NodeOperationError(context.getNode(), `Shipment ID "${id}" is not valid`, {
			itemIndex,
			description:
				'Give one shipment ID per item, without spaces, commas or slashes. Nothing was sent.',
		});
	}
}

/** Refuses a date that breaks a rule of the call, naming the field and the rule. */
export function checkDay(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: string,
	rule: 'notAfterToday' | 'notBeforeToday',
): void {
	if (value === '') return;
	const day = value.slice(0, 10);
	const today = todayAtOffsetOf(value);
	const broken = rule === 'notAfterToday' ? day > today : day < today;
	if (!broken) return;
	throw new NodeOperationError(
		context.getNode(),
		`${label} ${day} is ${rule === 'notAfterToday' ? 'after' : 'before'} today (${today})`,
		{
			itemIndex,
			description: `The marketplace refuses a ${label} ${rule === 'notAfterToday' ? 'in the future' : 'in the past'}. Nothing was sent: correct the date.`,
		},
	);
}

/** One batched self-ship call: its path under selfShip/, its name in messages, its own fields. */
export interface SelfShipCall {
	call: 'dispatch' | 'delivery' | 'deliveryAttempt';
	operation: string;
	/**
	 * Reads the call's own fields of one item, marking the missing ones in `required`; returns
	 * what checks their values and gives the rest of the shipment's entry once none is missing.
	 */
	read: (required: RequiredFields, itemIndex: number) => () => IDataObject;
}

/**
 * Runs a batched self-ship call: per item the shipment and its location, then the call's fields,
 * all checked before anything is sent; 100 shipments per request, the state read back when an
 * answer is lost (helpers/stateCheck.ts).
 */
export async function runSelfShip(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	selfShip: SelfShipCall,
): Promise<INodeExecutionData[]> {
	return await runBatches<IDataObject>(context, items, {
		read: (itemIndex) => {
			const required = new RequiredFields(context, itemIndex);
			const shipmentId = required.text('shipmentId', 'Shipment');
			const locationId = required.text('locationId', 'Location');
			const finish = selfShip.read(required, itemIndex);
			required.check(selfShip.operation);
			checkShipmentId(context, shipmentId, itemIndex);
			return [{ id: shipmentId, payload: { shipmentId, locationId, ...finish() } }];
		},
		...shipmentAction<IDataObject>(context, {
			path: `${PATHS.shipments}/selfShip/${selfShip.call}`,
			body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
			operation: selfShip.operation,
			size: SELF_SHIP_BATCH_SIZE,
		}),
	});
}
