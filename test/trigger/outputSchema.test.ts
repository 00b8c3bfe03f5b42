/**
 * The push trigger's output schema (nodes/MarketplaceSellerTrigger/__schema__), which n8n serves
 * to the editor at /schemas/<node type>/<version>.json: every item the trigger emits for the 17
 * events, pushed by the simulator to the trigger on real HTTP (webhookHarness.ts), conforms to it
 * and has no field it does not describe; and n8n-core resolves it for both typeVersions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadOutputSchema, resolveOutputSchemaPath } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { MarketplaceSellerTrigger } from '../../nodes/MarketplaceSellerTrigger/MarketplaceSellerTrigger.node';
import { PUSH_EVENT_KINDS } from '../../nodes/shared/events';
import { resetReceiverStates } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory';
import { startSimulator, type Simulator } from '../../simulator';
import { validate, type JsonSchema } from '../support/jsonSchema';
import { startReceiver, type Receiver } from './webhookHarness';

const NODE_DIR = join(__dirname, '../../nodes/MarketplaceSellerTrigger');
const LOCATION = 'LOC-DEMO-1';

function schemaOf(version: number): JsonSchema {
	const file = resolveOutputSchemaPath({ nodeDir: NODE_DIR, version });
	if (file === undefined) throw new Error(`n8n resolves no schema path for version ${version}`);
	return JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
}

let sim: Simulator;
const receivers: Receiver[] = [];

beforeAll(async () => {
	sim = await startSimulator({ packingDelayMs: 0 });
});

afterAll(async () => {
	for (const receiver of receivers) await receiver.close();
	await sim.close();
});

/** The items of the 17 events (and one body naming a seller), pushed by the simulator. */
async function itemsOfAllEvents(parameters: IDataObject): Promise<IDataObject[]> {
	resetReceiverStates();
	const app = sim.demo.selfApp;
	const receiver = await startReceiver({
		parameters: parameters as never,
		credentials: { appId: app.appId, appSecret: app.appSecret },
	});
	receivers.push(receiver);
	sim.control.setReceiver({ url: receiver.url });
	const { results } = await sim.control.sendAllNotifications({});
	const packed = results.find((result) => result.eventType === 'shipment_packed')!;
	// Another delivery (its own timestamp) whose unsigned body names a seller.
	const body = {
		...packed.envelope,
		timestamp: '2025-03-05T15:45:30+05:30',
		sellerId: 'SELLER-IN-BODY',
	};
	await sim.control.sendNotification({ eventType: 'shipment_packed', body });
	sim.control.setReceiver({ url: null });
	return receiver.executions;
}

describe('push trigger output schema', () => {
	let unmapped: IDataObject[];
	let mapped: IDataObject[];

	beforeAll(async () => {
		unmapped = await itemsOfAllEvents({});
		mapped = await itemsOfAllEvents({
			options: {
				locationToSeller: { mappings: [{ locationId: LOCATION, sellerId: 'SELLER-DEMO-1' }] },
			},
		});
	});

	it('gets an item for each of the 17 events, with and without a seller', () => {
		const eventTypes = PUSH_EVENT_KINDS.map((kind) => kind.eventType);
		expect(eventTypes).toHaveLength(17);
		for (const items of [unmapped, mapped]) {
			expect(items.map((item) => item.eventType)).toEqual([...eventTypes, 'shipment_packed']);
		}
		expect(unmapped.every((item) => item.sellerId === null)).toBe(true);
		expect(
			mapped.filter((item) => typeof item.sellerId === 'string').map((item) => item.eventType),
		).toContain('shipment_created');
		expect(mapped[mapped.length - 1].verification).toMatchObject({
			sellerIdInBody: 'SELLER-IN-BODY',
		});
	});

	it.each([1, 2])(
		'version %i: every item conforms to the schema and every field is described',
		(version) => {
			const schema = schemaOf(version);
			const problems = [...unmapped, ...mapped].flatMap((item) =>
				validate(item, schema, { complete: true }).map(
					(problem) => `${String(item.eventType)} ${problem}`,
				),
			);
			expect(problems).toEqual([]);
		},
	);

	it('version 1 and 2 emit the same items, so they share one schema', () => {
		expect(schemaOf(1)).toEqual(schemaOf(2));
	});
});

describe('where n8n finds the schema', () => {
	it('resolves /schemas/<type>/<version>.json for each typeVersion to a file next to the node (the editor pads the version)', () => {
		const versions = new MarketplaceSellerTrigger().description.version as number[];
		expect(versions).toEqual([1, 2]);
		for (const version of versions) {
			// n8n's server: resolveSchema({ node, version: "2.0.0" }) without a version fallback.
			expect(resolveOutputSchemaPath({ nodeDir: NODE_DIR, version: `${version}.0.0` })).toBe(
				join(NODE_DIR, '__schema__', `v${version}.0.0.json`),
			);
			// The editor only accepts an object schema with properties (schemaPreview store).
			const served = loadOutputSchema({ nodeDir: NODE_DIR, version: `${version}.0.0` });
			expect(served).toMatchObject({ type: 'object', properties: expect.any(Object) });
			// n8n's backend lookup (with version fallback) finds the same file.
			expect(loadOutputSchema({ nodeDir: NODE_DIR, version, versionFallback: true })).toEqual(
				served,
			);
		}
	});
});
