/**
 * Typed client for the parts of n8n's public API (`/api/v1`, header X-N8N-API-KEY) the e2e
 * tests, the demo and the bench use. Works against 2.x (publish/unpublish) and 1.x
 * (activate/deactivate): `publishWorkflow()` picks the right route for the instance's major version.
 */
import { request, sleep, HttpResult } from './net';

export class N8nApiError extends Error {
	constructor(
		readonly method: string,
		readonly url: string,
		readonly status: number,
		readonly body: unknown,
	) {
		super(`${method} ${url} -> HTTP ${status}: ${truncate(JSON.stringify(body))}`);
		this.name = 'N8nApiError';
	}
}

function truncate(text: string | undefined, max = 1500): string {
	if (text === undefined) return '';
	return text.length > max ? `${text.slice(0, max)}...` : text;
}

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	disabled?: boolean;
	[key: string]: unknown;
}

export interface WorkflowInput {
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	staticData?: Record<string, unknown> | null;
	/** Sample data pinned to nodes, by node name (2.x). */
	pinData?: Record<string, unknown>;
}

export interface Workflow extends WorkflowInput {
	id: string;
	active: boolean;
	versionId?: string;
	activeVersionId?: string | null;
	createdAt: string;
	updatedAt: string;
	[key: string]: unknown;
}

export interface Credential {
	id: string;
	name: string;
	type: string;
	createdAt: string;
	updatedAt: string;
}

export type ExecutionStatus =
	| 'canceled'
	| 'crashed'
	| 'error'
	| 'new'
	| 'running'
	| 'success'
	| 'unknown'
	| 'waiting';

export interface Execution {
	id: string | number;
	finished: boolean;
	mode: string;
	status: ExecutionStatus;
	startedAt: string;
	stoppedAt: string | null;
	workflowId: string;
	retryOf?: string | null;
	/** Present with includeData: the full IRun data (resultData.runData[nodeName][run].data.main...). */
	data?: {
		resultData: {
			runData: Record<
				string,
				Array<{
					/** When the node's run started (epoch ms). */
					startTime?: number;
					data?: {
						main?: Array<Array<{
							json: Record<string, unknown>;
							binary?: Record<string, unknown>;
						}> | null>;
					};
					error?: unknown;
				}>
			>;
			error?: { message?: string; [key: string]: unknown };
			lastNodeExecuted?: string;
		};
		[key: string]: unknown;
	};
	[key: string]: unknown;
}

export interface ExecutionListQuery {
	workflowId?: string;
	status?: ExecutionStatus;
	includeData?: boolean;
	limit?: number;
	cursor?: string;
	projectId?: string;
	/** 2.x: return data even when it is larger than the display limit. */
	ignoreDataSizeLimit?: boolean;
}

export interface Page<T> {
	data: T[];
	nextCursor: string | null;
}

export class PublicApiClient {
	constructor(
		readonly baseUrl: string,
		readonly apiKey: string,
		/** n8n major version: 2 publishes, 1 activates. */
		readonly major: number,
	) {}

	private async call<T>(
		method: string,
		path: string,
		opts: { body?: unknown; query?: Record<string, unknown>; expect?: number[] } = {},
	): Promise<T> {
		const url = `${this.baseUrl}/api/v1${path}`;
		const params: Record<string, string> = {};
		for (const [key, value] of Object.entries(opts.query ?? {})) {
			if (value !== undefined && value !== null) params[key] = String(value);
		}
		const result: HttpResult<T> = await request<T>({
			method,
			url,
			params,
			// n8n refuses a body-less POST that axios labels form-urlencoded (415): always send JSON.
			data: opts.body ?? (method === 'POST' || method === 'PUT' ? {} : undefined),
			headers: {
				'X-N8N-API-KEY': this.apiKey,
				accept: 'application/json',
				'content-type': 'application/json',
			},
		});
		const expected = opts.expect ?? [200, 201];
		if (!expected.includes(result.status))
			throw new N8nApiError(method, url, result.status, result.data);
		return result.data;
	}

	/** Every item of a paged list (100 per page), following nextCursor. */
	private async allPages<T>(path: string, query: Record<string, unknown> = {}): Promise<T[]> {
		const all: T[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < 10_000; page++) {
			const result = await this.call<Page<T>>('GET', path, {
				query: { limit: 100, ...query, cursor },
			});
			all.push(...result.data);
			if (!result.nextCursor) break;
			cursor = result.nextCursor;
		}
		return all;
	}

