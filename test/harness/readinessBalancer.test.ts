/**
 * The test balancer (scripts/e2e/lib/queue-mode-balancer.ts) routes only to upstreams whose
 * /healthz/readiness answers 200, as the production setup asks of a real proxy
 * (docs/production.md#put-n8n-behind-a-readiness-check). The
 * upstreams here play n8n's start-up phases (docs/n8n-internals.md#start-up-answers): "starting"
 * answers every request 200 "n8n is starting up. Please wait" and readiness 503, "ready" answers
 * pushes 204 and readiness 200.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { pollUntil, request } from '../../scripts/e2e/lib';
import { RoundRobinBalancer } from '../../scripts/e2e/lib/queue-mode-balancer';

type Phase = 'starting' | 'ready' | 'hanging';

class FakeN8n {
	phase: Phase = 'starting';
	pushes = 0;
	/** Pushes held open without an answer ('hanging': a queue-mode job that stalled). */
	held = 0;
	/** Held pushes whose connection was closed from the balancer's side. */
	heldClosed = 0;
	private readonly server: Server;

	private constructor() {
		this.server = createServer((req, res) => {
			if (req.url === '/healthz/readiness') {
				res.writeHead(this.phase === 'ready' ? 200 : 503).end();
			} else if (this.phase === 'starting') {
				res.writeHead(200).end('n8n is starting up. Please wait');
			} else if (this.phase === 'hanging') {
				this.held += 1;
				res.once('close', () => (this.heldClosed += 1));
			} else {
				this.pushes += 1;
				res.writeHead(204).end();
			}
		});
	}

	static async start(): Promise<FakeN8n> {
		const fake = new FakeN8n();
		await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
		return fake;
	}

	get port(): number {
		return (this.server.address() as AddressInfo).port;
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}
}

let upstreams: FakeN8n[] = [];
let balancer: RoundRobinBalancer | undefined;

afterEach(async () => {
	await balancer?.close();
	for (const upstream of upstreams) await upstream.close();
	balancer = undefined;
	upstreams = [];
});

async function post(): Promise<{ status: number; body: string }> {
	const r = await request<string>({
		method: 'POST',
		url: `${balancer!.url}/webhook/x/webhook`,
		data: '{}',
		headers: { 'content-type': 'application/json' },
		transformResponse: [(data: string) => data],
	});
	return { status: r.status, body: r.data ?? '' };
}

describe('the readiness-checking balancer', () => {
	it('answers 503 while its only n8n is starting, never the start-up 200, and forwards once it is ready', async () => {
		upstreams = [await FakeN8n.start()];
		balancer = await RoundRobinBalancer.start({ port: 0, upstreams: [upstreams[0].port] });
		const whileStarting = [await post(), await post()];
		upstreams[0].phase = 'ready';
		const onceReady = await post();
		expect({ whileStarting, onceReady, pushes: upstreams[0].pushes }).toEqual({
			whileStarting: [
				{ status: 503, body: expect.stringContaining('no n8n upstream is ready') },
				{ status: 503, body: expect.stringContaining('no n8n upstream is ready') },
			],
			onceReady: { status: 204, body: '' },
			pushes: 1,
		});
	});

	it('skips an upstream that is not ready and uses it again as soon as it is', async () => {
		upstreams = [await FakeN8n.start(), await FakeN8n.start()];
		upstreams[0].phase = 'ready';
		balancer = await RoundRobinBalancer.start({
			port: 0,
			upstreams: upstreams.map((u) => u.port),
		});
		const statuses: number[] = [];
		for (let i = 0; i < 4; i++) statuses.push((await post()).status);
		upstreams[1].phase = 'ready';
		for (let i = 0; i < 4; i++) statuses.push((await post()).status);
		expect({ statuses, pushes: upstreams.map((u) => u.pushes) }).toEqual({
			statuses: Array.from({ length: 8 }, () => 204),
			pushes: [6, 2],
		});
	});

	it('answers 503 when its upstream has gone away (connection refused at the readiness check)', async () => {
		upstreams = [await FakeN8n.start()];
		upstreams[0].phase = 'ready';
		balancer = await RoundRobinBalancer.start({ port: 0, upstreams: [upstreams[0].port] });
		expect((await post()).status).toBe(204);
		await upstreams[0].close();
		upstreams = [];
		// The first request after the kill may still be forwarded (502 from the refused connection).
		const answers = [(await post()).status, (await post()).status];
		expect(answers[1]).toBe(503);
		expect([502, 503]).toContain(answers[0]);
	});

	it('closes the upstream request when the sender gives up, as a proxy that does not ignore client aborts', async () => {
		// n8n never answers a queue-mode push whose job stalled (docs/n8n-internals.md#a-stalled-job-is-never-answered):
		// only the closed connection tells the trigger that the push was not acknowledged.
		upstreams = [await FakeN8n.start()];
		upstreams[0].phase = 'hanging';
		balancer = await RoundRobinBalancer.start({
			port: 0,
			upstreams: [upstreams[0].port],
			readiness: false,
		});
		await expect(
			request({
				method: 'POST',
				url: `${balancer.url}/webhook/x/webhook`,
				data: '{}',
				timeout: 300,
			}),
		).rejects.toThrow(/timeout/);
		const closed = await pollUntil(
			'the upstream request closed',
			async () => (upstreams[0].heldClosed === 1 ? upstreams[0].heldClosed : undefined),
			{ timeoutMs: 3000, intervalMs: 20 },
		);
		expect({ held: upstreams[0].held, closed }).toEqual({ held: 1, closed: 1 });
	});

	it('without readiness checks (readiness: false) forwards the start-up 200, as an unchecked proxy does', async () => {
		upstreams = [await FakeN8n.start()];
		balancer = await RoundRobinBalancer.start({
			port: 0,
			upstreams: [upstreams[0].port],
			readiness: false,
		});
		expect(await post()).toEqual({ status: 200, body: 'n8n is starting up. Please wait' });
	});
});
