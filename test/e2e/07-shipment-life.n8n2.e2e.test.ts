/**
 * The order life after Ready to Dispatch in a real n8n 2.x (n8n2Version(), issue 27), driven only
 * by the Marketplace Seller node; the simulator's control interface plays the buyer (an order comes in)
 * and the courier (the marketplace generates the pickup codes). A Marketplace Seller Trigger in
 * the same n8n receives the pushes that follow. The evening handover and self-ship examples run
 * here too, imported as the demo imports them, their file nodes on the session's files folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { BROWSER_ID, n8n2Version, repoRoot, request, type Execution } from '../../scripts/e2e/lib';
import { prepareExample } from '../../scripts/demo/examples';
import { useSession } from './support/session';
import {
	ACTION_NODE,
	createActionWorkflow,
	createTriggerWorkflow,
	nodeOutput,
	runAction,
	settledExecutions,
	TRIGGER_NODE,
	type ActionWorkflow,
	type TriggerWorkflow,
} from './support/workflows';

const LOCATION = 'LOC-DEMO-1';
const DAY = 86_400_000;
const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

let trigger: TriggerWorkflow;
const flows: Record<string, ActionWorkflow> = {};

const s = useSession('n8n2', 'shipment-life-n8n2', async (session) => {
	trigger = await createTriggerWorkflow(
		session.n8n,
		session.api,
		session.credential,
		'E2E life trigger',
	);
	session.sim.control.setReceiver({ url: trigger.productionUrl });
	const make = async (name: string, parameters: Record<string, unknown>, splitItems = false) => {
		flows[name] = await createActionWorkflow(
			session.n8n,
			session.api,
			session.credential,
			`E2E ${name}`,
			{ resource: 'shipment', ...parameters },
			{ splitItems },
		);
	};
	await make(
		'dispatch',
		{ operation: 'dispatch', shipmentIds: '={{ $json.shipmentId }}', locationId: byId(LOCATION) },
		true,
	);
	await make('counts', { operation: 'getHandoverCounts', locationId: byId(LOCATION) });
	await make('manifest', {
		operation: 'downloadManifest',
		locationId: byId(LOCATION),
		vendorGroupCode: '={{ $json.body.vendorGroupCode }}',
		binaryPropertyName: 'data',
	});
	await make(
		'selfShipDispatch',
		{
			operation: 'selfShipDispatch',
			shipmentId: byId('={{ $json.shipmentId }}'),
			locationId: byId(LOCATION),
			dispatchDate: '={{ $json.dispatchDate }}',
			tentativeDeliveryDate: '={{ $json.tentativeDeliveryDate }}',
			invoiceDate: '={{ $json.invoiceDate }}',
			invoiceNumber: '={{ "INV-" + $json.shipmentId.slice(0, 6) }}',
			invoiceItems: {
				item: [{ orderItemId: '={{ $json.orderItemId }}', quantity: 1, serialNumbers: '' }],
			},
			trackingId: 'AWB-E2E-1',
			deliveryPartner: 'SwiftShip Couriers',
			deliveryPartnerCode: 'SWS',
		},
		true,
	);
	await make('attempt', {
		operation: 'recordDeliveryAttempt',
		shipmentId: byId('={{ $json.body.shipmentId }}'),
		locationId: byId(LOCATION),
		attemptDate: '={{ $json.body.attemptDate }}',
		reason: 'Customer unavailable',
		newDeliveryDate: '={{ $json.body.newDeliveryDate }}',
	});
	await make('tracking', {
		operation: 'updateTracking',
		shipmentId: byId('={{ $json.body.shipmentId }}'),
		trackingId: 'AWB-E2E-2',
	});
	await make('delivered', {
		operation: 'markDelivered',
		shipmentId: byId('={{ $json.body.shipmentId }}'),
		locationId: byId(LOCATION),
		deliveryDate: '={{ $json.body.deliveryDate }}',
	});
});

async function readBinary(id: string, inline: unknown): Promise<Buffer> {
	if (id === '') return Buffer.from(String(inline), 'base64');
	if (!s().n8n.authCookie) await s().n8n.login();
	const answer = await request<ArrayBuffer>({
		url: `${s().n8n.baseUrl}/rest/binary-data`,
		params: { id, action: 'download' },
		headers: { cookie: s().n8n.authCookie!, 'browser-id': BROWSER_ID },
		responseType: 'arraybuffer',
	});
	if (answer.status !== 200)
		throw new Error(`GET /rest/binary-data ${id} -> HTTP ${answer.status}`);
	return Buffer.from(answer.data);
}

/** An example of examples/, imported as the demo does (credential, files folder), not published. */
async function importExample(file: string) {
	const prepared = prepareExample(
		{ file, workflow: JSON.parse(readFileSync(join(repoRoot(), 'examples', file), 'utf8')) },
		{
			credential: { id: s().credential.id, name: s().credential.name },
			filesFolder: s().filesFolder,
		},
	);
	const created = await s().api.createWorkflow(prepared.workflow);
	return { id: created.id, webhookPaths: prepared.webhookPaths };
}

