/** Shared helpers of the simulator tests: a started simulator, HTTP clients, a push receiver, a PDF reader. */
import axios, { type AxiosInstance } from 'axios';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator';

export interface Harness {
	sim: Simulator;
	/** Client of the API (never throws on a status). */
	api: AxiosInstance;
	/** Client of /__control. */
	ctl: AxiosInstance;
}

export async function startHarness(options: SimulatorOptions = {}): Promise<Harness> {
	const sim = await startSimulator({ packingDelayMs: 0, ...options });
	const api = axios.create({ baseURL: sim.url, validateStatus: () => true, maxRedirects: 0 });
	const ctl = axios.create({ baseURL: sim.controlUrl, validateStatus: () => true });
	return { sim, api, ctl };
}

/**
 * The usual hooks of a test file: one simulator for the whole block (started in beforeAll, closed
 * in afterAll), reset to the seeded state before each test, and with `selfToken` a fresh access
 * token of the self app for each test. The harness is read through getters, so call this at
 * describe level and use the result inside the tests. `options` may be a function, read in
 * beforeAll (e.g. for a receiver URL known only then).
 */
export function useHarness(
	options: SimulatorOptions | (() => SimulatorOptions) = {},
	opts: { selfToken?: boolean } = {},
): Harness & { readonly token: string } {
	let harness: Harness | undefined;
	let token: string | undefined;
	const current = (): Harness => {
		if (!harness) throw new Error('no simulator (beforeAll failed)');
		return harness;
	};
	beforeAll(async () => {
		harness = await startHarness(typeof options === 'function' ? options() : options);
	});
	afterAll(() => harness?.sim.close());
	beforeEach(async () => {
		current().sim.control.reset();
		if (opts.selfToken) token = await selfToken(current());
	});
	return {
		get sim() {
			return current().sim;
		},
		get api() {
			return current().api;
		},
		get ctl() {
			return current().ctl;
		},
		get token() {
			if (token === undefined)
				throw new Error('useHarness(…, { selfToken: true }) provides a token');
			return token;
		},
	};
}

export const basic = (appId: string, secret: string) =>
	`Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const SELF = { appId: 'demo-self-app', secret: 'demo-self-secret-0001' };
export const PARTNER = {
	appId: 'demo-partner-app',
	secret: 'demo-partner-secret-0001',
	redirectUri: 'https://partner.example.com/oauth/callback',
};

/** A client-credentials access token of the self app (SELLER-DEMO-1). */
export async function selfToken(h: Harness): Promise<string> {
	const res = await h.api.get('/oauth-service/oauth/token', {
		params: { grant_type: 'client_credentials', scope: 'Seller_Api' },
		headers: { Authorization: basic(SELF.appId, SELF.secret) },
	});
	if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data.access_token;
}

/** Tokens of the partner app for a seller, through the code flow. */
export async function partnerTokens(
	h: Harness,
	sellerId = 'SELLER-DEMO-1',
): Promise<{
	access_token: string;
	refresh_token: string;
	expires_in: number;
	refresh_token_expires_in: number;
}> {
	const { code } = h.sim.control.issueAuthCode({
		appId: PARTNER.appId,
		sellerId,
		redirectUri: PARTNER.redirectUri,
		state: 's',
	});
	const res = await h.api.get('/oauth-service/oauth/token', {
		params: {
			grant_type: 'authorization_code',
			code,
			redirect_uri: PARTNER.redirectUri,
			state: 's',
		},
		headers: { Authorization: basic(PARTNER.appId, PARTNER.secret) },
	});
	if (res.status !== 200)
		throw new Error(`code exchange: ${res.status} ${JSON.stringify(res.data)}`);
	return res.data;
}

export interface ReceivedPush {
	headers: IncomingHttpHeaders;
	body: string;
	json: unknown;
	path: string;
}

/** A local push receiver that records what arrives and answers with a configurable status. */
export class TestReceiver {
	readonly received: ReceivedPush[] = [];
	status = 200;
	reply = '{"ok":true}';
	private server?: Server;
	url = '';

	async start(): Promise<this> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				const body = Buffer.concat(chunks).toString('utf8');
				let json: unknown;
				try {
					json = JSON.parse(body);
				} catch {
					json = undefined;
				}
				this.received.push({ headers: req.headers, body, json, path: req.url ?? '' });
				res.writeHead(this.status, { 'Content-Type': 'application/json' });
				res.end(this.reply);
			});
		});
		await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', () => r()));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook/mkt-orders`;
		return this;
	}

	/** Waits (briefly) until at least `count` pushes arrived. */
	async waitFor(count: number, timeoutMs = 3000): Promise<ReceivedPush[]> {
		const until = Date.now() + timeoutMs;
		while (this.received.length < count && Date.now() < until)
			await new Promise((r) => setTimeout(r, 10));
		return this.received;
	}

	async close(): Promise<void> {
		await new Promise<void>((r) => {
			this.server?.close(() => r());
			this.server?.closeAllConnections();
		});
	}
}

export interface ParsedPdf {
	version: string;
	objectCount: number;
	pageCount: number;
	/** Text shown with Tj, in order. */
	texts: string[];
	hasFont: boolean;
	/** Byte lengths of the content streams. */
	streamLengths: number[];
}

/**
 * Reads the simulator's PDFs the way a strict reader would start: header, startxref, the xref
 * table, and every in-use entry pointing at "<n> 0 obj". Throws on any inconsistency.
 */
export function parsePdf(buffer: Buffer): ParsedPdf {
	const text = buffer.toString('latin1');
	const header = /^%PDF-(\d\.\d)\n/.exec(text);
	if (!header) throw new Error('no %PDF header');
	const tail = /startxref\n(\d+)\n%%EOF\n?$/.exec(text);
	if (!tail) throw new Error('no startxref/%%EOF trailer');
	const xrefAt = Number(tail[1]);
	if (text.slice(xrefAt, xrefAt + 5) !== 'xref\n')
		throw new Error(`startxref ${xrefAt} does not point at "xref"`);
	const sub = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt));
	if (!sub) throw new Error('bad xref subsection');
	const count = Number(sub[1]);
	let pos = xrefAt + sub[0].length;
	for (let i = 0; i < count; i++) {
		const entry = text.slice(pos, pos + 20);
		if (!/^\d{10} \d{5} [nf] \n$/.test(entry))
			throw new Error(`xref entry ${i} is not 20 bytes: ${JSON.stringify(entry)}`);
		if (i > 0) {
			const offset = Number(entry.slice(0, 10));
			if (!text.startsWith(`${i} 0 obj`, offset))
				throw new Error(`xref entry ${i} (${offset}) does not point at "${i} 0 obj"`);
		}
		pos += 20;
	}
	if (!text.startsWith('trailer', pos)) throw new Error('no trailer after the xref table');
	const streamLengths: number[] = [];
	const streamRe = /<< \/Length (\d+) >>\nstream\n/g;
	let m: RegExpExecArray | null;
	while ((m = streamRe.exec(text))) {
		const length = Number(m[1]);
		const start = m.index + m[0].length;
		if (text.slice(start + length, start + length + 10) !== '\nendstream')
			throw new Error('stream /Length does not match its data');
		streamLengths.push(length);
	}
	const texts = [...text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((t) =>
		t[1].replace(/\\(.)/g, '$1'),
	);
	return {
		version: header[1],
		objectCount: count - 1,
		pageCount: (text.match(/\/Type \/Page /g) ?? []).length,
		texts,
		hasFont: text.includes('/Font'),
		streamLengths,
	};
}
