/**
 * Trigger bench: cost of verifying and deduplicating one push with 100,000 remembered keys, and
 * the memory and static data each remembered key takes.
 *
 *   npm run build:tools && node --expose-gc build/scripts/bench/trigger.js
 *
 * Prints `label: value unit` lines. Signing (the marketplace's work) happens before the clock
 * starts; each measured push is verified (base64, App ID, SHA-1, constant-time compare, date),
 * its body keyed (canonical JSON + SHA-256) and claimed in the store.
 */
import type { IDataObject } from 'n8n-workflow';

import { deliveryKeyOf } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryKey';
import { InMemoryDeliveryStore } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryStore';
import { saveConfirmedDeliveries } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import { deliveriesTextOf } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/persistence';
import { encodeDeliverySnapshot } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/deliveryLog';
import {
	encodeSellerMemory,
	STATIC_DATA_FIELDS,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/persistence';
import { handlePush } from '../../nodes/MarketplaceSellerTrigger/receiver';
import {
	confirmDelivery,
	createReceiverState,
} from '../../nodes/MarketplaceSellerTrigger/deliveryMemory/memory';
import type { ReceiverSettings } from '../../nodes/MarketplaceSellerTrigger/settings';
import { SellerResolver } from '../../nodes/MarketplaceSellerTrigger/sellerMap';
import {
	readSignatureHeaders,
	verifyPush,
} from '../../nodes/MarketplaceSellerTrigger/verification/verifyPush';
import { MARKETPLACE } from '../../nodes/shared/profile';
import { authorizationValue, signPush } from '../../simulator/notifications/signing';
import { collectGarbage, median } from './measure';

const REMEMBERED = 100_000;
const PUSHES = 50_000;
const WARMUP = 5_000;
const NOW = 1_741_169_730;

const APP_ID = 'a1b2c3d4-0000-4e5f-8a9b-123456789abc';
const APP_SECRET = 's3cr3t-9f8e7d6c-5b4a-4321-9876-fedcba098765';
const RECEIVER_URL = 'https://n8n.example.org/webhook/0b7c9a52-3a8e-4a43-9d55-1f2e3d4c5b6a/webhook';

function heapUsed(): number {
	collectGarbage();
	collectGarbage();
	return process.memoryUsage().heapUsed;
}

/** Headers as the marketplace sends them, signed by the simulator (the independent other side). */
function sign(epoch: number): Record<string, string> {
	const signed = signPush({
		appId: APP_ID,
		appSecret: APP_SECRET,
		registeredUrl: RECEIVER_URL,
		dateMs: epoch * 1000,
		scheme: MARKETPLACE.signatureScheme,
	});
	return { x_date: signed.xDate, x_authorization: signed.xAuthorization };
}

function event(i: number): Record<string, unknown> {
	return {
		eventType: 'shipment_packed',
		source: MARKETPLACE.sourceName,
		version: 'v3',
		timestamp: '2025-03-05T15:45:30+05:30',
		shipmentId: `SHP${String(i).padStart(12, '0')}`,
		attributes: { status: 'PACKED', orderItems: [{ orderItemId: `OI${i}`, quantity: 1 }] },
	};
}

function percentile(sorted: Float64Array, p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function line(label: string, value: number, unit: string, digits = 2): void {
	console.log(`${label}: ${value.toFixed(digits)} ${unit}`);
}

async function main(): Promise<void> {
	const settings: ReceiverSettings = {
		verify: {
			appId: APP_ID,
			appSecret: APP_SECRET,
			registeredUrl: RECEIVER_URL,
			schemeWord: MARKETPLACE.signatureScheme,
			replayWindowSeconds: 300,
		},
		events: ['*'],
		dedup: { enabled: true, retentionSeconds: 86_400, maxEntries: REMEMBERED },
		locations: new Map(),
		sellerMemorySize: 20_000,
	};

	// --- Memory per remembered key (heap delta with full GCs around it) -----------------------
	const baseline = heapUsed();
	const store = new InMemoryDeliveryStore({ maxEntries: REMEMBERED, retentionSeconds: 86_400 });
	for (let i = 0; i < REMEMBERED; i += 1) {
		const at = NOW - 3600 + Math.floor(i / 100);
		const key = deliveryKeyOf(event(-1 - i))!.compact;
		store.claim(key, at);
		store.confirm(key, at);
	}
	const filled = heapUsed();
	line('remembered keys', store.size, 'keys', 0);
	line('heap per remembered key', (filled - baseline) / store.size, 'bytes', 1);

	// --- The static data write of each accepted push (the execute step), at 100,000 keys -------
	// Side by side: the usual path (the row is one this process wrote: append one key); queue
	// mode, where the row is another process's, a key newer than the one this process saw last
	// (take in what it added); and the first look at another writer's row (decode it whole).
	const filledState = () => {
		const state = createReceiverState(settings);
		state.deliveries.restore(store.snapshot(NOW), NOW);
		state.log.rebuild(state.deliveries.snapshot(NOW));
		return state;
	};
	const saving = filledState();
	const other = filledState();
	const staticData: IDataObject = {};
	const saveOne = (i: number, row: 'own' | 'other' | 'first'): number => {
		if (row === 'other') {
			const theirs = deliveryKeyOf(event(2 * REMEMBERED + i))!.compact;
			other.deliveries.claim(theirs, NOW);
			confirmDelivery(other, theirs, NOW);
			staticData[STATIC_DATA_FIELDS.deliveries] = other.log.currentText();
		}
		if (row === 'first')
			staticData[STATIC_DATA_FIELDS.deliveries] = encodeDeliverySnapshot(
				store.snapshot(NOW),
				`writer${i}`,
			);
		const key = deliveryKeyOf(event(REMEMBERED + i))!.compact;
		saving.deliveries.claim(key, NOW);
		const start = process.hrtime.bigint();
		saveConfirmedDeliveries(staticData, [key], saving, NOW);
		return Number(process.hrtime.bigint() - start) / 1e6;
	};
	saveOne(0, 'other');
	const ownMs: number[] = [];
	const otherMs: number[] = [];
	const firstMs: number[] = [];
	for (let run = 1; run <= 21; run += 1) {
		otherMs.push(saveOne(3 * run, 'other'));
		ownMs.push(saveOne(3 * run + 1, 'own'));
		firstMs.push(saveOne(3 * run + 2, 'first'));
	}
	// The field holds what n8n turns into the stored text at its save (DeliveriesAtSave, dedup/persistence.ts).
	const encoded = String(deliveriesTextOf(staticData[STATIC_DATA_FIELDS.deliveries]));
	const stringifyMs: number[] = [];
	for (let run = 0; run < 9; run += 1) {
		const jsonStart = process.hrtime.bigint();
		JSON.stringify({ 'node:Marketplace Seller Trigger': staticData });
		stringifyMs.push(Number(process.hrtime.bigint() - jsonStart) / 1e6);
	}
	line('serialized deliveries per remembered key', encoded.length / saving.log.size, 'bytes', 1);
	line('serialized deliveries at 100000 keys', encoded.length / 1024, 'KiB', 1);
	line('save of an accepted push, row written by this process, median', median(ownMs), 'ms', 3);
	line(
		'save of an accepted push, row another process wrote since (queue mode), median',
		median(otherMs),
		'ms',
		3,
	);
	line(
		"save of an accepted push, first look at another writer's row, median",
		median(firstMs),
		'ms',
	);
	line('ratio: other-process row / own row', median(otherMs) / median(ownMs), 'x', 1);
	line('ratio: first look / own row', median(firstMs) / median(ownMs), 'x', 0);
	line(
		"JSON.stringify of that static data (n8n's part of the save), median",
		median(stringifyMs),
		'ms',
	);

	const sellers = new SellerResolver(20_000);
	const locations = new Map([['LOC-1', 'SELLER-0001']]);
	for (let i = 0; i < 20_000; i += 1) {
		sellers.resolve(
			{
				eventType: 'shipment_created',
				shipmentId: `SHP${String(i).padStart(12, '0')}`,
				locationId: 'LOC-1',
			},
			locations,
		);
	}
	line(
		'serialized seller memory per remembered shipment',
		encodeSellerMemory(sellers.snapshot()).length / sellers.size,
		'bytes',
		1,
	);

	// --- verify + dedup per push at 100,000 remembered keys ----------------------------------
	const requests = Array.from({ length: WARMUP + PUSHES }, (_, i) => {
		const raw = sign(NOW + (i % 60));
		return { raw, headers: readSignatureHeaders(raw), body: event(i), now: NOW + (i % 60) + 1 };
	});

	const samples = new Float64Array(PUSHES);
	let accepted = 0;
	for (let i = 0; i < requests.length; i += 1) {
		const request = requests[i];
		const start = process.hrtime.bigint();
		const verified = verifyPush(readSignatureHeaders(request.raw), settings.verify, request.now);
		const key = verified.ok ? deliveryKeyOf(request.body) : undefined;
		const claimed = key !== undefined && store.claim(key.compact, request.now);
		const elapsed = Number(process.hrtime.bigint() - start) / 1000;
		if (claimed) accepted += 1;
		if (i >= WARMUP) samples[i - WARMUP] = elapsed;
	}
	if (accepted !== requests.length)
		throw new Error(`only ${accepted} of ${requests.length} pushes accepted`);
	if (store.size !== REMEMBERED) throw new Error(`store holds ${store.size} keys`);
	const sorted = samples.slice().sort();
	const mean = samples.reduce((sum, v) => sum + v, 0) / samples.length;
	line('verify + dedup per push at 100000 remembered keys, mean', mean, 'us');
	line('verify + dedup per push at 100000 remembered keys, p50', percentile(sorted, 50), 'us');
	line('verify + dedup per push at 100000 remembered keys, p99', percentile(sorted, 99), 'us');

	// Duplicates: the redelivery path (verify + key + claim refused).
	const dupSamples = new Float64Array(PUSHES);
	for (let i = 0; i < PUSHES; i += 1) {
		const request = requests[WARMUP + i];
		const start = process.hrtime.bigint();
		const verified = verifyPush(request.headers, settings.verify, request.now);
		const key = verified.ok ? deliveryKeyOf(request.body) : undefined;
		if (key === undefined || store.claim(key.compact, request.now))
			throw new Error('duplicate was claimed');
		dupSamples[i] = Number(process.hrtime.bigint() - start) / 1000;
	}
	const dupSorted = dupSamples.slice().sort();
	line(
		'duplicate push (verify + dedup, refused), mean',
		dupSamples.reduce((s, v) => s + v, 0) / PUSHES,
		'us',
	);
	line('duplicate push (verify + dedup, refused), p99', percentile(dupSorted, 99), 'us');

	// The full receiver pipeline as webhook() runs it (async function, item building included).
	const state = createReceiverState(settings);
	for (let i = 0; i < REMEMBERED; i += 1)
		state.deliveries.claim(deliveryKeyOf(event(-1 - i))!.compact, NOW - 60);
	const pipeSamples = new Float64Array(PUSHES);
	for (let i = 0; i < PUSHES; i += 1) {
		const request = requests[WARMUP + i];
		const start = process.hrtime.bigint();
		const decision = await handlePush(
			{ headers: request.raw, body: request.body },
			settings,
			state,
			request.now * 1000,
		);
		pipeSamples[i] = Number(process.hrtime.bigint() - start) / 1000;
		if (decision.action !== 'accept') throw new Error(`pipeline said ${decision.action}`);
	}
	const pipeSorted = pipeSamples.slice().sort();
	line(
		'full receiver pipeline per push (handlePush), mean',
		pipeSamples.reduce((s, v) => s + v, 0) / PUSHES,
		'us',
	);
	line('full receiver pipeline per push (handlePush), p99', percentile(pipeSorted, 99), 'us');

	// Forgeries: how cheap a rejection is.
	const forged = readSignatureHeaders({
		...sign(NOW),
		x_authorization: authorizationValue(MARKETPLACE.signatureScheme, APP_ID, '0'.repeat(40)),
	});
	const forgeStart = process.hrtime.bigint();
	for (let i = 0; i < PUSHES; i += 1) {
		if (verifyPush(forged, settings.verify, NOW).ok) throw new Error('forgery accepted');
	}
	line(
		'forged push rejection, mean',
		Number(process.hrtime.bigint() - forgeStart) / 1000 / PUSHES,
		'us',
	);
	line('pushes measured', PUSHES, 'pushes', 0);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