/** What the editor's "Execute workflow" does from `trigger`: one manual execution, with its data. */
async function runManually(workflowId: string, trigger: string): Promise<Execution> {
	if (!s().n8n.authCookie) await s().n8n.login();
	const run = await s().n8n.rest<{ data: { executionId?: string } }>(
		'POST',
		`/workflows/${workflowId}/run`,
		{ triggerToStartFrom: { name: trigger } },
	);
	expect(run.status).toBe(200);
	const executionId = run.data.data.executionId;
	expect(executionId).toEqual(expect.any(String));
	await s().api.waitForExecutions(workflowId, 1, { timeoutMs: 120_000 });
	return await s().api.getExecution(String(executionId), { includeData: true });
}

/** The trigger's items for this shipment, by event type, once n8n has run them. */
async function pushedEvents(shipmentId: string, count: number): Promise<string[]> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		await s().sim.control.flushNotifications();
		const executions = await settledExecutions(s().api, trigger.workflow.id, { includeData: true });
		const events = executions
			.map(
				(execution) =>
					nodeOutput(execution, TRIGGER_NODE)[0]?.json as Record<string, unknown> | undefined,
			)
			.filter((item) => item?.shipmentId === shipmentId)
			.map((item) => String(item?.eventType));
		if (events.length >= count || Date.now() > deadline) return events.sort();
	}
}

