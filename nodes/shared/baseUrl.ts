/**
 * Where requests may go. The spec allows HTTPS only (docs/marketplace-api/conventions.md#https-only); plain HTTP is accepted for
 * loopback hosts so that the local simulator can stand in for the marketplace. Every check
 * happens before a request is sent, so a wrong URL never receives a secret or a token.
 */
import { MARKETPLACE } from './profile';

/** The credential fields that choose the base URL (both credential types share them). */
export interface BaseUrlFields {
	environment?: unknown;
	productionBaseUrl?: unknown;
	sandboxBaseUrl?: unknown;
}

export class InvalidUrlError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'InvalidUrlError';
	}
}

/** The specification's {base_url}-style placeholders, in a profile or typed into a field. */
function isPlaceholder(value: string): boolean {
	return value.includes('{') || value.includes('}');
}

export function parseUrl(value: string): URL | undefined {
	return URL.canParse(value) ? new URL(value) : undefined;
}

/** localhost, 127.0.0.0/8 and [::1]: the only hosts that may be reached without TLS. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
	const octets = host.split('.');
	return (
		octets.length === 4 &&
		octets[0] === '127' &&
		octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
	);
}

/**
 * Validates an API origin (optionally with a path prefix, for gateways) and returns it without
 * a trailing slash. `label` names the field in the message so the user knows what to fix. An
 * empty field means the profile's address for that environment (profile.ts); while that is the
 * specification's placeholder, an empty field is reported as empty.
 */
function checkApiUrl(raw: unknown, label: string, profileUrl: string): string {
	const given = typeof raw === 'string' ? raw.trim() : '';
	const value = given === '' && !isPlaceholder(profileUrl) ? profileUrl : given;
	if (value === '') {
		throw new InvalidUrlError(
			`${label} is empty: enter the API address your marketplace gave you, e.g. https://api.example.com`,
		);
	}
	if (isPlaceholder(value)) {
		throw new InvalidUrlError(
			`${label} is still the placeholder ${value}: replace it with the API address your marketplace gave you, e.g. https://api.example.com`,
		);
	}
	const url = parseUrl(value);
	if (url === undefined) {
		throw new InvalidUrlError(
			`${label} "${value}" is not a valid URL: use the form https://api.example.com`,
		);
	}
	if (url.username !== '' || url.password !== '') {
		throw new InvalidUrlError(`${label} must not contain a user name or password`);
	}
	if (url.search !== '' || url.hash !== '') {
		throw new InvalidUrlError(`${label} must not contain a query string or fragment`);
	}
	if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
		throw new InvalidUrlError(
			`${label} uses plain http:// for ${url.hostname}. The marketplace accepts HTTPS only; use https://${url.host}${url.pathname === '/' ? '' : url.pathname} (http:// is allowed only for localhost, e.g. the local simulator).`,
		);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new InvalidUrlError(`${label} must start with https://`);
	}
	return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
}

/** The redirect URL of a third-party app must be an https link (docs/marketplace-api/authentication.md#applications); no loopback exception. */
export function checkRedirectUrl(raw: unknown): string {
	const value = typeof raw === 'string' ? raw.trim() : '';
	const url = parseUrl(value);
	if (url === undefined || url.protocol !== 'https:') {
		throw new InvalidUrlError(
			`Redirect URL "${value}" must be the https:// link registered on your third-party app (spec: a valid https link)`,
		);
	}
	return value;
}

/** The name of the field that holds the chosen environment's base URL, as the form shows it. */
export function baseUrlField(fields: BaseUrlFields): 'Sandbox Base URL' | 'Production Base URL' {
	return fields.environment === 'sandbox' ? 'Sandbox Base URL' : 'Production Base URL';
}

/** The validated base URL for the credential's chosen environment. */
export function resolveBaseUrl(fields: BaseUrlFields): string {
	return fields.environment === 'sandbox'
		? checkApiUrl(fields.sandboxBaseUrl, baseUrlField(fields), MARKETPLACE.sandboxBaseUrl)
		: checkApiUrl(fields.productionBaseUrl, baseUrlField(fields), MARKETPLACE.productionBaseUrl);
}

/**
 * True when `requestUrl` lies under `baseUrl` (same origin, same path prefix). The Bearer token
 * is attached only to such requests, so it can never leak to another host.
 */
export function isUnderBaseUrl(requestUrl: string, baseUrl: string): boolean {
	const request = parseUrl(requestUrl);
	const base = parseUrl(baseUrl);
	if (request === undefined || base === undefined) return false;
	if (request.origin !== base.origin) return false;
	const prefix = base.pathname.replace(/\/+$/, '');
	return prefix === '' || request.pathname === prefix || request.pathname.startsWith(`${prefix}/`);
}
