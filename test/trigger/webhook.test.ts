/**
 * webhook() against real HTTP requests: express on loopback, n8n-core's WebhookContext, a new
 * n8n Workflow per request (see webhookHarness.ts). Checks status codes, bodies, whether an
 * execution was started, log lines and what reaches the static data.
 */
import { resetReceiverStates } from '../../nodes/MarketplaceSellerTrigger/deliveryMemory';
import { SCHEME, sha1Hex, shipmentEvent, signedHeaders, VECTOR } from './helpers';
import { startReceiver, type Receiver } from './webhookHarness';

const CREDENTIALS: { appId: string; appSecret: string } = {
	appId: VECTOR.appId,
	appSecret: VECTOR.appSecret,
};
const now = () => Math.floor(Date.now() / 1000);

let receiver: Receiver | undefined;
afterEach(async () => {
	await receiver?.close();
	receiver = undefined;
});

async function start(
	parameters: Record<string, unknown> = {},
	credentials = CREDENTIALS,
): Promise<Receiver> {
	receiver = await startReceiver({ parameters: parameters as never, credentials });
	return receiver;
}

function sign(
	r: Receiver,
	epoch = now(),
	overrides: { appSecret?: string; registeredUrl?: string } = {},
) {
	return signedHeaders({
		epoch,
		registeredUrl: overrides.registeredUrl ?? r.url,
		appSecret: overrides.appSecret,
	});
}

describe('valid push', () => {
	it('answers 200 with an empty body and starts one execution with the envelope', async () => {
		const r = await start();
		const event = shipmentEvent('shipment_packed', 'SHP-100', {
			locationId: 'LOC-1',
			extraField: { kept: true },
		});
		const epoch = now();
		const response = await r.post(sign(r, epoch), event);

		expect(response).toEqual({ status: 200, body: '' });
		expect(r.executions).toHaveLength(1);
		const item = r.executions[0];
		expect(item).toMatchObject({
			eventType: 'shipment_packed',
			source: 'marketplace',
			version: 'v3',
			timestamp: '2025-03-05T15:45:30+05:30',
			shipmentId: 'SHP-100',
			locationId: 'LOC-1',
			attributes: { status: 'PACKED' },
			extraField: { kept: true },
			sellerId: null,
		});
		expect(item.dedupKey).toMatch(/^[0-9a-f]{32}$/);
		expect(item.verification).toMatchObject({
			appId: VECTOR.appId,
			xDateEpoch: epoch,
			signedWith: 'epoch',
		});
		expect(
			Math.abs((item.verification as { clockSkewSeconds: number }).clockSkewSeconds),
		).toBeLessThanOrEqual(300);
	});

	it('accepts the dash spellings a rewriting proxy produces', async () => {
		const r = await start();
		const { x_date, x_authorization } = sign(r);
		const response = await r.post(
			{ 'x-date': x_date, 'x-authorization': x_authorization },
			shipmentEvent('shipment_shipped', 'S'),
		);
		expect(response.status).toBe(200);
		expect(r.executions).toHaveLength(1);
	});

	it('uses the third party credential when that authentication is chosen', async () => {
		const r = await start(
			{ authentication: 'authorizationCode' },
			{ appId: 'third-party-app', appSecret: 'other-secret' },
		);
		const headers = signedHeaders({
			epoch: now(),
			registeredUrl: r.url,
			appId: 'third-party-app',
			appSecret: 'other-secret',
		});
		expect((await r.post(headers, shipmentEvent('shipment_packed', 'S'))).status).toBe(200);
		expect(r.executions).toHaveLength(1);
	});
});

