/**
 * How operations turn input items into output items:
 * - every output item is paired to the input item(s) it came from;
 * - bad input is found before any request (NodeOperationError), and under continueOnFail it
 *   becomes an error item for that input item alone;
 * - batched operations send ceil(N / limit) requests for N units and give each unit its own
 *   result, so one failed shipment fails only its own item.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IPairedItemData,
	type JsonObject,
} from 'n8n-workflow';

import { chunk } from '../../shared/transport';
import { apiError } from '../../shared/transport/errors';
import { readIdList } from './parameters';

export type NodeFailure = NodeApiError | NodeOperationError;

function asNodeFailure(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeFailure {
	if (error instanceof NodeOperationError || (error as NodeApiError)?.name === 'NodeApiError') {
		const failure = error as NodeFailure;
		if (failure.context && failure.context.itemIndex === undefined)
			failure.context.itemIndex = itemIndex;
		return failure;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * The error item continueOnFail produces: the message, plus what identifies the failed unit.
 * Under "On Error: Continue (using error output)" n8n sends an item to the error output only when
 * its JSON holds nothing but error, message and details (n8n-core 2.40.7,
 * dist/execution-engine/workflow-execute.js, handleNodeErrorOutput, lines 1621-1627; an item's
 * own `error` would not do: n8n then replaces its JSON with the message alone, normalizeNodeErrors),
 * so there the rest
 * goes under details.
 */
export function errorItem(
	context: IExecuteFunctions,
	error: NodeFailure,
	pairedItem: IPairedItemData | IPairedItemData[],
	extra: IDataObject = {},
): INodeExecutionData {
	const description = error.description ? { errorDescription: error.description } : {};
	const json =
		context.getNode().onError === 'continueErrorOutput'
			? { error: error.message, details: { ...extra, ...description } }
			: { ...extra, error: error.message, ...description };
	return { json, pairedItem };
}

/**
 * The node's one continueOnFail decision: without "On Error: Continue" the failure stops the node
 * (after `beforeStop` has added what the user must know), with it the failure becomes an error
 * item paired to its input item, the other items carry on.
 */
function continueOrStop(
	context: IExecuteFunctions,
	failure: NodeFailure,
	pairedItem: IPairedItemData,
	extra: IDataObject = {},
	beforeStop?: () => void,
): INodeExecutionData {
	if (!context.continueOnFail()) {
		beforeStop?.();
		throw failure;
	}
	return errorItem(context, failure, pairedItem, extra);
}

/** Runs `run` for each input item; errors stop the node unless continueOnFail is on. */
export async function forEachItem(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	run: (
		itemIndex: number,
		item: INodeExecutionData,
	) => Promise<INodeExecutionData[] | IDataObject[] | IDataObject>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let produced: INodeExecutionData[] | IDataObject[] | IDataObject;
		try {
			produced = await run(itemIndex, items[itemIndex]);
		} catch (error) {
			output.push(
				continueOrStop(context, asNodeFailure(context, error, itemIndex), { item: itemIndex }),
			);
			continue;
		}
		const list = Array.isArray(produced) ? produced : [produced as IDataObject];
		for (const entry of list) {
			const isItem =
				entry !== null &&
				typeof entry === 'object' &&
				'json' in entry &&
				typeof entry.json === 'object';
			output.push(
				isItem
					? {
							...(entry as INodeExecutionData),
							pairedItem: (entry as INodeExecutionData).pairedItem ?? { item: itemIndex },
						}
					: { json: entry as IDataObject, pairedItem: { item: itemIndex } },
			);
		}
	}
	return output;
}

/** One thing a batched call acts on (a shipment, an order item, a SKU) and where it came from. */
export interface Unit<P> {
	itemIndex: number;
	/** Shipment ID, SKU, ... as the marketplace reports it back. */
	id: string;
	payload: P;
}

export type UnitOutcome =
	/** A list of json objects gives one output item each (an order split into shipments). */
	| { ok: true; json: IDataObject | IDataObject[]; binary?: INodeExecutionData['binary'] }
	| { ok: false; error: NodeFailure; json?: IDataObject };

/**
 * The outcome of a unit the marketplace refused or did not return: `json` identifies the unit in
 * its error item, `details` (by default the same) goes into the error's details.
 */
export function unitFailure(
	context: IExecuteFunctions,
	unit: Unit<unknown>,
	json: IDataObject,
	error: { message: string; description: string },
	details: IDataObject = json,
): UnitOutcome {
	return {
		ok: false,
		json,
		error: apiError(context.getNode(), { ...details } as JsonObject, {
			...error,
			itemIndex: unit.itemIndex,
		}),
	};
}

/**
 * Reads every input item into units, validating before anything is sent. Under continueOnFail
 * an invalid item becomes an error item; otherwise the first invalid item stops the node.
 */
