/** The address and dating label parameters of the listing operations (standard and hyperlocal). */
import type { INodeProperties } from 'n8n-workflow';

/**
 * The address and dating labels: objects in the official model, never texts (docs/marketplace-api/listings.md#address-and-dating-labels;
 * docs/api-choices.md#address-and-dating-labels).
 */
export const labelFieldOptions: INodeProperties[] = [
	{
		displayName: 'Address Label',
		name: 'addressLabel',
		type: 'collection',
		placeholder: 'Add Address Label Field',
		default: {},
		description:
			"Who made, imported and packed the product, and where it comes from (the listing's address_label)",
		options: [
			{
				displayName: 'Countries of Origin',
				name: 'countriesOfOrigin',
				type: 'string',
				default: '',
				placeholder: 'e.g. IN',
				description: 'Comma-separated',
			},
			{
				displayName: 'Importer Details',
				name: 'importerDetails',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'One importer name and address per line',
			},
			{
				displayName: 'Manufacturer Details',
				name: 'manufacturerDetails',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'One manufacturer name and address per line',
			},
			{
				displayName: 'Packer Details',
				name: 'packerDetails',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'One packer name and address per line',
			},
		],
	},
	{
		displayName: 'Dating Label',
		name: 'datingLabel',
		type: 'collection',
		placeholder: 'Add Dating Label Field',
		default: {},
		description:
			"Manufacturing date, shelf life and expiry date (the listing's dating_label); whole numbers, as the marketplace's documentation for the category prescribes",
		options: [
			{
				displayName: 'Expiry Date',
				name: 'expiryDate',
				type: 'number',
				default: null,
				placeholder: 'e.g. 1767225600000',
				description: 'Whole number (expiry_date)',
			},
			{
				displayName: 'Manufacturing Date',
				name: 'mfgDate',
				type: 'number',
				default: null,
				placeholder: 'e.g. 1735689600000',
				description: 'Whole number (mfg_date)',
			},
			{
				displayName: 'Shelf Life',
				name: 'shelfLife',
				type: 'number',
				default: null,
				placeholder: 'e.g. 365',
				description: 'Whole number (shelf_life)',
			},
		],
	},
];
