import {
	buildAuthorization,
	computeSignature,
	decodeStrictBase64,
	parseAuthorization,
} from '../../nodes/MarketplaceSellerTrigger/verification/signature';
import {
	readSignatureHeaders,
	verifyPush,
	type HeaderBag,
	type VerifyOptions,
	type VerifyResult,
} from '../../nodes/MarketplaceSellerTrigger/verification/verifyPush';
import { authHeader, b64, sha1Hex, SCHEME, signedHeaders, VECTOR } from './helpers';

const OPTIONS: VerifyOptions = {
	appId: VECTOR.appId,
	appSecret: VECTOR.appSecret,
	registeredUrl: VECTOR.registeredUrl,
	schemeWord: SCHEME,
	replayWindowSeconds: 300,
};

const GOOD: HeaderBag = { x_date: VECTOR.xDate, x_authorization: VECTOR.header };

function verify(
	headers: HeaderBag,
	now: number = VECTOR.epoch,
	options: Partial<VerifyOptions> = {},
): VerifyResult {
	return verifyPush(readSignatureHeaders(headers), { ...OPTIONS, ...options }, now);
}

function withAuth(payload: string | Buffer, scheme = SCHEME, separator = ' '): HeaderBag {
	return { x_date: VECTOR.xDate, x_authorization: authHeader(payload, scheme, separator) };
}

function withSignature(signature: string): HeaderBag {
	return withAuth(`${VECTOR.appId}:${signature}`);
}

/** The vector's base64 token, for byte-level tampering. */
const TOKEN = VECTOR.header.slice('MKTLOGIN '.length);

describe('the reference vector (docs/marketplace-api/signature.md#test-vectors)', () => {
	it('reproduces the signed string, the SHA-1 and the header', () => {
		expect(`${VECTOR.epoch}${VECTOR.registeredUrl}POST${VECTOR.appSecret}`).toBe(
			VECTOR.signedString,
		);
		expect(computeSignature(String(VECTOR.epoch), VECTOR.registeredUrl, VECTOR.appSecret)).toBe(
			VECTOR.sha1,
		);
		expect(buildAuthorization(SCHEME, VECTOR.appId, VECTOR.sha1)).toBe(VECTOR.header);
	});

	it('verifies the example headers at the example time', () => {
		expect(verify(GOOD)).toEqual({
			ok: true,
			appId: VECTOR.appId,
			xDate: VECTOR.xDate,
			xDateEpoch: VECTOR.epoch,
			clockSkewSeconds: 0,
			signedWith: 'epoch',
		});
	});

	it('reproduces both negative vectors, and rejects them', () => {
		expect(
			computeSignature(String(VECTOR.epoch), `${VECTOR.registeredUrl}/`, VECTOR.appSecret),
		).toBe(VECTOR.trailingSlashSha1);
		expect(computeSignature(VECTOR.xDate, VECTOR.registeredUrl, VECTOR.appSecret)).toBe(
			VECTOR.rawDateSha1,
		);
		expect(verify(withSignature(VECTOR.trailingSlashSha1))).toMatchObject({
			ok: false,
			reason: 'signature_mismatch',
		});
		expect(verify(withSignature(VECTOR.rawDateSha1))).toMatchObject({
			ok: false,
			reason: 'signature_mismatch',
		});
	});

	it('accepts the raw-date signature only when the fallback is switched on', () => {
		expect(
			verify(withSignature(VECTOR.rawDateSha1), VECTOR.epoch, { acceptRawDateSignature: true }),
		).toMatchObject({
			ok: true,
			signedWith: 'rawDate',
		});
		// The fallback never turns a trailing-slash signature into a valid one.
		expect(
			verify(withSignature(VECTOR.trailingSlashSha1), VECTOR.epoch, {
				acceptRawDateSignature: true,
			}),
		).toMatchObject({ ok: false, reason: 'signature_mismatch' });
	});
});

