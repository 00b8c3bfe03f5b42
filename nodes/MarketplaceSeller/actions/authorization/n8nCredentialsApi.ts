/**
 * The credential endpoints of n8n's own public API (/api/v1/credentials), called with the node's
 * "n8n API" credential (n8n's built-in type `n8nApi`: an API key and the API's base URL). What
 * n8n 2.40.7 offers there is described, with file and line references, in
 * docs/marketplace-seller-node.md#connect-seller: list (no filter, newest first, pages of at most
 * 250 with a cursor), create, update (PATCH, replacing the data and keeping the id), delete.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
} from 'n8n-workflow';

import { parseUrl } from '../../../shared/baseUrl';

export const N8N_API_CREDENTIAL = 'n8nApi';

/** n8n's largest page (MAX_ITEMS_PER_PAGE of its public API). */
const PAGE_SIZE = 250;
/** 10,000 credentials: the list is read whole to find one by name, so it is bounded. */
const MAX_PAGES = 40;

export interface N8nCredentialSummary {
	id: string;
	name: string;
	type: string;
	updatedAt: string;
}

function statusOf(error: unknown): number | undefined {
	const candidate = error as {
		httpCode?: unknown;
		response?: { status?: unknown };
		cause?: { response?: { status?: unknown }; status?: unknown };
	};
	for (const value of [
		candidate?.httpCode,
		candidate?.response?.status,
		candidate?.cause?.response?.status,
		candidate?.cause?.status,
	]) {
		const status = Number(value);
		if (Number.isInteger(status) && status >= 100 && status < 600) return status;
	}
	return undefined;
}

function refusal(
	context: IExecuteFunctions,
	itemIndex: number,
	what: string,
	error: unknown,
): NodeOperationError {
	const status = statusOf(error);
	if (status === 401 || status === 403) {
		return new NodeOperationError(
			context.getNode(),
			`n8n's API refused the n8n API credential (${status})`,
			{
				itemIndex,
				description:
					'Check the n8n API credential: an API key of this n8n (Settings > n8n API) whose user may list, create and update credentials (scopes credential:list, credential:create, credential:update; the list is open to the owner and admins only), and the Base URL https://<your n8n>/api/v1.',
			},
		);
	}
	return new NodeOperationError(
		context.getNode(),
		`n8n's API could not ${what}${status === undefined ? '' : ` (${status})`}`,
		{
			itemIndex,
			description:
				status === 404
					? "Check the n8n API credential's Base URL: https://<your n8n>/api/v1, with the public API enabled."
					: "Check that n8n's public API is reachable at the n8n API credential's Base URL, then send the seller a new authorization URL.",
		},
	);
}

async function call(
	context: IExecuteFunctions,
	itemIndex: number,
	what: string,
	options: { method: IHttpRequestMethods; path: string; qs?: IDataObject; body?: IDataObject },
): Promise<IDataObject> {
	const credentials = await context.getCredentials(N8N_API_CREDENTIAL, itemIndex);
	const baseUrl = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (parseUrl(baseUrl) === undefined || !/^https?:\/\//i.test(baseUrl)) {
		throw new NodeOperationError(
			context.getNode(),
			'The n8n API credential has no valid Base URL',
			{
				itemIndex,
				description:
					'Enter the address of your n8n public API, e.g. https://n8n.example.com/api/v1.',
			},
		);
	}
	try {
		const answer = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			N8N_API_CREDENTIAL,
			{
				method: options.method,
				url: `${baseUrl}${options.path}`,
				qs: options.qs,
				body: options.body,
				json: true,
				timeout: 30_000,
			},
		)) as unknown;
		if (answer === null || typeof answer !== 'object' || Array.isArray(answer))
			throw new Error('not a JSON object');
		return answer as IDataObject;
	} catch (error) {
		throw refusal(context, itemIndex, what, error);
	}
}

function summary(value: unknown): N8nCredentialSummary | undefined {
	const entry = value as Partial<Record<keyof N8nCredentialSummary, unknown>>;
	if (
		typeof entry?.id !== 'string' ||
		typeof entry.name !== 'string' ||
		typeof entry.type !== 'string'
	)
		return undefined;
	return {
		id: entry.id,
		name: entry.name,
		type: entry.type,
		updatedAt: typeof entry.updatedAt === 'string' ? entry.updatedAt : '',
	};
}

/** Every credential of `type` named exactly `name` (n8n's list has no filter: it is paged through). */
export async function findCredentials(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	type: string,
): Promise<N8nCredentialSummary[]> {
	const found: N8nCredentialSummary[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PAGES; page++) {
		const answer = await call(context, itemIndex, 'list the credentials', {
			method: 'GET',
			path: '/credentials',
			qs: { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) },
		});
		const data = Array.isArray(answer.data) ? answer.data : [];
		for (const entry of data.map(summary)) {
			if (entry?.name === name && entry.type === type) found.push(entry);
		}
		if (typeof answer.nextCursor !== 'string' || answer.nextCursor === '') return found;
		cursor = answer.nextCursor;
	}
	throw new NodeOperationError(
		context.getNode(),
		`This n8n has more than ${PAGE_SIZE * MAX_PAGES} credentials: Connect Seller cannot look for the seller's`,
		{
			itemIndex,
			description: 'Delete credentials no longer used, then send the seller a new link.',
		},
	);
}

/** Creates a credential; answers its id and name. */
export async function createCredential(
	context: IExecuteFunctions,
	itemIndex: number,
	credential: { name: string; type: string; data: IDataObject },
): Promise<N8nCredentialSummary> {
	const answer = await call(context, itemIndex, 'create the credential', {
		method: 'POST',
		path: '/credentials',
		body: credential,
	});
	return summary(answer) ?? { id: '', name: credential.name, type: credential.type, updatedAt: '' };
}

/**
 * Replaces a credential's data in place: the id stays, so workflows using it keep working. Not a
 * partial update, so nothing of the old data (tokens of an earlier approval) survives.
 */
export async function replaceCredentialData(
	context: IExecuteFunctions,
	itemIndex: number,
	id: string,
	credential: { name: string; data: IDataObject },
): Promise<N8nCredentialSummary> {
	const answer = await call(context, itemIndex, 'update the credential', {
		method: 'PATCH',
		path: `/credentials/${encodeURIComponent(id)}`,
		body: credential,
	});
	return summary(answer) ?? { id, name: credential.name, type: '', updatedAt: '' };
}
