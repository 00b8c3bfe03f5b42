/**
 * The README is for the person installing the package: read in five minutes, at most 15,000
 * bytes, the demo and test commands on top. What it used to hold for operators and contributors
 * lives in docs/; every section it dropped has a heading there (listed below), so moving one
 * again without its anchor fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT, anchorsOf, problemOf } from './links';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** Sections the README had until issue 29, and where each one is now. */
const MOVED: Record<string, string> = {
	'Credentials (common fields, tokens)': 'docs/credentials.md#credentials',
	'Self access app (your own seller account): "Marketplace Seller API"':
		'docs/credentials.md#self-access-app-your-own-seller-account-marketplace-seller-api',
	'Third party app (partners and aggregators): "Marketplace Seller OAuth2 API"':
		'docs/credentials.md#third-party-app-partners-and-aggregators-marketplace-seller-oauth2-api',
	'Partner onboarding: many sellers without copy-paste':
		'docs/credentials.md#partner-onboarding-many-sellers-without-copy-paste',
	'Marketplace Seller node': 'docs/marketplace-seller-node.md#operations',
	'Marketplace Seller node (fields)':
		'docs/marketplace-seller-node.md#shipment-and-location-fields',
	'Marketplace Seller node (behaviour)': 'docs/marketplace-seller-node.md#how-it-behaves',
	'Marketplace Seller Trigger node': 'docs/marketplace-seller-trigger.md#how-a-push-is-handled',
	'Poll or push?': 'docs/marketplace-seller-poll-trigger.md#poll-or-push',
	'How it finds changes': 'docs/marketplace-seller-poll-trigger.md#how-it-finds-changes',
	'Cost against the rate limit':
		'docs/marketplace-seller-poll-trigger.md#cost-against-the-rate-limit',
	'The demo': 'docs/demo.md#the-demo',
	'Walk-through': 'docs/demo.md#walk-through',
	'Running it again': 'docs/demo.md#running-it-again',
	'Example workflows (notes)': 'docs/example-workflows.md#example-workflows',
	'Production setup of the trigger': 'docs/production.md#production-setup-of-the-trigger',
	'Put n8n behind a readiness check': 'docs/production.md#put-n8n-behind-a-readiness-check',
	'Security: what is and is not guaranteed':
		'docs/security.md#security-what-is-and-is-not-guaranteed',
	'Credentials and requests (Marketplace Seller node, both credentials)':
		'docs/security.md#credentials-and-requests-marketplace-seller-node-both-credentials',
	'Partner onboarding (Authorization operations)':
		'docs/security.md#partner-onboarding-authorization-operations',
	'Push notifications (Marketplace Seller Trigger node)':
		'docs/security.md#push-notifications-marketplace-seller-trigger-node',
	'Scaling out (queue mode)': 'docs/queue-mode.md#scaling-out-queue-mode',
	'The guard': 'docs/queue-mode.md#the-guard',
	'The load balancer': 'docs/queue-mode.md#the-load-balancer',
	'Residual risks': 'docs/queue-mode.md#residual-risks',
	'Try it: `scripts/queue-mode.sh`': 'docs/queue-mode.md#try-it-scriptsqueue-modesh',
	Measured: 'docs/queue-mode.md#measured',
	'Marketplace simulator': 'docs/development.md#marketplace-simulator',
	'Marketplace profile': 'docs/credentials.md#marketplace-profile',
	Development: 'docs/development.md#commands',
	'In the editor': 'docs/development.md#in-the-editor',
};

describe('the README', () => {
	it('is at most 15,000 bytes', () => {
		expect(Buffer.byteLength(README, 'utf8')).toBeLessThanOrEqual(15_000);
	});

	it('starts with the two commands, the demo and the tests', () => {
		const [title, ...rest] = README.split('\n');
		expect(title).toMatch(/^# /);
		const body = rest.join('\n').trimStart();
		expect(body.startsWith('```sh\n')).toBe(true);
		const commands = body.slice('```sh\n'.length, body.indexOf('\n```')).split('\n');
		expect(commands).toHaveLength(2);
		expect(commands[0]).toMatch(/^npm run demo\b/);
		expect(commands[1]).toMatch(/^npm test\b/);
	});

	it('has the sections a new user needs, and one screenshot', () => {
		const anchors = anchorsOf(README);
		for (const anchor of [
			'what-is-in-the-package',
			'install-in-n8n',
			'credentials',
			'example-workflows',
			'production-in-five-bullets',
			'compatibility',
			'troubleshooting',
			'license',
		]) {
			expect(anchors).toContain(anchor);
		}
		expect(README.match(/!\[[^\]]*\]\([^)]+\.png\)/g)).toHaveLength(1);
	});

	it('sections it dropped are in docs/', () => {
		const problems = Object.entries(MOVED).map(([heading, target]) => {
			const [file, anchor] = target.split('#');
			return problemOf({ from: `README "${heading}"`, target, file: join(ROOT, file), anchor });
		});
		expect(problems.filter((problem) => problem !== undefined)).toEqual([]);
	});
});
