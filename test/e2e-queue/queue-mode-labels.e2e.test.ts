/**
 * Queue mode and PDFs (issue 29, point 6): n8n 2.x in queue mode (Postgres, Redis, main, two
 * webhook processes behind the balancer, one worker; scripts/e2e/lib/queue-mode.ts), each process
 * with its own binary-data folder as on its own machine, and the binary-data mode the harness sets
 * for queue mode (`database`, docs/queue-mode-binary-data.md). A production webhook runs
 * Webhook -> Marketplace Seller Download Labels -> Extract from File in the worker: the label PDF
 * the simulator served reaches the next node, and main, another "machine", serves the same bytes
 * to the editor. Run with MKT_QUEUE_BINARY_DATA_MODE=filesystem to watch it fail.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import {
	BROWSER_ID,
	repoRoot,
	request,
	sleep,
	type Credential,
	type Execution,
	type Workflow,
} from '../../scripts/e2e/lib';
import { QueueModeCluster, resetQueueModeFolder } from '../../scripts/e2e/lib/queue-mode';
import { startSimulator, type Simulator } from '../../simulator';
import {
	ACTION_TYPE,
	beginSession,
	CREDENTIAL_TYPE,
	credentialData,
	sessionHooks,
} from '../e2e/support/session';
import { stopStarted } from '../e2e/support/stop';
import { nodeOutput } from '../e2e/support/workflows';

const DOWNLOAD_NODE = 'Download label PDF';
const NEXT_NODE = 'Read the PDF (next node)';
const DOWNLOAD_ROUTE = 'GET /sellers/v3/shipments/{ids}/labels';

interface LabelsSession {
	cluster: QueueModeCluster;
	sim: Simulator;
	credential: Credential;
	workflow: Workflow;
	path: string;
	timings: Record<string, number>;
}

function log(line: string): void {
	process.stderr.write(`[e2e-queue-labels] ${line}\n`);
}

function labelsWorkflow(credential: Credential, path: string) {
	return {
		name: 'Queue mode: label PDF to the next node',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path,
					responseMode: 'lastNode',
					responseData: 'firstEntryJson',
					options: {},
				},
			},
			{
				name: DOWNLOAD_NODE,
				type: ACTION_TYPE,
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					authentication: 'clientCredentials',
					resource: 'shipment',
					operation: 'downloadLabels',
					shipmentIds: '={{ $json.body.shipmentIds }}',
					binaryPropertyName: 'data',
				},
				credentials: { [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } },
			},
			{
				name: NEXT_NODE,
				type: 'n8n-nodes-base.extractFromFile',
				typeVersion: 1.1,
				position: [440, 0],
				parameters: {
					operation: 'binaryToPropery',
					binaryPropertyName: 'data',
					destinationKey: 'pdfBase64',
					options: { keepSource: 'both' },
				},
			},
		],
		connections: {
			Webhook: { main: [[{ node: DOWNLOAD_NODE, type: 'main', index: 0 }]] },
			[DOWNLOAD_NODE]: { main: [[{ node: NEXT_NODE, type: 'main', index: 0 }]] },
		},
	};
}

async function startLabelsSession(): Promise<LabelsSession> {
	const { timings, timed, tarball } = beginSession('npm run test:e2e:queue');
	const stateDir = join(repoRoot(), '.e2e', 'queue-mode-labels');
	await resetQueueModeFolder(stateDir, log);
	const cluster = await timed('queue-mode start', () =>
		QueueModeCluster.start({ stateDir, tarball, log }),
	);
	let sim: Simulator | undefined;
	try {
		sim = await startSimulator({ packingDelayMs: 0, quiet: true });
		const started = sim;
		const credential = await cluster.api.createCredential({
			name: 'Marketplace simulator (self access app)',
			type: CREDENTIAL_TYPE,
			data: credentialData(cluster.runtime.major, started),
		});
		const path = `labels-${randomUUID()}`;
		const workflow = await cluster.api.createWorkflow(labelsWorkflow(credential, path) as never);
		await cluster.api.publishWorkflow(workflow.id);
		return { cluster, sim, credential, workflow, path, timings };
	} catch (error) {
		await sim?.close().catch(() => undefined);
		await cluster.stop().catch(() => undefined);
		throw error;
	}
}

const s = sessionHooks(
	startLabelsSession,
	async (session) => {
		if (session) await stopStarted(session.cluster, session, 'labels session', log);
	},
	180_000,
);

/** Posts to the production URL through the balancer (a webhook process), retrying "not registered yet". */
async function postThroughWebhookProcess(body: unknown) {
	const url = `${s().cluster.webhookBaseUrl}/webhook/${s().path}`;
	const deadline = Date.now() + 60_000;
	for (;;) {
		const answer = await request({ method: 'POST', url, data: body });
		if (answer.status !== 404 || Date.now() > deadline) return answer;
		await sleep(500);
	}
}

/** The bytes main serves to the editor for a binary entry (owner cookie). */
async function bytesFromMain(id: string): Promise<{ status: number; bytes: Buffer }> {
	const main = s().cluster.main;
	if (!main.authCookie) await main.login();
	const answer = await request<ArrayBuffer>({
		url: `${main.baseUrl}/rest/binary-data`,
		params: { id, action: 'download' },
		headers: { cookie: main.authCookie!, 'browser-id': BROWSER_ID },
		responseType: 'arraybuffer',
	});
	return { status: answer.status, bytes: Buffer.from(answer.data) };
}

describe('queue mode: label PDFs in a worker-run execution', () => {
	test('Download Labels in the worker: the PDF bytes reach the next node, and main serves the same bytes', async () => {
		const shipmentIds = s().sim.control.seedShipments({
			count: 2,
			locationId: 'LOC-DEMO-1',
			state: 'PACKED',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;
		s().sim.control.clearCalls();

		const answer = await postThroughWebhookProcess({ shipmentIds: shipmentIds.join(',') });
		expect(answer.status).toBe(200);
		const [done] = await s().cluster.api.waitForExecutions(s().workflow.id, 1, {
			timeoutMs: 120_000,
		});
		const execution: Execution = await s().cluster.api.getExecution(done.id, {
			includeData: true,
		});
		expect(execution.status).toBe('success');

		// The worker ran it (the webhook process only queued it).
		expect(s().cluster.worker.logTail(400)).toContain(`Worker started execution ${execution.id}`);
		expect(
			s()
				.sim.control.listCalls({ route: DOWNLOAD_ROUTE })
				.calls.map((call) => call.status),
		).toEqual([200]);

		// Download Labels' output: one PDF, kept by n8n's binary-data store.
		const [file] = nodeOutput(execution, DOWNLOAD_NODE);
		const binary = file.binary?.data as Record<string, unknown>;
		expect(binary).toMatchObject({ mimeType: 'application/pdf', fileExtension: 'pdf' });
		const id = String(binary.id ?? '');

		// The next node, in the same worker-run execution, read the bytes.
		const [next] = nodeOutput(execution, NEXT_NODE);
		const pdf = Buffer.from(String(next.json.pdfBase64), 'base64');
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(pdf.length).toBe(file.json.fileSize);

		// Main, which did not run the execution and has its own binary-data folder, serves the
		// same bytes to the editor: the store is shared, not per machine.
		const fromMain = await bytesFromMain(id);
		expect(fromMain.status).toBe(200);
		expect(fromMain.bytes.equals(pdf)).toBe(true);
		// Kept in the database store, the mode the harness sets for queue mode.
		expect(id).toMatch(/^database:/);
	});
});
