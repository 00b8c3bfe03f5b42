/**
 * The crash test's workflow: Marketplace Seller Trigger -> NoOp at a chosen typeVersion, and the
 * trigger versions the running n8n loaded from the packed tarball.
 */
import { randomUUID } from 'node:crypto';

import { loadedNodeVersions } from '../../../scripts/bench/nodeVersions';
import type { Credential, N8nInstance, PublicApiClient } from '../../../scripts/e2e/lib';
import { CREDENTIAL_TYPE, TRIGGER_TYPE } from '../../e2e/support/session';
import { TRIGGER_NODE, type TriggerWorkflow } from '../../e2e/support/workflows';

/** Every typeVersion of the trigger that n8n loaded from the packed tarball, ascending. */
export async function triggerVersions(n8n: N8nInstance): Promise<number[]> {
	return await loadedNodeVersions(n8n, TRIGGER_TYPE);
}

/** Marketplace Seller Trigger (typeVersion `version`, all events, defaults) -> NoOp, published, its route answering 401 to an unsigned probe. */
export async function createTriggerWorkflowAt(
	n8n: N8nInstance,
	api: PublicApiClient,
	credential: Credential,
	name: string,
	version: number,
): Promise<TriggerWorkflow> {
	const webhookId = randomUUID();
	const workflow = await api.createWorkflow({
		name,
		nodes: [
			{
				name: TRIGGER_NODE,
				type: TRIGGER_TYPE,
				typeVersion: version,
				position: [0, 0],
				webhookId,
				parameters: {
					authentication: 'clientCredentials',
					events: ['*'],
					registeredUrl: '',
					options: {},
				},
				credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
			},
			{
				name: 'NoOp',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240, 0],
				parameters: {},
			},
		],
		connections: { [TRIGGER_NODE]: { main: [[{ node: 'NoOp', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	await api.publishWorkflow(workflow.id);
	const path = `${webhookId}/webhook`;
	await waitForRoute(n8n, path);
	return { workflow, webhookId, path, productionUrl: n8n.webhookUrl(path) };
}

/** Waits until the trigger's route is registered (after publishing or a restart): an unsigned probe gets the trigger's own 401. */
export async function waitForRoute(n8n: N8nInstance, path: string): Promise<void> {
	const probe = await n8n.postWebhook(path, { probe: true }, { notRegisteredRetryMs: 60_000 });
	if (probe.status !== 401)
		throw new Error(`trigger route probe answered ${probe.status}: ${JSON.stringify(probe.data)}`);
}
