/**
 * The setup of a poll trigger test file against the simulator: one simulator for the file, and
 * before each test a reset simulator, a fresh self access credential and the time set by the test
 * (Date alone is faked, see fakeDateOnly in pollHarness.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Simulator } from '../../../simulator';
import { CredentialStore, SELF, selfAccessCredential, simulator } from '../../support/fixtures';
import { fakeDateOnly } from '../pollHarness';

export interface PollSession {
	sim: Simulator;
	store: CredentialStore;
	/**
	 * Activation time of the current test: an hour after the simulator's seed data was made. Each
	 * test has its own day, so no instant repeats across tests (the credential's single-flight token
	 * request is shared with callers at the same instant, and each test resets the simulator's tokens).
	 */
	T: number;
	/** n8n's and the simulator's clock: T + seconds. */
	at(seconds: number): void;
	/** New orders at LOC-DEMO-1, placed now; their shipment ids. */
	seed(count: number, extra?: IDataObject): string[];
}

/** Registers the hooks in the calling file or describe block; `base` is the day before the first test's. */
export function usePollSession(base: number): PollSession {
	let day = 0;
	const session = {
		T: base,
		at: (seconds: number) => jest.setSystemTime(session.T + seconds * 1000),
		seed: (count: number, extra: IDataObject = {}) =>
			session.sim.control.seedShipments({
				count,
				locationId: 'LOC-DEMO-1',
				state: 'APPROVED',
				itemCount: 1,
				orderDate: new Date().toISOString(),
				...extra,
			}).shipmentIds,
	} as PollSession;

	beforeAll(async () => {
		session.sim = await simulator();
	});
	afterAll(async () => {
		jest.useRealTimers();
		await session.sim.close();
	});
	beforeEach(() => {
		day += 1;
		const seededAt = base + day * 86400_000;
		session.T = seededAt + 3600_000;
		fakeDateOnly();
		jest.setSystemTime(seededAt);
		session.sim.control.reset();
		session.store = new CredentialStore();
		session.store.set(SELF, selfAccessCredential(session.sim));
		jest.setSystemTime(session.T);
	});
	afterEach(() => {
		jest.useRealTimers();
	});
	return session;
}
