import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { downloadDocuments } from '../../helpers/documents';
import { collectUnits, executeInBatches, inInputOrder } from '../../helpers/execution';
import { readIdList } from '../../helpers/ids';
import { foundOrMissing } from '../../helpers/results';
import { apiRequest } from '../../transport';
import { PATHS } from '../../../shared/profile';
import { binaryPropertyNameProperty, shipmentIdsProperty } from '../common.descriptions';
import { outputModeProperty } from './documents.descriptions';

const properties: INodeProperties[] = [
	shipmentIdsProperty,
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: [
			{ name: 'PDF', value: 'pdf', description: 'The invoice documents as a PDF file' },
			{ name: 'JSON', value: 'json', description: 'Invoice number, date and order items as data' },
		],
		default: 'pdf',
	},
	{ ...binaryPropertyNameProperty, displayOptions: { show: { format: ['pdf'] } } },
	{ ...outputModeProperty, displayOptions: { show: { format: ['pdf'] } } },
];

export const description = updateDisplayOptions({ show: { resource: ['shipment'], operation: ['downloadInvoices'] } }, properties);

function invoicesPath(shipmentIds: string[]): string {
	return `${PATHS.sellers}/v3/shipments/${shipmentIds.map(encodeURIComponent).join(',')}/invoices`;
}

/** Invoices exist once labels were generated; 100 shipments per request (api-facts 4, 5.2). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<null>(this, items, (itemIndex) =>
		readIdList(this, 'shipmentIds', itemIndex, 'shipment ID').map((id) => ({ id, payload: null })),
	);
	if (this.getNodeParameter('format', 0, 'pdf') === 'pdf') {
		const files = await downloadDocuments(this, units, {
			batchSize: 100,
			fileKind: 'invoices',
			operation: 'Download invoices',
			outputMode: this.getNodeParameter('outputMode', 0, 'perBatch') as 'perBatch' | 'perItem',
			binaryPropertyName: this.getNodeParameter('binaryPropertyName', 0, 'data') as string,
			request: (shipmentIds, itemIndex) => ({
				method: 'GET',
				path: invoicesPath(shipmentIds),
				family: 'orders',
				accept: 'application/pdf',
				operation: 'Download invoices',
				itemIndex,
			}),
		});
		return inInputOrder(rejected, files);
	}
	const results = await executeInBatches(this, units, 100, async (batch) => {
		const response = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: invoicesPath(batch.map((unit) => unit.id)),
			family: 'orders',
			accept: 'application/json',
			operation: 'Get invoices',
			itemIndex: batch[0].itemIndex,
		});
		const invoices = Array.isArray(response.invoices) ? (response.invoices as IDataObject[]) : [];
		return batch.map((unit) =>
			foundOrMissing(this, unit, invoices.filter((invoice) => invoice.shipmentId === unit.id), {
				message: `No invoice found for shipment ${unit.id}`,
				description: 'Invoices exist once labels were generated (Generate Labels).',
			}),
		);
	});
	return inInputOrder(rejected, results);
}
