/**
 * The values of a credential that must never reach a message, a log line or an output: the App
 * Secret (alone and with the App ID, as the Basic header carries it), the access token, the
 * refresh token of either stored copy (oauthTokenData and the hidden tokenState, see grants.ts)
 * and the authorization code. Read from the credential before anything runs, so that a run that
 * sends nothing is redacted as well as one that does.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { parseAuthorizationInput } from './authorizationUrl';
import { readStoredTokenData } from './grants';

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The refresh and access tokens of both stored copies (they may differ after a failed save). */
function storedTokens(credentials: ICredentialDataDecryptedObject): Array<string | undefined> {
	const copies = [
		readStoredTokenData(credentials),
		readStoredTokenData({ tokenState: credentials.tokenState }),
	];
	return copies.flatMap((copy) => [text(copy.refreshToken), text(copy.accessToken)]);
}

export function credentialSecrets(credentials: ICredentialDataDecryptedObject): string[] {
	const input = parseAuthorizationInput(
		credentials.authorizationCode,
		credentials.authorizationState,
	);
	const appSecret = text(credentials.appSecret);
	// The Basic header carries base64(appid:secret); its encodings are derived from this pair.
	const pair =
		appSecret !== undefined ? `${String(credentials.appId ?? '').trim()}:${appSecret}` : undefined;
	const values = [
		appSecret,
		pair,
		text(credentials.accessToken),
		...storedTokens(credentials),
		input.kind === 'code' ? input.code : undefined,
	];
	return [...new Set(values.filter((value): value is string => value !== undefined))];
}
