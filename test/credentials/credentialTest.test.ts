/**
 * The editor's credential test proves the App ID and App Secret as entered (issue 11, point 9):
 * it asks the token service with them, and never answers "Connection successful" because a token
 * stored earlier (or shared with a recent token request) still works.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { startHeaderRecorder } from '../hardening/support/headerRecorder';
import { assertNoSecret } from '../hardening/support/secretGuard';
import {
	basic,
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

const TOKEN_ROUTE = 'GET /oauth-service/oauth/token';
const EXPIRY_ROUTE = 'GET /oauth-service/oauth/token/expiry';
const WRONG = 'a-wrong-secret-typed-in-0001';

describe("the editor's credential test", () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await simulator();
	});
	afterAll(async () => {
		await sim.close();
	});
	beforeEach(() => sim.control.reset());

	/** A saved credential that already holds a working token, as after a first successful test. */
	async function savedWithToken(
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<CredentialStore> {
		const store = new CredentialStore();
		const tokens = (await CREDENTIAL_CLASSES[type].preAuthentication!.call(
			n8nHttp,
			data,
		)) as ICredentialDataDecryptedObject;
		store.set(type, { ...data, ...tokens });
		return store;
	}

	for (const force of [true, false]) {
		describe(
			force
				? "with preAuthentication forced (n8n's isTestingCredentials rule)"
				: 'as the n8n 2.40.7 editor runs it (the stored token is used as it is)',
			() => {
				it('self access app: the right App ID and secret pass, by asking the token endpoint with them', async () => {
					const store = await savedWithToken(SELF, selfAccessCredential(sim));
					sim.control.clearCalls();
					const result = await testCredential({
						type: SELF,
						data: store.get(SELF),
						store,
						forcePreAuthentication: force,
					});
					expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
					const calls = sim.control.listCalls({}).calls;
					expect(calls.at(-1)).toMatchObject({
						route: TOKEN_ROUTE,
						status: 200,
						query: { grant_type: 'client_credentials', scope: 'Seller_Api' },
					});
					expect(calls.at(-1)!.headers.authorization).toBe(
						basic('demo-self-app', 'demo-self-secret-0001'),
					);
				});

				it('self access app: a wrong secret typed in fails, although the stored token still works', async () => {
					const store = await savedWithToken(SELF, selfAccessCredential(sim));
					const result = await testCredential({
						type: SELF,
						data: { ...store.get(SELF), appSecret: WRONG },
						store,
						forcePreAuthentication: force,
					});
					expect(result.status).toBe('Error');
					expect(result.message).toMatch(/Bad credentials|App ID or App Secret/);
					assertNoSecret(result.message, [WRONG], 'the test result');
				});

				it('third party app: a wrong secret typed in fails right after a successful test', async () => {
					const { code } = sim.control.issueAuthCode({
						appId: 'demo-partner-app',
						sellerId: 'SELLER-DEMO-1',
						redirectUri: sim.demo.partnerApp.redirectUri,
					});
					const store = await savedWithToken(
						PARTNER,
						partnerCredential(sim, { authorizationCode: code }),
					);
					expect(
						await testCredential({
							type: PARTNER,
							data: store.get(PARTNER),
							store,
							forcePreAuthentication: force,
						}),
					).toEqual({
						status: 'OK',
						message: 'Connection successful!',
					});
					const result = await testCredential({
						type: PARTNER,
						data: { ...store.get(PARTNER), appSecret: WRONG },
						store,
						forcePreAuthentication: force,
					});
					expect(result.status).toBe('Error');
					expect(result.message).toMatch(/Bad credentials|App ID or App Secret/);
				});
			},
		);
	}

	it('third party app: the right App ID and secret are proven with the token expiry endpoint and the stored refresh token', async () => {
		const { code } = sim.control.issueAuthCode({
			appId: 'demo-partner-app',
			sellerId: 'SELLER-DEMO-1',
			redirectUri: sim.demo.partnerApp.redirectUri,
		});
		const store = await savedWithToken(
			PARTNER,
			partnerCredential(sim, { authorizationCode: code }),
		);
		sim.control.clearCalls();
		expect(
			await testCredential({
				type: PARTNER,
				data: store.get(PARTNER),
				store,
				forcePreAuthentication: false,
			}),
		).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		const refresh = (store.get(PARTNER).oauthTokenData as Record<string, unknown>).refreshToken;
		const [call] = sim.control.listCalls({ route: EXPIRY_ROUTE }).calls;
		expect(call.query).toEqual({ token_type: 'refresh', token: refresh });
		expect(call.headers.authorization).toBe(basic('demo-partner-app', 'demo-partner-secret-0001'));
		expect(sim.control.listCalls({ route: TOKEN_ROUTE }).calls).toEqual([]);
	});

	it('third party app: an expired or revoked refresh token fails the test and asks for a new authorization', async () => {
		const { code } = sim.control.issueAuthCode({
			appId: 'demo-partner-app',
			sellerId: 'SELLER-DEMO-1',
			redirectUri: sim.demo.partnerApp.redirectUri,
		});
		const store = await savedWithToken(
			PARTNER,
			partnerCredential(sim, { authorizationCode: code }),
		);
		sim.control.expireTokens({ appId: 'demo-partner-app', kind: 'refresh' });
		const expired = await testCredential({
			type: PARTNER,
			data: store.get(PARTNER),
			store,
			forcePreAuthentication: false,
		});
		expect(expired).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/refresh token has expired: the seller must authorize the app again/,
			),
		});
		sim.control.revokeTokens({ appId: 'demo-partner-app' });
		const revoked = await testCredential({
			type: PARTNER,
			data: store.get(PARTNER),
			store,
			forcePreAuthentication: false,
		});
		expect(revoked).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/does not know the stored refresh token .*paste a new authorization code/,
			),
		});
	});

	it('third party app: a token request with another secret never shares the answer of a recent one', async () => {
		const { code } = sim.control.issueAuthCode({
			appId: 'demo-partner-app',
			sellerId: 'SELLER-DEMO-1',
			redirectUri: sim.demo.partnerApp.redirectUri,
		});
		const store = await savedWithToken(
			PARTNER,
			partnerCredential(sim, { authorizationCode: code }),
		);
		const credential = CREDENTIAL_CLASSES[PARTNER];
		// A refresh with the right secret, then (within the 30 s a refresh answer is shared) one with a wrong secret.
		await credential.preAuthentication!.call(n8nHttp, store.get(PARTNER));
		await expect(
			credential.preAuthentication!.call(n8nHttp, { ...store.get(PARTNER), appSecret: WRONG }),
		).rejects.toThrow(/Bad credentials/);
	});

	it('third party app without a code: the test answers with the authorization URL', async () => {
		const store = new CredentialStore();
		store.set(PARTNER, partnerCredential(sim));
		const result = await testCredential({ type: PARTNER, data: store.get(PARTNER), store });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/no authorization code yet/);
		expect(result.message).toContain(
			`${sim.url}/oauth-service/oauth/authorize?client_id=demo-partner-app`,
		);
	});

	it('a token endpoint redirecting the test to another host: nothing reaches it', async () => {
		const recorder = await startHeaderRecorder();
		try {
			const store = await savedWithToken(SELF, selfAccessCredential(sim));
			sim.control.addFault({
				route: TOKEN_ROUTE,
				status: 307,
				headers: { Location: `${recorder.url}/token` },
				body: '',
				times: -1,
			});
			const result = await testCredential({
				type: SELF,
				data: store.get(SELF),
				store,
				forcePreAuthentication: false,
			});
			expect(result.status).toBe('Error');
			expect(recorder.requests).toEqual([]);
		} finally {
			await recorder.close();
		}
	});
});
