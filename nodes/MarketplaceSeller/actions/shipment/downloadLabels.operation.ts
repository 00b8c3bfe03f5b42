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
	binaryPropertyNameProperty,
	outputModeProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['downloadLabels'] } },
	properties,
);

/** Labels with invoices and forms, up to 100 shipments per PDF (docs/marketplace-api/batch-limits.md#limits-per-call). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await downloadDocuments(this, items, {
		batchSize: 100,
		fileKind: 'labels',
		operation: 'Download labels',
		method: 'GET',
		path: (shipmentIds) => `${PATHS.shipments}/${idsInPath(shipmentIds)}/labels`,
	});
}
