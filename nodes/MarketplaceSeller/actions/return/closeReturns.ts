/**
 * Complete and cancel end a self-ship return the same way: the returns' IDs and their location,
 * sent as bare `returnIds` beside `locationId` (docs/marketplace-api/return-actions.md#complete-and-cancel).
 * Only the call and the way messages name it differ; each operation's file names them.
 */
import {
	updateDisplayOptions,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { returnAction, type ReturnUnit } from './returnAction';
import { readReturnUnits, returnIdsProperty, returnLocationProperty } from './returnFields';

export function closingAction(
	operation: 'complete' | 'cancel',
	/** How messages name the action on one return. */
	what: string,
): {
	description: INodeProperties[];
	execute: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;
} {
	return {
		description: updateDisplayOptions({ show: { resource: ['return'], operation: [operation] } }, [
			returnIdsProperty,
			returnLocationProperty,
		]),
		async execute(this: IExecuteFunctions, items: INodeExecutionData[]) {
			return await runBatches<ReturnUnit>(this, items, {
				read: (itemIndex) => readReturnUnits(this, itemIndex, {}),
				...returnAction(this, { name: operation, list: 'ids', what }),
			});
		},
	};
}
