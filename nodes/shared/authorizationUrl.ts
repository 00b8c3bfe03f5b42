/**
 * The browser side of the authorization code grant
 * (docs/marketplace-api/authentication.md#authorization-code-flow): the URL a seller opens, and the
 * code (or refusal) their browser brings back to the redirect URL.
 */
import { randomBytes } from 'node:crypto';

import { MARKETPLACE, PATHS } from './profile';

/** Opaque random text against CSRF. */
export function newState(): string {
	return randomBytes(16).toString('hex');
}

/** Where a seller approves a third-party app (docs/marketplace-api/authentication.md#authorization-code-flow). */
export function buildAuthorizationUrl(options: {
	baseUrl: string;
	appId: string;
	redirectUri: string;
	scope?: string;
	state: string;
}): string {
	const query = new URLSearchParams({
		client_id: options.appId,
		redirect_uri: options.redirectUri,
		response_type: 'code',
		scope: options.scope || MARKETPLACE.defaultScope,
		state: options.state,
	});
	return `${options.baseUrl}${PATHS.consent}?${query.toString()}`;
}

export type AuthorizationInput =
	| { kind: 'none' }
	| { kind: 'code'; code: string; state?: string }
	| { kind: 'denied'; reason: string };

/**
 * The Authorization Code field takes either the bare code or the whole URL the seller's browser
 * was sent to (redirect_uri?code=..&state=..), which is easier to copy and carries the state.
 */
export function parseAuthorizationInput(raw: unknown, stateField?: unknown): AuthorizationInput {
	const value = typeof raw === 'string' ? raw.trim() : '';
	const fallbackState =
		typeof stateField === 'string' && stateField.trim() !== '' ? stateField.trim() : undefined;
	if (value === '') return { kind: 'none' };
	if (/^https?:\/\//i.test(value) && URL.canParse(value)) {
		const params = new URL(value).searchParams;
		const error = params.get('error');
		if (error) return { kind: 'denied', reason: params.get('error_description') ?? error };
		const code = params.get('code');
		if (!code) return { kind: 'none' };
		return { kind: 'code', code, state: params.get('state') ?? fallbackState };
	}
	return { kind: 'code', code: value, state: fallbackState };
}
