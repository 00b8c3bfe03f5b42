import {
	NodeApiError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import { apiRequest, idsInPath, listOf, type MarketplaceRequest } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { shipmentIdsProperty } from '../common.descriptions';

const properties: INodeProperties[] = [shipmentIdsProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getForms'] } },
	properties,
);

/**
 * The spec and the overview say GET, the API reference says POST, and the newest reference
 * documents only POST (docs/marketplace-api/discrepancies.md#forms-method): ask with POST, which
 * saves a call where the reference is right, and fall back to GET when the marketplace answers
 * 404 or 405.
 */
async function fetchForms(
	context: IExecuteFunctions,
	shipmentIds: string[],
	itemIndex: number,
): Promise<IDataObject> {
	const request: MarketplaceRequest = {
		method: 'POST',
		path: `${PATHS.shipments}/${idsInPath(shipmentIds)}/forms`,
		family: 'orders',
		body: {},
		// Reading forms: asked with POST, it changes nothing.
		repeatable: true,
		expect: { shipments: 'list' },
		operation: 'Get forms',
		itemIndex,
	};
	let response: IDataObject | undefined;
	let failure: NodeApiError | undefined;
	try {
		response = await apiRequest<IDataObject>(context, request);
	} catch (error) {
		failure = error as NodeApiError;
	}
	if (response !== undefined) return response;
	if (failure?.httpCode === '404' || failure?.httpCode === '405') {
		return await apiRequest<IDataObject>(context, { ...request, method: 'GET', body: undefined });
	}
	throw failure;
}

/** Logistics compliance forms and their status per shipment, 100 shipments per request. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches(this, items, {
		read: (itemIndex) => readIdList(this, 'shipmentIds', itemIndex, 'shipment ID'),
		size: 100,
		send: async (batch) => {
			const response = await fetchForms(
				this,
				batch.map((unit) => unit.id),
				batch[0].itemIndex,
			);
			const shipments = listOf(response.shipments);
			return batch.map((unit) => {
				const found = shipments.find((shipment) => shipment.shipmentId === unit.id);
				if (found) return { ok: true, json: { shipmentId: unit.id, forms: found.forms ?? [] } };
				return {
					ok: false,
					json: { shipmentId: unit.id },
					error: {
						message: `No forms reported for shipment ${unit.id}`,
						description:
							'Check the shipment ID; forms are listed for shipments of your seller account only.',
					},
				};
			});
		},
	});
}
