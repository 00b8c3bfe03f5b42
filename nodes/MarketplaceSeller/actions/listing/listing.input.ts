/**
 * What an item gives a listing operation: its SKU, and its listing from the fields or from the
 * Listing (JSON) parameter, in the wire form of listing.wire.ts.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { readJsonObject } from '../../helpers/parameters';
import { listingFromFields, normalizeListing } from './listing.wire';

/** Reads the SKU of an item, from a plain text or a resource locator value. */
export function readSku(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('sku', itemIndex, '', { extractValue: true }) as unknown;
	const sku = String(value ?? '').trim();
	if (sku === '') {
		throw new NodeOperationError(context.getNode(), 'SKU is empty', {
			itemIndex,
			description: 'Enter the seller SKU of the listing.',
		});
	}
	return sku;
}

/**
 * The wire listing of one item: the Listing (JSON) parameter in JSON mode, else built from the
 * parameter values `readFields` returns.
 */
export function readListing(
	context: IExecuteFunctions,
	itemIndex: number,
	sku: string,
	readFields: () => IDataObject,
): IDataObject {
	if (context.getNodeParameter('listingInput', itemIndex, 'fields') === 'json') {
		return normalizeListing(
			readJsonObject(
				context,
				'listingJson',
				itemIndex,
				`SKU ${sku}: Listing (JSON) is not a JSON object`,
			),
		);
	}
	return listingFromFields(readFields());
}