describe('rejections', () => {
	it('answers a forged push with 401, an empty body and no execution', async () => {
		const r = await start();
		const response = await r.post(
			sign(r, now(), { appSecret: `${VECTOR.appSecret}x` }),
			shipmentEvent('shipment_packed', 'S'),
		);
		expect(response).toEqual({ status: 401, body: '' });
		expect(r.executions).toHaveLength(0);
	});

	it('answers a stale push with 401', async () => {
		const r = await start();
		const response = await r.post(sign(r, now() - 400), shipmentEvent('shipment_packed', 'S'));
		expect(response).toEqual({ status: 401, body: '' });
		expect(r.executions).toHaveLength(0);
	});

	it('answers a push signed for another URL (trailing slash) with 401', async () => {
		const r = await start();
		const response = await r.post(
			sign(r, now(), { registeredUrl: `${r.url}/` }),
			shipmentEvent('shipment_packed', 'S'),
		);
		expect(response.status).toBe(401);
		expect(r.executions).toHaveLength(0);
	});

	it('verifies against the Registered Receiver URL override, not the URL n8n sees', async () => {
		const proxyUrl = 'https://orders.example.com/mkt';
		const r = await start({ registeredUrl: proxyUrl });
		expect((await r.post(sign(r), shipmentEvent('shipment_packed', 'S1'))).status).toBe(401);
		expect(
			(
				await r.post(
					sign(r, now(), { registeredUrl: proxyUrl }),
					shipmentEvent('shipment_packed', 'S1'),
				)
			).status,
		).toBe(200);
		expect(r.executions).toHaveLength(1);
	});

	it('answers an unsigned push with 401 and logs the proxy hint', async () => {
		const r = await start();
		const before = r.logs.length;
		const response = await r.post({}, shipmentEvent('shipment_packed', 'S'));
		expect(response).toEqual({ status: 401, body: '' });
		expect(r.executions).toHaveLength(0);
		const warnings = r.logs.slice(before).filter((line) => line.level === 'warn');
		expect(warnings).toHaveLength(1);
		expect(warnings[0].message).toContain('underscores_in_headers on;');
		expect(warnings[0].message).toContain('X_Date and X_Authorization');

		// More unsigned requests within the minute: answered the same, but not logged again.
		expect((await r.post({}, shipmentEvent('shipment_packed', 'S'))).status).toBe(401);
		expect((await r.post({}, shipmentEvent('shipment_packed', 'S'))).status).toBe(401);
		expect(r.logs.slice(before).filter((line) => line.level === 'warn')).toHaveLength(1);
	});

	it('warns (rate-limited) when signatures do not match, pointing at the URL and credential', async () => {
		const r = await start();
		const before = r.logs.length;
		for (let i = 0; i < 3; i += 1) {
			expect(
				(
					await r.post(
						sign(r, now(), { registeredUrl: 'https://elsewhere.example/x' }),
						shipmentEvent('shipment_packed', 'S'),
					)
				).status,
			).toBe(401);
		}
		const warnings = r.logs.slice(before).filter((line) => line.level === 'warn');
		expect(warnings).toHaveLength(1);
		expect(warnings[0].message).toContain('Registered Receiver URL');
		expect(JSON.stringify(warnings)).not.toContain(VECTOR.appSecret);
	});

	it('does not log the proxy hint when only one header is missing', async () => {
		const r = await start();
		const before = r.logs.length;
		const { x_authorization } = sign(r);
		expect((await r.post({ x_authorization }, shipmentEvent('shipment_packed', 'S'))).status).toBe(
			401,
		);
		expect(r.logs.slice(before).filter((line) => line.level === 'warn')).toHaveLength(0);
	});

	it.each([
		['a JSON array', '[1,2,3]', 'application/json'],
		['an object without eventType', '{"shipmentId":"S"}', 'application/json'],
		['a numeric eventType', '{"eventType":5}', 'application/json'],
		['an empty eventType', '{"eventType":""}', 'application/json'],
		['text that is not JSON', 'eventType=shipment_packed', 'text/plain'],
	])(
		'answers a signed body that is %s with 400 and no execution',
		async (_name, body, contentType) => {
			const r = await start();
			const response = await r.post(sign(r), body, contentType);
			expect(response).toEqual({ status: 400, body: '' });
			expect(r.executions).toHaveLength(0);
		},
	);

	it('checks the signature before the body: an unsigned malformed body gets 401', async () => {
		const r = await start();
		expect((await r.post({}, '[1]')).status).toBe(401);
	});

	it('answers 500 without an execution when the credential has no secret', async () => {
		const r = await start({}, { appId: VECTOR.appId, appSecret: '' });
		const before = r.logs.length;
		const headers = signedHeaders({ epoch: now(), registeredUrl: r.url, appSecret: '' });
		expect(await r.post(headers, shipmentEvent('shipment_packed', 'S'))).toEqual({
			status: 500,
			body: '',
		});
		expect(r.executions).toHaveLength(0);
		expect(
			r.logs
				.slice(before)
				.some((line) => line.level === 'error' && line.message.includes('App Secret is empty')),
		).toBe(true);
	});
});

