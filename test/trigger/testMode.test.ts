/**
 * Test mode ("Execute step" in the editor, n8n's Test URL): a push sent to the Test URL and signed
 * over it verifies and runs; forgeries are still 401; production verification is unchanged (it
 * never accepts the Test URL). Real HTTP through webhookHarness.ts, n8n-core's contexts.
 */
import { withRequestEndpoint } from '../../nodes/MarketplaceSellerTrigger/testMode';
import { resetReceiverStates } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory';
import { shipmentEvent, signedHeaders, VECTOR } from './helpers';
import { startReceiver, type Receiver, type ReceiverOptions } from './webhookHarness';

const CREDENTIALS = { appId: VECTOR.appId, appSecret: VECTOR.appSecret };
const PUBLIC_URL = 'https://n8n.example.org/webhook/mkt-orders';
const now = () => Math.floor(Date.now() / 1000);

let receiver: Receiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
	resetReceiverStates();
});

async function start(options: ReceiverOptions = {}): Promise<Receiver> {
	receiver = await startReceiver({ credentials: CREDENTIALS, ...options });
	return receiver;
}

const signedOver = (url: string, overrides: { appSecret?: string; epoch?: number } = {}) =>
	signedHeaders({
		epoch: overrides.epoch ?? now(),
		registeredUrl: url,
		appSecret: overrides.appSecret,
	});

let shipment = 0;
const freshEvent = () =>
	shipmentEvent('shipment_created', `SHP-TEST-${(shipment += 1)}`, { locationId: 'LOC-1' });

describe('test mode: a push to the Test URL', () => {
	it('signed over the Test URL: 200, one execution, and the item says which URL verified it', async () => {
		const r = await start({ mode: 'manual' });
		const response = await r.post(signedOver(r.testUrl), freshEvent());

		expect(response).toEqual({ status: 200, body: '' });
		expect(r.executions).toHaveLength(1);
		expect(r.executions[0].verification).toMatchObject({
			signedUrl: r.testUrl,
			registeredUrl: r.url,
		});
	});

	it('signed over the registered URL (what the marketplace signs): also verifies', async () => {
		const r = await start({ mode: 'manual', parameters: { registeredUrl: PUBLIC_URL } });
		expect((await r.post(signedOver(PUBLIC_URL), freshEvent())).status).toBe(200);
		expect(r.executions).toHaveLength(1);
		expect(r.executions[0].verification).toMatchObject({
			signedUrl: PUBLIC_URL,
			registeredUrl: PUBLIC_URL,
		});
	});

	it('forged (wrong secret), over another URL, or stale: 401 and no execution', async () => {
		const r = await start({ mode: 'manual' });
		const answers = {
			wrongSecret: (
				await r.post(signedOver(r.testUrl, { appSecret: `${VECTOR.appSecret}x` }), freshEvent())
			).status,
			otherUrl: (await r.post(signedOver(`${r.testUrl}/`), freshEvent())).status,
			stale: (await r.post(signedOver(r.testUrl, { epoch: now() - 400 }), freshEvent())).status,
		};
		expect(answers).toEqual({ wrongSecret: 401, otherUrl: 401, stale: 401 });
		expect(r.executions).toHaveLength(0);
		expect(r.logs.filter((line) => line.level === 'warn').map((line) => line.meta)).toEqual(
			expect.arrayContaining([
				{ reason: 'date_outside_window', clockSkewSeconds: expect.any(Number) },
			]),
		);
	});

	it('n8n 1.x (no getWebhookResourceUrl): the Test URL comes from the request, a push signed over it verifies', async () => {
		const r = await start({ mode: 'manual', n8nMajor: 1 });
		expect((await r.post(signedOver(r.testUrl), freshEvent())).status).toBe(200);
		expect(r.executions[0].verification).toMatchObject({ signedUrl: r.testUrl });
	});

	it('the output panel hints name the Test URL, the registered URL, and warn when it is not https', async () => {
		const local = await start({ mode: 'manual' });
		await local.post(signedOver(local.testUrl), freshEvent());
		expect(local.hints).toEqual([
			{
				type: 'info',
				location: 'outputPane',
				message: expect.stringContaining(`Test URL ${local.testUrl}`),
			},
			{
				type: 'warning',
				location: 'outputPane',
				message: expect.stringContaining(`${local.url} is not https`),
			},
		]);
		expect(local.hints[0].message).toContain(`verified against ${local.url}`);
		await local.close();

		const behindTls = await start({ mode: 'manual', parameters: { registeredUrl: PUBLIC_URL } });
		await behindTls.post(signedOver(behindTls.testUrl), freshEvent());
		expect(behindTls.hints).toEqual([
			{
				type: 'info',
				location: 'outputPane',
				message: expect.stringContaining(`verified against ${PUBLIC_URL}`),
			},
		]);
	});
});

describe('production is unchanged', () => {
	it('a push signed over the Test URL is 401 at the production URL; one over the registered URL runs', async () => {
		const r = await start();
		expect((await r.post(signedOver(r.testUrl), freshEvent())).status).toBe(401);
		expect(r.executions).toHaveLength(0);
		expect((await r.post(signedOver(r.url), freshEvent())).status).toBe(200);
		expect(r.executions).toHaveLength(1);
		expect(r.executions[0].verification).toMatchObject({ signedUrl: r.url, registeredUrl: r.url });
		expect(r.hints).toEqual([]);
	});

	it("with a Registered Receiver URL set, n8n's own production URL is not accepted either", async () => {
		const r = await start({ parameters: { registeredUrl: PUBLIC_URL } });
		expect((await r.post(signedOver(r.url), freshEvent())).status).toBe(401);
		expect((await r.post(signedOver(r.testUrl), freshEvent())).status).toBe(401);
		expect((await r.post(signedOver(PUBLIC_URL), freshEvent())).status).toBe(200);
		expect(r.executions).toHaveLength(1);
	});
});

describe('withRequestEndpoint (the n8n 1.x Test URL)', () => {
	it('swaps the endpoint segment, keeping a path prefix of the public URL', () => {
		expect(
			withRequestEndpoint(
				'https://host/n8n/webhook/abc/webhook',
				'/webhook-test/abc/webhook',
				'abc/webhook',
			),
		).toBe('https://host/n8n/webhook-test/abc/webhook');
		expect(
			withRequestEndpoint(
				'http://127.0.0.1:5678/hooks/abc/webhook',
				'/hooks-test/abc/webhook',
				'abc/webhook',
			),
		).toBe('http://127.0.0.1:5678/hooks-test/abc/webhook');
	});

	it("gives nothing for a request or URL that is not the node's path", () => {
		expect(
			withRequestEndpoint(
				'https://host/webhook/abc/webhook',
				'/webhook-test/other/webhook',
				'abc/webhook',
			),
		).toBeUndefined();
		expect(
			withRequestEndpoint(
				'https://host/webhook/other/webhook',
				'/webhook-test/abc/webhook',
				'abc/webhook',
			),
		).toBeUndefined();
		expect(
			withRequestEndpoint('https://host/webhook/abc/webhook', '/abc/webhook', 'abc/webhook'),
		).toBeUndefined();
	});
});
