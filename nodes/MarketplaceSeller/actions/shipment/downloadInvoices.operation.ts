import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { downloadDocuments } from '../../helpers/documents';
import { runBatches } from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import { apiRequest, idsInPath, listOf } from '../../../shared/transport';
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
		description: 'Whether to download the invoices as a file or read them as data',
	},
	{ ...binaryPropertyNameProperty, displayOptions: { show: { format: ['pdf'] } } },
	{ ...outputModeProperty, displayOptions: { show: { format: ['pdf'] } } },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['downloadInvoices'] } },
	properties,
);

function invoicesPath(shipmentIds: string[]): string {
	return `${PATHS.shipments}/${idsInPath(shipmentIds)}/invoices`;
}

/** Invoices exist once labels were generated; 100 shipments per request (docs/marketplace-api/batch-limits.md#limits-per-call, docs/marketplace-api/shipments.md#label-and-invoice-documents). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('format', 0, 'pdf') === 'pdf') {
		return await downloadDocuments(this, items, {
			batchSize: 100,
			fileKind: 'invoices',
			operation: 'Download invoices',
			method: 'GET',
			path: invoicesPath,
		});
	}
	return await runBatches(this, items, {
		read: (itemIndex) => readIdList(this, 'shipmentIds', itemIndex, 'shipment ID'),
		size: 100,
		send: async (batch) => {
			const response = await apiRequest<IDataObject>(this, {
				method: 'GET',
				path: invoicesPath(batch.map((unit) => unit.id)),
				family: 'orders',
				accept: 'application/json',
				expect: { invoices: 'list' },
				operation: 'Get invoices',
				itemIndex: batch[0].itemIndex,
			});
			const invoices = listOf(response.invoices);
			return batch.map((unit) => {
				const found = invoices.filter((invoice) => invoice.shipmentId === unit.id);
				if (found.length > 0) return { ok: true, json: found };
				return {
					ok: false,
					json: { shipmentId: unit.id },
					error: {
						message: `No invoice found for shipment ${unit.id}`,
						description: 'Invoices exist once labels were generated (Generate Labels).',
					},
				};
			});
		},
	});
}