describe('fault cases', () => {
	const E: number = VECTOR.epoch;
	const sigAt = (
		epoch: number,
		url: string = VECTOR.registeredUrl,
		secret: string = VECTOR.appSecret,
	) => sha1Hex(`${epoch}${url}POST${secret}`);
	const goodSig = VECTOR.sha1;

	const cases: Array<[string, HeaderBag, string, number?, Partial<VerifyOptions>?]> = [
		// Headers missing or empty
		['X_Date missing', { x_authorization: VECTOR.header }, 'missing_date'],
		['X_Authorization missing', { x_date: VECTOR.xDate }, 'missing_authorization'],
		['both headers missing', {}, 'missing_headers'],
		[
			'both headers missing, other headers present',
			{ authorization: VECTOR.header, date: VECTOR.xDate },
			'missing_headers',
		],
		['X_Date empty', { x_date: '', x_authorization: VECTOR.header }, 'empty_date'],
		['X_Authorization empty', { x_date: VECTOR.xDate, x_authorization: '' }, 'empty_authorization'],
		[
			'both spellings of X_Date, different values',
			{ ...GOOD, 'x-date': 'Wed, 05 Mar 2025 10:15:31 GMT' },
			'conflicting_headers',
		],
		[
			'both spellings of X_Authorization, different values',
			{ ...GOOD, 'x-authorization': `${SCHEME} AAAA` },
			'conflicting_headers',
		],
		// Scheme word
		['wrong scheme word', withAuth(`${VECTOR.appId}:${goodSig}`, 'FKLOGIN'), 'wrong_scheme'],
		[
			'Bearer instead of the scheme word',
			withAuth(`${VECTOR.appId}:${goodSig}`, 'Bearer'),
			'wrong_scheme',
		],
		[
			'scheme word with a suffix',
			withAuth(`${VECTOR.appId}:${goodSig}`, 'MKTLOGINX'),
			'wrong_scheme',
		],
		[
			'no space after the scheme word',
			withAuth(`${VECTOR.appId}:${goodSig}`, SCHEME, ''),
			'wrong_scheme',
		],
		[
			'scheme word only',
			{ x_date: VECTOR.xDate, x_authorization: SCHEME },
			'malformed_authorization',
		],
		[
			'scheme word and spaces only',
			{ x_date: VECTOR.xDate, x_authorization: `${SCHEME}   ` },
			'malformed_authorization',
		],
		[
			'two tokens after the scheme word',
			{ x_date: VECTOR.xDate, x_authorization: `${VECTOR.header} extra` },
			'malformed_authorization',
		],
		[
			'line break inside the token',
			{
				x_date: VECTOR.xDate,
				x_authorization: `${SCHEME} ${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)}`,
			},
			'malformed_authorization',
		],
		// Base64
		[
			'base64 without its padding',
			{ x_date: VECTOR.xDate, x_authorization: `${SCHEME} ${TOKEN.replace(/=+$/, '')}` },
			'invalid_base64',
		],
		[
			'base64 with extra padding',
			{ x_date: VECTOR.xDate, x_authorization: `${SCHEME} ${TOKEN}==` },
			'invalid_base64',
		],
		[
			'base64 with padding in the middle',
			{ x_date: VECTOR.xDate, x_authorization: `${SCHEME} YWJj=ZGVm` },
			'invalid_base64',
		],
		[
			'base64 with an illegal character',
			{ x_date: VECTOR.xDate, x_authorization: `${SCHEME} ${TOKEN.slice(0, 8)}*${TOKEN.slice(9)}` },
			'invalid_base64',
		],
		[
			'base64url alphabet',
			{
				x_date: VECTOR.xDate,
				x_authorization: `${SCHEME} ${b64('??>>:x').replace(/\+/g, '-').replace(/\//g, '_')}`,
			},
			'invalid_base64',
		],
		[
			'base64 with non-zero trailing bits (non-canonical)',
			{ x_date: VECTOR.xDate, x_authorization: `${SCHEME} ${TOKEN.replace(/Q=$/, 'R=')}` },
			'invalid_base64',
		],
		// Payload structure
		['no colon in the decoded payload', withAuth(`${VECTOR.appId}${goodSig}`), 'missing_colon'],
		['wrong App ID', withAuth(`b1b2c3d4-0000-4e5f-8a9b-123456789abc:${goodSig}`), 'wrong_app_id'],
		['App ID in upper case', withAuth(`${VECTOR.appId.toUpperCase()}:${goodSig}`), 'wrong_app_id'],
		['empty App ID', withAuth(`:${goodSig}`), 'wrong_app_id'],
		['App ID with a trailing space', withAuth(`${VECTOR.appId} :${goodSig}`), 'wrong_app_id'],
		// Signature shape
		['signature of 39 characters', withSignature(goodSig.slice(0, 39)), 'signature_length'],
		['signature of 41 characters', withSignature(`${goodSig}0`), 'signature_length'],
		['empty signature', withSignature(''), 'signature_length'],
		['signature followed by a second colon', withSignature(`${goodSig}:x`), 'signature_length'],
		[
			'signature with a non-hex character',
			withSignature(`${goodSig.slice(0, 39)}g`),
			'signature_not_hex',
		],
		[
			'signature with a non-ASCII byte',
			withAuth(
				Buffer.concat([
					Buffer.from(`${VECTOR.appId}:${goodSig.slice(0, 39)}`),
					Buffer.from([0xe9]),
				]),
			),
			'signature_not_hex',
		],
		[
			'signature with a non-ASCII character (two UTF-8 bytes)',
			withSignature(`${goodSig.slice(0, 39)}é`),
			'signature_length',
		],
		['signature in upper case', withSignature(goodSig.toUpperCase()), 'signature_uppercase_hex'],
		[
			'signature with one upper-case digit',
			withSignature(`${goodSig.slice(0, 39)}${goodSig[39].toUpperCase()}`),
			'signature_uppercase_hex',
		],
		[
			'signature base64 of the raw digest instead of hex',
			withAuth(Buffer.concat([Buffer.from(`${VECTOR.appId}:`), Buffer.from(goodSig, 'hex')])),
			'signature_length',
		],
		// Signature value
		[
			'secret differing by one character',
			withSignature(sigAt(E, VECTOR.registeredUrl, `${VECTOR.appSecret.slice(0, -1)}6`)),
			'signature_mismatch',
		],
		[
			'URL differing by one character',
			withSignature(sigAt(E, 'https://n8n.example.org/webhook/mkt-orderz')),
			'signature_mismatch',
		],
		[
			'URL with a trailing slash',
			withSignature(sigAt(E, `${VECTOR.registeredUrl}/`)),
			'signature_mismatch',
		],
		[
			'URL over http instead of https',
			withSignature(sigAt(E, VECTOR.registeredUrl.replace('https', 'http'))),
			'signature_mismatch',
		],
		[
			'URL with upper-case host',
			withSignature(sigAt(E, VECTOR.registeredUrl.replace('n8n.example.org', 'N8N.example.org'))),
			'signature_mismatch',
		],
		['signed one second later than X_Date', withSignature(sigAt(E + 1)), 'signature_mismatch'],
		[
			'method in lower case',
			withSignature(sha1Hex(`${E}${VECTOR.registeredUrl}post${VECTOR.appSecret}`)),
			'signature_mismatch',
		],
		[
			'separators between the fields',
			withSignature(sha1Hex(`${E}:${VECTOR.registeredUrl}:POST:${VECTOR.appSecret}`)),
			'signature_mismatch',
		],
		[
			'epoch in milliseconds',
			withSignature(sha1Hex(`${E}000${VECTOR.registeredUrl}POST${VECTOR.appSecret}`)),
			'signature_mismatch',
		],
		[
			'verifier configured with the trailing-slash URL',
			GOOD,
			'signature_mismatch',
			E,
			{ registeredUrl: `${VECTOR.registeredUrl}/` },
		],
		[
			'verifier configured with a secret one character off',
			GOOD,
			'signature_mismatch',
			E,
			{ appSecret: `${VECTOR.appSecret}5` },
		],
		// Dates
		['X_Date malformed', { ...GOOD, x_date: 'yesterday' }, 'malformed_date'],
		['X_Date as ISO 8601', { ...GOOD, x_date: '2025-03-05T10:15:30Z' }, 'malformed_date'],
		['X_Date as epoch seconds', { ...GOOD, x_date: '1741169730' }, 'malformed_date'],
		[
			'X_Date with a +0530 offset',
			{ ...GOOD, x_date: 'Wed, 05 Mar 2025 15:45:30 +0530' },
			'malformed_date',
		],
		['X_Date in PST', { ...GOOD, x_date: 'Wed, 05 Mar 2025 02:15:30 PST' }, 'malformed_date'],
		[
			'X_Date in UTC instead of GMT',
			{ ...GOOD, x_date: 'Wed, 05 Mar 2025 10:15:30 UTC' },
			'malformed_date',
		],
		[
			'X_Date with lower-case gmt',
			{ ...GOOD, x_date: 'Wed, 05 Mar 2025 10:15:30 gmt' },
			'malformed_date',
		],
		[
			'X_Date with the wrong weekday',
			{ ...GOOD, x_date: 'Thu, 05 Mar 2025 10:15:30 GMT' },
			'malformed_date',
		],
		[
			'X_Date on a day that does not exist',
			{ ...GOOD, x_date: 'Sat, 29 Feb 2025 10:15:30 GMT' },
			'malformed_date',
		],
		[
			'X_Date with a double space',
			{ ...GOOD, x_date: 'Wed,  05 Mar 2025 10:15:30 GMT' },
			'malformed_date',
		],
		[
			'X_Date with a leap second',
			{ ...GOOD, x_date: 'Wed, 05 Mar 2025 10:15:60 GMT' },
			'malformed_date',
		],
		[
			'RFC 850 date with a missing field',
			{ ...GOOD, x_date: 'Wednesday, 05-Mar-25 10:15 GMT' },
			'malformed_date',
		],
		[
			'asctime date with a zone',
			{ ...GOOD, x_date: 'Wed Mar  5 10:15:30 2025 GMT' },
			'malformed_date',
		],
		// Replay window, both sides
		['X_Date 301 s in the past', GOOD, 'date_outside_window', E + 301],
		['X_Date 301 s in the future', GOOD, 'date_outside_window', E - 301],
		['X_Date a day old', GOOD, 'date_outside_window', E + 86400],
		['configuration: empty secret', GOOD, 'invalid_configuration', E, { appSecret: '' }],
		[
			'configuration: replay window 0',
			GOOD,
			'invalid_configuration',
			E,
			{ replayWindowSeconds: 0 },
		],
	];

	it('has at least 40 fault cases', () => {
		expect(cases.length).toBeGreaterThanOrEqual(40);
	});

	it.each(
		cases.map(([name, headers, reason, now, options]) => ({ name, headers, reason, now, options })),
	)('$name -> $reason', ({ headers, reason, now = E, options = {} }) => {
		expect(verify(headers, now, options)).toMatchObject({ ok: false, reason });
	});

	it('reports the clock skew of a stale but genuine request', () => {
		expect(verify(GOOD, E + 301)).toEqual({
			ok: false,
			reason: 'date_outside_window',
			clockSkewSeconds: 301,
		});
		expect(verify(GOOD, E - 301)).toEqual({
			ok: false,
			reason: 'date_outside_window',
			clockSkewSeconds: -301,
		});
	});
});

