/**
 * The poll trigger's output schema (nodes/MarketplaceSellerPollTrigger/__schema__), which n8n
 * serves to the editor at /schemas/<node type>/1.0.0.json: the items of published polls (new
 * orders, state changes, cancellations, returns) and of a manual run, against the simulator inside
 * n8n-core's PollContext (pollHarness.ts), conform to it and have no field it does not describe.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadOutputSchema, resolveOutputSchemaPath } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { CredentialStore, SELF, selfAccessCredential, simulator } from '../support/fixtures';
import { validate, type JsonSchema } from '../support/jsonSchema';
import { fakeDateOnly, manualPoll, PollTriggerRunner } from './pollHarness';

const NODE_DIR = join(__dirname, '../../nodes/MarketplaceSellerPollTrigger');
const LOC_1 = 'LOC-DEMO-1';
const T = Date.parse('2026-03-05T05:30:00.000Z');

let sim: Simulator;
let store: CredentialStore;

beforeAll(async () => {
	sim = await simulator();
});

afterAll(async () => {
	jest.useRealTimers();
	await sim.close();
});

function at(seconds: number): void {
	jest.setSystemTime(T + seconds * 1000);
}

/** Items of published polls and of manual runs covering shipment and return changes. */
async function pollItems(): Promise<IDataObject[]> {
	fakeDateOnly();
	jest.setSystemTime(T - 3600_000);
	sim.control.reset();
	store = new CredentialStore();
	store.set(SELF, selfAccessCredential(sim));
	at(0);
	const runner = new PollTriggerRunner(store, { events: ['*'] });
	const items: IDataObject[] = [...(await runner.poll()).items];
	at(60);
	const [a, b, c] = sim.control.seedShipments({
		count: 3,
		locationId: LOC_1,
		state: 'APPROVED',
		itemCount: 2,
		orderDate: new Date().toISOString(),
	}).shipmentIds;
	const [r1, r2] = sim.control.seedReturns({
		locationId: LOC_1,
		count: 2,
		source: 'customer_return',
	}).returnIds;
	items.push(...(await runner.poll()).items);
	at(120);
	await sim.control.setShipmentState(a, { state: 'PACKED' });
	await sim.control.setShipmentState(b, {
		state: 'CANCELLED',
		cancellationType: 'sellerCancellation',
	});
	await sim.control.setReturnStatus(r1, { status: 'RETURN_PICKED_UP' });
	items.push(...(await runner.poll()).items);
	at(180);
	await sim.control.setShipmentState(a, { state: 'READY_TO_DISPATCH' });
	await sim.control.setShipmentState(c, { state: 'PACKED' });
	await sim.control.setReturnStatus(r1, { status: 'RETURN_COMPLETED' });
	await sim.control.setReturnStatus(r2, { status: 'RETURN_CANCELLED' });
	items.push(...(await runner.poll()).items);
	at(240);
	for (const events of [['*'], ['shipment_created', 'shipment_packed', 'shipment_cancelled']]) {
		items.push(...(await manualPoll(store, { events })).items);
	}
	jest.useRealTimers();
	return items;
}

describe('poll trigger output schema', () => {
	let items: IDataObject[];
	const schema = (): JsonSchema => {
		const file = resolveOutputSchemaPath({ nodeDir: NODE_DIR, version: '1.0.0' });
		if (file === undefined) throw new Error('n8n resolves no schema path for version 1');
		return JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
	};

	beforeAll(async () => {
		items = await pollItems();
	});

	it('gets shipment and return changes, from published polls and manual runs', () => {
		const kinds = new Set(
			items.map((item) => `${String(item.eventType)} ${String((item.poll as IDataObject).mode)}`),
		);
		expect([...kinds].sort()).toEqual(
			expect.arrayContaining([
				'shipment_created poll',
				'shipment_packed poll',
				'shipment_cancelled poll',
				'shipment_ready_to_dispatch poll',
				'return_created poll',
				'return_picked_up poll',
				'return_completed poll',
				'shipment_created manual',
				'return_created manual',
			]),
		);
	});

	it('every item conforms to the schema and every field is described', () => {
		const problems = items.flatMap((item) =>
			validate(item, schema(), { complete: true }).map(
				(problem) => `${String(item.eventType)} ${problem}`,
			),
		);
		expect(problems).toEqual([]);
	});

	it('is where n8n looks for /schemas/<type>/1.0.0.json, and in the shape the editor accepts', () => {
		expect(resolveOutputSchemaPath({ nodeDir: NODE_DIR, version: '1.0.0' })).toBe(
			join(NODE_DIR, '__schema__', 'v1.0.0.json'),
		);
		const served = loadOutputSchema({ nodeDir: NODE_DIR, version: '1.0.0' });
		expect(served).toMatchObject({ type: 'object', properties: expect.any(Object) });
		expect(loadOutputSchema({ nodeDir: NODE_DIR, version: 1, versionFallback: true })).toEqual(
			served,
		);
	});
});
