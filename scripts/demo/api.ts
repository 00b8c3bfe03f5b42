/**
 * The few public-API calls the demo needs beyond the harness client (scripts/e2e/lib): list and
 * update credentials, update a workflow, list executions of the whole instance.
 */
import { N8nApiError, request, type Credential, type Execution, type Workflow, type WorkflowInput } from '../e2e/lib';

export class DemoApi {
	constructor(
		readonly baseUrl: string,
		private readonly apiKey: string,
	) {}

	private async call<T>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number | boolean | undefined>; expect?: number[] } = {}): Promise<T> {
		const url = `${this.baseUrl}/api/v1${path}`;
		const params: Record<string, string> = {};
		for (const [key, value] of Object.entries(opts.query ?? {})) if (value !== undefined) params[key] = String(value);
		const result = await request<T>({
			method,
			url,
			params,
			data: opts.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
			headers: { 'X-N8N-API-KEY': this.apiKey, accept: 'application/json', 'content-type': 'application/json' },
		});
		if (!(opts.expect ?? [200, 201]).includes(result.status)) throw new N8nApiError(method, url, result.status, result.data);
		return result.data;
	}

	/** Every credential (without data), following the cursor. */
	async listCredentials(): Promise<Credential[]> {
		const all: Credential[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < 100; page++) {
			const result = await this.call<{ data: Credential[]; nextCursor?: string | null }>('GET', '/credentials', { query: { limit: 100, cursor } });
			all.push(...result.data);
			if (!result.nextCursor) break;
			cursor = result.nextCursor;
		}
		return all;
	}

	async createCredential(input: { name: string; type: string; data: Record<string, unknown> }): Promise<Credential> {
		return await this.call<Credential>('POST', '/credentials', { body: input });
	}

	/** Replaces the credential's data (isPartialData false). */
	async updateCredential(id: string, input: { name: string; type: string; data: Record<string, unknown> }): Promise<Credential> {
		return await this.call<Credential>('PATCH', `/credentials/${encodeURIComponent(id)}`, { body: input });
	}

	async listWorkflows(): Promise<Workflow[]> {
		const all: Workflow[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < 100; page++) {
			const result = await this.call<{ data: Workflow[]; nextCursor?: string | null }>('GET', '/workflows', { query: { limit: 100, cursor } });
			all.push(...result.data);
			if (!result.nextCursor) break;
			cursor = result.nextCursor;
		}
		return all;
	}

	async createWorkflow(input: WorkflowInput): Promise<Workflow> {
		return await this.call<Workflow>('POST', '/workflows', { body: input });
	}

	async updateWorkflow(id: string, input: WorkflowInput): Promise<Workflow> {
		return await this.call<Workflow>('PUT', `/workflows/${encodeURIComponent(id)}`, { body: input });
	}

	async publishWorkflow(id: string): Promise<Workflow> {
		return await this.call<Workflow>('POST', `/workflows/${encodeURIComponent(id)}/publish`);
	}

	/** The newest executions of the instance (all workflows), newest first. */
	async recentExecutions(limit = 50): Promise<Execution[]> {
		const result = await this.call<{ data: Execution[] }>('GET', '/executions', { query: { limit } });
		return result.data;
	}

	async execution(id: string | number): Promise<Execution> {
		return await this.call<Execution>('GET', `/executions/${encodeURIComponent(String(id))}`, { query: { includeData: true } });
	}

	async executions(workflowId: string, limit = 250): Promise<Execution[]> {
		const result = await this.call<{ data: Execution[] }>('GET', '/executions', { query: { workflowId, limit } });
		return result.data;
	}
}
