/**
 * The example workflows of examples/*.json, prepared for the demo's n8n: credential references
 * point at the demo credential, the example file folder (/home/node/.n8n-files/marketplace, the
 * default allowed folder of n8n's Docker image) becomes the demo's files folder, and only the
 * fields n8n's public API accepts are kept.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowInput, WorkflowNode } from '../e2e/lib';

/** The folder the example files use for their data files. */
export const EXAMPLE_FILES_FOLDER = '/home/node/.n8n-files/marketplace';

export const TRIGGER_TYPE = 'n8n-nodes-marketplace-seller.marketplaceSellerTrigger';
export const CREDENTIAL_TYPE = 'marketplaceSellerApi';

export interface ExampleFile {
	/** File name, e.g. new-order-to-csv.json */
	file: string;
	workflow: WorkflowInput & { [key: string]: unknown };
}

export interface PreparedExample {
	file: string;
	workflow: WorkflowInput;
	/** Whether the workflow starts from a trigger node (only those can be published). */
	hasTrigger: boolean;
	/** The Marketplace Seller Trigger nodes (name, webhookId, selected events). */
	triggers: Array<{ name: string; webhookId: string; events: string[] }>;
	/** Path of each Webhook node (n8n-nodes-base.webhook). */
	webhookPaths: string[];
}

export function loadExamples(examplesDir: string): ExampleFile[] {
	return readdirSync(examplesDir)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((file) => ({
			file,
			workflow: JSON.parse(
				readFileSync(join(examplesDir, file), 'utf8'),
			) as ExampleFile['workflow'],
		}));
}

/**
 * Whether every credential the example uses is one the demo creates. Examples that need more
 * (queue-mode-guard.json needs a Postgres database: scripts/queue-mode.sh runs one) are not imported.
 */
export function usesOnlyDemoCredentials(example: ExampleFile): boolean {
	return (example.workflow.nodes as WorkflowNode[]).every((node) =>
		Object.keys(node.credentials ?? {}).every((type) => type === CREDENTIAL_TYPE),
	);
}

/** Replaces every occurrence of `from` in the string values of `value` (deeply). */
function replaceInStrings<T>(value: T, from: string, to: string): T {
	if (typeof value === 'string') return value.split(from).join(to) as T;
	if (Array.isArray(value)) return value.map((entry) => replaceInStrings(entry, from, to)) as T;
	if (value !== null && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value as Record<string, unknown>))
			out[key] = replaceInStrings(entry, from, to);
		return out as T;
	}
	return value;
}

const TRIGGER_NODE_TYPES = new Set([
	TRIGGER_TYPE,
	'n8n-nodes-marketplace-seller.marketplaceSellerPollTrigger',
	'n8n-nodes-base.scheduleTrigger',
	'n8n-nodes-base.webhook',
	'n8n-nodes-base.cron',
]);

function hasPinData(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}

export function prepareExample(
	example: ExampleFile,
	target: { credential: { id: string; name: string }; filesFolder: string },
): PreparedExample {
	const source = example.workflow;
	const nodes = (source.nodes as WorkflowNode[]).map((original) => {
		let node = replaceInStrings(original, EXAMPLE_FILES_FOLDER, target.filesFolder);
		if (node.credentials && CREDENTIAL_TYPE in node.credentials) {
			node = {
				...node,
				credentials: { ...node.credentials, [CREDENTIAL_TYPE]: { ...target.credential } },
			};
		}
		return node;
	});
	const triggers = nodes
		.filter((node) => node.type === TRIGGER_TYPE)
		.map((node) => ({
			name: node.name,
			webhookId: String(node.webhookId ?? ''),
			events: (node.parameters.events as string[] | undefined) ?? ['*'],
		}));
	const webhookPaths = nodes
		.filter((node) => node.type === 'n8n-nodes-base.webhook')
		.map((node) => String(node.parameters.path ?? ''));
	return {
		file: example.file,
		// The public API accepts name, nodes, connections, settings and (2.x) pinData, and rejects
		// other fields. Pinned data is kept when there is some: morning-labels pins a sample call
		// on its Run now webhook so that runs in the editor do not wait for a test call.
		workflow: {
			name: source.name,
			nodes,
			connections: source.connections,
			settings: { executionOrder: 'v1', ...(source.settings ?? {}) },
			...(hasPinData(source.pinData) ? { pinData: source.pinData } : {}),
		},
		hasTrigger: nodes.some((node) => TRIGGER_NODE_TYPES.has(node.type)),
		triggers,
		webhookPaths,
	};
}
