import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches, type UnitOutcome } from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import { LISTING_BATCH_SIZE } from './listing.values';
import { lookUpListings, whyMissing } from './lookup';

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

export const description = updateDisplayOptions(
	{ show: { resource: ['listing'], operation: ['get'] } },
	properties,
);

/** One output item per SKU: the listing with its SKU, or an error naming why it is missing. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches(this, items, {
		read: (itemIndex) => readIdList(this, 'skus', itemIndex, 'SKU'),
		size: LISTING_BATCH_SIZE,
		send: async (batch) => {
			const lookup = await lookUpListings(
				this,
				batch.map((unit) => unit.id),
				batch[0].itemIndex,
				'Get listings',
			);
			return batch.map((unit): UnitOutcome => {
				const listing = lookup.available[unit.id];
				if (listing) return { ok: true, json: { sku: unit.id, ...listing } };
				const reason = whyMissing(lookup, unit.id);
				return {
					ok: false,
					json: { sku: unit.id, availability: reason },
					error: {
						message: `Listing ${unit.id} is ${reason}`,
						description:
							reason === 'invalid'
								? 'The marketplace does not accept this SKU: check its spelling.'
								: 'No listing with this SKU exists for the seller.',
					},
				};
			});
		},
		idField: 'sku',
	});
}
