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

const properties: INodeProperties[] = [shipmentIdsProperty, binaryPropertyNameProperty, outputModeProperty];

export const description = updateDisplayOptions({ show: { resource: ['shipment'], operation: ['downloadLabels'] } }, properties);

/** Labels with invoices and forms, up to 100 shipments per PDF (api-facts 4). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<null>(this, items, (itemIndex) =>
		readIdList(this, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({ id, payload: null })),
	);
	const files = await downloadDocuments(this, units, {
		batchSize: 100,
		fileKind: 'labels',
		operation: 'Download labels',
		outputMode: this.getNodeParameter('outputMode', 0, 'perBatch') as 'perBatch' | 'perItem',
		binaryPropertyName: this.getNodeParameter('binaryPropertyName', 0, 'data') as string,
		request: (shipmentIds, itemIndex) => ({
			method: 'GET',
			path: `${PATHS.sellers}/v3/shipments/${shipmentIds.map(encodeURIComponent).join(',')}/labels`,
			family: 'orders',
			accept: 'application/pdf',
			operation: 'Download labels',
			itemIndex,
		}),
	});
	return inInputOrder(rejected, files);
}