describe(`the order life in n8n ${n8n2Version()}`, () => {
	test('handover: Ready to Dispatch -> handover counts -> a manifest PDF listing exactly its group', async () => {
		const packed = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 6,
			state: 'PACKED',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;
		const dispatched = await runAction(s().n8n, s().api, flows.dispatch, {
			items: packed.map((shipmentId) => ({ shipmentId })),
		});
		expect(dispatched.execution.status).toBe('success');
		expect(nodeOutput(dispatched.execution, ACTION_NODE).map((item) => item.json.status)).toEqual(
			packed.map(() => 'SUCCESS'),
		);

		const before = await runAction(s().n8n, s().api, flows.counts);
		const groups = nodeOutput(before.execution, ACTION_NODE).map((item) => item.json);
		expect(groups.length).toBeGreaterThan(0);
		expect(
			groups.every(
				(group) => group.otc === null && group.otcNote === 'OTC not generated yet, run again later',
			),
		).toBe(true);
		s().sim.control.generateHandoverOtcs({ locationId: LOCATION });
		const after = nodeOutput(
			(await runAction(s().n8n, s().api, flows.counts)).execution,
			ACTION_NODE,
		).map((item) => item.json);
		expect(after.every((group) => /^\d{6}$/.test(String(group.otc)))).toBe(true);

		// The shipments awaiting pickup, with their courier; the group of the first one we dispatched.
		type Summary = {
			shipmentId: string;
			shipmentType: string;
			mps: boolean;
			subShipments: Array<{ vendorName: string }>;
		};
		const ready = (
			s().sim.control.listShipments({ locationId: LOCATION, state: 'READY_TO_DISPATCH' })
				.shipments as unknown as Summary[]
		).filter((summary) => summary.shipmentType !== 'SELF');
		const ours = ready.find((r) => r.shipmentId === packed[0])!;
		const code = (r: Summary) => `${r.subShipments[0].vendorName}|${r.mps}`;
		const group = after.find(
			(entry) =>
				Number(entry.count) === ready.filter((r) => code(r) === code(ours)).length &&
				entry.isMps === ours.mps,
		)!;
		const manifest = await runAction(s().n8n, s().api, flows.manifest, {
			vendorGroupCode: group.vendorGroupCode,
		});
		expect(manifest.execution.status).toBe('success');
		const [file] = nodeOutput(manifest.execution, ACTION_NODE);
		const binary = file.binary?.data as Record<string, unknown>;
		expect(binary).toMatchObject({ mimeType: 'application/pdf' });
		const text = (await readBinary(String(binary.id ?? ''), binary.data)).toString('latin1');
		const listed = [...text.matchAll(/Shipment: ([\w-]+)/g)].map((match) => match[1]).sort();
		const first = ready.find((r) => r.shipmentId === listed[0])!;
		expect(listed).toEqual(
			ready
				.filter(
					(r) =>
						r.subShipments[0].vendorName === first.subShipments[0].vendorName &&
						r.mps === first.mps,
				)
				.map((r) => r.shipmentId)
				.sort(),
		);
		expect(listed).toHaveLength(Number(group.count));
	});

	test('a self-ship order through its whole life, driven by the node, with the pushes in the trigger', async () => {
		// The buyer orders.
		const [id] = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 1,
			state: 'APPROVED',
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;
		const orderItemId = (
			s().sim.control.getShipment(id).shipment as { orderItems: Array<{ orderItemId: string }> }
		).orderItems[0].orderItemId;
		const now = Date.now();
		const dispatched = await runAction(s().n8n, s().api, flows.selfShipDispatch, {
			items: [
				{
					shipmentId: id,
					orderItemId,
					dispatchDate: ist(now),
					tentativeDeliveryDate: ist(now + 2 * DAY),
					invoiceDate: ist(now).slice(0, 10),
				},
			],
		});
		expect(nodeOutput(dispatched.execution, ACTION_NODE).map((item) => item.json)).toEqual([
			expect.objectContaining({ shipmentId: id, status: 'SUCCESS' }),
		]);
		expect(s().sim.control.getShipment(id).state).toBe('SHIPPED');

		const attempt = await runAction(s().n8n, s().api, flows.attempt, {
			shipmentId: id,
			attemptDate: ist(Date.now()),
			newDeliveryDate: ist(Date.now() + DAY),
		});
		expect(nodeOutput(attempt.execution, ACTION_NODE)[0].json).toMatchObject({
			shipmentId: id,
			status: 'SUCCESS',
		});
		const tracking = await runAction(s().n8n, s().api, flows.tracking, { shipmentId: id });
		expect(nodeOutput(tracking.execution, ACTION_NODE)[0].json).toMatchObject({
			shipmentId: id,
			trackingId: 'AWB-E2E-2',
		});
		const delivered = await runAction(s().n8n, s().api, flows.delivered, {
			shipmentId: id,
			deliveryDate: ist(Date.now()),
		});
		expect(nodeOutput(delivered.execution, ACTION_NODE)[0].json).toMatchObject({
			shipmentId: id,
			status: 'SUCCESS',
		});
		expect(s().sim.control.getShipment(id).state).toBe('DELIVERED');
		expect(s().sim.control.getSelfShip(id).record).toMatchObject({
			trackingId: 'AWB-E2E-2',
			attempts: [expect.objectContaining({ reason: 'Customer unavailable' })],
		});

		expect(await pushedEvents(id, 2)).toEqual(['shipment_delivered', 'shipment_shipped']);
	});

	test('examples/evening-handover.json: a manifest PDF per vendor group on disk and the one-line summary with each OTC', async () => {
		s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 3,
			state: 'READY_TO_DISPATCH',
			itemCount: 1,
			packageCount: 1,
		});
		const otcs = new Map(
			s()
				.sim.control.generateHandoverOtcs({ locationId: LOCATION })
				.otcs.map((otc) => [otc.vendorGroupCode, otc.code]),
		);
		// The demo creates this folder for the example (scripts/demo/demo.ts).
		mkdirSync(join(s().filesFolder, 'manifests'), { recursive: true });
		const { id } = await importExample('evening-handover.json');
		const execution = await runManually(id, 'Every evening at 17:00');
		expect(execution.status).toBe('success');

		type Group = {
			vendorGroupCode: string;
			count: number;
			pickupSlot: { from: string; to: string };
			otc: string;
		};
		const groups = nodeOutput(execution, 'Handover counts').map(
			(item) => item.json as unknown as Group,
		);
		expect(groups.map((group) => group.vendorGroupCode).sort()).toEqual([...otcs.keys()].sort());
		expect(groups.every((group) => group.otc === otcs.get(group.vendorGroupCode))).toBe(true);

		// One PDF per group, on disk under the name the node gave it, listing exactly that group.
		const awaiting = (
			s().sim.control.listShipments({ locationId: LOCATION, state: 'READY_TO_DISPATCH' })
				.shipments as Array<{ shipmentId: string; shipmentType: string }>
		).filter((summary) => summary.shipmentType !== 'SELF');
		const manifests = nodeOutput(execution, 'Manifest per vendor group');
		expect(manifests).toHaveLength(groups.length);
		const listedIds: string[] = [];
		for (const [position, manifest] of manifests.entries()) {
			const binary = manifest.binary?.data as Record<string, unknown>;
			expect(binary).toMatchObject({ mimeType: 'application/pdf' });
			const fileName = String(manifest.json.fileName);
			const onDisk = readFileSync(join(s().filesFolder, 'manifests', fileName));
			expect(onDisk.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(onDisk.equals(await readBinary(String(binary.id ?? ''), binary.data))).toBe(true);
			const listed = [...onDisk.toString('latin1').matchAll(/Shipment: ([\w-]+)/g)].map(
				(match) => match[1],
			);
			expect(listed).toHaveLength(Number(groups[position].count));
			listedIds.push(...listed);
		}
		expect(listedIds.sort()).toEqual(awaiting.map((summary) => summary.shipmentId).sort());
		expect(nodeOutput(execution, 'Write manifest to disk')).toHaveLength(groups.length);

		const [summary] = nodeOutput(execution, 'One-line summary');
		expect(summary.json).toEqual({
			text: `Handover at ${LOCATION}: ${groups
				.map(
					(group) =>
						`${group.vendorGroupCode}: ${group.count} shipment(s), pickup ${group.pickupSlot.from} to ${group.pickupSlot.to}, OTC ${otcs.get(group.vendorGroupCode)}`,
				)
				.join('; ')}`,
			groups: groups.length,
		});
	});

	test('examples/self-ship-orders.json: the orders with a tracking row are dispatched with it, a confirmation marks one delivered', async () => {
		const ids = s().sim.control.seedShipments({
			locationId: LOCATION,
			count: 3,
			state: 'APPROVED',
			shipmentType: 'SELF',
			itemCount: 1,
			packageCount: 1,
		}).shipmentIds;
		// The third order has no row yet: it waits for the next run.
		writeFileSync(
			join(s().filesFolder, 'self-ship-tracking.csv'),
			`shipmentId,trackingId,courier,courierCode\n${ids
				.slice(0, 2)
				.map((id, n) => `${id},AWB-EX-${n + 1},SwiftShip Couriers,SWS`)
				.join('\n')}\n`,
		);
		const { id, webhookPaths } = await importExample('self-ship-orders.json');
		const execution = await runManually(id, 'Every hour');
		expect(execution.status).toBe('success');

		const found = nodeOutput(execution, 'New self-ship orders').map((item) => item.json.shipmentId);
		expect(found).toEqual(expect.arrayContaining(ids));
		expect(nodeOutput(execution, 'Tracking rows')).toHaveLength(2);
		// In the search's order: compared as a set.
		expect(
			nodeOutput(execution, 'Self-ship dispatch')
				.map((item) => `${String(item.json.shipmentId)} ${String(item.json.status)}`)
				.sort(),
		).toEqual([`${ids[0]} SUCCESS`, `${ids[1]} SUCCESS`].sort());
		expect(ids.map((shipmentId) => s().sim.control.getShipment(shipmentId).state)).toEqual([
			'SHIPPED',
			'SHIPPED',
			'APPROVED',
		]);
		for (const [n, shipmentId] of ids.slice(0, 2).entries()) {
			expect(s().sim.control.getSelfShip(shipmentId).record).toMatchObject({
				trackingId: `AWB-EX-${n + 1}`,
				deliveryPartner: 'SwiftShip Couriers',
				deliveryPartnerCode: 'SWS',
			});
		}

		// The courier confirms a delivery: the published webhook marks the shipment delivered.
		await s().api.publishWorkflow(id);
		try {
			const answer = await s().n8n.postWebhook(webhookPaths[0], {
				shipmentId: ids[0],
				locationId: LOCATION,
			});
			expect(answer.status).toBe(200);
			expect(answer.data).toMatchObject({ shipmentId: ids[0], status: 'SUCCESS' });
			expect(s().sim.control.getShipment(ids[0]).state).toBe('DELIVERED');
		} finally {
			// Its hourly schedule must not run beside the other tests.
			await s().api.deactivateWorkflow(id);
		}
	});
});
