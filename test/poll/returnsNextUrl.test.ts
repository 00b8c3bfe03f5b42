/**
 * The poll trigger follows the returns' nextUrl in both forms (docs/api-choices.md#returns):
 * relative to /sellers/v2 ("/returns?...") or carrying the version ("/v2/returns?..."). Its
 * page-by-page reader shares the link resolution of the action node's paging (transport).
 */
import type { Simulator } from '../../simulator';
import { CredentialStore, SELF, selfAccessCredential, simulator } from '../support/fixtures';
import { fakeDateOnly, PollTriggerRunner } from './pollHarness';

const LOC_1 = 'LOC-DEMO-1';
const BASE = Date.parse('2026-04-05T04:30:00.000Z');

let sim: Simulator;
let store: CredentialStore;
let T = BASE;
let testIndex = 0;

beforeAll(async () => {
	sim = await simulator();
});

afterAll(async () => {
	jest.useRealTimers();
	await sim.close();
});

beforeEach(() => {
	testIndex += 1;
	T = BASE + testIndex * 86400_000;
	fakeDateOnly();
	jest.setSystemTime(T);
	sim.control.reset();
	store = new CredentialStore();
	store.set(SELF, selfAccessCredential(sim));
});

afterEach(() => {
	jest.useRealTimers();
});

describe('Marketplace Seller Poll Trigger: returns paging', () => {
	test.each(['relative', 'versioned'] as const)(
		'nextUrl %s: 30 new returns over two pages, each page GET /sellers/v2/returns',
		async (form) => {
			sim.control.setConfig({ returnsNextUrlForm: form });
			const runner = new PollTriggerRunner(store, { events: ['return_created'] });
			await runner.poll();
			jest.setSystemTime(T + 60_000);
			const created = sim.control.seedReturns({
				locationId: LOC_1,
				count: 30,
				source: 'customer_return',
			}).returnIds;
			const items = (await runner.poll()).items;
			expect(new Set(items.map((item) => item.returnId))).toEqual(new Set(created));
			const pages = sim.control
				.listCalls({ route: 'GET /sellers/v2/returns' })
				.calls.filter((call) => call.query.source === 'customer_return');
			expect(pages.length).toBeGreaterThanOrEqual(2);
			expect(pages.map((call) => `${call.path} ${call.status}`)).toEqual(
				pages.map(() => '/sellers/v2/returns 200'),
			);
		},
	);
});
