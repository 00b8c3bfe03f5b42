import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { MarketplaceSellerTrigger } from '../../nodes/MarketplaceSellerTrigger/MarketplaceSellerTrigger.node';
import { PUSH_EVENT_KINDS } from '../../nodes/shared/events';
import {
	buildSettings,
	DEFAULTS,
	LIMITS,
	registeredUrlProblem,
} from '../../nodes/MarketplaceSellerTrigger/settings';
import { CREDENTIAL_TYPES, MARKETPLACE } from '../../nodes/shared/profile';
import { VECTOR } from './helpers';

const BASE = {
	events: ['*'],
	registeredUrl: '',
	productionWebhookUrl: 'https://n8n.example.org/webhook/abc/webhook',
	options: {},
	credentials: { appId: VECTOR.appId, appSecret: VECTOR.appSecret },
};

describe('settings', () => {
	it('defaults to the production webhook URL and the documented defaults', () => {
		const result = buildSettings(BASE);
		expect(result).toMatchObject({
			ok: true,
			registeredUrlSource: 'productionWebhookUrl',
			settings: {
				verify: {
					registeredUrl: BASE.productionWebhookUrl,
					schemeWord: MARKETPLACE.signatureScheme,
					replayWindowSeconds: 300,
					acceptRawDateSignature: false,
				},
				events: ['*'],
				dedup: { enabled: true, retentionSeconds: 86400, maxEntries: 10000 },
				sellerMemorySize: 20000,
			},
		});
	});

	it('trims the App ID as the token calls do (a stray space must not fail every push)', () => {
		const result = buildSettings({
			...BASE,
			credentials: { appId: ` ${VECTOR.appId} `, appSecret: VECTOR.appSecret },
		});
		expect(result).toMatchObject({ ok: true, settings: { verify: { appId: VECTOR.appId } } });
	});

	it('uses the override exactly as written (trimmed only)', () => {
		const result = buildSettings({
			...BASE,
			registeredUrl: '  https://proxy.example.com/hooks/mkt/  ',
		});
		expect(result).toMatchObject({
			ok: true,
			registeredUrlSource: 'parameter',
			settings: { verify: { registeredUrl: 'https://proxy.example.com/hooks/mkt/' } },
		});
	});

	it.each([
		['relative path', '/webhook/x'],
		['ftp scheme', 'ftp://example.com/x'],
		['no host', 'https:///x'],
		['inner space', 'https://example.com/a b'],
		['javascript URL', 'javascript:alert(1)'],
		['missing slashes', 'https:example.com'],
	])('rejects a registered URL that is a %s', (_name, url) => {
		expect(buildSettings({ ...BASE, registeredUrl: url })).toMatchObject({ ok: false });
	});

	it('accepts http and https with ports, paths and queries', () => {
		for (const url of [
			'http://127.0.0.1:5678/webhook/x/webhook',
			'https://a.example/p?q=1',
			'HTTPS://A.EXAMPLE/',
		]) {
			expect(registeredUrlProblem(url)).toBeUndefined();
		}
	});

	it('refuses configurations that cannot verify safely', () => {
		expect(
			buildSettings({ ...BASE, credentials: { appId: VECTOR.appId, appSecret: '' } }),
		).toMatchObject({ ok: false, problem: 'App Secret is empty' });
		expect(buildSettings({ ...BASE, credentials: { appId: '', appSecret: 'x' } })).toMatchObject({
			ok: false,
			problem: 'App ID is empty',
		});
		expect(buildSettings({ ...BASE, credentials: undefined })).toMatchObject({ ok: false });
		expect(buildSettings({ ...BASE, productionWebhookUrl: undefined })).toMatchObject({
			ok: false,
		});
		expect(buildSettings({ ...BASE, events: [] })).toMatchObject({ ok: false });
		expect(buildSettings({ ...BASE, options: { replayWindow: 0 } })).toMatchObject({ ok: false });
		expect(buildSettings({ ...BASE, options: { replayWindow: 2.5 } })).toMatchObject({ ok: false });
		expect(
			buildSettings({ ...BASE, options: { replayWindow: LIMITS.replayWindowSeconds.max + 1 } }),
		).toMatchObject({ ok: false });
		expect(buildSettings({ ...BASE, options: { maxRememberedDeliveries: 0 } })).toMatchObject({
			ok: false,
		});
		expect(buildSettings({ ...BASE, options: { schemeWord: 'MKT LOGIN' } })).toMatchObject({
			ok: false,
		});
	});

	it('reads the location map rows', () => {
		const result = buildSettings({
			...BASE,
			options: {
				locationToSeller: {
					mappings: [
						{ locationId: 'L1', sellerId: 'S1' },
						{ locationId: 'L2', sellerId: 'S2' },
					],
				},
			},
		});
		expect(result.ok && [...result.settings.locations.entries()]).toEqual([
			['L1', 'S1'],
			['L2', 'S2'],
		]);
	});
});

