/**
 * Sends listing writes (create, update, price, inventory, hyperlocal create and update): 10 SKUs per request, per-SKU results.
 * What a call requires and the user did not give (the whole listing for Update, product_id for
 * the price and inventory updates) is read from the current listing: one lookup of the batch's
 * SKUs that need it, at most one per request, none when nothing is missing (docs/marketplace-api/listings.md#create;
 * docs/api-choices.md#listings).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { runBatches, type Unit, type UnitOutcome } from '../../helpers/execution';
import { apiRequest, knownSecrets, listOf } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { redactSecrets } from '../../../shared/redact';
import { checkListing, listingProblem } from './listing.checks';
import { needsCurrentListing, type ListingMode } from './listing.requirements';
import { LISTING_BATCH_SIZE } from './listing.values';
import { mergeListing } from './listing.wire';
import { lookUpListings, whyMissing, type ListingLookup } from './lookup';

const PATH_SUFFIX: Record<ListingMode, string> = {
	create: '',
	update: '/update',
	price: '/update/price',
	inventory: '/update/inventory',
	hyperlocalCreate: '/hyperlocal',
	hyperlocalUpdate: '/hyperlocal/update',
};

/** The body of one SKU, with what it lacks taken from the current listing. */
function completed(listing: IDataObject, current: IDataObject, mode: ListingMode): IDataObject {
	if (mode === 'update') return mergeListing(current, listing);
	return { product_id: current.product_id, ...listing };
}

/** "description (code 1011, at locations[0].id)" for each problem the marketplace reported. */
function problemsOf(result: IDataObject): string {
	return [...listOf(result.errors), ...listOf(result.attribute_errors)]
		.map((entry) => {
			const where = [
				entry.code !== undefined ? `code ${String(entry.code)}` : undefined,
				entry.path ? `at ${String(entry.path)}` : undefined,
			]
				.filter(Boolean)
				.join(', ');
			const text = String(entry.description ?? entry.message ?? '');
			return where ? `${text} (${where})` : text;
		})
		.filter(Boolean)
		.join('; ');
}

/**
 * A per-SKU result under HTTP 200: {"SKU": {status, errors, attribute_errors}} (docs/marketplace-api/listings.md#per-sku-results).
 * SUCCESS and WARNING pass (warnings kept in the output); FAILURE and a missing SKU fail.
 */
function skuOutcome(
	context: IExecuteFunctions,
	unit: Unit<unknown>,
	response: IDataObject,
	what: string,
): UnitOutcome {
	const result = response[unit.id] as IDataObject | undefined;
	const status = String(result?.status ?? '').toUpperCase();
	if (result && (status === 'SUCCESS' || status === 'WARNING'))
		return { ok: true, json: { sku: unit.id, ...result } };
	const detail = result
		? redactSecrets(problemsOf(result), knownSecrets(context)) || `status ${status || 'missing'}`
		: 'the marketplace did not report a result for this SKU';
	return {
		ok: false,
		json: { sku: unit.id, status: status || 'NO_RESULT', ...(result ?? {}) },
		error: {
			message: `${what} failed for SKU ${unit.id}: ${detail}`,
			description: 'Fix the listing fields named by the marketplace and send this SKU again.',
		},
		details: { sku: unit.id, status: status || 'NO_RESULT' },
	};
}

/** A SKU that cannot be sent: its current listing is missing, or still lacks a required field. */
function notSent(
	unit: Unit<unknown>,
	what: string,
	detail: string,
	description: string,
): UnitOutcome {
	return {
		ok: false,
		json: { sku: unit.id, status: 'NOT_SENT' },
		error: { message: `${what} failed for SKU ${unit.id}: ${detail}`, description },
	};
}

export async function writeListings(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	options: {
		mode: ListingMode;
		/** How messages name the call, e.g. "Update listing price". */
		operation: string;
		read: (itemIndex: number) => { sku: string; listing: IDataObject };
	},
): Promise<INodeExecutionData[]> {
	const { mode, operation } = options;
	return await runBatches<IDataObject>(context, items, {
		read: (itemIndex) => {
			const { sku, listing } = options.read(itemIndex);
			checkListing(context, sku, listing, mode, itemIndex);
			return [{ id: sku, payload: listing }];
		},
		size: LISTING_BATCH_SIZE,
		idField: 'sku',
		effect: 'changes',
		send: async (batch) => {
			const incomplete = [
				...new Set(
					batch.filter((unit) => needsCurrentListing(unit.payload, mode)).map((unit) => unit.id),
				),
			];
			const lookup: ListingLookup | undefined =
				incomplete.length > 0
					? await lookUpListings(
							context,
							incomplete,
							batch[0].itemIndex,
							`${operation} (reading the current listings)`,
						)
					: undefined;
			const outcomes: Array<UnitOutcome | undefined> = [];
			// The body is a map keyed by seller SKU (docs/marketplace-api/listings.md#request-body); a SKU given twice keeps its last value.
			const body: IDataObject = {};
			for (const unit of batch) {
				let listing = unit.payload;
				if (lookup !== undefined && incomplete.includes(unit.id)) {
					const current = lookup.available[unit.id];
					if (current === undefined) {
						const invalid = whyMissing(lookup, unit.id) === 'invalid';
						outcomes.push(
							notSent(
								unit,
								operation,
								invalid
									? 'the marketplace does not accept this SKU'
									: 'no listing with this SKU exists for the seller, so its current fields could not be read',
								invalid
									? 'Check the spelling of the SKU.'
									: 'Check the SKU, or create the listing first.',
							),
						);
						continue;
					}
					listing = completed(listing, current, mode);
				}
				const problem = listingProblem(listing, mode, 'final');
				if (problem !== undefined) {
					outcomes.push(
						notSent(
							unit,
							operation,
							problem,
							'The current listing lacks it too: give it in the input.',
						),
					);
					continue;
				}
				body[unit.id] = listing;
				outcomes.push(undefined);
			}
			if (Object.keys(body).length === 0) return outcomes as UnitOutcome[];
			const response = await apiRequest<IDataObject>(context, {
				method: 'POST',
				path: `${PATHS.listings}${PATH_SUFFIX[mode]}`,
				family: 'listings',
				body,
				operation,
				itemIndex: batch[0].itemIndex,
			});
			return batch.map(
				(unit, position) => outcomes[position] ?? skuOutcome(context, unit, response, operation),
			);
		},
	});
}
