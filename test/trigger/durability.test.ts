/**
 * Issue 8 and 9 at the trigger's level: a remembered delivery always has an execution, a push
 * whose execution could not be created is not remembered, a copy of a push still running waits
 * for its answer, and what several n8n processes remember is merged, never overwritten.
 * The HTTP cases run through webhookHarness.ts, which reproduces n8n 2.40.7's responseNode flow.
 */
import { InMemoryDeliveryStore } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryStore';
import {
	decodeDeliverySnapshot,
	DeliveryLog,
	encodeDeliverySnapshot,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryLog';
import {
	continuation,
	ForeignRows,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryLog';
import {
	STATIC_DATA_FIELDS,
	staticDataPersistence,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/persistence';
import { deliveryKeyOf } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryKey';
import { readExactJsonObject } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/exactJson';
import { inFlightWaiterCount } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import { handlePush } from '../../nodes/MarketplaceSellerTrigger/receiver';
import {
	confirmDelivery,
	getReceiverState,
	persistReceiverState,
	resetReceiverStates,
	saveDeliveries,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import { receiverSettings, shipmentEvent, signedHeaders, VECTOR } from './helpers';
import { startReceiver, type Receiver } from './webhookHarness';

const CREDENTIALS = { appId: VECTOR.appId, appSecret: VECTOR.appSecret };
const now = () => Math.floor(Date.now() / 1000);

const NOW = VECTOR.epoch;
const settings = receiverSettings();

/** A point where an execution stops until released; `reached` resolves when one arrives there. */
function gate(): { pass: () => Promise<void>; reached: Promise<void>; release: () => void } {
	let release: () => void = () => undefined;
	const held = new Promise<void>((resolve) => (release = resolve));
	let arrive: () => void = () => undefined;
	const reached = new Promise<void>((resolve) => (arrive = resolve));
	return {
		pass: async () => {
			arrive();
			await held;
		},
		reached,
		release,
	};
}

let receiver: Receiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
	resetReceiverStates();
});

const storedKeys = (r: Receiver): string[] => {
	if (r.database.staticData === null) return [];
	const row = JSON.parse(r.database.staticData) as Record<string, Record<string, unknown>>;
	const node =
		Object.values(row).find((value) => typeof value === 'object' && value !== null) ?? {};
	return decodeDeliverySnapshot(node[STATIC_DATA_FIELDS.deliveries])?.keys ?? [];
};
const compactOf = (event: Record<string, unknown>) => deliveryKeyOf(event)!.compact;

describe('a remembered delivery always has an execution', () => {
	it('saves the key only once the execution runs, and answers only after that', async () => {
		const { pass, reached: executionCreated, release } = gate();
		receiver = await startReceiver({
			credentials: CREDENTIALS,
			beforeExecute: async (item) => (item.shipmentId === 'SHP-D1' ? await pass() : undefined),
		});
		const r = receiver;
		const earlier = shipmentEvent('shipment_packed', 'SHP-D0');
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), earlier)).status,
		).toBe(200);
		const event = shipmentEvent('shipment_packed', 'SHP-D1');
		let answered = false;
		const answer = r
			.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)
			.then((response) => {
				answered = true;
				return response;
			});
		await executionCreated;
		try {
			// The execution exists but has not run the trigger's step: not saved, not answered, also
			// when a duplicate of the earlier push makes n8n save the static data meanwhile.
			expect(
				(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), earlier)).status,
			).toBe(200);
			expect(r.executions).toHaveLength(2);
			expect(storedKeys(r)).toEqual([compactOf(earlier)]);
			expect(answered).toBe(false);
		} finally {
			release();
		}
		expect(await answer).toEqual({ status: 200, body: '' });
		expect(storedKeys(r)).toEqual([compactOf(earlier), compactOf(event)]);
	});

	it('does not remember a push whose execution could not be created, so its redelivery runs', async () => {
		let failNext = true;
		receiver = await startReceiver({
			credentials: CREDENTIALS,
			failExecution: () => {
				const fail = failNext;
				failNext = false;
				return fail;
			},
		});
		const r = receiver;
		const event = shipmentEvent('shipment_shipped', 'SHP-D2');
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)).status,
		).toBe(500);
		expect(storedKeys(r)).toEqual([]);
		// The marketplace redelivers: this time the execution is created and runs.
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)).status,
		).toBe(200);
		expect(r.executions).toHaveLength(1);
		expect(storedKeys(r)).toEqual([compactOf(event)]);
		// After that, a redelivery is a duplicate, also after a restart.
		resetReceiverStates();
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)).status,
		).toBe(200);
		expect(r.executions).toHaveLength(1);
	});

	it('makes a copy that arrives while the first is running wait, then answers it as a duplicate', async () => {
		const { pass, reached: executionCreated, release } = gate();
		receiver = await startReceiver({ credentials: CREDENTIALS, beforeExecute: pass });
		const r = receiver;
		const event = shipmentEvent('shipment_delivered', 'SHP-D3');
		const first = r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event);
		await executionCreated;
		let secondAnswered = false;
		const second = r
			.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)
			.then((response) => {
				secondAnswered = true;
				return response;
			});
		// Let the second request reach the trigger and start waiting.
		try {
			for (let i = 0; i < 200 && inFlightWaiterCount() === 0; i += 1)
				await new Promise((resolve) => setImmediate(resolve));
			expect(inFlightWaiterCount()).toBe(1);
			expect(secondAnswered).toBe(false);
		} finally {
			release();
		}
		expect((await first).status).toBe(200);
		expect((await second).status).toBe(200);
		expect(r.executions).toHaveLength(1);
		expect(inFlightWaiterCount()).toBe(0);
	});

	it('runs the waiting copy itself when the first one could not be created', async () => {
		let calls = 0;
		receiver = await startReceiver({
			credentials: CREDENTIALS,
			// The execution of whichever copy claims the delivery first cannot be created.
			failExecution: () => {
				calls += 1;
				return calls === 1;
			},
		});
		const r = receiver;
		const event = shipmentEvent('shipment_cancelled', 'SHP-D4');
		// Both at once: the second waits for the first, whose 500 releases the claim; then it runs.
		const answers = await Promise.all([
			r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event),
			r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([200, 500]);
		expect(r.executions).toHaveLength(1);
		expect(storedKeys(r)).toEqual([compactOf(event)]);
	});
});

