import { NodeOperationError, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import { runRedaction } from '../../shared/redaction';
import * as authorization from './authorization/Authorization.resource';
import * as listing from './listing/Listing.resource';
import type { MarketplaceSellerOperation, MarketplaceSellerResource } from './node.type';
import * as notificationSubscription from './notificationSubscription/NotificationSubscription.resource';
import * as returns from './return/Return.resource';
import * as shipment from './shipment/Shipment.resource';
import * as token from './token/Token.resource';

type OperationModule = {
	execute: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;
};

/** Each resource module exports its operations by name, next to its description. */
const resources: Record<MarketplaceSellerResource, Record<string, unknown>> = {
	shipment,
	notificationSubscription,
	token,
	authorization,
	listing,
	return: returns,
};

/**
 * Runs the chosen operation over all input items at once, so that batched operations can put
 * many items into one request; each operation pairs its output items with their inputs.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	// Whatever comes out, result or error, carries no secret of the credential or of the run
	// (nodes/shared/redaction.ts), also when the operation sends nothing.
	const redaction = await runRedaction(this);
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as MarketplaceSellerResource;
	const operation = this.getNodeParameter('operation', 0) as MarketplaceSellerOperation;
	const module = resources[resource]?.[operation] as OperationModule | undefined;
	if (typeof module?.execute !== 'function') {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not known for "${resource}"`,
		);
	}
	let output: INodeExecutionData[];
	try {
		output = await module.execute.call(this, items);
	} catch (error) {
		throw redaction.error(error);
	}
	return [redaction.items(output)];
}
