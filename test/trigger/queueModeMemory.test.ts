/**
 * Issue 25, point 1: in queue mode a webhook process saves a push's delivery key before the
 * worker has run it. Such a key is tentative until the run's end is known; a redelivery of a push
 * whose run never happened (its worker was killed, n8n never answered) runs again, in the process
 * that received it and in any other. A push that ran stays a duplicate everywhere, also after a
 * restart. docs/trigger-durability.md#several-n8n-processes-queue-mode
 */
import { resetReceiverStates } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory';
import { shipmentEvent, signedHeaders, VECTOR } from './helpers';
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
async function queueMode(workerDies: (shipmentId: unknown) => boolean = () => false) {
	const database = { staticData: null as string | null };
	const died = new Set<unknown>();
	const dies = (id: unknown) => {
		if (!workerDies(id) || died.has(id)) return false;
		died.add(id);
		return true;
	};
	const start = async () =>
		await startReceiver({
			credentials: CREDENTIALS,
			database,
			queueMode: { workerDies: (item) => dies(item.shipmentId) },
		});
	const a = await start();
	const b = await start();
	receivers.push(a, b);
	return { a, b };
}

/** Posts a push; a connection cut without an answer (the sender timed out) is status 0. */
async function push(r: Receiver, event: Record<string, unknown>): Promise<Response> {
	try {
		return await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event);
	} catch {
		return { status: 0, body: '' };
	}
}

const runsOf = (rs: Receiver[], shipmentId: string) =>
	rs.flatMap((r) => r.executions).filter((e) => e.shipmentId === shipmentId).length;

/** Moves the wall clock only (what the trigger reads with Date.now()), not the timers. */
function clockForward(seconds: number): void {
	const at = Date.now() + seconds * 1000;
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
	jest.setSystemTime(at);
}

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
});