describe('an execution that ends after a newer one', () => {
	it('still stores the newer key: the text is made when n8n saves, not when the step ran', async () => {
		const { pass, reached: stepRan, release } = gate();
		receiver = await startReceiver({
			credentials: CREDENTIALS,
			afterExecute: async (item) => (item.shipmentId === 'SHP-SLOW' ? await pass() : undefined),
		});
		const r = receiver;
		const slow = shipmentEvent('shipment_packed', 'SHP-SLOW');
		const fast = shipmentEvent('shipment_packed', 'SHP-FAST');
		const slowAnswer = r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), slow);
		await stepRan;
		try {
			// The newer push runs, saves and is answered while the older one is still running.
			expect(
				(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), fast)).status,
			).toBe(200);
			expect(storedKeys(r)).toEqual([compactOf(slow), compactOf(fast)]);
		} finally {
			release();
		}
		expect((await slowAnswer).status).toBe(200);
		// The older execution saved last, and its save holds the newer key too.
		expect(storedKeys(r)).toEqual([compactOf(slow), compactOf(fast)]);
		// So a copy of the newer push after a restart runs nothing.
		resetReceiverStates();
		expect((await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), fast)).status).toBe(
			200,
		);
		expect(r.executions).toHaveLength(2);
	});
});

describe('Acknowledge Push: once the execution is stored', () => {
	it('answers when the execute step runs, before the execution ends, and still remembers the push', async () => {
		let release: () => void = () => undefined;
		const held = new Promise<void>((resolve) => (release = resolve));
		receiver = await startReceiver({
			credentials: CREDENTIALS,
			parameters: { options: { acknowledge: 'onceStored' } } as never,
			afterExecute: async () => await held,
		});
		const r = receiver;
		const event = shipmentEvent('shipment_packed', 'SHP-S1');
		try {
			// Answered while the execution is still running (held after the trigger's step).
			expect(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)).toEqual({
				status: 200,
				body: '',
			});
			expect(r.executions).toHaveLength(1);
			expect(storedKeys(r)).toEqual([]);
		} finally {
			release();
		}
		// The execution ends and saves the key: a redelivery after a restart runs nothing.
		for (let i = 0; i < 200 && storedKeys(r).length === 0; i += 1)
			await new Promise((resolve) => setImmediate(resolve));
		expect(storedKeys(r)).toEqual([compactOf(event)]);
		resetReceiverStates();
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), event)).status,
		).toBe(200);
		expect(r.executions).toHaveLength(1);
	});

	it('answers only after the run by default', async () => {
		const { pass, reached: executed, release } = gate();
		receiver = await startReceiver({ credentials: CREDENTIALS, afterExecute: pass });
		const r = receiver;
		let answered = false;
		const answer = r
			.post(
				signedHeaders({ epoch: now(), registeredUrl: r.url }),
				shipmentEvent('shipment_packed', 'SHP-S2'),
			)
			.then((response) => {
				answered = true;
				return response;
			});
		await executed;
		for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
		expect(answered).toBe(false);
		release();
		expect((await answer).status).toBe(200);
	});
});

