/**
 * A round-robin HTTP load balancer on loopback, standing in for the one in front of n8n's
 * webhook processes: request i goes to upstream i mod n, with no stickiness, so copies of one
 * push land on different processes as they can behind any real balancer. Headers are passed
 * through untouched; the marketplace's X_Date and X_Authorization contain underscores, which
 * some proxies drop by default (see README "Scaling out (queue mode)").
 */
import {
	createServer,
	request as httpRequest,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export class RoundRobinBalancer {
	private next = 0;
	private readonly server: Server;
	private listeningPort = 0;
	/** Requests sent to each upstream port since the last resetCounts(). */
	readonly counts = new Map<number, number>();

	private constructor(readonly upstreams: number[]) {
		this.server = createServer((req, res) => this.forward(req, res));
		this.resetCounts();
	}

	static async start(opts: { port: number; upstreams: number[] }): Promise<RoundRobinBalancer> {
		if (opts.upstreams.length === 0) throw new Error('the balancer needs at least one upstream');
		const balancer = new RoundRobinBalancer([...opts.upstreams]);
		const server = balancer.server;
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(opts.port, '127.0.0.1', () => {
				server.off('error', reject);
				resolve();
			});
		});
		balancer.listeningPort = (server.address() as AddressInfo).port;
		return balancer;
	}

	get port(): number {
		return this.listeningPort;
	}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	resetCounts(): void {
		for (const upstream of this.upstreams) this.counts.set(upstream, 0);
	}

	private forward(req: IncomingMessage, res: ServerResponse): void {
		const upstream = this.upstreams[this.next % this.upstreams.length];
		this.next += 1;
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
		proxied.on('error', (error) => {
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`upstream 127.0.0.1:${upstream} failed: ${error.message}`);
		});
		req.pipe(proxied);
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}
}
