import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { runRedaction } from '../../shared/redaction';
import { runEachItem, type ItemResult } from '../helpers/execution';
import * as authorization from './authorization/Authorization.resource';
import * as listing from './listing/Listing.resource';
import type { MarketplaceSellerOperation, MarketplaceSellerResource } from './node.type';
import * as notificationSubscription from './notificationSubscription/NotificationSubscription.resource';
import * as returns from './return/Return.resource';
import * as service from './service/Service.resource';
import * as shipment from './shipment/Shipment.resource';
import * as token from './token/Token.resource';

/**
 * An operation either handles one item (`executeItem`: one request or one paged search per
 * item; the router loops, pairs and applies Continue On Fail) or all items at once (`execute`:
 * batched operations, which put many items into one request with runBatches).
 */
type OperationModule =
	| {
			execute: (
				this: IExecuteFunctions,
				items: INodeExecutionData[],
			) => Promise<INodeExecutionData[]>;
	  }
	| { executeItem: (this: IExecuteFunctions, itemIndex: number) => Promise<ItemResult> };

/** Each resource module exports its operations by name, next to its description. */
const resources: Record<MarketplaceSellerResource, Record<string, unknown>> = {
	shipment,
	notificationSubscription,
	token,
	authorization,
	listing,
	return: returns,
	service,
};

/**
 * Runs the chosen operation: item by item for an operation that handles one item, over all
 * input items at once for a batched one (which pairs its output items with their inputs).
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// Whatever comes out, result or error, carries no secret of the credential or of the run
	// (nodes/shared/redaction.ts), also when the operation sends nothing.
	const redaction = await runRedaction(this);
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as MarketplaceSellerResource;
	const operation = this.getNodeParameter('operation', 0) as MarketplaceSellerOperation;
	const module = resources[resource]?.[operation] as OperationModule | undefined;
	if (module === undefined || !('execute' in module || 'executeItem' in module)) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not known for "${resource}"`,
		);
	}
	let output: INodeExecutionData[];
	try {
		output =
			'executeItem' in module
				? await runEachItem(this, items, async (itemIndex) =>
						module.executeItem.call(this, itemIndex),
					)
				: await module.execute.call(this, items);
	} catch (error) {
		throw redaction.error(error);
	}
	return [redaction.items(output)];
}
