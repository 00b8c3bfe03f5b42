import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { RETURN_SOURCE_OPTIONS } from '../../../shared/shipmentFilterOptions';
import { runBatches, type Unit, type UnitOutcome } from '../../helpers/execution';
import { readIdList } from '../../helpers/parameters';
import { searchAll } from '../../../shared/transport/paging';

/** returnIds and trackingIds take up to 25 IDs per request (docs/marketplace-api/batch-limits.md#limits-per-call). */
export const RETURN_LOOKUP_BATCH_SIZE = 25;

const LOOKUP_KINDS = {
	returnIds: { label: 'return ID', field: 'returnId' },
	trackingIds: { label: 'tracking ID', field: 'trackingId' },
} as const;

type LookupKind = keyof typeof LOOKUP_KINDS;
type ReturnSource = 'customer_return' | 'courier_return';

interface Lookup {
	kind: LookupKind;
	source: ReturnSource;
}

const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		options: RETURN_SOURCE_OPTIONS,
		default: 'customer_return',
		description: 'Which kind of returns the IDs belong to; the marketplace requires it',
	},
	{
		displayName: 'Look Up By',
		name: 'lookupBy',
		type: 'options',
		options: [
			{ name: 'Return ID', value: 'returnIds' },
			{
				name: 'Tracking ID',
				value: 'trackingIds',
				description: "The courier's tracking ID of the return",
			},
		],
		default: 'returnIds',
		description: 'Which kind of ID to look returns up by',
	},
	{
		displayName: 'IDs',
		name: 'ids',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.returnId }}',
		description:
			'One or more IDs of the chosen kind, comma-separated. Items are batched, up to 25 IDs per request.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['return'], operation: ['get'] } },
	properties,
);

/**
 * Looks returns up by return or tracking IDs, 25 per request (returns are still v2,
 * docs/marketplace-api/returns.md#return-search), and gives each asked ID its return items: one
 * output item per return item, like Search.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runBatches<Lookup>(this, items, {
		read: (itemIndex) => {
			const kind = this.getNodeParameter('lookupBy', itemIndex) as LookupKind;
			const source = this.getNodeParameter('source', itemIndex) as ReturnSource;
			const ids = readIdList(this, 'ids', itemIndex, LOOKUP_KINDS[kind]?.label ?? 'ID');
			return ids.map((id) => ({ id, payload: { kind, source } }));
		},
		// One kind and one source per request.
		groupBy: (unit) => `${unit.payload.source}|${unit.payload.kind}`,
		size: RETURN_LOOKUP_BATCH_SIZE,
		send: async (batch) => {
			const { kind, source } = batch[0].payload;
			const returnItems = await searchAll(
				this,
				'returns',
				{ source, [kind]: batch.map((unit) => unit.id).join(',') },
				{ itemIndex: batch[0].itemIndex, operation: 'Get returns' },
			);
			return batch.map((unit): UnitOutcome => matchReturns(unit, returnItems));
		},
		idField: 'id',
	});
}

function matchReturns(unit: Unit<Lookup>, returnItems: IDataObject[]): UnitOutcome {
	const { kind, source } = unit.payload;
	const matches = returnItems.filter((item) => item[LOOKUP_KINDS[kind].field] === unit.id);
	if (matches.length > 0) return { ok: true, json: matches };
	return {
		ok: false,
		json: { lookupBy: kind, id: unit.id, source },
		error: {
			message: `No ${source === 'customer_return' ? 'customer' : 'courier'} return found for ${LOOKUP_KINDS[kind].label} ${unit.id}`,
			description:
				'Check the ID, the Source (customer or courier return) and the environment; the marketplace returned nothing for it.',
		},
		details: { [kind]: unit.id, source },
	};
}
