/** One HTTP POST of a notification to the receiver, reporting what came back and never throwing. */
import * as http from 'node:http';
import * as https from 'node:https';

export interface DeliveryOutcome {
	status: number | null;
	responseBody: string | null;
	error: string | null;
	durationMs: number;
}

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_CHARS = 64 * 1024;

export function postNotification(
	url: string,
	headers: Record<string, string>,
	body: string,
): Promise<DeliveryOutcome> {
	const started = Date.now();
	return new Promise((resolve) => {
		let target: URL;
		try {
			target = new URL(url);
		} catch {
			resolve({
				status: null,
				responseBody: null,
				error: `Invalid receiver URL: ${url}`,
				durationMs: 0,
			});
			return;
		}
		const client = target.protocol === 'https:' ? https : http;
		const payload = Buffer.from(body, 'utf8');
		const req = client.request(
			target,
			{
				method: 'POST',
				headers: {
					...headers,
					'Content-Type': 'application/json',
					'Content-Length': String(payload.length),
				},
				timeout: TIMEOUT_MS,
				agent: false,
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? null,
						responseBody: Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_CHARS),
						error: null,
						durationMs: Date.now() - started,
					}),
				);
				res.on('error', (e) =>
					resolve({
						status: res.statusCode ?? null,
						responseBody: null,
						error: e.message,
						durationMs: Date.now() - started,
					}),
				);
			},
		);
		req.on('timeout', () =>
			req.destroy(new Error(`Receiver did not answer within ${TIMEOUT_MS} ms`)),
		);
		req.on('error', (e) =>
			resolve({
				status: null,
				responseBody: null,
				error: e.message,
				durationMs: Date.now() - started,
			}),
		);
		req.end(payload);
	});
}
