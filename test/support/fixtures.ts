/** Shared test fixtures: the simulator, n8n's real HTTP helper, and credential data for it. */
import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import type {
	IDataObject,
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator';
import { MarketplaceSeller } from '../../nodes/MarketplaceSeller/MarketplaceSeller.node';
import { CredentialStore, runNode, type RunNodeResult } from './n8nHarness';

export const SELF = 'marketplaceSellerApi';
export const PARTNER = 'marketplaceSellerOAuth2Api';

/** The HTTP helper n8n hands to preAuthentication: n8n-core's own outbound HTTP stack. */
export const n8nHttp: IHttpRequestHelper = {
	helpers: {
		httpRequest: async (options: IHttpRequestOptions) =>
			await Container.get(OutboundHttp).requests().request(options),
	},
};

export async function simulator(options: SimulatorOptions = {}): Promise<Simulator> {
	return await startSimulator({ quiet: true, packingDelayMs: 0, ...options });
}

export function selfAccessCredential(
	sim: Simulator,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return {
		appId: sim.demo.selfApp.appId,
		appSecret: sim.demo.selfApp.appSecret,
		environment: 'production',
		productionBaseUrl: sim.url,
		scope: 'Seller_Api',
		accessToken: '',
		...overrides,
	};
}

export function partnerCredential(
	sim: Simulator,
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	return {
		appId: sim.demo.partnerApp.appId,
		appSecret: sim.demo.partnerApp.appSecret,
		redirectUrl: sim.demo.partnerApp.redirectUri,
		environment: 'production',
		productionBaseUrl: sim.url,
		scope: 'Seller_Api',
		authorizationCode: '',
		authorizationState: '',
		accessToken: '',
		...overrides,
	};
}

export function basic(appId: string, appSecret: string): string {
	return `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`;
}

export const actionNode = new MarketplaceSeller();

/** Runs the action node with the given parameters and the stored credential of `credentialType`. */
export async function runAction(
	store: CredentialStore,
	credentialType: string,
	parameters: Record<string, unknown>,
	input?: Array<Record<string, unknown>>,
	continueOnFail = false,
): Promise<RunNodeResult> {
	return await runActionWith(store, credentialType, parameters, input, { continueOnFail });
}

/** runAction with the harness's further options: more credentials, shared static data. */
export async function runActionWith(
	store: CredentialStore,
	credentialType: string,
	parameters: Record<string, unknown>,
	input: Array<Record<string, unknown>> | undefined,
	options: {
		otherCredentialTypes?: string[];
		staticData?: IDataObject;
		continueOnFail?: boolean;
		errorOutput?: boolean;
	},
): Promise<RunNodeResult> {
	return await runNode({
		node: actionNode,
		parameters: {
			authentication: credentialType === PARTNER ? 'authorizationCode' : 'clientCredentials',
			...parameters,
		} as never,
		input: input as never,
		store,
		credentialType,
		...options,
	});
}

export { CredentialStore };
