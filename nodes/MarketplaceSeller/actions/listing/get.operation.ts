import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	collectUnits,
	executeInBatches,
	inInputOrder,
	unitFailure,
	type UnitOutcome,
} from '../../helpers/execution';
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
	const { units, rejected } = collectUnits<null>(this, items, (itemIndex) =>
		readIdList(this, 'skus', itemIndex, 'SKU').map((id) => ({ id, payload: null })),
	);
	const results = await executeInBatches(
		this,
		units,
		LISTING_BATCH_SIZE,
		async (batch) => {
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
				return unitFailure(
					this,
					unit,
					{ sku: unit.id, availability: reason },
					{
						message: `Listing ${unit.id} is ${reason}`,
						description:
							reason === 'invalid'
								? 'The marketplace does not accept this SKU: check its spelling.'
								: 'No listing with this SKU exists for the seller.',
					},
				);
			});
		},
		'sku',
	);
	return inInputOrder(rejected, results);
}
