import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { parseUrl } from '../../../shared/baseUrl';

/** What the seller's browser brought back to the redirect URL (docs/marketplace-api/authentication.md#authorization-code-flow). */
export interface RedirectParameters {
	code: string;
	state: string;
	/** The marketplace's error (and its description) when the seller did not approve. */
	denied?: string;
}

function text(value: unknown): string {
	if (Array.isArray(value)) return text(value[0]);
	return typeof value === 'string' ? value.trim() : '';
}

function fromRecord(query: Record<string, unknown>): RedirectParameters {
	const error = text(query.error);
	const errorDescription = text(query.error_description);
	return {
		code: text(query.code),
		state: text(query.state),
		denied:
			error === '' ? undefined : errorDescription === '' ? error : `${error}: ${errorDescription}`,
	};
}

function malformed(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description:
			"Pass the query parameters the seller's browser brought to your redirect URL (code and state), e.g. {{ $json.query }} after a Webhook node, or choose Redirect Address and pass the whole address.",
	});
}

/** The redirect's parameters from the node's Redirect Input, or a clear error before anything else. */
export function readRedirect(context: IExecuteFunctions, itemIndex: number): RedirectParameters {
	if (context.getNodeParameter('redirectInput', itemIndex, 'query') === 'url') {
		const address = text(context.getNodeParameter('redirectAddress', itemIndex, ''));
		const url = parseUrl(address);
		if (url === undefined)
			throw malformed(context, itemIndex, `Redirect Address "${address}" is not a URL`);
		return fromRecord(Object.fromEntries(url.searchParams));
	}
	let query = context.getNodeParameter('query', itemIndex, {}) as unknown;
	if (typeof query === 'string') {
		const raw = query.trim();
		// A bare query string (code=...&state=...) is accepted as well as JSON.
		if (raw.startsWith('{')) {
			try {
				query = JSON.parse(raw) as unknown;
			} catch {
				throw malformed(context, itemIndex, 'Query Parameters is not valid JSON');
			}
		} else {
			query = Object.fromEntries(new URLSearchParams(raw.replace(/^\?/, '')));
		}
	}
	if (query === null || typeof query !== 'object' || Array.isArray(query)) {
		throw malformed(context, itemIndex, 'Query Parameters must be an object with code and state');
	}
	return fromRecord(query as Record<string, unknown>);
}
