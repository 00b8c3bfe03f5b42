import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches } from '../../helpers/execution';
import { readRequiredText } from '../../helpers/parameters';
import { shipmentLocator } from '../common.descriptions';
import { shipmentAction } from '../../helpers/results';
import { PATHS } from '../../../shared/profile';

const properties: INodeProperties[] = [
	shipmentLocator(
		'The shipment stuck on form generation (state Form Failed). One per input item, since each has its own forms; items are batched, 25 per request.',
	),
	{
		displayName: 'Forms',
		name: 'forms',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Form',
		default: {},
		required: true,
		description: 'The acknowledgement number of each failed form',
		options: [
			{
				name: 'form',
				displayName: 'Form',
				values: [
					{
						displayName: 'Form Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'The form code, as reported by Get Forms or the Form Failed notification',
					},
					{
						displayName: 'Acknowledgement Number',
						name: 'ackNumber',
						type: 'string',
						default: '',
						description:
							'The acknowledgement number you received when you filed this form yourself; with it the marketplace unblocks the shipment',
					},
				],
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['updateFormAck'] } },
	properties,
);

/** Unblocks shipments stuck on form generation with acknowledgement numbers (docs/marketplace-api/shipments.md#forms). */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<IDataObject>(this, items, {
		read: (itemIndex) => {
			const shipmentId = readRequiredText(this, 'shipmentId', itemIndex, 'Shipment ID');
			const forms = ((this.getNodeParameter('forms', itemIndex, {}) as IDataObject).form ??
				[]) as IDataObject[];
			const cleaned = forms.map((form) => ({
				name: String(form.name ?? '').trim(),
				ackNumber: String(form.ackNumber ?? '').trim(),
			}));
			if (
				cleaned.length === 0 ||
				cleaned.some((form) => form.name === '' || form.ackNumber === '')
			) {
				throw new NodeOperationError(
					this.getNode(),
					`Shipment ${shipmentId}: every form needs a name and an acknowledgement number`,
					{
						itemIndex,
					},
				);
			}
			return [{ id: shipmentId, payload: { shipmentId, forms: cleaned } }];
		},
		...shipmentAction<IDataObject>(this, {
			path: `${PATHS.shipments}/forms/updateAck`,
			body: (batch) => ({ shipments: batch.map((unit) => unit.payload) }),
			operation: 'Update form acknowledgement',
		}),
	});
}