	// ---- credentials
	async createCredential(input: {
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<Credential> {
		return await this.call<Credential>('POST', '/credentials', { body: input });
	}

	/** Replaces the credential's data (isPartialData false). */
	async updateCredential(
		id: string,
		input: { name: string; type: string; data: Record<string, unknown> },
	): Promise<Credential> {
		return await this.call<Credential>('PATCH', `/credentials/${encodeURIComponent(id)}`, {
			body: input,
		});
	}

	/** Every credential (without data). */
	async listAllCredentials(): Promise<Credential[]> {
		return await this.allPages<Credential>('/credentials');
	}

	async deleteCredential(id: string): Promise<void> {
		await this.call('DELETE', `/credentials/${encodeURIComponent(id)}`, { expect: [200, 204] });
	}

	/** The JSON schema n8n validates `data` against (useful when a create is refused). */
	async credentialSchema(type: string): Promise<unknown> {
		return await this.call('GET', `/credentials/schema/${encodeURIComponent(type)}`);
	}

	// ---- workflows
	async createWorkflow(input: WorkflowInput): Promise<Workflow> {
		const body = { settings: {}, ...input };
		return await this.call<Workflow>('POST', '/workflows', { body });
	}

	async getWorkflow(id: string): Promise<Workflow> {
		return await this.call<Workflow>('GET', `/workflows/${encodeURIComponent(id)}`);
	}

	async listWorkflows(
		query: { active?: boolean; name?: string; limit?: number; cursor?: string } = {},
	): Promise<Page<Workflow>> {
		return await this.call<Page<Workflow>>('GET', '/workflows', { query });
	}

	async listAllWorkflows(): Promise<Workflow[]> {
		return await this.allPages<Workflow>('/workflows');
	}

	async updateWorkflow(id: string, input: WorkflowInput): Promise<Workflow> {
		return await this.call<Workflow>('PUT', `/workflows/${encodeURIComponent(id)}`, {
			body: input,
		});
	}

	/** 2.x: POST /workflows/{id}/publish; 1.x: POST /workflows/{id}/activate. */
	async publishWorkflow(id: string): Promise<Workflow> {
		const route = this.major >= 2 ? 'publish' : 'activate';
		return await this.call<Workflow>('POST', `/workflows/${encodeURIComponent(id)}/${route}`);
	}

	/** Alias of publishWorkflow (1.x wording). */
	async activateWorkflow(id: string): Promise<Workflow> {
		return await this.publishWorkflow(id);
	}

	/** 2.x: POST /workflows/{id}/unpublish; 1.x: POST /workflows/{id}/deactivate. */
	async deactivateWorkflow(id: string): Promise<Workflow> {
		const route = this.major >= 2 ? 'unpublish' : 'deactivate';
		return await this.call<Workflow>('POST', `/workflows/${encodeURIComponent(id)}/${route}`);
	}

	async deleteWorkflow(id: string): Promise<void> {
		await this.call('DELETE', `/workflows/${encodeURIComponent(id)}`, { expect: [200, 204] });
	}

	// ---- executions
	async listExecutions(query: ExecutionListQuery = {}): Promise<Page<Execution>> {
		return await this.call<Page<Execution>>('GET', '/executions', { query: { ...query } });
	}

	/**
	 * Every execution matching the query, following nextCursor. Note: n8n leaves running
	 * executions out of the list unless status=running is asked for.
	 */
	async listAllExecutions(query: Omit<ExecutionListQuery, 'cursor'> = {}): Promise<Execution[]> {
		return await this.allPages<Execution>('/executions', { ...query });
	}

	/**
	 * Waits until the workflow has at least `count` executions that are no longer running, and
	 * returns them (newest first). n8n lists running executions only when asked for them, and with
	 * a webhook that answers before its execution starts, the execution can appear a moment after
	 * the HTTP answer: wait with this instead of counting right away.
	 */
	async waitForExecutions(
		workflowId: string,
		count: number,
		opts: { timeoutMs?: number; includeData?: boolean } = {},
	): Promise<Execution[]> {
		const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
		for (;;) {
			const done = await this.listAllExecutions({ workflowId, includeData: opts.includeData });
			const finished = done.filter((e) => e.status !== 'running' && e.status !== 'new');
			if (finished.length >= count) return finished;
			if (Date.now() > deadline) {
				throw new Error(
					`workflow ${workflowId}: ${finished.length} finished executions, expected at least ${count}`,
				);
			}
			await sleep(250);
		}
	}

	/** Executions of the workflow still running (and, on 2.x, queued: status new). */
	async activeExecutions(workflowId: string): Promise<Execution[]> {
		const running = await this.listAllExecutions({ workflowId, status: 'running' });
		// 1.x's public API does not accept status=new.
		const queued =
			this.major >= 2 ? await this.listAllExecutions({ workflowId, status: 'new' }) : [];
		return [...running, ...queued];
	}

	async getExecution(
		id: string | number,
		opts: { includeData?: boolean; ignoreDataSizeLimit?: boolean } = {},
	): Promise<Execution> {
		return await this.call<Execution>('GET', `/executions/${encodeURIComponent(String(id))}`, {
			query: {
				includeData: opts.includeData ?? true,
				ignoreDataSizeLimit: opts.ignoreDataSizeLimit,
			},
		});
	}

	async deleteExecution(id: string | number): Promise<void> {
		await this.call('DELETE', `/executions/${encodeURIComponent(String(id))}`, {
			expect: [200, 204],
		});
	}
}
