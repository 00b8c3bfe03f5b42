import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { returnAction, type ReturnUnit } from './returnAction';
import { readReturnUnits, returnIdsProperty, returnLocationProperty } from './returnFields';

const properties: INodeProperties[] = [returnIdsProperty, returnLocationProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['return'], operation: ['cancel'] } },
	properties,
);

/**
 * Cancels self-ship returns that will not come back: a courier return whose product was
 * delivered after all, or a customer return before pickup. Up to 100 per request, one location
 * per request (docs/marketplace-api/return-actions.md#complete-and-cancel).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<ReturnUnit>(this, items, {
		read: (itemIndex) => readReturnUnits(this, itemIndex, {}),
		...returnAction(this, { name: 'cancel', list: 'ids', what: 'Cancel return' }),
	});
}
