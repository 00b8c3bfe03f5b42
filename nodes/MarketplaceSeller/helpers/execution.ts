/**
 * How operations turn input items into output items:
 * - every output item is paired to the input item(s) it came from;
 * - bad input is found before any request (NodeOperationError), and under continueOnFail it
 *   becomes an error item for that input item alone;
 * - an operation that sends one request (or one paged search) per item handles one item; the
 *   router loops over the items (`runEachItem`);
 * - a batched operation makes one call, `runBatches`: items -> units (IDs) -> ceil(N / size)
 *   requests -> the marketplace's result per unit -> one output item per unit, in input order,
 *   so one failed shipment fails only its own item.
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

/** What an operation that handles one item returns: json objects, or items with binary data. */
export type ItemResult = IDataObject | IDataObject[] | INodeExecutionData[];

/**
 * The router's loop for operations that handle one item: each item's results paired with it
 * (n8n's returnJsonArray and constructExecutionMetaData), a failure stopping the node or, under
 * continueOnFail, becoming that item's error item.
 */
export async function runEachItem(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	run: (itemIndex: number) => Promise<ItemResult>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		let produced: ItemResult;
		try {
			produced = await run(itemIndex);
		} catch (error) {
			output.push(
				continueOrStop(context, asNodeFailure(context, error, itemIndex), { item: itemIndex }),
			);
			continue;
		}
		const list = Array.isArray(produced) ? produced : [produced];
		const asItems = list.every(isItem)
			? (list as INodeExecutionData[])
			: context.helpers.returnJsonArray(list as IDataObject[]);
		output.push(
			...context.helpers.constructExecutionMetaData(asItems, { itemData: { item: itemIndex } }),
		);
	}
	return output;
}

function isItem(entry: unknown): boolean {
	return (
		entry !== null &&
		typeof entry === 'object' &&
		'json' in entry &&
		typeof (entry as INodeExecutionData).json === 'object'
	);
}

/** One thing a batched call acts on (a shipment, an order item, a SKU) and where it came from. */
export interface Unit<P> {
	itemIndex: number;
	/** Shipment ID, SKU, ... as the marketplace reports it back. */
	id: string;
	payload: P;
}

/** What the marketplace's answer says of a unit it refused or left out, and what to do. */
export interface UnitProblem {
	message: string;
	description: string;
}

export type UnitOutcome =
	/** A list of json objects gives one output item each (an order split into shipments). */
	| { ok: true; json: IDataObject | IDataObject[] }
	/**
	 * `json` identifies the unit in its error item; `details` (by default `json`) goes into the
	 * error's details.
	 */
	| { ok: false; error: NodeFailure | UnitProblem; json?: IDataObject; details?: IDataObject };

function failureOf(
	context: IExecuteFunctions,
	unit: Unit<unknown>,
	outcome: Extract<UnitOutcome, { ok: false }>,
): NodeFailure {
	const { error } = outcome;
	if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
	return apiError(context.getNode(), { ...(outcome.details ?? outcome.json ?? {}) } as JsonObject, {
		...error,
		itemIndex: unit.itemIndex,
	});
}

/**
 * Reads every input item into units, validating before anything is sent. Under continueOnFail
 * an invalid item becomes an error item; otherwise the first invalid item stops the node. (Used
 * by runBatches, and by the document downloads, whose output is one file per request.)
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

/** How messages name one unit, by the field that identifies it. */
const UNIT_NOUNS: Record<string, [string, string]> = {
	shipmentId: ['shipment', 'shipments'],
	sku: ['SKU', 'SKUs'],
	id: ['ID', 'IDs'],
	returnId: ['return', 'returns'],
	serviceFulfilmentId: ['service', 'services'],
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
async function executeInBatches<P>(
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
		const results: UnitOutcome[] = batch.map(
			(unit, position): UnitOutcome =>
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
				const found = context.helpers.returnJsonArray(outcome.json);
				output.push(...context.helpers.constructExecutionMetaData(found, { itemData: pairedItem }));
				continue;
			}
			const error = failureOf(context, unit, outcome);
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

/** How a batched operation reads, sends and answers its units (see runBatches). */
export interface BatchSpec<P> {
	/**
	 * The units of one input item: IDs, or IDs with what the request needs of each. Read and
	 * checked for every item before anything is sent; throw a NodeOperationError for bad input.
	 */
	read: (itemIndex: number) => Array<string | { id: string; payload: P }>;
	/** Units per request: the marketplace's batch limit (docs/marketplace-api/batch-limits.md). */
	size: number;
	/** One request for a batch: the outcome of each unit, in the batch's order. */
	send: (batch: Array<Unit<P>>) => Promise<UnitOutcome[]>;
	/** How error items name their unit: shipmentId (default), sku, id. */
	idField?: string;
	/** 'changes' for writes: when the node stops, the error lists what was already done. */
	effect?: 'changes' | 'reads';
	/** Units with different keys never share a request (one lookup kind, one location per call). */
	groupBy?: (unit: Unit<P>) => string;
}

/**
 * A batched operation in one call: items -> units -> requests of `size` units -> the outcome per
 * unit -> one output item per unit (several for a unit that finds several records), in input
 * order, paired with its input item; bad input and failed units become error items under
 * continueOnFail, or stop the node.
 */
export async function runBatches<P = undefined>(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	spec: BatchSpec<P>,
): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<P>(context, items, (itemIndex) =>
		spec
			.read(itemIndex)
			.map((unit) => (typeof unit === 'string' ? { id: unit, payload: undefined as P } : unit)),
	);
	const groups = new Map<string, Array<Unit<P>>>();
	for (const unit of units) {
		const key = spec.groupBy?.(unit) ?? '';
		const group = groups.get(key);
		if (group === undefined) groups.set(key, [unit]);
		else group.push(unit);
	}
	const output: INodeExecutionData[] = [];
	for (const group of groups.values()) {
		output.push(
			...(await executeInBatches(context, group, spec.size, spec.send, spec.idField, spec.effect)),
		);
	}
	return inInputOrder(rejected, output);
}
