/**
 * Access and refresh tokens, and authorization codes. Tokens are random UUIDs (the shape of the
 * marketplace's Spring-style server); all expiry uses the simulator clock.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export type TokenKind = 'access' | 'refresh';
export type IssuingGrant = 'client_credentials' | 'authorization_code' | 'refresh_token';

export interface TokenRecord {
	value: string;
	kind: TokenKind;
	appId: string;
	sellerId: string;
	scopes: string[];
	grant: IssuingGrant;
	issuedMs: number;
	expiresMs: number;
	revoked: boolean;
	/** For access tokens of the code flow: the refresh token they were issued with. */
	refreshToken?: string;
}

export interface AuthCodeRecord {
	code: string;
	appId: string;
	sellerId: string;
	redirectUri: string;
	scopes: string[];
	state: string | null;
	issuedMs: number;
	expiresMs: number;
	used: boolean;
}

export interface TokenSelector {
	token?: string;
	appId?: string;
	sellerId?: string;
	kind?: TokenKind;
	all?: boolean;
}

/** Whole seconds left, rounded up so a fresh token shows its full lifetime; never negative. */
export function secondsLeft(expiresMs: number, now: number): number {
	return Math.max(0, Math.ceil((expiresMs - now) / 1000));
}

export function scopeKey(scopes: string[]): string {
	return [...scopes].sort().join(',');
}

export class TokenStore {
	private readonly tokens = new Map<string, TokenRecord>();
	private readonly codes = new Map<string, AuthCodeRecord>();

	issue(
		fields: Omit<TokenRecord, 'value' | 'revoked' | 'issuedMs' | 'expiresMs'>,
		now: number,
		ttlSec: number,
	): TokenRecord {
		const record: TokenRecord = {
			...fields,
			value: randomUUID(),
			revoked: false,
			issuedMs: now,
			expiresMs: now + ttlSec * 1000,
		};
		this.tokens.set(record.value, record);
		return record;
	}

	get(value: string): TokenRecord | undefined {
		return this.tokens.get(value);
	}

	isLive(token: TokenRecord, now: number): boolean {
		return !token.revoked && now < token.expiresMs;
	}

	/** A live client-credentials access token of the app for exactly these scopes (docs/marketplace-api/authentication.md#token-lifetimes). */
	liveClientToken(appId: string, scopes: string[], now: number): TokenRecord | undefined {
		const key = scopeKey(scopes);
		for (const t of this.tokens.values()) {
			if (
				t.kind === 'access' &&
				t.grant === 'client_credentials' &&
				t.appId === appId &&
				scopeKey(t.scopes) === key &&
				this.isLive(t, now)
			)
				return t;
		}
		return undefined;
	}

	/** The live refresh token of an app for a seller (the "existing" token of docs/marketplace-api/authentication.md#refresh-token-renewal). */
	liveRefreshToken(appId: string, sellerId: string, now: number): TokenRecord | undefined {
		let best: TokenRecord | undefined;
		for (const t of this.tokens.values()) {
			if (
				t.kind === 'refresh' &&
				t.appId === appId &&
				t.sellerId === sellerId &&
				this.isLive(t, now)
			) {
				if (!best || t.expiresMs > best.expiresMs) best = t;
			}
		}
		return best;
	}

	/** Revokes the access tokens issued with a refresh token: one live access token per grant. */
	revokeAccessOf(refreshToken: string): void {
		for (const t of this.tokens.values())
			if (t.kind === 'access' && t.refreshToken === refreshToken) t.revoked = true;
	}

	select(selector: TokenSelector): TokenRecord[] {
		return [...this.tokens.values()].filter(
			(t) =>
				(selector.all ||
					selector.token !== undefined ||
					selector.appId !== undefined ||
					selector.sellerId !== undefined) &&
				(selector.token === undefined || t.value === selector.token) &&
				(selector.appId === undefined || t.appId === selector.appId) &&
				(selector.sellerId === undefined || t.sellerId === selector.sellerId) &&
				(selector.kind === undefined || t.kind === selector.kind),
		);
	}

	list(): TokenRecord[] {
		return [...this.tokens.values()];
	}

	// ------------------------------------------------------------ authorization codes

	issueCode(
		fields: Omit<AuthCodeRecord, 'code' | 'used' | 'issuedMs' | 'expiresMs'>,
		now: number,
		ttlSec: number,
	): AuthCodeRecord {
		const record: AuthCodeRecord = {
			...fields,
			code: randomBytes(8).toString('base64url').slice(0, 10),
			used: false,
			issuedMs: now,
			expiresMs: now + ttlSec * 1000,
		};
		this.codes.set(record.code, record);
		return record;
	}

	getCode(code: string): AuthCodeRecord | undefined {
		return this.codes.get(code);
	}
}
