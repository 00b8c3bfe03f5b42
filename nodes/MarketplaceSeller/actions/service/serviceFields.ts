/** Parameters shared by the service updates (docs/marketplace-api/return-actions.md#service-updates). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readIdList } from '../../helpers/parameters';

export const serviceIdsProperty: INodeProperties = {
	displayName: 'Service Fulfilment IDs',
	name: 'serviceFulfilmentIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. {{ $json.serviceFulfilmentId }}',
	description:
		'One or more service fulfilment IDs (assembly, installation or tech visit), comma-separated. Input items are batched, up to 100 services per request.',
};

/** The services of one input item, each with the same fields. */
export function readServiceUnits(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): Array<{ id: string; payload: IDataObject }> {
	return readIdList(context, 'serviceFulfilmentIds', itemIndex, 'service fulfilment ID').map(
		(id) => ({ id, payload: { ...fields } }),
	);
}
