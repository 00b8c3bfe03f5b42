import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { collectUnits, executeInBatches, inInputOrder, unitFailure, type UnitOutcome } from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import { apiRequest, idsInPath } from '../../transport';
import { PATHS } from '../../../shared/profile';
import { LISTING_BATCH_SIZE } from './listing.fields';

const properties: INodeProperties[] = [
	{
		displayName: 'SKUs',
		name: 'skus',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.sku }}',
		description: 'One or more seller SKUs, comma-separated; batched 10 per request',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['listing'], operation: ['get'] } }, properties);

/** {available: {sku: listing}, unavailable: [...], invalid: [...]} (api-facts 7). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<null>(this, items, (itemIndex) =>
		readIdList(this, 'skus', itemIndex, 'SKU').map((id) => ({ id, payload: null })),
	);
	const results = await executeInBatches(this, units, LISTING_BATCH_SIZE, async (batch) => {
		const response = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: `${PATHS.listings}/${idsInPath(batch.map((unit) => unit.id))}`,
			family: 'listings',
			expect: { available: 'object', unavailable: 'value', invalid: 'value' },
			operation: 'Get listings',
			itemIndex: batch[0].itemIndex,
		});
		const available = (response.available ?? {}) as IDataObject;
		const invalid = Array.isArray(response.invalid) ? response.invalid.map(String) : [];
		return batch.map((unit): UnitOutcome => {
			const listing = available[unit.id];
			if (listing && typeof listing === 'object') return { ok: true, json: { sku: unit.id, ...(listing as IDataObject) } };
			const reason = invalid.includes(unit.id) ? 'invalid' : 'unavailable';
			return unitFailure(this, unit, { sku: unit.id, availability: reason }, {
				message: `Listing ${unit.id} is ${reason}`,
				description:
					reason === 'invalid'
						? 'The marketplace does not accept this SKU: check its spelling.'
						: 'No listing with this SKU exists for the seller.',
			});
		});
	}, 'sku');
	return inInputOrder(rejected, results);
}
