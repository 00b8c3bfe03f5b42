/**
 * The lease of a tentative key (issue 25, points 1 and 4): in queue mode a webhook process saves
 * an accepted push's key as tentative before n8n enqueues the job. While the lease runs
 * (TENTATIVE_LEASE_SECONDS), a copy that reaches another webhook process is answered 503 (come
 * again later), never acknowledged: the
 * first copy's run may be under way. After it, the copy runs: a push whose run never ended is
 * not lost. docs/trigger-durability.md#several-n8n-processes-queue-mode
 */
import { resetReceiverStates } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory';
import { TENTATIVE_LEASE_SECONDS } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import { clockForward, shipmentEvent, signedHeaders, VECTOR } from './helpers';
import { startReceiver, type Receiver, type Response } from './webhookHarness';

const CREDENTIALS = { appId: VECTOR.appId, appSecret: VECTOR.appSecret };
const now = () => Math.floor(Date.now() / 1000);

const receivers: Receiver[] = [];
/** Lets a held job end, so that a failed assertion leaves no request open. */
let release: () => void = () => undefined;
afterEach(async () => {
	release();
	jest.useRealTimers();
	for (const r of receivers.splice(0)) await r.close();
	resetReceiverStates();
});

async function push(r: Receiver, event: Record<string, unknown>): Promise<Response> {
	return await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event);
}

describe('queue mode: another process holds a tentative key for its lease only', () => {
	it('a copy at another webhook process is asked to come again while the first runs, and runs once the lease is over', async () => {
		const database = { staticData: null as string | null };
		// The job of SHP-SLOW stays on the worker until released.
		const held = new Promise<void>((resolve) => (release = resolve));
		// Resolves when the n-th run of SHP-SLOW has started.
		const arrivals: Array<() => void> = [];
		const started = [0, 1].map((n) => new Promise<void>((resolve) => (arrivals[n] = resolve)));
		let runCount = 0;
		const beforeExecute = async (item: Record<string, unknown>) => {
			if (item.shipmentId !== 'SHP-SLOW') return;
			arrivals[runCount]?.();
			runCount += 1;
			await held;
		};
		const start = async () =>
			await startReceiver({ credentials: CREDENTIALS, database, queueMode: {}, beforeExecute });
		const a = await start();
		const b = await start();
		receivers.push(a, b);
		// A first push each: both processes learn that executions run elsewhere.
		expect((await push(a, shipmentEvent('shipment_packed', 'SHP-0'))).status).toBe(200);
		expect((await push(b, shipmentEvent('shipment_packed', 'SHP-1'))).status).toBe(200);

		const slow = shipmentEvent('shipment_packed', 'SHP-SLOW');
		const first = push(a, slow);
		await started[0];
		const runs = () =>
			[a, b].flatMap((r) => r.executions).filter((e) => e.shipmentId === 'SHP-SLOW').length;

		// Within the lease: the copy at B is asked to come again later (503) and starts nothing.
		expect((await push(b, slow)).status).toBe(503);
		expect(runs()).toBe(1);

		// The lease is over and A's run has still not ended: the copy runs at B.
		clockForward(TENTATIVE_LEASE_SECONDS + 1);
		const copy = push(b, slow);
		await started[1];
		expect(runs()).toBe(2);

		release();
		expect((await first).status).toBe(200);
		expect((await copy).status).toBe(200);
	});
});
