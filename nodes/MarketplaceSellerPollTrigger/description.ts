/** The parameters of the poll trigger, and reading them into poll settings. */
import {
	NodeOperationError,
	type IDataObject,
	type INodeProperties,
	type IPollFunctions,
} from 'n8n-workflow';

import { authenticationProperty } from '../shared/authentication';
import { MARKETPLACE } from '../shared/profile';
import {
	CANCELLATION_TYPE_OPTIONS,
	DISPATCH_SERVICE_TIER_OPTIONS,
	DISPATCH_SERVICE_TIERS_FILTER,
	optionValues,
	SERVICE_PROFILE_OPTIONS,
	RETURN_SOURCE_OPTIONS,
	SERVICE_PROFILES_FILTER,
	SHIPMENT_TYPE_OPTIONS,
	SHIPMENT_TYPES_FILTER,
} from '../shared/shipmentFilterOptions';
import { CALLS_PER_HOUR_LIMIT } from './budget';
import { DEFAULT_LEAD_MINUTES, type DeadlineSettings } from './deadlines/search';
import { ALL_EVENTS, DEADLINE_EVENTS, EVENT, eventFilter, POLL_EVENT_KINDS } from './pollEvents';
import { CANCELLATION_TYPES, planStreams, RETURN_SOURCES, type PollFilters } from './plan';
import type { PollSettings } from './poller';

export const DEFAULTS = {
	overlapSeconds: 120,
	maxRemembered: 10_000,
	leadTimeMinutes: DEFAULT_LEAD_MINUTES,
} as const;

const LIMITS = {
	leadTimeMinutes: { min: 1, max: 7 * 24 * 60 },
	overlapSeconds: { min: 0, max: 3600 },
	maxRemembered: { min: 100, max: 100_000 },
} as const;

const DEFAULT_OVERLAP = DEFAULTS.overlapSeconds;
const DEFAULT_MAX_REMEMBERED = DEFAULTS.maxRemembered;
const DEFAULT_LEAD_TIME = DEFAULTS.leadTimeMinutes;

const eventOptions = [
	{
		name: 'All',
		value: ALL_EVENTS,
		description:
			'Every change, including states this node has no name for (not the Deadlines alerts: choose those by name)',
	},
	...POLL_EVENT_KINDS.map((kind) => ({
		name: kind.displayName,
		value: kind.eventType,
		description: `${kind.description} (${kind.eventType})`,
	})),
].sort((a, b) => a.name.localeCompare(b.name));

const limit = CALLS_PER_HOUR_LIMIT.toLocaleString('en-US');

