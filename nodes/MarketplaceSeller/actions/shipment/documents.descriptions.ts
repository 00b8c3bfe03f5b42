import type { INodeProperties } from 'n8n-workflow';

/** How PDF downloads map to output items. */
export const outputModeProperty: INodeProperties = {
	displayName: 'Output',
	name: 'outputMode',
	type: 'options',
	options: [
		{
			name: 'One File per Request',
			value: 'perBatch',
			description:
				'All shipments of all items in as few PDFs as the marketplace allows (fewest calls)',
		},
		{
			name: 'One File per Input Item',
			value: 'perItem',
			description: 'A separate PDF for the shipments of each input item (one call per item)',
		},
	],
	default: 'perBatch',
	description: 'How the PDF files map to output items',
};
