/**
 * PDF downloads (labels, label-only, invoices): ceil(N / limit) requests for N shipments, each
 * answer checked to be a real, non-blank PDF before it becomes n8n binary data.
 */
import {
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';

import { redactSecrets } from '../../shared/redact';
import {
	apiBinaryRequest,
	chunk,
	knownSecrets,
	type MarketplaceRequest,
} from '../../shared/transport';
import { apiError } from '../../shared/transport/errors';
import { collectUnits, errorItem, inInputOrder, type NodeFailure, type Unit } from './execution';
import { readIdList } from './parameters';
import { checkPdfDownload } from './pdf';

export interface DocumentDownload {
	/** Shipments per request: 100 for labels and invoices, 50 for label-only (docs/marketplace-api/batch-limits.md#limits-per-call). */
	batchSize: number;
	/** File name prefix, e.g. "labels". */
	fileKind: string;
	/** What the user asked for, for messages. */
	operation: string;
	method: MarketplaceRequest['method'];
	/** The path for a list of shipment IDs. */
	path: (shipmentIds: string[]) => string;
	qs?: IDataObject;
}

function fileName(kind: string, shipmentIds: string[]): string {
	const safe = shipmentIds[0].replace(/[^A-Za-z0-9_-]/g, '_');
	return shipmentIds.length === 1
		? `${kind}-${safe}.pdf`
		: `${kind}-${safe}-and-${shipmentIds.length - 1}-more.pdf`;
}

async function downloadOne(
	context: IExecuteFunctions,
	spec: DocumentDownload,
	binaryPropertyName: string,
	units: Array<Unit<unknown>>,
): Promise<INodeExecutionData> {
	const shipmentIds = [...new Set(units.map((unit) => unit.id))];
	const itemIndexes = [...new Set(units.map((unit) => unit.itemIndex))];
	const pairedItem =
		itemIndexes.length === 1 ? { item: itemIndexes[0] } : itemIndexes.map((item) => ({ item }));
	const response = await apiBinaryRequest(context, {
		method: spec.method,
		path: spec.path(shipmentIds),
		family: 'orders',
		qs: spec.qs,
		accept: 'application/pdf',
		// Downloads change nothing, also those asked for with POST (label only).
		repeatable: true,
		operation: spec.operation,
		itemIndex: itemIndexes[0],
	});
	const check = checkPdfDownload(response.body, response.contentType);
	if (!check.ok) {
		// The body of a failed download is the marketplace's text: keep tokens out of it.
		const said = check.text ? redactSecrets(check.text, knownSecrets(context)) : '';
		throw apiError(
			context.getNode(),
			{ shipmentIds: shipmentIds.join(','), reason: check.reason, body: said } as JsonObject,
			{
				message: `${spec.operation} failed for shipment${shipmentIds.length > 1 ? 's' : ''} ${shipmentIds.join(', ')}: ${check.reason}`,
				description:
					'Labels may still be generating: labels exist only once the shipment is PACKED. Use Generate Labels with "Wait Until Packed", or wait a minute and try again.' +
					(said ? ` The marketplace said: ${said}` : ''),
				itemIndex: itemIndexes[0],
			},
		);
	}
	const name = fileName(spec.fileKind, shipmentIds);
	const binary = await context.helpers.prepareBinaryData(response.body, name, 'application/pdf');
	const json: IDataObject = { shipmentIds, fileName: name, fileSize: response.body.length };
	return { json, binary: { [binaryPropertyName]: binary }, pairedItem };
}

/**
 * Downloads the documents of the shipments named by the input items (the Shipment IDs, Output
 * and Put Output File in Field parameters), in input order.
 */
export async function downloadDocuments(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	spec: DocumentDownload,
): Promise<INodeExecutionData[]> {
	// One output item per file, not per shipment: the units are read here, not by runBatches.
	const { units, rejected } = collectUnits<null>(context, items, (itemIndex) =>
		readIdList(context, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({
			id,
			payload: null,
		})),
	);
	// One file per request for all input items (fewest requests), or per input item.
	const outputMode = context.getNodeParameter('outputMode', 0, 'perBatch') as
		| 'perBatch'
		| 'perItem';
	const binaryPropertyName = context.getNodeParameter('binaryPropertyName', 0, 'data') as string;
	const groups: Array<Array<Unit<unknown>>> = [];
	if (outputMode === 'perItem') {
		const byItem = new Map<number, Array<Unit<unknown>>>();
		for (const unit of units)
			byItem.set(unit.itemIndex, [...(byItem.get(unit.itemIndex) ?? []), unit]);
		for (const itemUnits of byItem.values()) groups.push(...chunk(itemUnits, spec.batchSize));
	} else {
		groups.push(...chunk(units, spec.batchSize));
	}
	const output: INodeExecutionData[] = [];
	for (const group of groups) {
		let item: INodeExecutionData | undefined;
		let failure: NodeFailure | undefined;
		try {
			item = await downloadOne(context, spec, binaryPropertyName, group);
		} catch (error) {
			failure = error as NodeFailure;
		}
		if (item !== undefined) {
			output.push(item);
			continue;
		}
		if (!context.continueOnFail()) throw failure;
		// Every input item of the failed request gets its own error item.
		for (const itemIndex of new Set(group.map((unit) => unit.itemIndex))) {
			const ids = group.filter((unit) => unit.itemIndex === itemIndex).map((unit) => unit.id);
			output.push(
				errorItem(context, failure as NodeFailure, { item: itemIndex }, { shipmentIds: ids }),
			);
		}
	}
	return inInputOrder(rejected, output);
}
