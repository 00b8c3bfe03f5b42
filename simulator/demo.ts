/** The documented demo identities, as handed to library users and printed by the CLI. */
import { PATHS, MARKETPLACE } from './profile';
import type { World } from './world';

export interface DemoIdentities {
	sellers: Array<{ sellerId: string; name: string; locationIds: string[] }>;
	selfApp: { appId: string; appSecret: string; sellerId: string; grantTypes: string[] };
	partnerApp: { appId: string; appSecret: string; redirectUri: string; grantTypes: string[] };
	subscriptions: Array<{ sellerId: string; locationId: string; appId: string }>;
	/** Browser URL of the partner app's consent step for SELLER-DEMO-1 (add &seller_id= for another). */
	partnerAuthorizeUrl: string;
}

export function demoIdentities(world: World, baseUrl: string): DemoIdentities {
	const { selfApp, partnerApp } = world.apps;
	const authorize = new URL(`${baseUrl}${PATHS.authorize}`);
	authorize.searchParams.set('client_id', partnerApp.appId);
	authorize.searchParams.set('redirect_uri', partnerApp.redirectUris[0]);
	authorize.searchParams.set('response_type', 'code');
	authorize.searchParams.set('scope', MARKETPLACE.defaultScope);
	authorize.searchParams.set('state', 'demo-state');
	return {
		sellers: world.sellers
			.allSellers()
			.map((s) => ({ sellerId: s.sellerId, name: s.name, locationIds: [...s.locationIds] })),
		selfApp: {
			appId: selfApp.appId,
			appSecret: selfApp.appSecret,
			sellerId: selfApp.sellerId ?? '',
			grantTypes: [...selfApp.grantTypes],
		},
		partnerApp: {
			appId: partnerApp.appId,
			appSecret: partnerApp.appSecret,
			redirectUri: partnerApp.redirectUris[0],
			grantTypes: [...partnerApp.grantTypes],
		},
		subscriptions: world.subscriptions
			.list()
			.map((s) => ({ sellerId: s.sellerId, locationId: s.locationId, appId: s.appId })),
		partnerAuthorizeUrl: authorize.toString(),
	};
}
