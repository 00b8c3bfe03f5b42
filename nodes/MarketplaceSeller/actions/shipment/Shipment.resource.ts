import type { INodeProperties } from 'n8n-workflow';

import * as cancel from './cancel.operation';
import * as dispatch from './dispatch.operation';
import * as downloadInvoices from './downloadInvoices.operation';
import * as downloadLabelOnly from './downloadLabelOnly.operation';
import * as downloadLabels from './downloadLabels.operation';
import * as generateLabels from './generateLabels.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getDetails from './getDetails.operation';
import * as getForms from './getForms.operation';
import * as updateFormAck from './updateFormAck.operation';
import * as downloadManifest from './downloadManifest.operation';
import * as getHandoverCounts from './getHandoverCounts.operation';
import * as getReturnsOtc from './getReturnsOtc.operation';
import * as markDelivered from './markDelivered.operation';
import * as recordDeliveryAttempt from './recordDeliveryAttempt.operation';
import * as selfShipDispatch from './selfShipDispatch.operation';
import * as updateTracking from './updateTracking.operation';

export {
	cancel,
	dispatch,
	downloadInvoices,
	downloadLabelOnly,
	downloadLabels,
	generateLabels,
	get,
	getAll,
	getDetails,
	getForms,
	updateFormAck,
	downloadManifest,
	getHandoverCounts,
	getReturnsOtc,
	markDelivered,
	recordDeliveryAttempt,
	selfShipDispatch,
	updateTracking,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shipment'] } },
		options: [
			{
				name: 'Cancel',
				value: 'cancel',
				description: 'Cancel shipments that are not packed yet',
				action: 'Cancel shipments',
			},
			{
				name: 'Download Invoices',
				value: 'downloadInvoices',
				description: 'Download the invoices of shipments as a PDF or as data',
				action: 'Download shipment invoices',
			},
			{
				name: 'Download Label Only',
				value: 'downloadLabelOnly',
				description: 'Download only the shipping labels, e.g. to reprint them',
				action: 'Download shipment labels only',
			},
			{
				name: 'Download Labels',
				value: 'downloadLabels',
				description: 'Download labels with invoices and forms as a PDF',
				action: 'Download shipment labels',
			},
			{
				name: 'Download Manifest',
				value: 'downloadManifest',
				description: 'Download the manifest PDF of a logistics vendor group for the pickup',
				action: 'Download shipment manifest',
			},
			{
				name: 'Generate Labels',
				value: 'generateLabels',
				description:
					'Pack shipments: send invoices, taxes and dimensions and generate their labels',
				action: 'Generate shipment labels',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get shipments by shipment, order item or order IDs',
				action: 'Get shipments',
			},
			{
				name: 'Get Details',
				value: 'getDetails',
				description: 'Get addresses, courier, tracking and dimensions of shipments',
				action: 'Get shipment details',
			},
			{
				name: 'Get Forms',
				value: 'getForms',
				description: 'Get the logistics compliance forms of shipments',
				action: 'Get shipment forms',
			},
			{
				name: 'Get Handover Counts',
				value: 'getHandoverCounts',
				description:
					'Get per logistics vendor group the shipments awaiting pickup, the pickup slot and the one-time code',
				action: 'Get shipment handover counts',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many shipments by type, state, location, SKU and dates',
				action: 'Get many shipments',
			},
			{
				name: 'Get Returns OTC',
				value: 'getReturnsOtc',
				description: 'Get the one-time codes for receiving returns from the logistics vendor',
				action: 'Get returns OTC for shipments',
			},
			{
				name: 'Mark Delivered',
				value: 'markDelivered',
				description: 'Mark shipped self-ship shipments delivered to the buyer',
				action: 'Mark self ship shipments delivered',
			},
			{
				name: 'Mark Ready to Dispatch',
				value: 'dispatch',
				description: 'Hand packed shipments over to logistics',
				action: 'Mark shipments ready to dispatch',
			},
			{
				name: 'Record Delivery Attempt',
				value: 'recordDeliveryAttempt',
				description:
					'Record a failed delivery attempt of self-ship shipments and the new delivery date',
				action: 'Record self ship shipment delivery attempt',
			},
			{
				name: 'Self-Ship Dispatch',
				value: 'selfShipDispatch',
				description: 'Mark self-ship shipments shipped, with invoice and tracking',
				action: 'Dispatch self ship shipments',
			},
			{
				name: 'Update Form Acknowledgement',
				value: 'updateFormAck',
				description: 'Unblock shipments stuck on form generation with acknowledgement numbers',
				action: 'Update shipment form acknowledgement',
			},
			{
				name: 'Update Tracking',
				value: 'updateTracking',
				description: 'Change the tracking ID of a self-ship shipment',
				action: 'Update self ship shipment tracking',
			},
		],
		default: 'getAll',
	},
	...cancel.description,
	...dispatch.description,
	...downloadInvoices.description,
	...downloadLabelOnly.description,
	...downloadLabels.description,
	...generateLabels.description,
	...get.description,
	...getAll.description,
	...getDetails.description,
	...getForms.description,
	...updateFormAck.description,
	...downloadManifest.description,
	...getHandoverCounts.description,
	...getReturnsOtc.description,
	...markDelivered.description,
	...recordDeliveryAttempt.description,
	...selfShipDispatch.description,
	...updateTracking.description,
];
