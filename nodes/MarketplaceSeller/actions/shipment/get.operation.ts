import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import {
	collectUnits,
	executeInBatches,
	inInputOrder,
	unitFailure,
	type Unit,
	type UnitOutcome,
} from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import { apiRequest, listOf } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';
import { simplifyProperty, simplifyShipment } from './simplify';
import { addShipmentDetails, includeDetailsProperty } from './includeDetails';

/** Lookups take up to 100 IDs of one kind per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const LOOKUP_BATCH_SIZE = 100;

const LOOKUP_KINDS = {
	shipmentIds: {
		label: 'shipment ID',
		matches: (shipment: IDataObject, id: string) => shipment.shipmentId === id,
	},
	orderItemIds: {
		label: 'order item ID',
		matches: (shipment: IDataObject, id: string) =>
			listOf(shipment.orderItems).some((item) => item.orderItemId === id),
	},
	orderIds: {
		label: 'order ID',
		matches: (shipment: IDataObject, id: string) =>
			listOf(shipment.orderItems).some((item) => item.orderId === id),
	},
} as const;

type LookupKind = keyof typeof LOOKUP_KINDS;

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

/**
 * Looks shipments up by IDs of one kind, 100 per request, and returns for each asked ID the
 * shipments that match it. Used by Get and by the label wait.
 */
export async function lookUpShipments(
	context: IExecuteFunctions,
	kind: LookupKind,
	ids: string[],
	itemIndex: number,
): Promise<IDataObject[]> {
	const response = await apiRequest<IDataObject>(context, {
		method: 'GET',
		path: PATHS.shipments,
		family: 'orders',
		qs: { [kind]: ids.join(',') },
		expect: { shipments: 'list' },
		operation: 'Get shipments',
		itemIndex,
	});
	return listOf(response.shipments);
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { units, rejected } = collectUnits<LookupKind>(this, items, (itemIndex) => {
		const kind = this.getNodeParameter('lookupBy', itemIndex) as LookupKind;
		const ids = readIdList(this, 'ids', itemIndex, LOOKUP_KINDS[kind]?.label ?? 'ID');
		return ids.map((id) => ({ id, payload: kind }));
	});
	// One kind per request: group the units by kind, then batch.
	const output: INodeExecutionData[] = [];
	for (const kind of Object.keys(LOOKUP_KINDS) as LookupKind[]) {
		const ofKind = units.filter((unit) => unit.payload === kind);
		if (ofKind.length === 0) continue;
		const found = await executeInBatches(
			this,
			ofKind,
			LOOKUP_BATCH_SIZE,
			async (batch) => {
				const shipments = await lookUpShipments(
					this,
					kind,
					batch.map((unit) => unit.id),
					batch[0].itemIndex,
				);
				return batch.map((unit): UnitOutcome => matchShipments(this, unit, shipments, kind));
			},
			'id',
		);
		output.push(...found);
	}
	return await addShipmentDetails(this, inInputOrder(rejected, output));
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
	return unitFailure(
		context,
		unit,
		{ lookupBy: kind, id: unit.id },
		{
			message: `No shipment found for ${LOOKUP_KINDS[kind].label} ${unit.id}`,
			description: 'Check the ID and the environment; the marketplace returned no shipment for it.',
		},
		{ [kind]: unit.id },
	);
}
