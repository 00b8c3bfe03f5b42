/**
 * The push signature (docs/marketplace-api/signature.md#signature-recipe), written from the recipe:
 *
 *   sig = lowercase hex SHA-1( epochSeconds(X_Date) + registeredUrl + "POST" + appSecret )
 *   X_Authorization = "<scheme> " + base64( appId + ":" + sig )
 *
 * Nothing here is shared with the trigger node: the simulator is the independent other side.
 */
import { createHash } from 'node:crypto';
import { httpDate, type HttpDateFormat } from '../util/dates';

export function pushSignature(
	epochSeconds: number,
	registeredUrl: string,
	appSecret: string,
	method = 'POST',
): string {
	return createHash('sha1')
		.update(`${epochSeconds}${registeredUrl}${method.toUpperCase()}${appSecret}`, 'utf8')
		.digest('hex');
}

export function authorizationValue(scheme: string, appId: string, signature: string): string {
	return `${scheme} ${Buffer.from(`${appId}:${signature}`, 'utf8').toString('base64')}`;
}

export interface SignInput {
	appId: string;
	appSecret: string;
	registeredUrl: string;
	/** The instant X_Date states (simulator clock, possibly skewed). */
	dateMs: number;
	scheme: string;
	dateFormat?: HttpDateFormat;
}

export interface SignedHeaders {
	xDate: string;
	xAuthorization: string;
	epochSeconds: number;
	signature: string;
}

export function signPush(input: SignInput): SignedHeaders {
	const epochSeconds = Math.floor(input.dateMs / 1000);
	const signature = pushSignature(epochSeconds, input.registeredUrl, input.appSecret);
	return {
		xDate: httpDate(input.dateMs, input.dateFormat ?? 'imf'),
		xAuthorization: authorizationValue(input.scheme, input.appId, signature),
		epochSeconds,
		signature,
	};
}
