import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runBatches, type Unit, type UnitOutcome } from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import {
	LOOKUP_BATCH_SIZE,
	LOOKUP_KINDS,
	lookUpShipments,
	type LookupKind,
} from '../../helpers/shipmentLookup';
import { simplifyProperty, simplifyShipment } from './simplify';
import { addShipmentDetails, includeDetailsProperty } from './includeDetails';

const properties: INodeProperties[] = [
	{
		displayName: 'Look Up By',
		name: 'lookupBy',
		type: 'options',
		options: [
			{ name: 'Order ID', value: 'orderIds', description: 'All shipments of these orders' },
			{
				name: 'Order Item ID',
				value: 'orderItemIds',
				description: 'The shipments holding these order items',
			},
			{ name: 'Shipment ID', value: 'shipmentIds' },
		],
		default: 'shipmentIds',
		description: 'Which kind of ID to look shipments up by; one kind per call',
	},
	{
		displayName: 'IDs',
		name: 'ids',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.shipmentId }}',
		description:
			'One or more IDs of the chosen kind, comma-separated. Items are batched, up to 100 IDs per request.',
	},
	simplifyProperty,
	includeDetailsProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['get'] } },
	properties,
);

/** Shipments by IDs of one kind per request, 100 IDs per request; each ID gets its matches. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const output = await runBatches<LookupKind>(this, items, {
		read: (itemIndex) => {
			const kind = this.getNodeParameter('lookupBy', itemIndex) as LookupKind;
			const ids = readIdList(this, 'ids', itemIndex, LOOKUP_KINDS[kind]?.label ?? 'ID');
			return ids.map((id) => ({ id, payload: kind }));
		},
		groupBy: (unit) => unit.payload,
		size: LOOKUP_BATCH_SIZE,
		send: async (batch) => {
			const kind = batch[0].payload;
			const shipments = await lookUpShipments(
				this,
				kind,
				batch.map((unit) => unit.id),
				batch[0].itemIndex,
			);
			return batch.map((unit): UnitOutcome => matchShipments(this, unit, shipments, kind));
		},
		idField: 'id',
	});
	return await addShipmentDetails(this, output);
}

function matchShipments(
	context: IExecuteFunctions,
	unit: Unit<LookupKind>,
	shipments: IDataObject[],
	kind: LookupKind,
): UnitOutcome {
	const matches = shipments.filter((shipment) => LOOKUP_KINDS[kind].matches(shipment, unit.id));
	// An order split into several shipments gives several items.
	if (matches.length > 0) {
		const simplify = context.getNodeParameter('simplify', unit.itemIndex, true) as boolean;
		return { ok: true, json: simplify ? matches.map(simplifyShipment) : matches };
	}
	return {
		ok: false,
		json: { lookupBy: kind, id: unit.id },
		error: {
			message: `No shipment found for ${LOOKUP_KINDS[kind].label} ${unit.id}`,
			description: 'Check the ID and the environment; the marketplace returned no shipment for it.',
		},
		details: { [kind]: unit.id },
	};
}
