/**
 * Registered applications (docs/marketplace-api/authentication.md#applications): a self access app bound to one seller (client
 * credentials only) and a third-party partner app (authorization code and refresh token).
 */
import type { ResolvedOptions } from '../options';
import { DEMO_SELLER_1 } from '../data/sellers';

export type GrantType =
	| 'authorization_code'
	| 'client_credentials'
	| 'implicit'
	| 'password'
	| 'refresh_token';
export const KNOWN_GRANT_TYPES: readonly GrantType[] = [
	'authorization_code',
	'client_credentials',
	'implicit',
	'password',
	'refresh_token',
];

/** Scopes the token endpoint knows (case-sensitive, docs/marketplace-api/authentication.md#client-credentials-grant). */
export const KNOWN_SCOPES = ['Seller_Api', 'Default'] as const;
export const SELLER_API_SCOPE = 'Seller_Api';

export interface AppRecord {
	appId: string;
	appSecret: string;
	kind: 'self' | 'partner';
	/** The seller a self access app belongs to. */
	sellerId?: string;
	grantTypes: GrantType[];
	redirectUris: string[];
}

export class AppRegistry {
	private readonly apps = new Map<string, AppRecord>();
	readonly selfApp: AppRecord;
	readonly partnerApp: AppRecord;

	constructor(options: ResolvedOptions) {
		this.selfApp = {
			appId: options.selfApp.appId,
			appSecret: options.selfApp.appSecret,
			kind: 'self',
			sellerId: DEMO_SELLER_1,
			grantTypes: ['client_credentials'],
			redirectUris: [],
		};
		this.partnerApp = {
			appId: options.partnerApp.appId,
			appSecret: options.partnerApp.appSecret,
			kind: 'partner',
			grantTypes: ['authorization_code', 'refresh_token'],
			redirectUris: [options.partnerApp.redirectUri],
		};
		if (this.selfApp.appId === this.partnerApp.appId)
			throw new Error('the self and partner apps need different app ids');
		this.apps.set(this.selfApp.appId, this.selfApp);
		this.apps.set(this.partnerApp.appId, this.partnerApp);
	}

	get(appId: string): AppRecord | undefined {
		return this.apps.get(appId);
	}
}
