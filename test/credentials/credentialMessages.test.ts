/**
 * The editor's credential test names the field that is wrong (issue 29, point 3), for both
 * credential types, through n8n-core's credential test path (credentialTester.ts): an unknown App
 * ID and a wrong App Secret (the token service's two 401 bodies, docs/marketplace-api/authentication.md#token-errors),
 * a base URL that is not the token service, and a network or TLS failure. Each kind is tried on
 * a credential being saved for the first time (no token yet) and on a saved one whose token
 * still works while a field is changed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import {
	CredentialStore,
	n8nHttp,
	PARTNER,
	partnerCredential,
	SELF,
	selfAccessCredential,
	simulator,
} from '../support/fixtures';
import { CREDENTIAL_CLASSES } from '../support/n8nHarness';
import { testCredential } from './credentialTester';

/** A web server that is not the token service: every path answers `status` with an HTML page. */
async function otherService(status: number): Promise<{ url: string; server: Server }> {
	const server = createServer((_req, res) => {
		res.writeHead(status, { 'content-type': 'text/html' });
		res.end('<html><body>Welcome to our shop</body></html>');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** The verdicts, one per field; a message must carry its own and no other. */
const VERDICTS = {
	appId: /^Wrong App ID\b/,
	appSecret: /^Wrong App Secret\b/,
	baseUrl: /^Wrong (Production |Sandbox )?Base URL\b/,
	network: /^Cannot reach the token service\b/,
	tls: /^TLS failed with the token service\b/,
};

type Kind = keyof typeof VERDICTS;

function expectVerdict(message: string, kind: Kind): void {
	expect(message).toMatch(VERDICTS[kind]);
	for (const [other, verdict] of Object.entries(VERDICTS)) {
		if (other !== kind) expect(message).not.toMatch(verdict);
	}
}

describe("the credential test names the wrong field (n8n-core's credential test path)", () => {
	let sim: Simulator;
	let notFound: { url: string; server: Server };
	let webPage: { url: string; server: Server };
	let refusedUrl: string;

	beforeAll(async () => {
		sim = await simulator();
		notFound = await otherService(404);
		webPage = await otherService(200);
		refusedUrl = `http://127.0.0.1:${await closedPort()}`;
	});
	afterAll(async () => {
		notFound.server.close();
		webPage.server.close();
		await sim.close();
	});
	beforeEach(() => sim.control.reset());

	/** A working credential of `type`: the self access app with no token, the partner with a refresh token. */
	async function working(type: string): Promise<ICredentialDataDecryptedObject> {
		if (type === SELF) return selfAccessCredential(sim);
		const { code } = sim.control.issueAuthCode({
			appId: 'demo-partner-app',
			sellerId: 'SELLER-DEMO-1',
			redirectUri: sim.demo.partnerApp.redirectUri,
		});
		const data = partnerCredential(sim, { authorizationCode: code });
		const tokens = (await CREDENTIAL_CLASSES[PARTNER].preAuthentication!.call(
			n8nHttp,
			data,
		)) as ICredentialDataDecryptedObject;
		return { ...data, ...tokens, accessToken: '' };
	}

	/** The same credential after a successful first test: it holds a working access token. */
	async function saved(type: string): Promise<ICredentialDataDecryptedObject> {
		const data = await working(type);
		const tokens = (await CREDENTIAL_CLASSES[type].preAuthentication!.call(
			n8nHttp,
			data,
		)) as ICredentialDataDecryptedObject;
		return { ...data, ...tokens };
	}

	async function run(
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<{ status: string; message: string }> {
		const store = new CredentialStore();
		store.set(type, data);
		return await testCredential({ type, data, store });
	}

	const changes: Array<[string, Kind, () => ICredentialDataDecryptedObject]> = [
		[
			'an unknown App ID ("No client with requested id")',
			'appId',
			() => ({ appId: 'no-such-app' }),
		],
		[
			'a wrong App Secret ("Bad credentials")',
			'appSecret',
			() => ({ appSecret: 'a-wrong-secret-typed-in-0001' }),
		],
		[
			'a base URL where another service answers 404',
			'baseUrl',
			() => ({ productionBaseUrl: notFound.url }),
		],
		[
			'a base URL where a web page answers 200',
			'baseUrl',
			() => ({ productionBaseUrl: webPage.url }),
		],
		['a base URL nothing listens on', 'network', () => ({ productionBaseUrl: refusedUrl })],
		[
			'an https base URL whose server does not speak TLS',
			'tls',
			() => ({ productionBaseUrl: sim.url.replace('http://', 'https://') }),
		],
	];

	for (const type of [SELF, PARTNER]) {
		describe(type, () => {
			it('passes with the right settings', async () => {
				expect(await run(type, await working(type))).toEqual({
					status: 'OK',
					message: 'Connection successful!',
				});
				expect(await run(type, await saved(type))).toEqual({
					status: 'OK',
					message: 'Connection successful!',
				});
			});

			for (const [name, kind, change] of changes) {
				it(`${name}: the first test names it`, async () => {
					const result = await run(type, { ...(await working(type)), ...change() });
					expect(result.status).toBe('Error');
					expectVerdict(result.message, kind);
				});

				it(`${name}: typed into a saved credential whose token still works, the test names it`, async () => {
					const result = await run(type, { ...(await saved(type)), ...change() });
					expect(result.status).toBe('Error');
					expectVerdict(result.message, kind);
				});
			}

			it('the sandbox environment: the message names the Sandbox Base URL', async () => {
				const result = await run(type, {
					...(await working(type)),
					environment: 'sandbox',
					sandboxBaseUrl: notFound.url,
				});
				expect(result.message).toMatch(/^Wrong Sandbox Base URL\b/);
			});
		});
	}
});
