import {
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

import { readDate } from '../../helpers/dates';
import { readRequiredText } from '../../helpers/parameters';
import { checkPdfDownload } from '../../helpers/pdf';
import { redactSecrets } from '../../../shared/redact';
import { apiBinaryRequest, knownSecrets } from '../../../shared/transport';
import { apiError } from '../../../shared/transport/errors';
import { PATHS } from '../../../shared/profile';
import { binaryPropertyNameProperty, locationLocator } from '../common.descriptions';
import { fetchVendorGroups } from './handover';

const properties: INodeProperties[] = [
	locationLocator('The seller location whose shipments are handed over'),
	{
		displayName: 'Vendor Group Code',
		name: 'vendorGroupCode',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.vendorGroupCode }}',
		description: 'The logistics vendor group, as Get Handover Counts outputs it',
	},
	{
		displayName: 'Vendor Group Details',
		name: 'groupDetails',
		type: 'options',
		options: [
			{
				name: 'Look Up in Handover Counts',
				value: 'lookUp',
				description:
					'Read the group, its multi-package flag and its pickup slot from the handover counts first (one more request); an unknown group stops before the manifest is asked for',
			},
			{
				name: 'From Fields',
				value: 'fields',
				description: 'Give the multi-package flag and the pickup slot, e.g. from the input item',
			},
		],
		default: 'lookUp',
		description: 'Where the multi-package flag and the pickup slot of the group come from',
	},
	{
		displayName: 'Multi-Package (MPS)',
		name: 'isMps',
		type: 'boolean',
		default: false,
		description: 'Whether the group holds multi-package shipments; these need the pickup slot',
		displayOptions: { show: { groupDetails: ['fields'] } },
	},
	{
		displayName: 'Pickup Slot From',
		name: 'pickupFrom',
		type: 'dateTime',
		default: '',
		placeholder: 'e.g. {{ $json.pickupSlot.from }}',
		description: 'Start of the pickup slot, as Get Handover Counts outputs it; required for MPS',
		displayOptions: { show: { groupDetails: ['fields'] } },
	},
	{
		displayName: 'Pickup Slot To',
		name: 'pickupTo',
		type: 'dateTime',
		default: '',
		placeholder: 'e.g. {{ $json.pickupSlot.to }}',
		description: 'End of the pickup slot, as Get Handover Counts outputs it; required for MPS',
		displayOptions: { show: { groupDetails: ['fields'] } },
	},
	binaryPropertyNameProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['downloadManifest'] } },
	properties,
);

interface ManifestGroup {
	isMps: boolean;
	slot: { from: string; to: string } | null;
}

async function groupDetails(
	context: IExecuteFunctions,
	itemIndex: number,
	locationId: string,
	vendorGroupCode: string,
): Promise<ManifestGroup> {
	const mode = context.getNodeParameter('groupDetails', itemIndex, 'lookUp') as string;
	if (mode === 'lookUp') {
		const groups = await fetchVendorGroups(context, locationId, itemIndex);
		const group = groups.find((entry) => entry.vendorGroupCode === vendorGroupCode);
		if (!group) {
			const known = groups.map((entry) => entry.vendorGroupCode).join(', ') || 'none';
			throw new NodeOperationError(
				context.getNode(),
				`Vendor group "${vendorGroupCode}" has no shipments awaiting pickup at ${locationId}`,
				{
					itemIndex,
					description: `The groups awaiting pickup there are: ${known}. No manifest was asked for: use a Vendor Group Code from Get Handover Counts, after Mark Ready to Dispatch.`,
				},
			);
		}
		return { isMps: group.isMps, slot: group.pickupSlot };
	}
	const isMps = context.getNodeParameter('isMps', itemIndex, false) as boolean;
	const from = readDate(
		context,
		context.getNodeParameter('pickupFrom', itemIndex, ''),
		itemIndex,
		'Pickup Slot From',
	);
	const to = readDate(
		context,
		context.getNodeParameter('pickupTo', itemIndex, ''),
		itemIndex,
		'Pickup Slot To',
	);
	if (isMps && (from === undefined || to === undefined)) {
		throw new NodeOperationError(
			context.getNode(),
			'A multi-package (MPS) manifest needs its pickup slot: Pickup Slot From and Pickup Slot To are empty',
			{
				itemIndex,
				description:
					'Nothing was sent. Copy the slot from Get Handover Counts ({{ $json.pickupSlot.from }} and {{ $json.pickupSlot.to }}), or choose "Look Up in Handover Counts".',
			},
		);
	}
	return { isMps, slot: from !== undefined && to !== undefined ? { from, to } : null };
}

/**
 * The manifest PDF of one vendor group (docs/marketplace-api/handover.md#manifest): the model's
 * field names (`params` object, `is_mps`, `pickupDate{from,to}`), the slot copied as the handover
 * counts gave it, and the PDF checked like a label before it becomes a file.
 */
export async function executeItem(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const locationId = readRequiredText(this, 'locationId', itemIndex, 'Location');
	const vendorGroupCode = readRequiredText(this, 'vendorGroupCode', itemIndex, 'Vendor Group Code');
	const group = await groupDetails(this, itemIndex, locationId, vendorGroupCode);
	const params: IDataObject = { vendorGroupCode, locationId, is_mps: group.isMps };
	if (group.slot) params.pickupDate = { from: group.slot.from, to: group.slot.to };
	const response = await apiBinaryRequest(this, {
		method: 'POST',
		path: `${PATHS.shipments}/manifest`,
		family: 'orders',
		body: { params },
		accept: 'application/pdf',
		// Asking for a manifest changes nothing.
		repeatable: true,
		operation: 'Download manifest',
		itemIndex,
	});
	const check = checkPdfDownload(response.body, response.contentType);
	if (!check.ok) {
		const said = check.text ? redactSecrets(check.text, knownSecrets(this)) : '';
		throw apiError(
			this.getNode(),
			{ vendorGroupCode, reason: check.reason, body: said } as JsonObject,
			{
				message: `Download manifest failed for vendor group ${vendorGroupCode}: ${check.reason}`,
				description:
					"The manifest exists once the group's shipments are Ready to Dispatch; try again in a few minutes." +
					(said ? ` The marketplace said: ${said}` : ''),
				itemIndex,
			},
		);
	}
	const safe = vendorGroupCode.replace(/[^A-Za-z0-9_-]/g, '_');
	const fileName = `manifest-${locationId.replace(/[^A-Za-z0-9_-]/g, '_')}-${safe}.pdf`;
	const binaryPropertyName = this.getNodeParameter(
		'binaryPropertyName',
		itemIndex,
		'data',
	) as string;
	const binary = await this.helpers.prepareBinaryData(response.body, fileName, 'application/pdf');
	return [
		{
			json: {
				vendorGroupCode,
				locationId,
				isMps: group.isMps,
				pickupSlot: group.slot,
				fileName,
				fileSize: response.body.length,
			},
			binary: { [binaryPropertyName]: binary },
		},
	];
}