export const properties: INodeProperties[] = [
	{
		displayName:
			`Polls the ${MARKETPLACE.displayName} on the schedule below and reports each change once, for sellers who cannot receive push ` +
			'notifications (those need a support ticket, a public HTTPS URL and a certificate; where you have them, the push trigger is ' +
			'faster and costs no calls). Cost: each poll reads each list the chosen events need once (pre-dispatch, post-dispatch, ' +
			'cancelled by seller, buyer and marketplace, customer and courier returns: at most 7), plus one call per 20 changed shipments (a window of more than 25 returns is read twice). ' +
			`Calls per hour = polls per hour x lists, against the ${limit} calls an hour the marketplace is believed to allow per seller ` +
			'(inferred, shared by all workflows of the seller): every minute, Shipment Created only: 60; every minute, all events: 420; ' +
			'every 5 minutes: 12 and 84; every 15 minutes: 4 and 28. The exact figure for your schedule is written to the n8n log when ' +
			'the workflow is published and to every item (poll.callsPerHour).',
		name: 'costNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			'Deadlines (Shipment Dispatch Due Soon, Shipment Dispatch Overdue): each poll makes one more search, of the shipments not yet ' +
			'Ready to Dispatch whose dispatch-by date is at most the lead time away or has passed, earliest first: one call per 20 such ' +
			'shipments (every item says how many: poll.deadlineCalls). The first poll reports what is already due. Self-ship shipments ' +
			'are watched for their dispatch-by date; their delivery and the approve, reject and pickup steps of returns are not: the ' +
			'API documents no due date for them.',
		name: 'deadlinesNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { events: DEADLINE_EVENTS as string[] } },
	},
	authenticationProperty,
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		options: eventOptions,
		default: [EVENT.shipmentCreated],
		required: true,
		description:
			'The changes that start the workflow. Each change of a shipment or return is reported once.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Cancellation Types',
				name: 'cancellationTypes',
				type: 'multiOptions',
				options: CANCELLATION_TYPE_OPTIONS,
				default: [],
				description:
					'Cancellations to watch; each is one list (one call per poll). None selected means all three.',
			},
			DISPATCH_SERVICE_TIERS_FILTER,
			{
				displayName: 'Lead Time (Minutes)',
				name: 'leadTimeMinutes',
				type: 'number',
				typeOptions: {
					minValue: LIMITS.leadTimeMinutes.min,
					maxValue: LIMITS.leadTimeMinutes.max,
				},
				default: DEFAULT_LEAD_TIME,
				description:
					'Deadlines: how long before its dispatch-by date a shipment not yet Ready to Dispatch is reported as due soon (default 4 hours)',
			},
			{
				displayName: 'Location ID',
				name: 'locationId',
				type: 'string',
				default: '',
				description: 'Only shipments and returns of this seller location',
			},
			{
				displayName: 'Maximum Remembered Shipments and Returns',
				name: 'maxRemembered',
				type: 'number',
				typeOptions: { minValue: LIMITS.maxRemembered.min, maxValue: LIMITS.maxRemembered.max },
				default: DEFAULT_MAX_REMEMBERED,
				description:
					'How many shipments and returns the node remembers with their last state and its time (about 24 bytes each in the workflow static data, which keeps at most 1 MiB of them: about 45,000). Keep it above the number of open orders and recent returns: a forgotten one that changes again is reported as first seen.',
			},
			{
				displayName: 'Overlap (Seconds)',
				name: 'overlapSeconds',
				type: 'number',
				typeOptions: { minValue: LIMITS.overlapSeconds.min, maxValue: LIMITS.overlapSeconds.max },
				default: DEFAULT_OVERLAP,
				description:
					'How far each poll reaches back into the previous window, for a difference between the n8n and marketplace clocks and for changes that show up late. Changes read twice are reported once.',
			},
			{
				displayName: 'Return Sources',
				name: 'returnSources',
				type: 'multiOptions',
				options: RETURN_SOURCE_OPTIONS,
				default: [],
				description:
					'Returns to watch; each is one list (one call per poll). None selected means both.',
			},
			{
				displayName: 'Seller ID',
				name: 'sellerId',
				type: 'string',
				default: '',
				description:
					"For partners: the seller whose shipments to watch, when the token may act for several. Also put in the items' sellerId.",
			},
			SERVICE_PROFILES_FILTER,
			SHIPMENT_TYPES_FILTER,
			{
				displayName: 'Since',
				name: 'since',
				type: 'dateTime',
				default: '',
				description:
					'On first publication, also report the changes since this time. Empty: start when the workflow is published, reaching back by the Overlap so that nothing changed while n8n activates it is missed. Has no effect once the node has polled.',
			},
		],
	},
];

interface PollOptions extends PollFilters {
	leadTimeMinutes?: number;
	overlapSeconds?: number;
	maxRemembered?: number;
	since?: string;
}

function list(value: unknown, allowed: readonly string[]): string[] | undefined {
	if (!Array.isArray(value) || value.length === 0) return undefined;
	return value.filter((v): v is string => typeof v === 'string' && allowed.includes(v));
}

export interface NodeSettings extends PollSettings {
	filters: PollFilters;
	/** The Deadlines watch's lead time, when it runs. */
	leadMinutes?: number;
	sellerId: string | null;
}