describe('filtering and duplicates', () => {
	it('acknowledges an unselected event with 200 and no execution', async () => {
		const r = await start({ events: ['shipment_created', 'return_created'] });
		expect(await r.post(sign(r), shipmentEvent('shipment_packed', 'S'))).toEqual({
			status: 200,
			body: '',
		});
		expect(r.executions).toHaveLength(0);
		expect((await r.post(sign(r), shipmentEvent('shipment_created', 'S'))).status).toBe(200);
		expect(r.executions).toHaveLength(1);
	});

	it('passes unknown event types only when All is chosen', async () => {
		const legacy = {
			eventType: 'order_item_created',
			source: 'marketplace',
			timestamp: 't',
			attributes: {},
		};
		const all = await start();
		expect((await all.post(sign(all), legacy)).status).toBe(200);
		expect(all.executions).toHaveLength(1);
		await all.close();

		const some = await start({ events: ['shipment_created'] });
		expect((await some.post(sign(some), legacy)).status).toBe(200);
		expect(some.executions).toHaveLength(0);
	});

	it('acknowledges a duplicate delivery with 200 and no second execution', async () => {
		const r = await start();
		const event = shipmentEvent('shipment_delivered', 'SHP-7');
		expect((await r.post(sign(r), event)).status).toBe(200);
		// Redelivery: same envelope, newly signed.
		expect(await r.post(sign(r, now() + 1), event)).toEqual({ status: 200, body: '' });
		expect(r.executions).toHaveLength(1);
		// A different event of the same shipment still runs.
		expect(
			(await r.post(sign(r), { ...event, timestamp: '2025-03-05T16:00:00+05:30' })).status,
		).toBe(200);
		expect(r.executions).toHaveLength(2);
	});

	it('runs once for 50 concurrent copies of one push', async () => {
		// All 50 requests are held at the credential lookup and released together.
		receiver = await startReceiver({ credentials: CREDENTIALS, credentialBarrier: 50 });
		const r = receiver;
		const headers = sign(r);
		const event = shipmentEvent('shipment_ready_to_dispatch', 'SHP-50');
		const responses = await Promise.all(
			Array.from({ length: 50 }, async () => await r.post(headers, event)),
		);
		expect(responses.map((response) => response.status)).toEqual(new Array(50).fill(200));
		expect(responses.every((response) => response.body === '')).toBe(true);
		expect(r.executions).toHaveLength(1);
	});

	it('runs every copy when Duplicate Handling is off', async () => {
		const r = await start({ options: { deduplicate: false } });
		const headers = sign(r);
		const event = shipmentEvent('shipment_packed', 'SHP-9');
		await Promise.all([r.post(headers, event), r.post(headers, event), r.post(headers, event)]);
		expect(r.executions).toHaveLength(3);
	});

	it('remembers deliveries across an n8n restart through the saved static data', async () => {
		const r = await start();
		const event = shipmentEvent('shipment_packed', 'SHP-R');
		expect((await r.post(sign(r), event)).status).toBe(200);
		expect(r.database.staticData).toContain('rememberedDeliveries');

		resetReceiverStates(); // the process memory is gone; only the database row is left
		expect((await r.post(sign(r), event)).status).toBe(200);
		expect(r.executions).toHaveLength(1);

		// The saved set keeps growing: a second accepted push is in the row as well.
		expect((await r.post(sign(r), shipmentEvent('shipment_shipped', 'SHP-R'))).status).toBe(200);
		resetReceiverStates();
		expect((await r.post(sign(r), shipmentEvent('shipment_shipped', 'SHP-R'))).status).toBe(200);
		expect(r.executions).toHaveLength(2);
	});
});

describe('location to seller map', () => {
	it('maps shipment_created by location and shipment_packed of the same shipment through it', async () => {
		const r = await start({
			options: {
				locationToSeller: {
					mappings: [
						{ locationId: 'LOC-NORTH', sellerId: 'SELLER-N' },
						{ locationId: 'LOC-SOUTH', sellerId: 'SELLER-S' },
					],
				},
			},
		});
		await r.post(sign(r), shipmentEvent('shipment_created', 'SHP-1', { locationId: 'LOC-SOUTH' }));
		await r.post(sign(r), shipmentEvent('shipment_packed', 'SHP-1'));
		await r.post(sign(r), shipmentEvent('shipment_packed', 'SHP-UNKNOWN'));
		expect(r.executions.map((item) => [item.eventType, item.shipmentId, item.sellerId])).toEqual([
			['shipment_created', 'SHP-1', 'SELLER-S'],
			['shipment_packed', 'SHP-1', 'SELLER-S'],
			['shipment_packed', 'SHP-UNKNOWN', null],
		]);

		// The shipment -> seller memory survives a restart too.
		resetReceiverStates();
		await r.post(sign(r), shipmentEvent('shipment_shipped', 'SHP-1'));
		expect(r.executions[3]).toMatchObject({ eventType: 'shipment_shipped', sellerId: 'SELLER-S' });
	});

	it('learns from shipment_created even when only later events are selected', async () => {
		const r = await start({
			events: ['shipment_packed'],
			options: { locationToSeller: { mappings: [{ locationId: 'LOC-1', sellerId: 'SELLER-1' }] } },
		});
		await r.post(sign(r), shipmentEvent('shipment_created', 'SHP-2', { locationId: 'LOC-1' }));
		await r.post(sign(r), shipmentEvent('shipment_packed', 'SHP-2'));
		expect(r.executions.map((item) => [item.eventType, item.sellerId])).toEqual([
			['shipment_packed', 'SELLER-1'],
		]);
	});
});

