/**
 * Shared pieces of the action node tests: a simulator per test file, a stored credential, the
 * requests the simulator received (API calls apart from the token endpoint), and builders for
 * inputs that name seeded shipments.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type { RecordedCall, Simulator, SimulatorOptions } from '../../simulator';
import {
	CredentialStore,
	PARTNER,
	partnerCredential,
	runAction,
	SELF,
	selfAccessCredential,
	simulator,
} from '../support/fixtures';
import type { RunNodeResult } from '../support/n8nHarness';

export { CredentialStore, PARTNER, runAction, SELF };

/** Recorded bodies and wire objects, read field by field in assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export const TOKEN_ROUTE = 'GET /oauth-service/oauth/token';
export const SELLER_1 = 'SELLER-DEMO-1';
export const LOC_1 = 'LOC-DEMO-1';
export const LOC_2 = 'LOC-DEMO-2';

export interface Env {
	sim: Simulator;
	store: CredentialStore;
}

/** One simulator for a test file; `beforeEach` resets it and stores a fresh self access credential. */
export function useSimulator(options: SimulatorOptions = {}): Env {
	const env = {} as Env;
	beforeAll(async () => {
		env.sim = await simulator(options);
	});
	afterAll(async () => {
		await env.sim.close();
	});
	beforeEach(() => {
		env.sim.control.reset();
		env.store = new CredentialStore();
		env.store.set(SELF, selfAccessCredential(env.sim));
	});
	return env;
}

/** Runs the action with the self access credential, one input item `{ id }` per ID. */
export async function runOnIds(
	env: Env,
	parameters: Record<string, unknown>,
	ids: string[],
	continueOnFail = false,
): Promise<RunNodeResult> {
	return await runAction(
		env.store,
		SELF,
		parameters,
		ids.map((id) => ({ id })),
		continueOnFail,
	);
}

/** A partner credential that has exchanged a code for SELLER-DEMO-1 (tokens stored). */
export async function partnerStore(sim: Simulator, sellerId = SELLER_1): Promise<CredentialStore> {
	const store = new CredentialStore();
	const { code } = sim.control.issueAuthCode({
		appId: sim.demo.partnerApp.appId,
		sellerId,
		redirectUri: sim.demo.partnerApp.redirectUri,
		state: 'st',
	});
	store.set(PARTNER, partnerCredential(sim, { authorizationCode: code, authorizationState: 'st' }));
	return store;
}

/** Every API call the simulator recorded, the token endpoint excluded. */
export function apiCalls(sim: Simulator): RecordedCall[] {
	return sim.control.listCalls({}).calls.filter((call) => !call.path.startsWith('/oauth-service/'));
}

export function callsOf(sim: Simulator, route: string): RecordedCall[] {
	return sim.control.listCalls({ route }).calls;
}

export function tokenCalls(sim: Simulator): RecordedCall[] {
	return callsOf(sim, TOKEN_ROUTE);
}

/** The access token the credential holds now. */
export function accessToken(store: CredentialStore, type = SELF): string {
	return String(store.get(type).accessToken);
}

