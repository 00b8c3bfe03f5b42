/** Sends listing writes (create, update, price, inventory): 10 SKUs per request, per-SKU results. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { collectUnits, executeInBatches, inInputOrder } from '../../helpers/execution';
import { apiRequest } from '../../transport';
import { PATHS } from '../../../shared/profile';
import { checkListing, LISTING_BATCH_SIZE, skuOutcomes, type ListingRules } from './listing.fields';

export async function writeListings(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	options: {
		/** Path after PATHS.listings, e.g. "" (create) or "/update/price". */
		suffix: string;
		rules: ListingRules;
		operation: string;
		read: (itemIndex: number) => { sku: string; listing: IDataObject };
	},
): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<IDataObject>(context, items, (itemIndex) => {
		const { sku, listing } = options.read(itemIndex);
		checkListing(context, sku, listing, options.rules, itemIndex);
		return [{ id: sku, payload: listing }];
	});
	const results = await executeInBatches(context, units, LISTING_BATCH_SIZE, async (batch) => {
		// The body is a map keyed by seller SKU (api-facts 7); a SKU given twice keeps its last value.
		const body: IDataObject = {};
		for (const unit of batch) body[unit.id] = unit.payload;
		const response = await apiRequest<IDataObject>(context, {
			method: 'POST',
			path: `${PATHS.listings}${options.suffix}`,
			family: 'listings',
			body,
			operation: options.operation,
			itemIndex: batch[0].itemIndex,
		});
		return skuOutcomes(context, batch, response, options.operation);
	}, 'sku', 'changes');
	return inInputOrder(rejected, results);
}
