/**
 * Issue 25, point 1: in queue mode a webhook process saves a push's delivery key before the
 * worker has run it. Such a key is tentative until the run's end is known; a redelivery of a push
 * whose run never happened (its worker was killed, n8n never answered) runs again, in the process
 * that received it and in any other. A push that ran stays a duplicate everywhere, also after a
 * restart. docs/trigger-durability.md#several-n8n-processes-queue-mode
 */
import { resetReceiverStates } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory';
import { clockForward, shipmentEvent, signedHeaders, VECTOR } from './helpers';
import { startReceiver, type Receiver, type Response } from './webhookHarness';

const CREDENTIALS = { appId: VECTOR.appId, appSecret: VECTOR.appSecret };
const now = () => Math.floor(Date.now() / 1000);

const receivers: Receiver[] = [];
afterEach(async () => {
	jest.useRealTimers();
	for (const r of receivers.splice(0)) await r.close();
	resetReceiverStates();
});

/**
 * Two webhook processes of one n8n in queue mode: one workflow row, a memory each. The worker dies
 * during the first job of a push named by `workerDies` (it is restarted for the next).
 */
async function queueMode(
	workerDies: (shipmentId: unknown) => boolean = () => false,
	jobStalls: (shipmentId: unknown) => boolean = () => false,
) {
	const database = { staticData: null as string | null };
	const died = new Set<unknown>();
	const dies = (id: unknown) => {
		if (!workerDies(id) || died.has(id)) return false;
		died.add(id);
		return true;
	};
	const stalled = new Set<unknown>();
	const stalls = (id: unknown) => {
		if (!jobStalls(id) || stalled.has(id)) return false;
		stalled.add(id);
		return true;
	};
	const start = async () =>
		await startReceiver({
			credentials: CREDENTIALS,
			database,
			queueMode: {
				workerDies: (item) => dies(item.shipmentId),
				jobStalls: (item) => stalls(item.shipmentId),
			},
		});
	const a = await start();
	const b = await start();
	receivers.push(a, b);
	return { a, b };
}

/** Posts a push; a connection cut without an answer (the sender timed out) is status 0. */
async function push(
	r: Receiver,
	event: Record<string, unknown>,
	signal?: AbortSignal,
): Promise<Response> {
	try {
		return await r.post(
			signedHeaders({ epoch: now(), registeredUrl: r.url }),
			event,
			'application/json',
			signal,
		);
	} catch {
		return { status: 0, body: '' };
	}
}

const runsOf = (rs: Receiver[], shipmentId: string) =>
	rs.flatMap((r) => r.executions).filter((e) => e.shipmentId === shipmentId).length;