describe('accepted variants', () => {
	const E: number = VECTOR.epoch;
	const accepted: Array<[string, HeaderBag, number?]> = [
		['X_Date 299 s in the past', GOOD, E + 299],
		['X_Date 299 s in the future', GOOD, E - 299],
		['X_Date exactly 300 s in the past', GOOD, E + 300],
		['X_Date exactly 300 s in the future', GOOD, E - 300],
		['RFC 850 date (obsolete form)', { ...GOOD, x_date: 'Wednesday, 05-Mar-25 10:15:30 GMT' }],
		['asctime date (obsolete form)', { ...GOOD, x_date: 'Wed Mar  5 10:15:30 2025' }],
		['asctime date with a two-digit day', { ...GOOD, x_date: 'Wed Mar 05 10:15:30 2025' }],
		[
			'IMF-fixdate with a one-digit day (Java RFC_1123_DATE_TIME)',
			{ ...GOOD, x_date: 'Wed, 5 Mar 2025 10:15:30 GMT' },
		],
		[
			'scheme word in lower case',
			{ ...GOOD, x_authorization: VECTOR.header.replace('MKTLOGIN', 'mktlogin') },
		],
		[
			'two spaces after the scheme word (the docs format line)',
			{ ...GOOD, x_authorization: VECTOR.header.replace(' ', '  ') },
		],
		['a tab after the scheme word', { ...GOOD, x_authorization: VECTOR.header.replace(' ', '\t') }],
		[
			'dash spellings from a rewriting proxy',
			{ 'x-date': VECTOR.xDate, 'x-authorization': VECTOR.header },
		],
		[
			'both spellings with equal values',
			{ ...GOOD, 'x-date': VECTOR.xDate, 'x-authorization': VECTOR.header },
		],
	];

	it.each(accepted)('%s', (_name, headers, now = E) => {
		expect(verify(headers, now)).toMatchObject({ ok: true, xDateEpoch: E, signedWith: 'epoch' });
	});

	it('verifies headers made by an independent signer at any time', () => {
		for (const epoch of [0, 951782400, 1709164800, 1741169730, 2147483647, 4102444800]) {
			expect(verify(signedHeaders({ epoch }), epoch)).toMatchObject({
				ok: true,
				xDateEpoch: epoch,
			});
		}
	});

	it('uses the configured scheme word', () => {
		const headers = signedHeaders({ epoch: E, scheme: 'OTHERLOGIN' });
		expect(verify(headers, E)).toMatchObject({ ok: false, reason: 'wrong_scheme' });
		expect(verify(headers, E, { schemeWord: 'OtherLogin' })).toMatchObject({ ok: true });
	});
});

