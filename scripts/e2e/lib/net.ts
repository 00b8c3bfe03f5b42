/** Small network helpers shared by the harness: free ports, a loopback HTTP client, polling. */
import axios, { AxiosRequestConfig, AxiosResponse } from 'axios';
import { createServer } from 'node:net';

/** Ports this process has handed out already (so parallel starts never get the same one). */
const handedOut = new Set<number>();

/** Asks the kernel for a free TCP port on 127.0.0.1 (bind to port 0, read it, close). */
export async function freePort(exclude: number[] = []): Promise<number> {
	for (let attempt = 0; attempt < 20; attempt++) {
		const port = await new Promise<number>((resolve, reject) => {
			const server = createServer();
			server.unref();
			server.on('error', reject);
			server.listen(0, '127.0.0.1', () => {
				const address = server.address();
				const found = typeof address === 'object' && address ? address.port : 0;
				server.close(() => resolve(found));
			});
		});
		if (port && !exclude.includes(port) && !handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('could not find a free TCP port');
}

/** True when something accepts connections on 127.0.0.1:port. */
export async function isPortInUse(port: number): Promise<boolean> {
	return await new Promise<boolean>((resolve) => {
		const server = createServer();
		server.unref();
		server.once('error', () => resolve(true));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
	});
}

export interface HttpResult<T = unknown> {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	data: T;
}

/**
 * One HTTP request to a loopback service. Never throws on an HTTP status (the caller decides);
 * throws on network errors. Proxy settings from the environment are ignored on purpose.
 */
export async function request<T = unknown>(config: AxiosRequestConfig): Promise<HttpResult<T>> {
	const response: AxiosResponse<T> = await axios.request<T>({
		proxy: false,
		validateStatus: () => true,
		maxRedirects: 0,
		timeout: 60_000,
		...config,
	});
	return {
		status: response.status,
		headers: response.headers as Record<string, string | string[] | undefined>,
		data: response.data,
	};
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns a value other than undefined, or throws after `timeoutMs`
 * with the last reason. `probe` may throw: that counts as "not yet" (the error is remembered).
 */
export async function pollUntil<T>(
	what: string,
	probe: () => Promise<T | undefined>,
	opts: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<T> {
	const deadline = Date.now() + opts.timeoutMs;
	let lastReason = 'no answer yet';
	for (;;) {
		const aborted = opts.abort?.();
		if (aborted) throw new Error(`${what}: ${aborted}`);
		try {
			const value = await probe();
			if (value !== undefined) return value;
		} catch (error) {
			lastReason = (error as Error).message;
		}
		if (Date.now() > deadline)
			throw new Error(`${what}: gave up after ${opts.timeoutMs} ms (${lastReason})`);
		await sleep(opts.intervalMs ?? 250);
	}
}
