import type { INodeProperties } from 'n8n-workflow';

import * as approve from './approve.operation';
import * as cancel from './cancel.operation';
import * as complete from './complete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as markPickedUp from './markPickedUp.operation';
import * as recordPickupAttempt from './recordPickupAttempt.operation';
import * as reject from './reject.operation';

export { approve, cancel, complete, get, getAll, markPickedUp, recordPickupAttempt, reject };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['return'] } },
		options: [
			{
				name: 'Approve',
				value: 'approve',
				description: 'Approve self-ship customer returns after the tech visit',
				action: 'Approve returns',
			},
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel self-ship returns that will not come back',
				action: 'Cancel returns',
			},
			{
				name: 'Complete',
				value: 'complete',
				description: 'Complete self-ship returns received back or acknowledged',
				action: 'Complete returns',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get returns by return or tracking IDs',
				action: 'Get returns',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many customer or courier returns',
				action: 'Get many returns',
			},
			{
				name: 'Mark Picked Up',
				value: 'markPickedUp',
				description: 'Confirm that approved self-ship returns were picked up from the buyer',
				action: 'Mark returns picked up',
			},
			{
				name: 'Record Pickup Attempt',
				value: 'recordPickupAttempt',
				description: 'Record a failed pickup and the new pickup date',
				action: 'Record return pickup attempt',
			},
			{
				name: 'Reject',
				value: 'reject',
				description: 'Reject self-ship customer returns after the tech visit',
				action: 'Reject returns',
			},
		],
		default: 'getAll',
	},
	...approve.description,
	...cancel.description,
	...complete.description,
	...get.description,
	...getAll.description,
	...markPickedUp.description,
	...recordPickupAttempt.description,
	...reject.description,
];
