/**
 * Handover counts as the marketplace may spell them (docs/marketplace-api/handover.md#handover-counts):
 * a top-level array (the official model) or a `{"resultManifestDetails":[…]}` wrapper, with the
 * pickup slot as `pickUpDate{from,to}` or `{after,before}`. Read into one shape.
 */
import {
	NodeApiError,
	type IDataObject,
	type IExecuteFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { redactSecrets } from '../../../shared/redact';
import { apiBinaryRequest, knownSecrets, type MarketplaceContext } from '../../../shared/transport';
import { PATHS } from '../../../shared/profile';

export interface VendorGroup {
	vendorGroupCode: string;
	count: number;
	isMps: boolean;
	/** The slot exactly as the marketplace wrote it, for the manifest request. */
	pickupSlot: { from: string; to: string } | null;
	otc: string | null;
	otcStatus: string;
}

export const OTC_NOT_GENERATED = 'OTC not generated yet, run again later';

function groupsOf(answer: unknown): IDataObject[] | undefined {
	if (Array.isArray(answer)) return answer as IDataObject[];
	if (answer !== null && typeof answer === 'object') {
		const wrapped = (answer as IDataObject).resultManifestDetails;
		if (Array.isArray(wrapped)) return wrapped as IDataObject[];
	}
	return undefined;
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

function readGroup(raw: IDataObject): VendorGroup {
	const slot = (raw.pickUpDate ?? raw.pickupDate ?? {}) as IDataObject;
	const from = text(slot.from) ?? text(slot.after);
	const to = text(slot.to) ?? text(slot.before);
	const otc = (raw.otc ?? {}) as IDataObject;
	const code = text(otc.code) ?? null;
	const errorCode = text(otc.error_code) ?? text(otc.errorCode);
	return {
		vendorGroupCode: String(raw.vendorGroupCode ?? ''),
		count: Number(raw.count ?? 0),
		isMps: raw.isMps === true || raw.is_mps === true,
		pickupSlot: from && to ? { from, to } : null,
		otc: code,
		otcStatus: code ? 'AVAILABLE' : (errorCode ?? 'OTC_UNAVAILABLE'),
	};
}

/** The vendor groups awaiting pickup at a location. */
export async function fetchVendorGroups(
	context: MarketplaceContext & Pick<IExecuteFunctions, 'getNode'>,
	locationId: string,
	itemIndex: number,
): Promise<VendorGroup[]> {
	// The answer may be a top-level array, which the JSON reader refuses: read the bytes.
	const response = await apiBinaryRequest(context, {
		method: 'GET',
		path: `${PATHS.shipments}/handover/counts`,
		qs: { locationId },
		family: 'orders',
		operation: 'Get handover counts',
		itemIndex,
	});
	let answer: unknown;
	try {
		answer = JSON.parse(response.body.toString('utf8'));
	} catch {
		answer = undefined;
	}
	const groups = groupsOf(answer);
	if (groups === undefined) {
		throw new NodeApiError(
			context.getNode(),
			{
				body: redactSecrets(response.body.toString('utf8', 0, 200), knownSecrets(context)),
			} as JsonObject,
			{
				message:
					'Get handover counts: the marketplace answered something other than a list of vendor groups',
				description:
					'Try again in a few minutes; if it persists, the marketplace may have changed this call.',
				itemIndex,
			},
		);
	}
	return groups.filter((group) => group && typeof group === 'object').map(readGroup);
}
