/** The credential fields' literal defaults must stay the profile's placeholders (one source). */
import { MarketplaceSellerApi } from '../../credentials/MarketplaceSellerApi.credentials';
import { MarketplaceSellerOAuth2Api } from '../../credentials/MarketplaceSellerOAuth2Api.credentials';
import { MARKETPLACE } from '../../nodes/shared/profile';

describe.each([new MarketplaceSellerApi(), new MarketplaceSellerOAuth2Api()])('$displayName defaults', (credential) => {
	const defaultOf = (name: string) => credential.properties.find((property) => property.name === name)?.default;

	it('uses the profile placeholders for base URLs and scope', () => {
		expect(defaultOf('productionBaseUrl')).toBe(MARKETPLACE.productionBaseUrl);
		expect(defaultOf('sandboxBaseUrl')).toBe(MARKETPLACE.sandboxBaseUrl);
		expect(defaultOf('scope')).toBe(MARKETPLACE.defaultScope);
	});

	it('keeps the token in a hidden, expirable, redacted field', () => {
		const token = credential.properties.find((property) => property.name === 'accessToken');
		expect(token?.type).toBe('hidden');
		expect(token?.typeOptions).toEqual({ expirable: true, password: true });
	});
});