describe('queue mode: the execute step runs on a worker', () => {
	it('leaves the stored row alone when the push was received by another process', async () => {
		let workerRun = false;
		receiver = await startReceiver({
			credentials: CREDENTIALS,
			// A worker process has no receiver state: model it by forgetting this process's memory
			// between the execution's creation and its run.
			beforeExecute: async () => {
				if (workerRun) resetReceiverStates();
			},
		});
		const r = receiver;
		const first = shipmentEvent('shipment_packed', 'SHP-Q1');
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), first)).status,
		).toBe(200);
		expect(storedKeys(r)).toEqual([compactOf(first)]);
		workerRun = true;
		const second = shipmentEvent('shipment_packed', 'SHP-Q2');
		expect(
			(await r.post(signedHeaders({ epoch: now(), registeredUrl: r.url }), second)).status,
		).toBe(200);
		// The worker's static data is not the row: writing it would have replaced the row with one key.
		expect(storedKeys(r)).toEqual([compactOf(first)]);
	});
});

describe('several n8n processes (queue mode): merge, never overwrite', () => {
	const push = (shipmentId: string) => ({
		headers: signedHeaders({ epoch: NOW }),
		body: shipmentEvent('shipment_packed', shipmentId),
	});

	it('treats a delivery another process remembered as a duplicate (sequential copies across processes)', async () => {
		// One database row; two processes (two receiver states), each handed a fresh copy per request.
		let row: Record<string, unknown> = {};
		const request = (process: string, shipmentId: string) => {
			const staticData = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
			const persistence = staticDataPersistence(staticData as never);
			const state = getReceiverState(process, settings, persistence, NOW);
			return {
				staticData,
				persistence,
				state,
				decision: handlePush(push(shipmentId), settings, state, NOW * 1000),
			};
		};

		const a = request('process-a', 'SHP-X');
		const accepted = await a.decision;
		expect(accepted.action).toBe('accept');
		if (accepted.action !== 'accept') return;
		// A's execution exists and saves the key (what execute() does), then n8n stores the row.
		confirmDelivery(a.state, accepted.claimedKey!, NOW);
		saveDeliveries(a.state, a.persistence, NOW);
		row = a.staticData;

		const b = request('process-b', 'SHP-X');
		expect(await b.decision).toMatchObject({ action: 'ignore', reason: 'duplicate' });
	});

	it("keeps both processes' keys when they write one after the other (interleaved writers)", async () => {
		let row: Record<string, unknown> = {};
		const load = () => JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
		const accept = async (
			process: string,
			shipmentId: string,
			staticData: Record<string, unknown>,
		) => {
			const persistence = staticDataPersistence(staticData as never);
			const state = getReceiverState(process, settings, persistence, NOW);
			const decision = await handlePush(push(shipmentId), settings, state, NOW * 1000);
			if (decision.action === 'accept') confirmDelivery(state, decision.claimedKey!, NOW);
			return { persistence, state };
		};
		// Both processes read the row before either writes.
		const rowA = load();
		const rowB = load();
		const a = await accept('process-a', 'SHP-A', rowA);
		const b = await accept('process-b', 'SHP-B', rowB);
		saveDeliveries(a.state, a.persistence, NOW);
		row = rowA;
		// B writes last; it read the row before A wrote, but a duplicate it handles next merges A's
		// row first, so its write holds both keys.
		const rowB2 = load();
		const persistenceB2 = staticDataPersistence(rowB2 as never);
		const stateB2 = getReceiverState('process-b', settings, persistenceB2, NOW);
		expect(stateB2).toBe(b.state);
		const duplicate = await handlePush(push('SHP-B'), settings, stateB2, NOW * 1000);
		expect(duplicate).toMatchObject({ action: 'ignore', reason: 'duplicate' });
		persistReceiverState(duplicate, stateB2, persistenceB2, NOW);
		// As n8n stores it (JSON).
		const stored = JSON.parse(JSON.stringify(rowB2)) as Record<string, unknown>;
		const saved = decodeDeliverySnapshot(stored[STATIC_DATA_FIELDS.deliveries])!;
		expect(new Set(saved.keys)).toEqual(
			new Set([compactOf(push('SHP-A').body), compactOf(push('SHP-B').body)]),
		);
	});

	it('takes in only what the other process added while they take turns writing the row', async () => {
		// Two processes, one row; each request is handed the row as the other one left it.
		let row: Record<string, unknown> = {};
		const taken: number[] = [];
		const newEntries = jest.spyOn(ForeignRows.prototype, 'newEntries');
		try {
			for (let i = 0; i < 40; i += 1) {
				const staticData = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
				const persistence = staticDataPersistence(staticData as never);
				const state = getReceiverState(
					i % 2 === 0 ? 'process-a' : 'process-b',
					settings,
					persistence,
					NOW,
				);
				const decision = await handlePush(push(`SHP-T${i}`), settings, state, NOW * 1000);
				expect(decision.action).toBe('accept');
				if (decision.action === 'accept') confirmDelivery(state, decision.claimedKey!, NOW);
				saveDeliveries(state, persistence, NOW);
				row = JSON.parse(JSON.stringify(staticData)) as Record<string, unknown>;
			}
			for (const result of newEntries.mock.results)
				taken.push((result.value as { keys: string[] }).keys.length);
		} finally {
			newEntries.mockRestore();
		}
		// B's first look decodes A's one-key text, A's first look B's two keys. From then on each
		// side takes in two keys, not the whole set: the one the other process added and its own
		// previous one, which the other had appended to its log.
		expect(taken).toEqual([1, ...new Array<number>(38).fill(2)]);
		const all = Array.from({ length: 40 }, (_, i) => compactOf(push(`SHP-T${i}`).body));
		expect(new Set(decodeDeliverySnapshot(row[STATIC_DATA_FIELDS.deliveries])!.keys)).toEqual(
			new Set(all),
		);
		// Either process answers a copy of any of them as a duplicate.
		for (const process of ['process-a', 'process-b']) {
			const persistence = staticDataPersistence(JSON.parse(JSON.stringify(row)) as never);
			const state = getReceiverState(process, settings, persistence, NOW);
			expect(await handlePush(push('SHP-T0'), settings, state, NOW * 1000)).toMatchObject({
				action: 'ignore',
				reason: 'duplicate',
			});
		}
	});

	it("reads a writer's text as a continuation only when it is one", () => {
		const retention = { maxEntries: 5, retentionSeconds: 1000 };
		const writer = new DeliveryLog('writer', retention);
		const reader = new ForeignRows();
		const key = (i: number) => compactOf({ eventType: 'x', shipmentId: `S${i}` });
		const live: Array<[string, number]> = [];
		for (let i = 0; i < 30; i += 1) {
			const at = 1000 + i * 7 - (i % 4 === 0 ? 9 : 0);
			writer.append(key(i), at);
			live.push([key(i), at]);
			const text = writer.text(1000 + i * 7);
			// The front goes with the bound and expiry; the reader gets what was appended since.
			const entries = reader.newEntries(text)!;
			expect(entries).toEqual({ keys: [key(i)], seenAt: [at] });
			expect(decodeDeliverySnapshot(text)!.keys).toEqual(live.slice(-5).map(([k]) => k));
		}
		// Nothing new: nothing taken in.
		expect(reader.newEntries(writer.text(1203))).toEqual({ keys: [], seenAt: [] });
		// A text that does not continue the last one (rewritten) is decoded whole.
		const rewritten = encodeDeliverySnapshot(
			{ keys: [key(100), key(29)], seenAt: [1190, 1203] },
			'writer',
		);
		expect(reader.newEntries(rewritten)).toEqual({
			keys: [key(100), key(29)],
			seenAt: [1190, 1203],
		});
		const kept = key(200) + key(201) + key(202) + key(203);
		expect(continuation(key(199) + kept, kept + key(204))).toBe(key(204));
		expect(continuation(key(199) + kept, kept)).toBe('');
		expect(continuation(key(199) + kept, key(198) + kept)).toBeUndefined();
		expect(continuation(key(199) + kept, kept.slice(0, -1) + key(204))).toBeUndefined();
		// Everything expired: the next entry counts from t0.
		const emptied = new DeliveryLog('emptied', retention);
		const follower = new ForeignRows();
		emptied.append(key(1), 1000);
		follower.newEntries(emptied.text(1000));
		follower.newEntries(emptied.text(5000));
		emptied.append(key(2), 5000);
		expect(follower.newEntries(emptied.text(5000))).toEqual({ keys: [key(2)], seenAt: [5000] });
	});

	it('adds what another process confirmed; a key pending here becomes confirmed', () => {
		const store = new InMemoryDeliveryStore({ maxEntries: 10, retentionSeconds: 100 });
		expect(store.claim('mine', 1000)).toBe(true);
		expect(store.snapshot(1000).keys).toEqual([]);
		expect(store.add('theirs', 990, 1000)).toBe(true);
		expect(store.add('theirs', 995, 1000)).toBe(false);
		expect(store.add('expired', 800, 1000)).toBe(false);
		expect(store.snapshot(1000).keys).toEqual(['theirs']);
		expect(store.isPending('mine')).toBe(true);
		expect(store.claim('mine', 1001)).toBe(false);
		store.release('mine');
		expect(store.claim('mine', 1002)).toBe(true);
		// The same push ran in another process too: it stays remembered when this copy fails.
		expect(store.add('mine', 1001, 1003)).toBe(true);
		expect(store.isPending('mine')).toBe(false);
		store.release('mine');
		expect(store.claim('mine', 1004)).toBe(false);
		expect(store.confirm('mine', 1004)).toBeUndefined();
		expect(store.snapshot(1004).keys).toEqual(['theirs', 'mine']);
		// Full: an entry older than the oldest one is not taken in; a newer one pushes the oldest out.
		const full = new InMemoryDeliveryStore({ maxEntries: 2, retentionSeconds: 100 });
		expect([full.add('a', 1000, 1000), full.add('b', 1001, 1000)]).toEqual([true, true]);
		expect(full.add('older', 999, 1001)).toBe(false);
		expect(full.add('newer', 1002, 1002)).toBe(true);
		expect(full.snapshot(1002).keys).toEqual(['b', 'newer']);
	});
});