describe('queue mode: a key saved before the run is tentative', () => {
	it('a push whose worker died before running it runs again when it is redelivered to the same process', async () => {
		const { a } = await queueMode((id) => id === 'SHP-LOST');
		// The first push teaches the process that executions run elsewhere.
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		const lost = shipmentEvent('shipment_packed', 'SHP-LOST');
		expect((await push(a, lost)).status).toBe(0);
		expect(runsOf([a], 'SHP-LOST')).toBe(1);

		const redelivered = await push(a, lost);
		expect(redelivered.status).toBe(200);
		expect(runsOf([a], 'SHP-LOST')).toBe(2);
	});

	it('a push whose worker died runs again when the redelivery reaches another webhook process', async () => {
		const { a, b } = await queueMode((id) => id === 'SHP-LOST');
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		expect((await push(b, shipmentEvent('shipment_packed', 'SHP-1'))).status).toBe(200);
		const lost = shipmentEvent('shipment_packed', 'SHP-LOST');
		expect((await push(a, lost)).status).toBe(0);

		// The marketplace redelivers after its own timeout, to whichever process.
		clockForward(30);
		expect((await push(b, lost)).status).toBe(200);
		expect(runsOf([a, b], 'SHP-LOST')).toBe(2);
	});

	it('after a restart, the redelivery of a push whose worker died runs', async () => {
		const { a } = await queueMode((id) => id === 'SHP-LOST');
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		const lost = shipmentEvent('shipment_packed', 'SHP-LOST');
		expect((await push(a, lost)).status).toBe(0);
		resetReceiverStates();
		clockForward(30);
		expect((await push(a, lost)).status).toBe(200);
		expect(runsOf([a], 'SHP-LOST')).toBe(2);
	});

	it('a push that ran is a duplicate in every process, right after its answer and after a restart', async () => {
		const { a, b } = await queueMode();
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		const ran = shipmentEvent('shipment_packed', 'SHP-RAN');
		expect((await push(a, ran)).status).toBe(200);
		// A copy right after the answer, at the other process.
		expect((await push(b, ran)).status).toBe(200);
		expect(runsOf([a, b], 'SHP-RAN')).toBe(1);
		// Both processes restarted, well after the lease of a tentative key.
		resetReceiverStates();
		clockForward(120);
		expect((await push(b, ran)).status).toBe(200);
		expect((await push(a, ran)).status).toBe(200);
		expect(runsOf([a, b], 'SHP-RAN')).toBe(1);
	});

	it('a copy of a push whose job stalled, reaching the same process while n8n still holds the first request open, runs', async () => {
		const { a } = await queueMode(undefined, (id) => id === 'SHP-STALLED');
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		const stalled = shipmentEvent('shipment_packed', 'SHP-STALLED');
		// n8n never answers it, and nothing closes the connection.
		const first = push(a, stalled);
		for (let i = 0; i < 200 && runsOf([a], 'SHP-STALLED') === 0; i += 1)
			await new Promise((resolve) => setTimeout(resolve, 5));
		expect(runsOf([a], 'SHP-STALLED')).toBe(1);

		// The marketplace redelivers after its own timeout: the first run's lease is over.
		clockForward(30);
		expect((await push(a, stalled)).status).toBe(200);
		expect(runsOf([a], 'SHP-STALLED')).toBe(2);
		// A copy after that run's answer is a duplicate.
		expect((await push(a, stalled)).status).toBe(200);
		expect(runsOf([a], 'SHP-STALLED')).toBe(2);
		void first;
	});

	it('a copy reaching another process while the first run may still be under way is asked to retry, never acknowledged; later it runs', async () => {
		const { a, b } = await queueMode(undefined, (id) => id === 'SHP-STALLED');
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		expect((await push(b, shipmentEvent('shipment_packed', 'SHP-1'))).status).toBe(200);
		const stalled = shipmentEvent('shipment_packed', 'SHP-STALLED');
		const first = push(a, stalled);
		for (let i = 0; i < 200 && runsOf([a], 'SHP-STALLED') === 0; i += 1)
			await new Promise((resolve) => setTimeout(resolve, 5));
		// The row says a's memory accepted it a moment ago; b cannot know whether that run ends.
		const early = await push(b, stalled);
		expect({ status: early.status, retryAfter: Number(early.retryAfter) }).toEqual({
			status: 503,
			retryAfter: expect.any(Number),
		});
		expect(Number(early.retryAfter)).toBeGreaterThan(0);
		expect(runsOf([a, b], 'SHP-STALLED')).toBe(1);

		clockForward(30);
		expect((await push(b, stalled)).status).toBe(200);
		expect(runsOf([a, b], 'SHP-STALLED')).toBe(2);
		void first;
	});

	it("learns that executions run elsewhere from its first 200, even when another process's row confirmed that push first", async () => {
		// The first push reaches both processes at once (both run it; a guard step keeps the
		// business steps to one run). b's run ends first and b's row says so before a's job ends.
		let releaseFirstRun: () => void = () => undefined;
		const firstRunHeld = new Promise<void>((resolve) => (releaseFirstRun = resolve));
		const database = { staticData: null as string | null };
		const a = await startReceiver({
			credentials: CREDENTIALS,
			database,
			queueMode: {},
			beforeExecute: async (item) => {
				if (item.shipmentId === 'SHP-FIRST') await firstRunHeld;
			},
		});
		const b = await startReceiver({ credentials: CREDENTIALS, database, queueMode: {} });
		receivers.push(a, b);
		const first = shipmentEvent('shipment_packed', 'SHP-FIRST');
		const atA = push(a, first);
		for (let i = 0; i < 200 && runsOf([a], 'SHP-FIRST') === 0; i += 1)
			await new Promise((resolve) => setTimeout(resolve, 5));
		expect((await push(b, first)).status).toBe(200);
		// A copy at b is a duplicate: b writes the row with the key remembered.
		expect((await push(b, first)).status).toBe(200);
		// A copy at a takes that row in while a's own copy is still running.
		expect((await push(a, first)).status).toBe(200);
		releaseFirstRun();
		expect((await atA).status).toBe(200);
		expect(runsOf([a, b], 'SHP-FIRST')).toBe(2);

		// a's next push is saved before its job is enqueued: a copy at b right after a's answer is
		// a duplicate.
		const next = shipmentEvent('shipment_packed', 'SHP-NEXT');
		expect((await push(a, next)).status).toBe(200);
		expect((await push(b, next)).status).toBe(200);
		expect(runsOf([a, b], 'SHP-NEXT')).toBe(1);
	});

	it("when the first copy's connection finally closes, the copy that took the delivery over keeps it", async () => {
		let releaseSecondRun: () => void = () => undefined;
		const secondRunHeld = new Promise<void>((resolve) => (releaseSecondRun = resolve));
		const database = { staticData: null as string | null };
		let stalledOnce = false;
		const a = await startReceiver({
			credentials: CREDENTIALS,
			database,
			queueMode: {
				jobStalls: (item) =>
					item.shipmentId === 'SHP-STALLED' && !stalledOnce && (stalledOnce = true),
			},
			beforeExecute: async (item) => {
				if (item.shipmentId === 'SHP-STALLED' && stalledOnce && runsOf([a], 'SHP-STALLED') === 2)
					await secondRunHeld;
			},
		});
		receivers.push(a);
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		const stalled = shipmentEvent('shipment_packed', 'SHP-STALLED');
		const sender = new AbortController();
		const first = push(a, stalled, sender.signal);
		for (let i = 0; i < 200 && runsOf([a], 'SHP-STALLED') === 0; i += 1)
			await new Promise((resolve) => setTimeout(resolve, 5));

		clockForward(30);
		const second = push(a, stalled);
		for (let i = 0; i < 200 && runsOf([a], 'SHP-STALLED') < 2; i += 1)
			await new Promise((resolve) => setTimeout(resolve, 5));
		expect(runsOf([a], 'SHP-STALLED')).toBe(2);
		// The first copy's sender gives up while the second copy's run is under way.
		sender.abort();
		expect((await first).status).toBe(0);
		await new Promise((resolve) => setTimeout(resolve, 20));
		const third = push(a, stalled);
		await new Promise((resolve) => setTimeout(resolve, 20));
		releaseSecondRun();
		expect([(await second).status, (await third).status]).toEqual([200, 200]);
		expect(runsOf([a], 'SHP-STALLED')).toBe(2);
	});
});
