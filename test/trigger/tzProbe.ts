/**
 * Run by timezone.test.ts in a child Node process whose TZ is set from outside (Jest cannot
 * change the zone of its own workers). Prints one JSON line with what it observed.
 */
import { parseHttpDate } from '../../nodes/MarketplaceSellerTrigger/verification/httpDate';
import {
	readSignatureHeaders,
	verifyPush,
} from '../../nodes/MarketplaceSellerTrigger/verification/verifyPush';
import { SCHEME, signedHeaders, VECTOR } from './helpers';

const options = {
	appId: VECTOR.appId,
	appSecret: VECTOR.appSecret,
	registeredUrl: VECTOR.registeredUrl,
	schemeWord: SCHEME,
	replayWindowSeconds: 300,
};
const example = readSignatureHeaders({ x_date: VECTOR.xDate, x_authorization: VECTOR.header });
const verdict = (now: number) => {
	const result = verifyPush(example, options, now);
	return result.ok ? 'ok' : result.reason;
};

// Instants around the US and EU daylight-saving changes of 2025 and a leap day.
const instants = [
	Date.UTC(2025, 2, 9, 9, 59, 59),
	Date.UTC(2025, 2, 9, 10, 0, 0),
	Date.UTC(2025, 2, 30, 1, 0, 0),
	Date.UTC(2025, 10, 2, 9, 0, 0),
	Date.UTC(2024, 1, 29, 23, 59, 59),
].map((ms) => ms / 1000);

process.stdout.write(
	JSON.stringify({
		tz: process.env.TZ,
		offsetMinutes: new Date(VECTOR.epoch * 1000).getTimezoneOffset(),
		imf: parseHttpDate(VECTOR.xDate, VECTOR.epoch),
		rfc850: parseHttpDate('Wednesday, 05-Mar-25 10:15:30 GMT', VECTOR.epoch),
		asctime: parseHttpDate('Wed Mar  5 10:15:30 2025', VECTOR.epoch),
		exact: verdict(VECTOR.epoch),
		past299: verdict(VECTOR.epoch + 299),
		future299: verdict(VECTOR.epoch - 299),
		past301: verdict(VECTOR.epoch + 301),
		future301: verdict(VECTOR.epoch - 301),
		aroundDst: instants.map((epoch) => {
			const result = verifyPush(
				readSignatureHeaders(signedHeaders({ epoch })),
				{ ...options, replayWindowSeconds: 1 },
				epoch,
			);
			return result.ok ? result.xDateEpoch - epoch : result.reason;
		}),
	}),
);