describe('worked example through HTTP', () => {
	it('accepts the reference vector headers when the node is set to the example URL (then rejects them as stale)', async () => {
		const r = await start({ registeredUrl: VECTOR.registeredUrl });
		const before = r.logs.length;
		// The example is from March 2025, so at any later "now" it is a genuine but stale request.
		const response = await r.post(
			{ x_date: VECTOR.xDate, x_authorization: VECTOR.header },
			shipmentEvent('shipment_packed', 'S'),
		);
		expect(response.status).toBe(401);
		const stale = r.logs
			.slice(before)
			.filter(
				(line) =>
					line.level === 'warn' &&
					(line.meta as { reason?: string })?.reason === 'date_outside_window',
			);
		expect(stale).toHaveLength(1);
		expect((stale[0].meta as { clockSkewSeconds: number }).clockSkewSeconds).toBeGreaterThan(300);
		// Same URL and secret, signed now: accepted.
		const fresh = signedHeaders({ epoch: now(), registeredUrl: VECTOR.registeredUrl });
		expect((await r.post(fresh, shipmentEvent('shipment_packed', 'S'))).status).toBe(200);
		expect(sha1Hex(`${VECTOR.epoch}${VECTOR.registeredUrl}POST${VECTOR.appSecret}`)).toBe(
			VECTOR.sha1,
		);
		expect(SCHEME).toBe('MKTLOGIN');
	});
});

describe('credential reads', () => {
	function countingCredentials(appSecret: string) {
		const counter = { reads: 0, appSecret };
		const credentials = {
			appId: VECTOR.appId,
			get appSecret() {
				counter.reads += 1;
				return counter.appSecret;
			},
		};
		return { counter, credentials };
	}

	it('reads the credential once for many pushes, not per push', async () => {
		const { counter, credentials } = countingCredentials(VECTOR.appSecret);
		const r = await start({}, credentials as typeof CREDENTIALS);
		for (let i = 0; i < 10; i++) {
			const response = await r.post(sign(r), shipmentEvent('shipment_packed', `S-${i}`));
			expect(response.status).toBe(200);
		}
		expect(r.executions).toHaveLength(10);
		expect(counter.reads).toBe(1);
	});

	it('takes a changed secret at the first push signed with it, and keeps refusing the old one', async () => {
		const { counter, credentials } = countingCredentials(VECTOR.appSecret);
		const r = await start({}, credentials as typeof CREDENTIALS);
		expect((await r.post(sign(r), shipmentEvent('shipment_packed', 'S-1'))).status).toBe(200);
		counter.appSecret = 'a-new-secret-from-the-developer-portal';

		const withNew = await r.post(
			sign(r, now(), { appSecret: counter.appSecret }),
			shipmentEvent('shipment_packed', 'S-2'),
		);
		expect(withNew.status).toBe(200);
		expect(r.executions).toHaveLength(2);

		const withOld = await r.post(sign(r), shipmentEvent('shipment_packed', 'S-3'));
		expect(withOld.status).toBe(401);
		expect(r.executions).toHaveLength(2);
	});

	it('takes changed parameters at the next push, reading the settings again', async () => {
		const { counter, credentials } = countingCredentials(VECTOR.appSecret);
		const r = await start({ events: ['*'] }, credentials as typeof CREDENTIALS);
		expect((await r.post(sign(r), shipmentEvent('shipment_packed', 'S-1'))).status).toBe(200);
		expect(r.executions).toHaveLength(1);

		r.editParameters({ events: ['shipment_created'] });
		const unselected = await r.post(sign(r), shipmentEvent('shipment_packed', 'S-2'));
		expect(unselected.status).toBe(200);
		expect(r.executions).toHaveLength(1);
		expect(counter.reads).toBe(2);

		const selected = await r.post(sign(r), shipmentEvent('shipment_created', 'S-3'));
		expect(selected.status).toBe(200);
		expect(r.executions).toHaveLength(2);
		expect(counter.reads).toBe(2);
	});

	it('does not re-read the credential for every forged push', async () => {
		const { counter, credentials } = countingCredentials(VECTOR.appSecret);
		const r = await start({}, credentials as typeof CREDENTIALS);
		expect((await r.post(sign(r), shipmentEvent('shipment_packed', 'S-1'))).status).toBe(200);
		for (let i = 0; i < 20; i++) {
			const forged = await r.post(
				sign(r, now(), { appSecret: 'forged' }),
				shipmentEvent('shipment_packed', `F-${i}`),
			);
			expect(forged.status).toBe(401);
		}
		// The first read, then at most one forced re-read in the rate-limit interval.
		expect(counter.reads).toBeLessThanOrEqual(2);
	});
});
