/**
 * Hostile redirects against partner onboarding (issue 24, findings 1, 2 and the onboarding lows):
 * codes that are not opaque OAuth codes (an n8n expression, 10 KB, spaces, quotes), a state used
 * twice, an empty App Secret, a forged state carrying kilobytes of text, and seller references
 * with invisible or line-breaking characters. Each is refused with nothing output and nothing
 * sent: the simulator's recorder sees no token request, the fake n8n API no request.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	rememberState,
	USED_STATES_MAX,
} from '../../nodes/MarketplaceSeller/actions/authorization/usedStates';
import { failed, ok, PARTNER, runAction, tokenCalls, useSimulator } from '../action/helpers';
import {
	authorize,
	complete,
	connect,
	getUrl,
	partnerWithN8n,
	runOnboarding,
	stateFor,
	useFakeN8nApi,
} from '../action/onboardingHelpers';

const HOSTILE_CODES: Array<[string, string]> = [
	['an n8n expression', '={{ 1 }}'],
	['expression braces', '{{1}}'],
	['10 KB', 'A'.repeat(10 * 1024)],
	['spaces', 'Ab C123'],
	['double quotes', 'Ab"C123'],
	['single quotes', "Ab'C123"],
	['a leading =', '=AbC123'],
	['a line break', 'AbC\n123'],
];

describe('Onboarding against hostile redirects', () => {
	const env = useSimulator();
	const n8n = useFakeN8nApi();

	/** Both operations must refuse with `message`, output nothing, and send nothing anywhere. */
	async function refusedByBoth(
		query: Record<string, unknown>,
		message: string | RegExp,
		store = partnerWithN8n(env.sim, n8n.api),
	): Promise<Array<{ message: string; description?: string }>> {
		const errors = [];
		for (const parameters of [complete(), connect()]) {
			env.sim.control.clearCalls();
			n8n.api.requests.length = 0;
			const result = await runOnboarding(store, parameters, [{ query }], { staticData: {} });
			const error = failed(result);
			expect(result.items).toHaveLength(0);
			expect(error.message).toMatch(message);
			expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
			expect(n8n.api.requests).toHaveLength(0);
			errors.push(error);
		}
		return errors;
	}

	describe.each(HOSTILE_CODES)('a code with %s', (_what, code) => {
		it('is refused by Complete Authorization and Connect Seller before any output or request', async () => {
			const errors = await refusedByBoth(
				{ code, state: stateFor(env.sim, 'acme-1') },
				/^The redirect's code is not an authorization code/,
			);
			for (const error of errors) {
				expect(error.description).toMatch(/letters, digits/);
				// The refused text is not repeated back.
				expect(JSON.stringify(error)).not.toContain(code.length > 4 ? code : '"{{1}}"');
			}
		});
	});

	it('a genuine code passes the same check (the simulator issues base64url codes)', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const { query } = await authorize(env.sim, store, 'acme-ok');
		ok(await runOnboarding(store, complete(), [{ query }], { staticData: {} }));
	});

	it('a state is used once: its second use is refused, by either operation, before any request', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const staticData: IDataObject = {};
		const { query, state } = await authorize(env.sim, store, 'acme-2');
		ok(await runOnboarding(store, connect(), [{ query }], { staticData }));
		expect(tokenCalls(env.sim)).toHaveLength(1);

		// The same genuine state with another genuine code (the seller approved again): refused.
		const again = await authorize(env.sim, store, 'acme-2');
		for (const parameters of [connect(), complete()]) {
			env.sim.control.clearCalls();
			n8n.api.requests.length = 0;
			const error = failed(
				await runOnboarding(store, parameters, [{ query: { ...again.query, state } }], {
					staticData,
				}),
			);
			expect(error.message).toBe('This authorization link was already used');
			expect(tokenCalls(env.sim)).toHaveLength(0);
			expect(n8n.api.requests).toHaveLength(0);
		}
	});

	it('two links for one seller made in the same second are two links: using one leaves the other usable', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		const staticData: IDataObject = {};
		const now = Date.now();
		const first = stateFor(env.sim, 'acme-same-second', now);
		const second = stateFor(env.sim, 'acme-same-second', now);
		expect(second).not.toBe(first);
		const code = (state: string) =>
			env.sim.control.issueAuthCode({
				appId: env.sim.demo.partnerApp.appId,
				sellerId: 'SELLER-DEMO-2',
				redirectUri: env.sim.demo.partnerApp.redirectUri,
				state,
			}).code;
		for (const state of [first, second]) {
			const [item] = ok(
				await runOnboarding(store, complete(), [{ query: { code: code(state), state } }], {
					staticData,
				}),
			);
			expect(item.json.sellerReference).toBe('acme-same-second');
		}
	});

	it('a state used by another process: Connect Seller sees the credential changed after the link was made', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		// The link was made 5 s ago; the seller approved twice with it (two genuine codes).
		const state = stateFor(env.sim, 'acme-3', Date.now() - 5000);
		const app = env.sim.demo.partnerApp;
		const code = () =>
			env.sim.control.issueAuthCode({
				appId: app.appId,
				sellerId: 'SELLER-DEMO-2',
				redirectUri: app.redirectUri,
				state,
			}).code;
		ok(
			await runOnboarding(store, connect(), [{ query: { code: code(), state } }], {
				staticData: {},
			}),
		);
		env.sim.control.clearCalls();
		// Fresh static data, as in another n8n process: the credential's update time still tells.
		const error = failed(
			await runOnboarding(store, connect(), [{ query: { code: code(), state } }], {
				staticData: {},
			}),
		);
		expect(error.message).toBe('This authorization link was already used');
		expect(tokenCalls(env.sim)).toHaveLength(0);
	});

	it('the memory of used states is bounded and forgets expired ones', () => {
		const memory: IDataObject = {};
		const now = 1_800_000_000;
		expect(rememberState(memory, 'v1.a.first', now + 600, now)).toBe('fresh');
		expect(rememberState(memory, 'v1.a.first', now + 600, now)).toBe('used');
		for (let index = 1; index < USED_STATES_MAX; index++)
			expect(rememberState(memory, `v1.a.${index}`, now + 600, now)).toBe('fresh');
		expect(rememberState(memory, 'v1.a.one-too-many', now + 600, now)).toBe('full');
		expect(JSON.stringify(memory).length).toBeLessThan(100 * 1024);
		// Once they expired, the entries are dropped and room is made.
		expect(rememberState(memory, 'v1.a.later', now + 1200, now + 601)).toBe('fresh');
		expect(Object.keys(memory.usedStates as IDataObject)).toHaveLength(1);
	});

	it('an empty App Secret is refused by all three onboarding operations', async () => {
		const store = partnerWithN8n(env.sim, n8n.api, { appSecret: '' });
		for (const parameters of [getUrl('acme-4'), complete(), connect()]) {
			env.sim.control.clearCalls();
			const error = failed(
				await runOnboarding(store, parameters, [{ query: { code: 'AbC123', state: 'v1.x.y' } }], {
					staticData: {},
				}),
			);
			expect(error.message).toBe('The third party app credential has no App Secret');
			expect(env.sim.control.listCalls({}).calls).toHaveLength(0);
		}
	});

	it('a forged state of 8 KB: a short error that shows nothing of its payload', async () => {
		const payload = Buffer.from(
			JSON.stringify({ r: 'acme', a: `EVIL-${'x'.repeat(6000)}`, i: 1, e: 2 }),
		).toString('base64url');
		const forged = `v1.${payload}.${'A'.repeat(43)}`;
		expect(forged.length).toBeGreaterThan(8000);
		const errors = await refusedByBoth({ code: 'AbC123', state: forged }, /^The state/);
		for (const error of errors) {
			expect(JSON.stringify(error)).not.toContain('EVIL');
			expect(`${error.message} ${error.description}`.length).toBeLessThan(600);
		}
		// A well-formed state signed with another secret naming another app: nothing of it shown.
		const other = partnerWithN8n(env.sim, n8n.api, {
			appId: 'other-partner-app',
			appSecret: 'other-partner-secret',
		});
		const [item] = ok(await runAction(other, PARTNER, getUrl('acme-5')));
		const [error] = await refusedByBoth(
			{ code: 'AbC123', state: item.json.state },
			"The state's signature does not match this credential's App Secret",
		);
		expect(JSON.stringify(error)).not.toContain('other-partner-app');
	});

	it.each([
		['a right-to-left override', 'acme\u202Eexe.pdf'],
		['a zero-width space', 'acme\u200Bstore'],
		['a zero-width joiner', 'acme\u200Dstore'],
		['a byte order mark', 'ac\uFEFFme'],
		['a line separator', 'acme\u2028store'],
		['a paragraph separator', 'acme\u2029store'],
		['a no-break space', 'acme\u00A0store'],
		['an ideographic space', 'acme\u3000store'],
		['a tab', 'acme\tstore'],
		['a delete character', 'acme\u007Fstore'],
	])(
		'Seller Reference with %s is refused by Get Authorization URL and inside a signed state',
		async (_what, reference) => {
			const store = partnerWithN8n(env.sim, n8n.api);
			const error = failed(await runAction(store, PARTNER, getUrl(reference)));
			expect(error.message).toBe(
				'Seller Reference contains an invisible, control or line-breaking character',
			);
			// A state signed with such a reference (by an older version) is not accepted either.
			await refusedByBoth(
				{ code: 'AbC123', state: stateFor(env.sim, reference) },
				'The state was not issued by Get Authorization URL',
				store,
			);
		},
	);

	it('Seller Reference keeps plain spaces and letters of any script', async () => {
		const store = partnerWithN8n(env.sim, n8n.api);
		for (const reference of ['Acme Store 42', 'Café Müller', 'दुकान-7', '東京ストア']) {
			const [item] = ok(await runAction(store, PARTNER, getUrl(reference)));
			expect(item.json.sellerReference).toBe(reference);
		}
	});
});
