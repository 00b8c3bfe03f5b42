/**
 * A second local server, on another origin than the simulator: it records every request it
 * receives with all its headers, and answers like the API would (JSON that an operation could
 * take for an answer). Redirect tests point the marketplace's redirects here; a credential must
 * never arrive.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

export interface HeaderRecorder {
	/** http://127.0.0.1:<port>: another origin than the simulator (another port). */
	url: string;
	host: string;
	requests: RecordedRequest[];
	/** Header values that carry a credential: Authorization, Proxy-Authorization, Cookie. */
	credentialsSeen(): string[];
	clear(): void;
	close(): Promise<void>;
}

/** A body an operation could mistake for the marketplace's answer if it followed the redirect. */
const LOOKS_LIKE_AN_ANSWER = JSON.stringify({
	shipments: [],
	returnItems: [],
	listings: [],
	hasMore: false,
	access_token: 'token-from-the-other-host',
	token_type: 'bearer',
	expires_in: 3600,
});

export async function startHeaderRecorder(): Promise<HeaderRecorder> {
	const requests: RecordedRequest[] = [];
	const server: Server = createServer((req, res) => {
		requests.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
		req.resume();
		req.on('end', () => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(LOOKS_LIKE_AN_ANSWER);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		host: `127.0.0.1:${port}`,
		requests,
		credentialsSeen: () =>
			requests.flatMap((request) =>
				['authorization', 'proxy-authorization', 'cookie'].flatMap((name) => {
					const value = request.headers[name];
					return value === undefined ? [] : [`${name}: ${String(value)}`];
				}),
			),
		clear: () => {
			requests.length = 0;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