describe('node description', () => {
	const node = new MarketplaceSellerTrigger();
	const { description } = node;
	const property = (name: string) =>
		description.properties.find((p) => p.name === name) as INodeProperties;
	const option = (name: string) =>
		(property('options').options as INodeProperties[]).find(
			(p) => p.name === name,
		) as INodeProperties;

	it('is the webhook trigger the brief describes', () => {
		expect(description.name).toBe('marketplaceSellerTrigger');
		expect(description.displayName).toBe('Marketplace Seller Trigger');
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.outputs).toEqual(['main']);
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'responseNode', path: 'webhook' },
		]);
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
		expect((description as { usableAsTool?: boolean }).usableAsTool).toBeUndefined();
	});

	it('offers both credentials behind the authentication parameter', () => {
		expect(description.credentials).toEqual([
			{
				name: CREDENTIAL_TYPES.selfAccess,
				required: true,
				displayOptions: { show: { authentication: ['clientCredentials'] } },
			},
			{
				name: CREDENTIAL_TYPES.thirdParty,
				required: true,
				displayOptions: { show: { authentication: ['authorizationCode'] } },
			},
		]);
		expect(
			(property('authentication').options as INodePropertyOptions[]).map((o) => [o.name, o.value]),
		).toEqual([
			['Self Access App (Client Credentials)', 'clientCredentials'],
			['Third Party App (Authorization Code)', 'authorizationCode'],
		]);
	});

	it('lists All and the 17 event types', () => {
		const values = (property('events').options as INodePropertyOptions[]).map((o) => o.value);
		expect(values).toHaveLength(18);
		expect(values).toContain('*');
		for (const kind of PUSH_EVENT_KINDS) expect(values).toContain(kind.eventType);
		expect(new Set(PUSH_EVENT_KINDS.map((k) => k.eventType)).size).toBe(17);
		expect(property('events').default).toEqual(['*']);
	});

	it('shows the documented defaults (kept equal to settings.ts)', () => {
		expect(option('replayWindow').default).toBe(DEFAULTS.replayWindowSeconds);
		expect(option('deduplicate').default).toBe(DEFAULTS.deduplicate);
		expect(option('duplicateRetention').default).toBe(DEFAULTS.duplicateRetentionSeconds);
		expect(option('maxRememberedDeliveries').default).toBe(DEFAULTS.maxRememberedDeliveries);
		expect(option('maxRememberedShipments').default).toBe(DEFAULTS.maxRememberedShipments);
		expect(option('acceptRawDateSignature').default).toBe(DEFAULTS.acceptRawDateSignature);
		expect(option('schemeWord').default).toBe(MARKETPLACE.signatureScheme);
		const mapping = (option('locationToSeller').options as INodePropertyCollection[])[0];
		expect(mapping.values.map((v) => v.name)).toEqual(['locationId', 'sellerId']);
	});

	it('tells the user what to put in the subscription ticket', () => {
		const notice = property('subscriptionNotice');
		expect(notice.type).toBe('notice');
		for (const word of [
			'Registered Receiver URL',
			'App ID',
			'location IDs',
			'return',
			'Notification Subscription > Update',
			'underscores_in_headers',
		]) {
			expect(notice.displayName).toContain(word);
		}
	});

	it('has honest webhook lifecycle methods that call nothing', async () => {
		const calls: string[] = [];
		const hook = new Proxy(
			{},
			{
				get: (_t, name) => {
					calls.push(String(name));
					return () => {
						throw new Error(`unexpected call ${String(name)}`);
					};
				},
			},
		);
		const methods = node.webhookMethods.default;
		await expect(methods.create.call(hook as never)).resolves.toBe(true);
		await expect(methods.delete.call(hook as never)).resolves.toBe(true);
		expect(calls).toEqual([]);
	});

	it('checkExists validates the configuration locally and fails activation when it is broken', async () => {
		const context = (registeredUrl: string, appSecret: string = VECTOR.appSecret) => ({
			getNodeParameter: (name: string, fallback: unknown) =>
				({ authentication: 'clientCredentials', events: ['*'], registeredUrl, options: {} })[
					name
				] ?? fallback,
			getCredentials: async (type: string) => {
				expect(type).toBe(CREDENTIAL_TYPES.selfAccess);
				return { appId: VECTOR.appId, appSecret };
			},
			getNodeWebhookUrl: () => 'https://n8n.example.org/webhook/abc/webhook',
			getNode: () => ({
				name: 'Trigger',
				type: 'x',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			}),
		});
		const { checkExists } = node.webhookMethods.default;
		await expect(checkExists.call(context('') as never)).resolves.toBe(true);
		await expect(checkExists.call(context('not a url') as never)).rejects.toThrow(
			'Registered Receiver URL',
		);
		await expect(checkExists.call(context('', '') as never)).rejects.toThrow('App Secret is empty');
	});
});
