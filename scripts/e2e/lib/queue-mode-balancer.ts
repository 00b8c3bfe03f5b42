/**
 * A round-robin HTTP load balancer on loopback, standing in for the one in front of n8n's
 * webhook processes (or in front of a single n8n): request i goes to the next upstream in turn,
 * with no stickiness, so copies of one push land on different processes as they can behind any
 * real balancer. Headers are passed through untouched; the marketplace's X_Date and
 * X_Authorization contain underscores, which some proxies drop by default (see
 * docs/queue-mode.md#the-load-balancer).
 *
 * Readiness: an upstream gets requests only while its readiness endpoint (n8n's
 * /healthz/readiness) answers 200. n8n listens before it is ready and answers some requests with
 * a 200 that runs nothing while it starts (docs/n8n-internals.md#start-up-answers); a push
 * answered that way is never redelivered by the marketplace. Each upstream is checked every
 * `intervalMs`, and again before a request would skip it (so a process that just became ready
 * gets its share at once); a failed connection marks it unready at once; with no ready upstream
 * the balancer answers 503 itself, so the marketplace redelivers. A sender that gives up closes
 * the upstream request too, as nginx does by default. This is the behaviour the production
 * setup asks of a real proxy (docs/production.md#put-n8n-behind-a-readiness-check).
 */
import {
	createServer,
	request as httpRequest,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReadinessCheck {
	/** Path of the readiness endpoint on each upstream (n8n: /healthz/readiness). */
	path: string;
	/** Milliseconds between two checks of one upstream. */
	intervalMs: number;
}

export const N8N_READINESS: ReadinessCheck = { path: '/healthz/readiness', intervalMs: 200 };

export interface BalancerOptions {
	/** Port to listen on (0: a free one). */
	port: number;
	upstreams: number[];
	/**
	 * The readiness check (default: n8n's /healthz/readiness every 200 ms). `false` forwards to
	 * every upstream at all times, like a balancer without health checks: only for tests that
	 * show what such a setup lets through.
	 */
	readiness?: ReadinessCheck | false;
}

export class RoundRobinBalancer {
	private next = 0;
	private readonly server: Server;
	private listeningPort = 0;
	private closed = false;
	private readonly ready = new Map<number, boolean>();
	private readonly checkers = new Map<number, NodeJS.Timeout>();
	/** Checks in flight, one per upstream, shared by the requests that wait for them. */
	private readonly checking = new Map<number, Promise<void>>();
	/** Requests sent to each upstream port since the last resetCounts(). */
	readonly counts = new Map<number, number>();
	/** Requests the balancer answered 503 itself (no ready upstream) since the last resetCounts(). */
	unavailable = 0;

	private constructor(
		readonly upstreams: number[],
		private readonly readiness: ReadinessCheck | false,
	) {
		this.server = createServer((req, res) => void this.forward(req, res));
		for (const upstream of upstreams) this.ready.set(upstream, readiness === false);
		this.resetCounts();
	}

	static async start(opts: BalancerOptions): Promise<RoundRobinBalancer> {
		if (opts.upstreams.length === 0) throw new Error('the balancer needs at least one upstream');
		const balancer = new RoundRobinBalancer([...opts.upstreams], opts.readiness ?? N8N_READINESS);
		const server = balancer.server;
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(opts.port, '127.0.0.1', () => {
				server.off('error', reject);
				resolve();
			});
		});
		balancer.listeningPort = (server.address() as AddressInfo).port;
		await balancer.startChecks();
		return balancer;
	}

	get port(): number {
		return this.listeningPort;
	}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Whether the balancer currently sends requests to this upstream. */
	isReady(upstream: number): boolean {
		return this.ready.get(upstream) === true;
	}

	resetCounts(): void {
		for (const upstream of this.upstreams) this.counts.set(upstream, 0);
		this.unavailable = 0;
	}

	/** One check of every upstream now, then one every intervalMs per upstream. */
	private async startChecks(): Promise<void> {
		const readiness = this.readiness;
		if (readiness === false) return;
		await Promise.all(this.upstreams.map(async (upstream) => await this.check(upstream)));
		for (const upstream of this.upstreams) {
			const loop = async () => {
				await this.check(upstream);
				if (!this.closed)
					this.checkers.set(
						upstream,
						setTimeout(() => void loop(), readiness.intervalMs),
					);
			};
			this.checkers.set(
				upstream,
				setTimeout(() => void loop(), readiness.intervalMs),
			);
		}
	}

	private async check(upstream: number): Promise<void> {
		const running = this.checking.get(upstream);
		if (running) return await running;
		const check = this.checkNow(upstream).finally(() => this.checking.delete(upstream));
		this.checking.set(upstream, check);
		return await check;
	}

	private async checkNow(upstream: number): Promise<void> {
		const readiness = this.readiness;
		if (readiness === false || this.closed) return;
		const status = await new Promise<number>((resolve) => {
			const probe = httpRequest(
				{
					host: '127.0.0.1',
					port: upstream,
					method: 'GET',
					path: readiness.path,
					agent: false,
					timeout: Math.max(500, readiness.intervalMs * 5),
				},
				(answer) => {
					answer.resume();
					resolve(answer.statusCode ?? 0);
				},
			);
			probe.on('timeout', () => probe.destroy(new Error('readiness check timed out')));
			probe.on('error', () => resolve(0));
			probe.end();
		});
		this.ready.set(upstream, status === 200);
	}

	/**
	 * The next ready upstream in round-robin order, or undefined when none is ready. An upstream
	 * marked unready is checked once more before it is skipped.
	 */
	private async pick(): Promise<number | undefined> {
		const start = this.next;
		this.next += 1;
		for (let i = 0; i < this.upstreams.length; i++) {
			const upstream = this.upstreams[(start + i) % this.upstreams.length];
			if (!this.isReady(upstream)) await this.check(upstream);
			if (this.isReady(upstream)) return upstream;
		}
		return undefined;
	}

	private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
		// The request body stays buffered (a stream reads nothing until piped) while the upstream is picked.
		const upstream = await this.pick();
		if (upstream === undefined) {
			this.unavailable += 1;
			req.resume();
			res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '5' });
			res.end('no n8n upstream is ready; retry later');
			return;
		}
		this.counts.set(upstream, (this.counts.get(upstream) ?? 0) + 1);
		const proxied = httpRequest(
			{
				host: '127.0.0.1',
				port: upstream,
				method: req.method,
				path: req.url,
				headers: req.headers,
				agent: false,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		// A sender that gives up closes its connection; the upstream's is closed with it (nginx's
		// default, proxy_ignore_client_abort off), so n8n and the trigger see the push was not
		// acknowledged even when n8n never answers it (docs/queue-mode.md#the-load-balancer).
		res.once('close', () => {
			if (!res.writableFinished) proxied.destroy();
		});
		proxied.on('error', (error) => {
			// A refused or cut connection: the upstream went away; stop using it until a check passes.
			if (res.destroyed) return;
			if (this.readiness !== false) this.ready.set(upstream, false);
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`upstream 127.0.0.1:${upstream} failed: ${error.message}`);
		});
		req.pipe(proxied);
	}

	async close(): Promise<void> {
		this.closed = true;
		for (const timer of this.checkers.values()) clearTimeout(timer);
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}
}