describe('issue 11: delivery keys and seller from a verified source only', () => {
	const rawPush = (orderItemId: string) => {
		const text = `{"eventType":"shipment_created","shipmentId":"SHP-N","timestamp":"t","attributes":{"orderItems":[{"orderItemId":${orderItemId}}]}}`;
		return {
			headers: signedHeaders({ epoch: NOW }),
			body: JSON.parse(text) as unknown,
			rawBody: Buffer.from(text),
		};
	};

	it('keys on the exact text of numbers a double cannot hold (2^53 and above)', async () => {
		const state = getReceiverState('wf/exact', settings, staticDataPersistence({}), NOW);
		const first = await handlePush(rawPush('12345678901234567890'), settings, state, NOW * 1000);
		const second = await handlePush(rawPush('12345678901234567891'), settings, state, NOW * 1000);
		expect(first.action).toBe('accept');
		expect(second.action).toBe('accept');
		if (first.action === 'accept' && second.action === 'accept')
			expect(first.dedupKey).not.toBe(second.dedupKey);
	});

	it('keys on the exact text of numbers beyond a double (1e400 and 2e400 are not one key; issue 24)', async () => {
		const state = getReceiverState('wf/huge', settings, staticDataPersistence({}), NOW);
		const decisions = [];
		for (const value of ['1e400', '2e400', '-1e400', '1e-400', '2e-400'])
			decisions.push(await handlePush(rawPush(value), settings, state, NOW * 1000));
		expect(decisions.map((decision) => decision.action)).toEqual([
			'accept',
			'accept',
			'accept',
			'accept',
			'accept',
		]);
	});

	it('keeps the keys of ordinary numbers as they were (no duplicate run after an upgrade)', () => {
		const text =
			'{"eventType":"x","shipmentId":"S","timestamp":"t","attributes":{"qty":1.50,"n":100,"e":1e2}}';
		const exact = deliveryKeyOf(readExactJsonObject(text)!);
		expect(exact).toEqual(deliveryKeyOf(JSON.parse(text) as Record<string, unknown>));
	});

	it("does not take the unsigned body's sellerId as the seller", async () => {
		const state = getReceiverState('wf/seller', settings, staticDataPersistence({}), NOW);
		const decision = await handlePush(
			{
				headers: signedHeaders({ epoch: NOW }),
				body: { ...shipmentEvent('shipment_packed', 'SHP-S'), sellerId: 'FORGED' },
			},
			settings,
			state,
			NOW * 1000,
		);
		expect(decision).toMatchObject({
			action: 'accept',
			item: { sellerId: null, verification: { sellerIdInBody: 'FORGED' } },
		});
	});
});
