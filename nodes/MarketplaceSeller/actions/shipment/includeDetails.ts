/**
 * Shipment > Get Many and Get, option Include Details: each shipment item gets its shipping details
 * (addresses, buyer details, courier and tracking ID, weighing) from Get Details, one call per 100
 * shipments across all items (docs/marketplace-api/shipments.md#shipping-details), so N shipments cost ceil(N / 100) extra calls.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IPairedItemData,
} from 'n8n-workflow';

import type { NodeFailure } from '../../helpers/execution';
import { apiRequest, chunk, idsInPath, listOf } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';

/** Get Details takes up to 100 shipment IDs per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const DETAILS_BATCH_SIZE = 100;

export const includeDetailsProperty: INodeProperties = {
	displayName: 'Include Details',
	name: 'includeDetails',
	type: 'boolean',
	default: false,
	description:
		"Whether to add each shipment's details (addresses, buyer, courier and tracking ID, weighing) to its item: one extra Get Details call per 100 shipments",
};

function firstItemIndex(item: INodeExecutionData): number {
	const paired = item.pairedItem;
	const first = Array.isArray(paired) ? paired[0] : paired;
	return typeof first === 'number' ? first : ((first as IPairedItemData | undefined)?.item ?? 0);
}

/**
 * Adds the details to every shipment item whose input item asked for them, raw or simplified
 * (actions/shipment/simplify.ts keeps merged fields). The shipment's own fields win where both
 * have one; error items are left as they are.
 * A failed details call fails the node, or under continueOnFail marks its shipments with
 * `detailsError` and keeps them.
 */
export async function addShipmentDetails(
	context: IExecuteFunctions,
	output: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const wanted = output.filter(
		(item) =>
			item.json.error === undefined &&
			typeof item.json.shipmentId === 'string' &&
			context.getNodeParameter('includeDetails', firstItemIndex(item), false) === true,
	);
	const ids = [...new Set(wanted.map((item) => item.json.shipmentId as string))];
	const details = new Map<string, IDataObject>();
	const failures = new Map<string, string>();
	for (const batch of chunk(ids, DETAILS_BATCH_SIZE)) {
		const itemIndex = firstItemIndex(
			wanted.find((item) => item.json.shipmentId === batch[0]) as INodeExecutionData,
		);
		let failure: NodeFailure | undefined;
		try {
			const response = await apiRequest<IDataObject>(context, {
				method: 'GET',
				path: `${PATHS.shipments}/${idsInPath(batch)}`,
				family: 'orders',
				expect: { shipments: 'list' },
				operation: 'Get shipment details',
				itemIndex,
			});
			for (const shipment of listOf(response.shipments))
				details.set(String(shipment.shipmentId), shipment);
		} catch (error) {
			// The transport throws NodeApiError / NodeOperationError only.
			failure = error as NodeFailure;
		}
		if (failure === undefined) continue;
		if (!context.continueOnFail()) throw failure;
		for (const id of batch) failures.set(id, failure.message);
	}
	return output.map((item) => {
		if (!wanted.includes(item)) return item;
		const id = item.json.shipmentId as string;
		const found = details.get(id);
		if (found === undefined) {
			return {
				...item,
				json: {
					...item.json,
					detailsError: failures.get(id) ?? `No details found for shipment ${id}`,
				},
			};
		}
		// The details' order items are the record's own; leaving them out keeps a simplified row flat.
		const added = Object.fromEntries(
			Object.entries(found).filter(([key]) => key !== 'orderItems' && !(key in item.json)),
		);
		return { ...item, json: { ...item.json, ...added } };
	});
}
