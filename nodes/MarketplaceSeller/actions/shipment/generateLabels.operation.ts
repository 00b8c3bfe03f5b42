import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { collectUnits, inInputOrder } from '../../helpers/execution';
import { sendShipmentActions } from '../../helpers/results';
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
	const { units, rejected } = collectUnits<LabelRequest>(this, items, (itemIndex) => {
		const request = readLabelRequest(this, items[itemIndex], itemIndex);
		return [{ id: request.shipmentId, payload: request }];
	});
	const results = await sendShipmentActions(this, units, {
		path: `${PATHS.shipments}/labels`,
		body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
		operation: 'Generate labels',
	});
	const waitOption =
		units.length > 0 && (this.getNodeParameter('options.waitUntilPacked', 0, false) as boolean);
	if (waitOption) {
		const generated = results
			.filter((item) => item.json.status === 'SUCCESS')
			.map((item) => String(item.json.shipmentId));
		const maxWaitSeconds = this.getNodeParameter('options.maxWaitSeconds', 0, 300) as number;
		const states = await waitUntilPacked(
			this,
			generated,
			maxWaitSeconds * 1000,
			units[0].itemIndex,
		);
		for (const item of results) {
			if (item.json.status !== 'SUCCESS') continue;
			const state = states.get(String(item.json.shipmentId)) ?? 'UNKNOWN';
			item.json.packingState = state;
			item.json.packed = PACKED_OR_LATER.has(state);
		}
	}
	return inInputOrder(rejected, results);
}
