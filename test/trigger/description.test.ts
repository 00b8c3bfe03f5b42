/**
 * What the editor shows for the triggers, evaluated the way n8n's editor does: the subtitle as an
 * n8n expression on a real Workflow, the https notice through n8n's displayParameter, and one
 * Authentication selector shared by the action node and both triggers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NodeHelpers, Workflow, type INode, type INodeType, type INodeTypes } from 'n8n-workflow';

import { MarketplaceSeller } from '../../nodes/MarketplaceSeller/MarketplaceSeller.node';
import { credentialTypeOf as transportCredentialTypeOf } from '../../nodes/shared/transport';
import { MarketplaceSellerPollTrigger } from '../../nodes/MarketplaceSellerPollTrigger/MarketplaceSellerPollTrigger.node';
import { MarketplaceSellerTrigger } from '../../nodes/MarketplaceSellerTrigger/MarketplaceSellerTrigger.node';
import {
	authenticationProperty,
	credentialsByAuthentication,
	credentialTypeOf,
} from '../../nodes/shared/authentication';

const push = new MarketplaceSellerTrigger();
const poll = new MarketplaceSellerPollTrigger();
const action = new MarketplaceSeller();

/** The subtitle as the canvas shows it (the editor evaluates it with getSimpleParameterValue). */
function subtitleOf(nodeType: INodeType, events: unknown): unknown {
	const node: INode = {
		id: 'n1',
		name: 'Trigger',
		type: `n8n-nodes-marketplace-seller.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: { events } as never,
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
	} as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		node,
		nodeType.description.subtitle,
		'internal',
		{},
	);
}

describe('canvas subtitle', () => {
	it.each([
		['push trigger', push],
		['poll trigger', poll],
	])('%s: event names, not values', (_name, nodeType) => {
		expect(subtitleOf(nodeType, ['*'])).toBe('All Events');
		expect(subtitleOf(nodeType, ['shipment_packed'])).toBe('Shipment Packed');
		expect(subtitleOf(nodeType, ['return_created', 'shipment_packed', 'shipment_created'])).toBe(
			'Return Created + 2 more',
		);
		expect(subtitleOf(nodeType, ['some_future_event'])).toBe('some_future_event');
		expect(subtitleOf(nodeType, [])).toBe('');
	});
});

describe('Registered Receiver URL', () => {
	const notice = push.description.properties.find(
		(property) => property.name === 'registeredUrlNotHttps',
	)!;
	const shown = (registeredUrl: string) =>
		NodeHelpers.displayParameter({ registeredUrl }, notice, { typeVersion: 2 }, push.description);

	it('warns in the panel when it is plain http, and only then', () => {
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toContain('not https');
		expect({
			http: shown('http://n8n.example.org/webhook/x/webhook'),
			upperCase: shown('HTTP://n8n.example.org/webhook/x/webhook'),
			leadingSpace: shown(' http://n8n.example.org/webhook/x/webhook'),
			https: shown('https://n8n.example.org/webhook/x/webhook'),
			empty: shown(''),
			httpInPath: shown('https://n8n.example.org/http://x'),
		}).toEqual({
			http: true,
			upperCase: true,
			leadingSpace: true,
			https: false,
			empty: false,
			httpInPath: false,
		});
	});

	it('uses no regex display condition in any node (n8n runs each in a vm context on every push)', () => {
		const regexConditions: string[] = [];
		const walk = (value: unknown, path: string): void => {
			if (Array.isArray(value)) value.forEach((entry, i) => walk(entry, `${path}[${i}]`));
			else if (typeof value === 'object' && value !== null)
				for (const [key, entry] of Object.entries(value)) {
					if (key === '_cnd' && typeof entry === 'object' && entry !== null && 'regex' in entry)
						regexConditions.push(path);
					walk(entry, `${path}.${key}`);
				}
		};
		for (const node of [new MarketplaceSeller(), push, new MarketplaceSellerPollTrigger()])
			walk(node.description.properties, node.description.name);
		expect(regexConditions).toEqual([]);
	});

	it('says under the field which URL production pushes are verified against when it is empty', () => {
		const field = push.description.properties.find(
			(property) => property.name === 'registeredUrl',
		)!;
		expect(field.hint).toMatch(/^Empty: this node's Production URL/);
	});
});

describe('trigger panel', () => {
	it("explains how to send a test push instead of n8n's generic text", () => {
		const panel = push.description.triggerPanel as {
			header: string;
			executionsHelp: { inactive: string; active: string };
		};
		expect(panel.header).toContain('Test URL');
		for (const help of [panel.executionsHelp.inactive, panel.executionsHelp.active]) {
			expect(help).toContain('Test URL');
			expect(help).toContain('signed');
		}
		expect(push.description.eventTriggerDescription).toContain('Test URL');
	});

	it("speaks to users only: the simulator's commands are in docs/contributing.md, not in the panel", () => {
		const panel = push.description.triggerPanel as {
			executionsHelp: { inactive: string; active: string };
			activationHint: { inactive: string; active: string };
		};
		const texts = [
			panel.executionsHelp.inactive,
			panel.executionsHelp.active,
			panel.activationHint.inactive,
			panel.activationHint.active,
		];
		for (const text of texts) expect(text).not.toMatch(/simulator|__control|curl |demo-self/i);
		const contributing = readFileSync(join(__dirname, '../../docs/contributing.md'), 'utf8');
		expect(contributing).toContain('/__control/notifications/send');
		expect(contributing).toContain('<Test URL>');
	});
});

describe('one Authentication selector', () => {
	it('the action node, the push trigger and the poll trigger use the same parameter and credentials', () => {
		for (const nodeType of [action, push, poll]) {
			const selectors = nodeType.description.properties.filter(
				(property) => property.name === 'authentication',
			);
			expect(selectors).toEqual([authenticationProperty]);
			expect(selectors[0]).toBe(authenticationProperty);
			// The action node adds n8n's own API credential, for Connect Seller alone (issue 24).
			const credentials = nodeType.description.credentials ?? [];
			const shared = credentials.slice(0, credentialsByAuthentication.length);
			shared.forEach((credential, index) =>
				expect(credential).toBe(credentialsByAuthentication[index]),
			);
			// Which operations ask for it: test/action/editorExperience.test.ts.
			expect(
				credentials
					.slice(credentialsByAuthentication.length)
					.map(({ name, required }) => ({ name, required })),
			).toEqual(nodeType === action ? [{ name: 'n8nApi', required: true }] : []);
		}
	});

	it('one credentialTypeOf, also behind the transport', () => {
		expect(transportCredentialTypeOf).toBe(credentialTypeOf);
	});

	it('reads the choice from every kind of context', () => {
		const withItems = (value: string) => ({
			getInputData: () => [],
			getNodeParameter: (_n: string, _i: number) => value,
		});
		const withoutItems = (value: string) => ({
			getNodeParameter: (_n: string, _fallback: unknown) => value,
		});
		expect(credentialTypeOf(withItems('authorizationCode') as never)).toBe(
			'marketplaceSellerOAuth2Api',
		);
		expect(credentialTypeOf(withItems('clientCredentials') as never)).toBe('marketplaceSellerApi');
		expect(credentialTypeOf(withoutItems('authorizationCode') as never)).toBe(
			'marketplaceSellerOAuth2Api',
		);
		expect(credentialTypeOf(withoutItems('clientCredentials') as never)).toBe(
			'marketplaceSellerApi',
		);
	});
});

describe('Docs links of the codex files', () => {
	const root = join(__dirname, '..', '..');
	const codexFiles = [
		'MarketplaceSeller/MarketplaceSeller',
		'MarketplaceSellerTrigger/MarketplaceSellerTrigger',
		'MarketplaceSellerPollTrigger/MarketplaceSellerPollTrigger',
	];
	const links = codexFiles.flatMap((file) => {
		const codex = JSON.parse(readFileSync(join(root, 'nodes', `${file}.node.json`), 'utf8')) as {
			resources: Record<string, Array<{ url: string }>>;
		};
		return Object.entries(codex.resources).flatMap(([kind, entries]) =>
			entries.map(({ url }) => ({ file, kind, url })),
		);
	});

	it('have no fragment (n8n appends ?utm_... after it) and open a docs page of this repository that exists', () => {
		expect(links.filter(({ kind }) => kind === 'primaryDocumentation')).toHaveLength(3);
		for (const { url } of links) {
			expect(url).not.toContain('#');
			const match = /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/main\/(docs\/[a-z-]+\.md)$/.exec(
				url,
			);
			expect(match).not.toBeNull();
			expect(existsSync(join(root, match![1]))).toBe(true);
		}
		const repository = (
			JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
				repository?: { url?: string };
			}
		).repository;
		if (repository?.url !== undefined) {
			const web = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
			for (const { url } of links) expect(url.startsWith(`${web}/blob/main/`)).toBe(true);
		}
	});

	it('each node opens its own page', () => {
		const pages = links
			.filter(({ kind }) => kind === 'primaryDocumentation')
			.map(({ url }) => url.split('/').pop());
		expect(new Set(pages).size).toBe(3);
	});
});
