/**
 * A small stand-in for the credential endpoints of n8n's public API (/api/v1/credentials), for
 * the unit tests of Connect Seller. It follows what n8n 2.40.7 does (see
 * docs/marketplace-seller-node.md#connect-seller for the file and line references):
 * - the X-N8N-API-KEY header is required;
 * - GET lists id, name, type and times, newest first, `limit` (at most 250) and an opaque
 *   `cursor`, never the data;
 * - POST creates, PATCH replaces the data (or merges it with isPartialData), DELETE removes;
 * - `data` is checked like n8n's validateCredentialData: only the credential type's fields that
 *   are not hidden, the required ones present, options among their values.
 * The real proof is the e2e test against n8n itself (test/e2e/05-onboarding.n8n2.e2e.test.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialType } from 'n8n-workflow';

export interface FakeCredential {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
	createdAt: string;
	updatedAt: string;
}

export interface FakeRequest {
	method: string;
	path: string;
	apiKey: string | undefined;
	body: unknown;
}

export interface FakeN8nApi {
	baseUrl: string;
	apiKey: string;
	credentials: Map<string, FakeCredential>;
	requests: FakeRequest[];
	/** A status to answer every request with (e.g. 500), instead of serving it. */
	failWith: number | undefined;
	close(): Promise<void>;
}

const MAX_LIMIT = 250;

function dataProblem(type: ICredentialType, data: unknown): string | undefined {
	if (data === null || typeof data !== 'object' || Array.isArray(data))
		return 'request.body.data is not of a type(s) object';
	const fields = new Map(
		type.properties.filter((property) => property.type !== 'hidden').map((p) => [p.name, p]),
	);
	for (const [key, value] of Object.entries(data)) {
		const field = fields.get(key);
		if (!field) return `request.body.data is not allowed to have the additional property "${key}"`;
		if (field.type === 'options') {
			const values = (field.options ?? []).map((option) => (option as { value: unknown }).value);
			if (!values.includes(value))
				return `request.body.data.${key} is not one of enum values: ${values.join(',')}`;
		} else if (field.type === 'string' && typeof value !== 'string') {
			return `request.body.data.${key} is not of a type(s) string`;
		}
	}
	for (const field of fields.values()) {
		if (field.required && field.displayOptions === undefined && !(field.name in data))
			return `request.body.data requires property "${field.name}"`;
	}
	return undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(body));
}

function publicView(credential: FakeCredential): Record<string, unknown> {
	const { data: _data, ...rest } = credential;
	return { ...rest, isManaged: false, isGlobal: false, isResolvable: false };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	return text === '' ? undefined : (JSON.parse(text) as unknown);
}

export async function startFakeN8nApi(types: ICredentialType[]): Promise<FakeN8nApi> {
	const byName = new Map(types.map((type) => [type.name, type]));
	let sequence = 0;
	let last = 0;
	// n8n's times: the server's clock, strictly increasing here so that order is never a tie.
	const now = () => {
		last = Math.max(Date.now(), last + 1);
		return new Date(last).toISOString();
	};
	const api = {
		apiKey: 'n8n-api-key-for-tests-0123456789',
		credentials: new Map<string, FakeCredential>(),
		requests: [] as FakeRequest[],
		failWith: undefined as number | undefined,
	};

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(String(req.url), 'http://localhost');
		const body = await readBody(req);
		const apiKey = req.headers['x-n8n-api-key'] as string | undefined;
		api.requests.push({
			method: String(req.method),
			path: url.pathname + url.search,
			apiKey,
			body,
		});
		if (api.failWith !== undefined) return send(res, api.failWith, { message: 'failure' });
		if (apiKey !== api.apiKey) return send(res, 401, { message: 'unauthorized' });
		const match = /^\/api\/v1\/credentials(?:\/([^/]+))?$/.exec(url.pathname);
		if (!match) return send(res, 404, { message: 'not found' });
		const id = match[1];
		const input = (body ?? {}) as Record<string, unknown>;
		if (req.method === 'GET' && id === undefined) {
			const limit = Number(url.searchParams.get('limit') ?? 100);
			if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
				return send(res, 400, { message: 'Param `limit` must be a valid integer' });
			const cursor = url.searchParams.get('cursor');
			const offset = cursor ? Number(Buffer.from(cursor, 'base64').toString('utf8')) : 0;
			const all = [...api.credentials.values()].reverse();
			const page = all.slice(offset, offset + limit);
			const next = offset + limit < all.length ? offset + limit : undefined;
			return send(res, 200, {
				data: page.map((credential) => ({ ...publicView(credential), shared: [] })),
				nextCursor: next === undefined ? null : Buffer.from(String(next)).toString('base64'),
			});
		}
		if (req.method === 'POST' && id === undefined) {
			const type = byName.get(String(input.type));
			if (!type) return send(res, 400, { message: 'req.body.type is not a known type' });
			const problem = dataProblem(type, input.data);
			if (problem) return send(res, 400, { message: problem });
			const created: FakeCredential = {
				id: `cred${String(++sequence).padStart(6, '0')}`,
				name: String(input.name),
				type: type.name,
				data: input.data as Record<string, unknown>,
				createdAt: now(),
				updatedAt: '',
			};
			created.updatedAt = created.createdAt;
			api.credentials.set(created.id, created);
			return send(res, 200, publicView(created));
		}
		const existing = id === undefined ? undefined : api.credentials.get(id);
		if (!existing) return send(res, 404, { message: 'Credential not found' });
		if (req.method === 'PATCH') {
			if (input.data !== undefined) {
				const problem = dataProblem(byName.get(existing.type)!, input.data);
				if (problem) return send(res, 400, { message: problem });
				existing.data =
					input.isPartialData === true
						? { ...existing.data, ...(input.data as Record<string, unknown>) }
						: (input.data as Record<string, unknown>);
			}
			if (typeof input.name === 'string') existing.name = input.name;
			existing.updatedAt = now();
			return send(res, 200, publicView(existing));
		}
		if (req.method === 'DELETE') {
			api.credentials.delete(existing.id);
			return send(res, 200, publicView(existing));
		}
		return send(res, 405, { message: 'method not allowed' });
	}

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return Object.assign(api, {
		baseUrl: `http://127.0.0.1:${port}/api/v1`,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	});
}
