/**
 * The node's errors and the Token resource's Check Token Expiry use the credential test's wording
 * (issue 29, point 3): the message leads with the field to fix, whether the token was never
 * fetched or the field was changed after a token was stored.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	apiCalls,
	failed,
	ok,
	PARTNER,
	partnerStore,
	runAction,
	SELF,
	useSimulator,
	visibleText,
} from './helpers';

const search = {
	resource: 'shipment',
	operation: 'getAll',
	filterType: 'preDispatch',
	returnAll: false,
	limit: 1,
};
const checkExpiry = {
	resource: 'token',
	operation: 'checkExpiry',
	tokenSource: 'credentialAccess',
};

async function closedPortUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}`;
}

describe('the node names the wrong credential field', () => {
	const env = useSimulator();

	/** The self access credential after a first successful run (it holds a working token). */
	async function savedSelf(): Promise<void> {
		ok(await runAction(env.store, SELF, search));
	}

	function change(type: string, fields: ICredentialDataDecryptedObject): void {
		env.store.set(type, { ...env.store.get(type), ...fields });
	}

	for (const [operation, parameters] of [
		['Shipment Get Many', search],
		['Check Token Expiry', checkExpiry],
	] as const) {
		describe(operation, () => {
			it('an unknown App ID', async () => {
				await savedSelf();
				change(SELF, { appId: 'no-such-app' });
				const error = failed(await runAction(env.store, SELF, parameters));
				expect(error.message).toMatch(/^Wrong App ID: /);
				expect(error.message).toContain('No client with requested id: no-such-app');
			});

			it('a wrong App Secret', async () => {
				await savedSelf();
				const secret = 'a-wrong-secret-typed-in-0001';
				change(SELF, { appSecret: secret });
				const before = apiCalls(env.sim).length;
				const error = failed(await runAction(env.store, SELF, parameters));
				expect(error.message).toMatch(/^Wrong App Secret: /);
				expect(visibleText(error)).not.toContain(secret);
				// The stored token was not sent with the changed secret.
				expect(apiCalls(env.sim)).toHaveLength(before);
			});

			it('a base URL nothing listens on', async () => {
				await savedSelf();
				const url = await closedPortUrl();
				change(SELF, { productionBaseUrl: url });
				const error = failed(await runAction(env.store, SELF, parameters));
				expect(error.message).toMatch(
					new RegExp(`^Cannot reach the token service at ${url} \\(the connection was refused\\)`),
				);
				expect(error.message).toMatch(/check the Production Base URL/);
			});
		});
	}

	it('third party app: a wrong App Secret in Check Token Expiry of the refresh token', async () => {
		const store = await partnerStore(env.sim);
		ok(await runAction(store, PARTNER, search));
		store.set(PARTNER, { ...store.get(PARTNER), appSecret: 'a-wrong-secret-typed-in-0001' });
		const error = failed(
			await runAction(store, PARTNER, { ...checkExpiry, tokenSource: 'credentialRefresh' }),
		);
		expect(error.message).toMatch(/^Wrong App Secret: /);
	});
});
