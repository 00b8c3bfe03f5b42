import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { readRequiredText } from '../../helpers/parameters';
import { apiRequest, listOf } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { locationLocator } from '../common.descriptions';

const properties: INodeProperties[] = [
	locationLocator('The seller location receiving returns from the logistics vendor'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getReturnsOtc'] } },
	properties,
);

/**
 * The one-time codes for receiving returns from the logistics vendor
 * (docs/marketplace-api/handover.md#returns-otc): one output item per code, or one item saying
 * that none is generated yet.
 */
export async function executeItem(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject[]> {
	const locationId = readRequiredText(this, 'locationId', itemIndex, 'Location');
	const answer = await apiRequest<IDataObject>(this, {
		method: 'GET',
		path: `${PATHS.shipments}/otc/${encodeURIComponent(locationId)}`,
		qs: { requestType: 'RETURN' },
		family: 'orders',
		expect: { otcs: 'list' },
		operation: 'Get returns OTC',
		itemIndex,
	});
	const output: IDataObject[] = [];
	for (const entry of listOf(answer.otcs)) {
		const codes = listOf(entry.otc);
		const common = {
			locationId: String(entry.locationId ?? locationId),
			status: entry.status ?? null,
			requestType: entry.requestType ?? 'RETURN',
		};
		if (codes.length === 0) {
			output.push({ ...common, code: null, note: 'No return OTC generated yet, run again later' });
			continue;
		}
		for (const code of codes)
			output.push({
				...common,
				code: code.code ?? null,
				type: code.type ?? null,
				vendor: code.vendor ?? null,
			});
	}
	return output;
}
