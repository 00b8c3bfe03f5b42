import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IPairedItemData,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { shipmentAction } from '../../helpers/results';
import { PATHS } from '../../../shared/profile';
import { properties } from './labels/description';
import { labelRequestFromParameters } from './labels/fromParameters';
import { labelRequestFromShipment } from './labels/fromShipment';
import { validateLabelRequest, type LabelRequest } from './labels/labelRequest';
import { PACKED_OR_LATER, waitUntilPacked } from './labels/packingPoller';

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['generateLabels'] } },
	properties,
);

/** One input item's label request, by the chosen Label Details mode, checked before anything is sent. */
function readLabelRequest(
	context: IExecuteFunctions,
	item: INodeExecutionData,
	itemIndex: number,
): LabelRequest {
	const mode = context.getNodeParameter('labelInput', itemIndex, 'fields') as string;
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const request =
		mode === 'shipment'
			? labelRequestFromShipment(context, item.json, itemIndex)
			: labelRequestFromParameters(context, itemIndex, mode === 'json' ? 'json' : 'fields');
	if (options.ignoreWarning === true) request.ignoreWarning = true;
	validateLabelRequest(context, request, itemIndex);
	return request;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const results = await runBatches<LabelRequest>(this, items, {
		read: (itemIndex) => {
			const request = readLabelRequest(this, items[itemIndex], itemIndex);
			return [{ id: request.shipmentId, payload: request }];
		},
		...shipmentAction<LabelRequest>(this, {
			path: `${PATHS.shipments}/labels`,
			body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
			operation: 'Generate labels',
		}),
	});
	const succeeded = results.filter((item) => item.json.status === 'SUCCESS');
	const generated = succeeded.map((item) => String(item.json.shipmentId));
	if (generated.length > 0 && this.getNodeParameter('options.waitUntilPacked', 0, false)) {
		const maxWaitSeconds = this.getNodeParameter('options.maxWaitSeconds', 0, 300) as number;
		const states = await waitUntilPacked(
			this,
			generated,
			maxWaitSeconds * 1000,
			(succeeded[0].pairedItem as IPairedItemData).item,
		);
		for (const item of results) {
			if (item.json.status !== 'SUCCESS') continue;
			const state = states.get(String(item.json.shipmentId)) ?? 'UNKNOWN';
			item.json.packingState = state;
			item.json.packed = PACKED_OR_LATER.has(state);
		}
	}
	return results;
}
