/**
 * The worked example of docs/marketplace-api/signature.md, recomputed with the trigger's own
 * verification code: the page and the code cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parseHttpDate } from '../../nodes/MarketplaceSellerTrigger/verification/httpDate';
import {
	buildAuthorization,
	computeSignature,
} from '../../nodes/MarketplaceSellerTrigger/verification/signature';
import {
	verifyPush,
	type VerifyOptions,
} from '../../nodes/MarketplaceSellerTrigger/verification/verifyPush';
import { ROOT } from './links';

const page = readFileSync(join(ROOT, 'docs/marketplace-api/signature.md'), 'utf8');
const example = page.slice(page.indexOf('## Worked example'), page.indexOf('### Test vectors'));

/** The value in the table row whose first cell is `label` (cells may be padded by Prettier). */
function row(label: string): string {
	const match = new RegExp(
		`^\\| ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +\\| \`([^\`]+)\` +\\|$`,
		'm',
	).exec(example);
	if (!match) throw new Error(`signature.md: no row "${label}" in the worked example`);
	return match[1];
}

const appId = row('app id');
const appSecret = row('app secret');
const registeredUrl = row('registered URL');
const xDate = row('X_Date');

describe('docs/marketplace-api/signature.md worked example', () => {
	const epoch = parseHttpDate(xDate, Number(row('epoch seconds of X_Date')));

	it('has the epoch seconds of its X_Date', () => {
		expect(epoch).toEqual(
			expect.objectContaining({ ok: true, epochSeconds: Number(row('epoch seconds of X_Date')) }),
		);
	});

	it('has the signed text, the digest and the header the trigger computes', () => {
		const seconds = String(Number(row('epoch seconds of X_Date')));
		expect(row('signed text')).toBe(`${seconds}${registeredUrl}POST${appSecret}`);
		const signature = computeSignature(seconds, registeredUrl, appSecret);
		expect(row('SHA-1, hex')).toBe(signature);
		expect(row('base64 of `appId:signature`')).toBe(
			Buffer.from(`${appId}:${signature}`).toString('base64'),
		);
		expect(row('X_Authorization')).toBe(buildAuthorization('MKTLOGIN', appId, signature));
	});

	it('verifies, and its near misses do not', () => {
		const options: VerifyOptions = {
			appId,
			appSecret,
			registeredUrl,
			schemeWord: 'MKTLOGIN',
			replayWindowSeconds: 300,
		};
		const now = Number(row('epoch seconds of X_Date')) + 5;
		const headers = (authorization: string) => ({ date: xDate, authorization, conflict: false });
		expect(verifyPush(headers(row('X_Authorization')), options, now)).toEqual(
			expect.objectContaining({ ok: true, signedWith: 'epoch' }),
		);

		const seconds = row('epoch seconds of X_Date');
		expect(row('registered URL with a trailing slash')).toBe(
			computeSignature(seconds, `${registeredUrl}/`, appSecret),
		);
		expect(row('the raw X_Date text instead of epoch seconds')).toBe(
			computeSignature(xDate, registeredUrl, appSecret),
		);
		const slash = buildAuthorization(
			'MKTLOGIN',
			appId,
			row('registered URL with a trailing slash'),
		);
		const raw = buildAuthorization(
			'MKTLOGIN',
			appId,
			row('the raw X_Date text instead of epoch seconds'),
		);
		expect(verifyPush(headers(slash), options, now)).toEqual({
			ok: false,
			reason: 'signature_mismatch',
		});
		expect(verifyPush(headers(raw), options, now)).toEqual({
			ok: false,
			reason: 'signature_mismatch',
		});
		expect(verifyPush(headers(raw), { ...options, acceptRawDateSignature: true }, now)).toEqual(
			expect.objectContaining({ ok: true, signedWith: 'rawDate' }),
		);
	});

	it('gives shell commands that reproduce the digest and the base64', () => {
		expect(example).toContain(`printf '%s' '${row('signed text')}' | sha1sum`);
		expect(example).toContain(`printf '%s' '${appId}:${row('SHA-1, hex')}' | base64 -w0`);
	});
});
