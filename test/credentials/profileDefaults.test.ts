/**
 * Both credential types share one block of fields (nodes/shared/credentialFields.ts). Base URLs
 * default to empty with a placeholder: an empty field means the profile's address, and while
 * that is the specification's placeholder, the error names the empty field.
 */
import { MarketplaceSellerApi } from '../../credentials/MarketplaceSellerApi.credentials';
import { MarketplaceSellerOAuth2Api } from '../../credentials/MarketplaceSellerOAuth2Api.credentials';
import { resolveBaseUrl } from '../../nodes/shared/baseUrl';
import { MARKETPLACE } from '../../nodes/shared/profile';

describe.each([new MarketplaceSellerApi(), new MarketplaceSellerOAuth2Api()])(
	'$displayName defaults',
	(credential) => {
		const property = (name: string) => credential.properties.find((entry) => entry.name === name);

		it('base URLs start empty with an e.g. placeholder; the scope is the profile default', () => {
			expect(property('productionBaseUrl')).toMatchObject({
				default: '',
				placeholder: 'e.g. https://api.example.com',
			});
			expect(property('sandboxBaseUrl')).toMatchObject({
				default: '',
				placeholder: 'e.g. https://sandbox-api.example.com',
			});
			expect(property('scope')?.default).toBe(MARKETPLACE.defaultScope);
		});

		it('keeps the token in a hidden, expirable, redacted field', () => {
			const token = property('accessToken');
			expect(token?.type).toBe('hidden');
			expect(token?.typeOptions).toEqual({ expirable: true, password: true });
		});

		it('shares the app key and environment fields with the other credential type', () => {
			const shared = [
				'appId',
				'appSecret',
				'environment',
				'productionBaseUrl',
				'sandboxBaseUrl',
				'scope',
				'accessToken',
				'tokenState',
			];
			const other =
				credential.name === 'marketplaceSellerApi'
					? new MarketplaceSellerOAuth2Api()
					: new MarketplaceSellerApi();
			for (const name of shared) {
				const mine = property(name);
				const theirs = other.properties.find((entry) => entry.name === name);
				expect({
					name,
					type: mine?.type,
					default: mine?.default,
					displayOptions: mine?.displayOptions,
				}).toEqual({
					name,
					type: theirs?.type,
					default: theirs?.default,
					displayOptions: theirs?.displayOptions,
				});
			}
		});
	},
);

describe('an empty base URL', () => {
	it('with the anonymous profile, says the field is empty (not a placeholder the user never typed)', () => {
		expect(() => resolveBaseUrl({ environment: 'production', productionBaseUrl: '' })).toThrow(
			'Production Base URL is empty: enter the API address your marketplace gave you, e.g. https://api.example.com',
		);
		expect(() => resolveBaseUrl({ environment: 'sandbox', sandboxBaseUrl: '  ' })).toThrow(
			/^Sandbox Base URL is empty/,
		);
		expect(() =>
			resolveBaseUrl({
				environment: 'production',
				productionBaseUrl: MARKETPLACE.productionBaseUrl,
			}),
		).toThrow(/^Production Base URL is still the placeholder \{base_url\}/);
	});

	it("with a profile that names the marketplace's address, uses it for the chosen environment", async () => {
		jest.resetModules();
		jest.doMock('../../nodes/shared/profile', () => {
			const actual = jest.requireActual('../../nodes/shared/profile');
			return {
				...actual,
				MARKETPLACE: {
					...actual.MARKETPLACE,
					productionBaseUrl: 'https://api.example.com',
					sandboxBaseUrl: 'https://sandbox-api.example.com/',
				},
			};
		});
		const { resolveBaseUrl: resolveWithProfile } = await import('../../nodes/shared/baseUrl');
		expect(resolveWithProfile({ environment: 'production', productionBaseUrl: '' })).toBe(
			'https://api.example.com',
		);
		expect(resolveWithProfile({ environment: 'sandbox' })).toBe('https://sandbox-api.example.com');
		expect(
			resolveWithProfile({
				environment: 'production',
				productionBaseUrl: 'http://127.0.0.1:8787/',
			}),
		).toBe('http://127.0.0.1:8787');
		jest.dontMock('../../nodes/shared/profile');
	});
});
