import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { runRedaction } from '../../shared/redaction';
import * as listings from './listSearch';
import * as shipmentLists from './shipmentLists';

type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/**
 * A From List search whose result (names, values, the next page's token) and error carry no
 * secret of the credential or of the run: the editor shows them (nodes/shared/redaction.ts).
 */
function redacted(method: ListSearchMethod): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const redaction = await runRedaction(this);
		try {
			return redaction.value(await method.call(this, filter, paginationToken));
		} catch (error) {
			throw redaction.error(error);
		}
	};
}

const methods: Record<string, ListSearchMethod> = { ...listings, ...shipmentLists };

/** The "From List" methods of the resource locators: SKUs, shipments, locations. */
export const listSearch = Object.fromEntries(
	Object.entries(methods).map(([name, method]) => [name, redacted(method)]),
);
