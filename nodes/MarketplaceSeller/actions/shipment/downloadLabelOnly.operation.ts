import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { downloadDocuments } from '../../helpers/documents';
import { idsInPath } from '../../../shared/transport';
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
		description:
			'Whether this is a reprint of labels already printed (the shipments are not marked packed again)',
	},
	binaryPropertyNameProperty,
	outputModeProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['downloadLabelOnly'] } },
	properties,
);

/** The shipping label alone, without invoice or forms: up to 50 shipments per PDF (docs/marketplace-api/batch-limits.md#limits-per-call, docs/marketplace-api/shipments.md#label-and-invoice-documents). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const reprint = this.getNodeParameter('reprint', 0, false) as boolean;
	return await downloadDocuments(this, items, {
		batchSize: 50,
		fileKind: 'label',
		operation: 'Download label only',
		method: 'POST',
		path: (shipmentIds) => `${PATHS.shipments}/${idsInPath(shipmentIds)}/labelOnly/pdf`,
		qs: reprint ? { reprint: true } : undefined,
	});
}