describe('strict base64', () => {
	it('decodes canonical text only', () => {
		expect(decodeStrictBase64('YQ==')?.toString()).toBe('a');
		expect(decodeStrictBase64('YR==')).toBeUndefined();
		expect(decodeStrictBase64('YQ=')).toBeUndefined();
		expect(decodeStrictBase64('YQ')).toBeUndefined();
		expect(decodeStrictBase64('')).toBeUndefined();
		expect(decodeStrictBase64('Y Q==')).toBeUndefined();
		expect(decodeStrictBase64('-_-_')).toBeUndefined();
		expect(decodeStrictBase64('+/+/')?.length).toBe(3);
	});

	it('splits the payload at the first colon', () => {
		const parsed = parseAuthorization(`${SCHEME} ${b64(`app:${'a'.repeat(40)}`)}`, SCHEME);
		expect(parsed).toMatchObject({ ok: true });
		if (parsed.ok) {
			expect(parsed.appId.toString()).toBe('app');
			expect(parsed.signature.toString()).toBe('a'.repeat(40));
		}
	});

	it('never throws on hostile input', () => {
		const inputs = [
			'',
			' ',
			SCHEME,
			`${SCHEME} ${'A'.repeat(5000)}`,
			'\u0000',
			`${SCHEME} \u{1F600}`,
			`${SCHEME} ====`,
		];
		for (const input of inputs) {
			expect(() => verify({ x_date: VECTOR.xDate, x_authorization: input })).not.toThrow();
			expect(verify({ x_date: VECTOR.xDate, x_authorization: input }).ok).toBe(false);
			expect(verify({ x_date: input, x_authorization: VECTOR.header }).ok).toBe(false);
		}
		expect(verify({ x_date: ['a', 'b'], x_authorization: VECTOR.header }).ok).toBe(false);
	});
});