/** Every recorded API call carried exactly the stored Bearer token. */
export function expectBearer(calls: RecordedCall[], token: string): void {
	expect(calls.length).toBeGreaterThan(0);
	for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${token}`);
}

/** The pairedItem indexes of the output items, in order. */
export function pairedIndexes(items: INodeExecutionData[]): number[] {
	return items.map((item) => {
		const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
		return typeof paired === 'number' ? paired : (paired?.item ?? -1);
	});
}

/** The run must have succeeded. */
export function ok(result: RunNodeResult): INodeExecutionData[] {
	if (result.error)
		throw new Error(
			`node failed: ${result.error.message} | ${String((result.error as { description?: string }).description)}`,
		);
	return result.items;
}

/** The run must have failed; returns the error with its description and context. */
export function failed(result: RunNodeResult): {
	message: string;
	description?: string;
	context?: { itemIndex?: number };
	httpCode?: string;
} {
	expect(result.error).toBeDefined();
	return result.error as never;
}

/** Shipments of the simulator (wire shape of search/get) by id. */
export function wireShipment(sim: Simulator, shipmentId: string): Record<string, Loose> {
	return sim.control.getShipment(shipmentId).shipment as Record<string, Loose>;
}

/** Seeds `count` APPROVED, single-item shipments that can be packed right away. */
export function seedApproved(
	sim: Simulator,
	count: number,
	locationId = LOC_1,
	extra: Record<string, unknown> = {},
): string[] {
	return sim.control.seedShipments({
		count,
		locationId,
		state: 'APPROVED',
		itemCount: 1,
		packageCount: 1,
		...extra,
	}).shipmentIds;
}

export function seedInState(
	sim: Simulator,
	count: number,
	state: string,
	locationId = LOC_1,
): string[] {
	return sim.control.seedShipments({
		count,
		locationId,
		state: state as never,
		itemCount: 1,
		packageCount: 1,
	}).shipmentIds;
}

export function stateOf(sim: Simulator, shipmentId: string): string {
	return String(sim.control.getShipment(shipmentId).state);
}

/** An invoice date the simulator accepts: today on its clock, a date (yyyy-MM-dd) in +05:30. */
export function invoiceDate(sim: Simulator): string {
	return new Date(sim.control.getClock().epochMs + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

/** The label request (JSON input mode) for a seeded shipment: an invoice and a tax item per order item. */
export function labelDetails(sim: Simulator, shipmentId: string): Record<string, unknown> {
	const shipment = wireShipment(sim, shipmentId);
	const items = shipment.orderItems as Array<Record<string, Loose>>;
	return {
		invoices: [
			{
				orderId: items[0].orderId,
				invoiceNumber: `INV-${shipmentId.slice(0, 8)}`,
				invoiceDate: invoiceDate(sim),
			},
		],
		taxItems: items.map((item) => ({
			orderItemId: item.orderItemId,
			taxRate: 18,
			quantity: item.quantity,
		})),
		subShipments: (shipment.subShipments as Array<Record<string, Loose>>).map((sub) => ({
			subShipmentId: sub.subShipmentId,
			dimensions: { length: 20, breadth: 15, height: 5, weight: 0.4 },
		})),
	};
}

/** Input items for Generate Labels in JSON mode: one item per shipment. */
export function labelInputs(sim: Simulator, shipmentIds: string[]): Array<Record<string, unknown>> {
	return shipmentIds.map((shipmentId) => ({
		shipmentId,
		locationId: wireShipment(sim, shipmentId).locationId,
		label: labelDetails(sim, shipmentId),
	}));
}

export const generateLabelsJson = {
	resource: 'shipment',
	operation: 'generateLabels',
	shipmentId: '={{ $json.shipmentId }}',
	locationId: '={{ $json.locationId }}',
	labelInput: 'json',
	labelJson: '={{ $json.label }}',
};

/** Waits until `check` holds, polling every 5 ms (for actions taken while a run is in flight). */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > deadline) throw new Error('condition not reached in time');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

/** Everything a user can see of an error: message, description and the details n8n keeps. */
export function visibleText(error: unknown): string {
	return JSON.stringify(error, (key, value) =>
		key === 'node' || key === 'stack' ? undefined : value,
	);
}

export function ids(items: INodeExecutionData[], field = 'shipmentId'): string[] {
	return items.map((item) => String(item.json[field]));
}

/** Listing > Create with the listing given as JSON in the item's `listing` field. */
export const listingCreateJson = {
	resource: 'listing',
	operation: 'create',
	sku: '={{ $json.sku }}',
	listingInput: 'json',
	listingJson: '={{ $json.listing }}',
};

/** A listing in the official create shape that the simulator accepts; overrides replace top-level fields. */
export function validListing(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		product_id: 'PID-1',
		listing_status: 'ACTIVE',
		price: { mrp: 500, selling_price: 450, currency: 'INR' },
		tax: { hsn: '12345678' },
		fulfillment_profile: 'NON_FBM',
		fulfillment: { dispatch_sla: 1, shipping_provider: 'SELLER', procurement_type: 'EXPRESS' },
		packages: [{ name: 'Box', dimensions: { length: 10, breadth: 8, height: 4 }, weight: 0.5 }],
		locations: [{ id: LOC_1, status: 'ENABLED', inventory: 5 }],
		...overrides,
	};
}