export function collectUnits<P>(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	read: (itemIndex: number) => Array<Omit<Unit<P>, 'itemIndex'>>,
): { units: Array<Unit<P>>; rejected: INodeExecutionData[] } {
	const units: Array<Unit<P>> = [];
	const rejected: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let itemUnits: Array<Omit<Unit<P>, 'itemIndex'>>;
		try {
			itemUnits = read(itemIndex);
		} catch (error) {
			rejected.push(
				continueOrStop(context, asNodeFailure(context, error, itemIndex), { item: itemIndex }),
			);
			continue;
		}
		for (const unit of itemUnits) units.push({ ...unit, itemIndex });
	}
	return { units, rejected };
}

/** The shipment IDs of every input item (the Shipment IDs parameter), one unit per shipment. */
export function collectShipmentIds(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
): { units: Array<Unit<null>>; rejected: INodeExecutionData[] } {
	return collectUnits<null>(context, items, (itemIndex) =>
		readIdList(context, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({
			id,
			payload: null,
		})),
	);
}

/** How messages name one unit, by the field that identifies it. */
const UNIT_NOUNS: Record<string, [string, string]> = {
	shipmentId: ['shipment', 'shipments'],
	sku: ['SKU', 'SKUs'],
	id: ['ID', 'IDs'],
};

function counted(count: number, idField: string): string {
	const [one, many] = UNIT_NOUNS[idField] ?? ['item', 'items'];
	return `${count} ${count === 1 ? one : many}`;
}

/**
 * What the error says when the node stops at a failed unit: every other unit of the requests
 * already sent that succeeded, by ID. For writes the marketplace has done these (they are not
 * undone); for reads their results are not output.
 */
function stopNote(succeeded: string[], idField: string, effect: 'changes' | 'reads'): string {
	if (succeeded.length === 0) return '';
	const list = succeeded.join(', ');
	return effect === 'changes'
		? ` The node stopped here, but the marketplace had already done this for ${counted(succeeded.length, idField)} in the requests sent (not undone): ${list}. Turn on "On Error: Continue" in the node's settings to get one item per ${UNIT_NOUNS[idField]?.[0] ?? 'item'}.`
		: ` The node stopped here, so the results found for ${counted(succeeded.length, idField)} were not output: ${list}. Turn on "On Error: Continue" in the node's settings to get them with an error item for this one.`;
}

/**
 * Sends units in batches of `size` (one request per batch) and turns each unit's outcome into
 * an output item. `send` returns one outcome per unit, keyed by the unit's position in the
 * batch. A failure of the whole request fails every unit of that batch; its error items name
 * their unit under `idField` (shipmentId, sku). `effect` says whether the requests change
 * something ('changes'), for the message when the node stops.
 */
export async function executeInBatches<P>(
	context: IExecuteFunctions,
	units: Array<Unit<P>>,
	size: number,
	send: (batch: Array<Unit<P>>) => Promise<UnitOutcome[]>,
	idField = 'shipmentId',
	effect: 'changes' | 'reads' = 'reads',
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	const succeeded: string[] = [];
	for (const batch of chunk(units, size)) {
		let outcomes: UnitOutcome[] | undefined;
		let failure: NodeFailure | undefined;
		try {
			outcomes = await send(batch);
		} catch (error) {
			failure = asNodeFailure(context, error, batch[0].itemIndex);
		}
		const results: UnitOutcome[] = batch.map((unit, position) =>
			failure !== undefined
				? { ok: false, error: failure, json: { [idField]: unit.id } }
				: outcomes![position],
		);
		// The whole batch was sent: if the node stops at a unit, the batch's other successes count
		// too, also those after the failure.
		const done = [
			...succeeded,
			...batch.filter((_unit, position) => results[position].ok).map((unit) => unit.id),
		];
		for (let position = 0; position < batch.length; position++) {
			const unit = batch[position];
			const outcome = results[position];
			const pairedItem = { item: unit.itemIndex };
			if (outcome.ok) {
				succeeded.push(unit.id);
				for (const json of Array.isArray(outcome.json) ? outcome.json : [outcome.json]) {
					output.push({ json, ...(outcome.binary ? { binary: outcome.binary } : {}), pairedItem });
				}
				continue;
			}
			const { error } = outcome;
			output.push(
				continueOrStop(
					context,
					error,
					pairedItem,
					Array.isArray(outcome.json) ? {} : (outcome.json ?? {}),
					() => {
						error.description =
							`${error.description ?? ''}${stopNote(done, idField, effect)}`.trim();
						if (error.context) error.context.itemIndex = unit.itemIndex;
					},
				),
			);
		}
	}
	return output;
}

/** Keeps output in input order: rejected (invalid) items first by index, then the results. */
export function inInputOrder(...lists: INodeExecutionData[][]): INodeExecutionData[] {
	const all = lists.flat();
	const indexOf = (item: INodeExecutionData) => {
		const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
		return typeof paired === 'number' ? paired : (paired?.item ?? 0);
	};
	return all
		.map((item, position) => ({ item, position }))
		.sort((a, b) => indexOf(a.item) - indexOf(b.item) || a.position - b.position)
		.map((entry) => entry.item);
}