/** Parameters to settings; bad input is refused before anything is sent. */
export function readSettings(context: IPollFunctions): NodeSettings {
	const events = context.getNodeParameter('events', [EVENT.shipmentCreated]) as string[];
	const options = context.getNodeParameter('options', {}) as PollOptions & IDataObject;
	if (!Array.isArray(events) || events.length === 0) {
		throw new NodeOperationError(context.getNode(), 'Choose at least one event', {
			description: 'Events decides which changes start the workflow.',
		});
	}
	let sinceMs: number | undefined;
	if (typeof options.since === 'string' && options.since.trim() !== '') {
		sinceMs = Date.parse(options.since);
		if (Number.isNaN(sinceMs)) {
			throw new NodeOperationError(context.getNode(), `Since is not a date: ${options.since}`, {
				description: 'Pick a date and time, or leave Since empty.',
			});
		}
	}
	const filters: PollFilters = {
		locationId:
			typeof options.locationId === 'string' && options.locationId.trim() !== ''
				? options.locationId.trim()
				: undefined,
		sellerId:
			typeof options.sellerId === 'string' && options.sellerId.trim() !== ''
				? options.sellerId.trim()
				: undefined,
		shipmentTypes: list(options.shipmentTypes, optionValues(SHIPMENT_TYPE_OPTIONS)),
		serviceProfiles: list(options.serviceProfiles, optionValues(SERVICE_PROFILE_OPTIONS)),
		dispatchServiceTiers: list(
			options.dispatchServiceTiers,
			optionValues(DISPATCH_SERVICE_TIER_OPTIONS),
		),
		cancellationTypes: list(options.cancellationTypes, CANCELLATION_TYPES),
		returnSources: list(options.returnSources, RETURN_SOURCES),
	};
	const leadMinutes = Number(options.leadTimeMinutes ?? DEFAULTS.leadTimeMinutes);
	if (
		!Number.isFinite(leadMinutes) ||
		leadMinutes < LIMITS.leadTimeMinutes.min ||
		leadMinutes > LIMITS.leadTimeMinutes.max
	) {
		throw new NodeOperationError(
			context.getNode(),
			`Lead Time (Minutes) must be a number from ${LIMITS.leadTimeMinutes.min} to ${LIMITS.leadTimeMinutes.max}: ${String(options.leadTimeMinutes)}`,
			{ description: 'Set how many minutes before the dispatch-by date a shipment is due soon.' },
		);
	}
	const chosenDeadlines = events.filter((event) => DEADLINE_EVENTS.includes(event));
	const deadlines: DeadlineSettings | undefined =
		chosenDeadlines.length > 0
			? {
					leadMs: Math.round(leadMinutes * 60_000),
					wanted: (eventType) => chosenDeadlines.includes(eventType),
				}
			: undefined;
	const overlapSeconds = Number(options.overlapSeconds ?? DEFAULTS.overlapSeconds);
	const maxRemembered = Number(options.maxRemembered ?? DEFAULTS.maxRemembered);
	return {
		streams: planStreams(events, filters),
		overlapMs:
			Math.min(
				LIMITS.overlapSeconds.max,
				Math.max(
					LIMITS.overlapSeconds.min,
					Number.isFinite(overlapSeconds) ? overlapSeconds : DEFAULTS.overlapSeconds,
				),
			) * 1000,
		sinceMs,
		wanted: eventFilter(events),
		maxRemembered: Math.min(
			LIMITS.maxRemembered.max,
			Math.max(
				LIMITS.maxRemembered.min,
				Number.isFinite(maxRemembered) ? maxRemembered : DEFAULTS.maxRemembered,
			),
		),
		filters,
		sellerId: filters.sellerId ?? null,
		...(deadlines !== undefined ? { deadlines, leadMinutes } : {}),
	};
}
