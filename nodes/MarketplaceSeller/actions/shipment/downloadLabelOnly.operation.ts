import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { downloadDocuments } from '../../helpers/documents';
import { collectUnits, inInputOrder } from '../../helpers/execution';
import { readIdList } from '../../helpers/ids';
import { PATHS } from '../../../shared/profile';
import { binaryPropertyNameProperty, shipmentIdsProperty } from '../common.descriptions';
import { outputModeProperty } from './documents.descriptions';

const properties: INodeProperties[] = [
	shipmentIdsProperty,
	{
		displayName: 'Reprint',
		name: 'reprint',
		type: 'boolean',
		default: false,
		description: 'Whether this is a reprint of labels already printed (the shipments are not marked packed again)',
	},
	binaryPropertyNameProperty,
	outputModeProperty,
];

export const description = updateDisplayOptions({ show: { resource: ['shipment'], operation: ['downloadLabelOnly'] } }, properties);

/** The shipping label alone, without invoice or forms: up to 50 shipments per PDF (api-facts 4, 5.2). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<null>(this, items, (itemIndex) =>
		readIdList(this, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({ id, payload: null })),
	);
	const reprint = this.getNodeParameter('reprint', 0, false) as boolean;
	const files = await downloadDocuments(this, units, {
		batchSize: 50,
		fileKind: 'label',
		operation: 'Download label only',
		outputMode: this.getNodeParameter('outputMode', 0, 'perBatch') as 'perBatch' | 'perItem',
		binaryPropertyName: this.getNodeParameter('binaryPropertyName', 0, 'data') as string,
		request: (shipmentIds, itemIndex) => ({
			method: 'POST',
			path: `${PATHS.sellers}/v3/shipments/${shipmentIds.map(encodeURIComponent).join(',')}/labelOnly/pdf`,
			family: 'orders',
			qs: reprint ? { reprint: true } : undefined,
			accept: 'application/pdf',
			operation: 'Download label only',
			itemIndex,
		}),
	});
	return inInputOrder(rejected, files);
}
