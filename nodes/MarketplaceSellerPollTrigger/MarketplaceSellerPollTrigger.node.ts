import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
	type NodeConnectionType,
} from 'n8n-workflow';

import { credentialsByAuthentication } from '../shared/authentication';
import { eventsSubtitle } from '../shared/eventsSubtitle';
import { MARKETPLACE } from '../shared/profile';
import { callBudget, describeBudget } from './budget';
import { toDeadlineItem } from './deadlines/item';
import { DeadlineMemory } from './deadlines/memory';
import { readDeadlines, type DeadlineAlert } from './deadlines/watch';
import { properties, readSettings } from './description';
import { toItem } from './envelope';
import { ALL_EVENTS, POLL_EVENT_KINDS } from './pollEvents';
import { latestChanges, pollOnce, type FoundChange, type PollOutcome } from './poller';
import { redactedPoll } from './redactedPoll';
import { isRateLimited, transportSource } from './source';
import { staticDataStore } from './state';
import { oneTickAtATime, readDeadline } from './tick';

const NODE_DISPLAY_NAME = `${MARKETPLACE.displayName} Seller Poll Trigger`;

// n8n's two rule sets disagree on how to spell a single main output; see the push trigger.
const OUTPUTS: NodeConnectionType[] = [NodeConnectionTypes.Main];

/** A manual run ("Fetch Test Event") looks this far back, unless Since is set, and shows this many. */
const MANUAL_LOOKBACK_MS = 7 * 24 * 3600_000;
const MANUAL_LIMIT = 10;

function report(context: IPollFunctions, outcome: PollOutcome, budgetText: string): void {
	if (outcome.started.length > 0) {
		context.logger.info(
			`${NODE_DISPLAY_NAME}: started watching ${outcome.started.join(', ')}: ${budgetText}`,
		);
	}
	if (outcome.skipped) {
		context.logger.info(
			`${NODE_DISPLAY_NAME}: skipped this poll; the marketplace answered 429 before, next calls after ${new Date(outcome.backoffUntil ?? 0).toISOString()}`,
		);
		return;
	}
	if (outcome.stoppedEarly.length > 0) {
		context.logger.info(
			`${NODE_DISPLAY_NAME}: stopped reading ${outcome.stoppedEarly.join(', ')} before the next poll is due; the next poll resumes where this one stopped`,
		);
	}
	if (outcome.unsettled.length > 0) {
		context.logger.info(
			`${NODE_DISPLAY_NAME}: ${outcome.unsettled.join(', ')} changed while being read (two reads differed); the changes of both reads are reported and the next poll reads the same window again`,
		);
	}
	for (const failure of outcome.failures) {
		const message = (failure.error as Error)?.message ?? String(failure.error);
		if (failure.rateLimited) {
			context.logger.warn(
				`${NODE_DISPLAY_NAME}: the marketplace answered 429 (too many requests) while reading ${failure.stream.label}. ` +
					`The changes read so far are reported; the next polls wait until ${new Date(outcome.backoffUntil ?? 0).toISOString()} and resume where this one stopped. ` +
					`If this repeats, poll less often: ${budgetText}.`,
			);
		} else {
			context.logger.warn(
				`${NODE_DISPLAY_NAME}: reading ${failure.stream.label} failed: ${message}`,
			);
		}
	}
}

export class MarketplaceSellerPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: NODE_DISPLAY_NAME,
		name: 'marketplaceSellerPollTrigger',
		icon: {
			light: 'file:marketplaceSellerPollTrigger.svg',
			dark: 'file:marketplaceSellerPollTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: eventsSubtitle(POLL_EVENT_KINDS, ALL_EVENTS),
		description: `Starts the workflow on new orders, shipment changes, returns and dispatch deadlines, found by polling the ${MARKETPLACE.displayName}`,
		defaults: {
			name: NODE_DISPLAY_NAME,
		},
		polling: true,
		inputs: [],
		outputs: OUTPUTS,
		credentials: credentialsByAuthentication,
		properties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await redactedPoll(this, MarketplaceSellerPollTrigger.pollChanges);
	}

	/** One poll's work; poll() runs it inside the redaction of its items, errors and logs. */
	static async pollChanges(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings(this);
		const source = transportSource(this, settings.filters);
		// The Deadlines watch is one more search per poll.
		const lists = settings.streams.length + (settings.deadlines !== undefined ? 1 : 0);
		const budget = callBudget(this.getNodeParameter('pollTimes', {}), lists);
		const toItems = (
			found: FoundChange[],
			mode: 'poll' | 'manual',
			now: number,
		): INodeExecutionData[] =>
			found.map(({ change, window }) => ({
				json: toItem(change, {
					sellerId: settings.sellerId,
					detectedAt: now,
					mode,
					window,
					callsPerHour: budget.callsPerHour,
				}),
			}));
		const alertItems = (
			alerts: DeadlineAlert[],
			mode: 'poll' | 'manual',
			now: number,
			deadlineCalls: number,
		): INodeExecutionData[] =>
			alerts.map((alert) => ({
				json: toDeadlineItem(alert, {
					sellerId: settings.sellerId,
					detectedAt: now,
					mode,
					leadMinutes: settings.leadMinutes ?? 0,
					deadlineCalls,
					callsPerHour: budget.callsPerHour,
				}),
			}));

		if (this.getMode() === 'manual') {
			// Shows what the workflow would get, without recording anything.
			const now = Date.now();
			const found = await latestChanges(settings, source, now, MANUAL_LOOKBACK_MS, MANUAL_LIMIT);
			const items = toItems(found, 'manual', now);
			if (settings.deadlines !== undefined) {
				// The earliest deadlines, as a first poll would report them (first page only).
				const { leadMs, wanted } = settings.deadlines;
				const pages = source.deadlinePages(now, leadMs)[Symbol.asyncIterator]();
				const first = await pages.next();
				await pages.return?.(undefined);
				const page = first.done === true ? [] : first.value;
				const read = await readDeadlines([page], new DeadlineMemory(), now, leadMs);
				const alerts = read.alerts.filter((alert) => wanted(alert.eventType));
				items.push(...alertItems(alerts.slice(0, MANUAL_LIMIT), 'manual', now, 1));
			}
			return items.length > 0 ? [items] : null;
		}

		const tick = await oneTickAtATime(
			this,
			async () =>
				await pollOnce(settings, {
					now: () => Date.now(),
					source,
					store: staticDataStore(this.getWorkflowStaticData('node')),
					isRateLimited,
					readUntil: readDeadline(this, Date.now()),
				}),
		);
		if (!tick.ran) {
			this.logger.info(
				`${NODE_DISPLAY_NAME}: the previous poll of this trigger is still running; this tick reads nothing, the next one resumes from the saved watermark`,
			);
			return null;
		}
		const outcome = tick.value;
		report(this, outcome, describeBudget(budget));
		if (outcome.changes.length === 0 && outcome.alerts.length === 0) {
			// Nothing to report but an error that is not a 429: let n8n show it (a failed poll).
			const failure = outcome.failures.find((f) => !f.rateLimited);
			if (failure !== undefined) throw failure.error;
			return null;
		}
		return [
			[
				...toItems(outcome.changes, 'poll', outcome.now),
				...alertItems(outcome.alerts, 'poll', outcome.now, outcome.deadlineCalls),
			],
		];
	}
}
