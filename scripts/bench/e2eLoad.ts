/**
 * The end-to-end bench's load generator: a child process (keep-alive HTTP, fixed concurrency)
 * so that it does not share an event loop with the bench's own polling. Every request is a
 * distinct, correctly signed shipment_created push; every target gets the same bytes and headers
 * (the Webhook node and Chargebee Trigger ignore the signature; the body's `event_type` is what
 * Chargebee Trigger needs to start a run, the Marketplace Seller Trigger carries it along).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';

import { MARKETPLACE } from '../../nodes/shared/profile';
import { authorizationValue, pushSignature } from '../../simulator';

export interface SignSpec {
	appId: string;
	appSecret: string;
	/** The URL the marketplace signs: the trigger's production URL. */
	registeredUrl: string;
	runId: string;
}

export interface LoadSpec {
	id: number;
	url: string;
	concurrency: number;
	requests: number;
	/** Prefix making every envelope of this phase unique. */
	tag: string;
}

export interface LoadResult {
	id: number;
	sent: number;
	/** Epoch milliseconds of the first send. */
	startedAt: number;
	elapsedMs: number;
	latenciesMs: number[];
	statuses: Record<string, number>;
}

type ParentMessage =
	| { type: 'init'; sign: SignSpec }
	| { type: 'run'; spec: LoadSpec }
	| { type: 'exit' };

const WORKER_FLAG = '--load-worker';

function loadWorker(): void {
	let sign: SignSpec | undefined;
	// Signature headers depend on the second only: compute them once per second.
	let cachedEpoch = -1;
	let cachedHeaders: Record<string, string> = {};
	const headersNow = (): Record<string, string> => {
		const epoch = Math.floor(Date.now() / 1000);
		if (epoch !== cachedEpoch && sign) {
			cachedEpoch = epoch;
			const signature = pushSignature(epoch, sign.registeredUrl, sign.appSecret);
			cachedHeaders = {
				X_Date: new Date(epoch * 1000).toUTCString(),
				X_Authorization: authorizationValue(MARKETPLACE.signatureScheme, sign.appId, signature),
			};
		}
		return cachedHeaders;
	};
	const envelope = (tag: string, i: number): Buffer =>
		Buffer.from(
			JSON.stringify({
				eventType: 'shipment_created',
				event_type: 'shipment_created',
				source: MARKETPLACE.sourceName,
				version: 'v3',
				timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
				shipmentId: `BENCH-${sign?.runId ?? ''}-${tag}-${i}`,
				locationId: 'LOC-DEMO-1',
				attributes: {
					status: 'APPROVED',
					orderItems: [
						{
							orderItemId: `OI-${tag}-${i}`,
							orderId: `OD-${tag}-${i}`,
							quantity: 1,
							sku: 'BENCH-SKU-1',
						},
					],
				},
			}),
		);

	const run = async (spec: LoadSpec): Promise<LoadResult> => {
		const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });
		const target = new URL(spec.url);
		const latenciesMs: number[] = [];
		const statuses: Record<string, number> = {};
		let next = 0;
		const startedAt = Date.now();
		const started = process.hrtime.bigint();
		const one = (i: number) =>
			new Promise<void>((resolve) => {
				const body = envelope(spec.tag, i);
				const sentAt = process.hrtime.bigint();
				const req = httpRequest(
					{
						agent,
						host: target.hostname,
						port: target.port,
						path: target.pathname,
						method: 'POST',
						headers: {
							...headersNow(),
							'Content-Type': 'application/json',
							'Content-Length': String(body.length),
						},
					},
					(res) => {
						res.resume();
						res.on('end', () => {
							latenciesMs.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
							const key = String(res.statusCode);
							statuses[key] = (statuses[key] ?? 0) + 1;
							resolve();
						});
					},
				);
				req.on('error', (error) => {
					statuses[`error ${error.message}`] = (statuses[`error ${error.message}`] ?? 0) + 1;
					resolve();
				});
				req.end(body);
			});
		const lane = async () => {
			while (next < spec.requests) await one(next++);
		};
		await Promise.all(Array.from({ length: spec.concurrency }, lane));
		const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
		agent.destroy();
		return { id: spec.id, sent: next, startedAt, elapsedMs, latenciesMs, statuses };
	};

	process.on('message', (raw: unknown) => {
		const message = raw as ParentMessage;
		if (message.type === 'init') sign = message.sign;
		else if (message.type === 'run')
			void run(message.spec).then((result) => process.send?.({ type: 'result', result }));
		else process.exit(0);
	});
}

/** The parent's handle on the load child process. */
export class Loader {
	private readonly child: ChildProcess;
	private nextId = 1;
	private readonly waiting = new Map<
		number,
		{ resolve: (result: LoadResult) => void; reject: (error: Error) => void }
	>();

	constructor(sign: SignSpec) {
		this.child = fork(__filename, [WORKER_FLAG], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		this.child.on('message', (message: { type: string; result: LoadResult }) => {
			if (message.type !== 'result') return;
			this.waiting.get(message.result.id)?.resolve(message.result);
			this.waiting.delete(message.result.id);
		});
		this.child.on('exit', (code) => {
			for (const waiter of this.waiting.values())
				waiter.reject(new Error(`load worker exited (${code})`));
			this.waiting.clear();
		});
		this.child.send({ type: 'init', sign } satisfies ParentMessage);
	}

	async run(spec: Omit<LoadSpec, 'id'>): Promise<LoadResult> {
		const id = this.nextId++;
		return await new Promise<LoadResult>((resolve, reject) => {
			this.waiting.set(id, { resolve, reject });
			this.child.send({ type: 'run', spec: { ...spec, id } } satisfies ParentMessage);
		});
	}

	stop(): void {
		if (this.child.connected) this.child.send({ type: 'exit' } satisfies ParentMessage);
		setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
	}
}

if (require.main === module && process.argv.includes(WORKER_FLAG)) loadWorker();
