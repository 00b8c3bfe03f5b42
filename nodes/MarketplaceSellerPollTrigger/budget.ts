/**
 * What a poll schedule costs against the marketplace's rate limit: 1,000 calls per rolling hour
 * per seller (docs/marketplace-api/rate-limits.md#calls-per-hour, INFERRED from a third-party quote). Each poll reads every stream at
 * least once; each further 20 changed shipments (25 returns) cost one more page, and a window of
 * more than one page of returns is read twice (docs/marketplace-seller-poll-trigger.md#exactly-once).
 */
import type { IDataObject } from 'n8n-workflow';

export const CALLS_PER_HOUR_LIMIT = 1000;

/** Values a cron field matches in `size` slots from `first`: a star, a step, a range, a list. */
function fieldSlots(field: string, first: number, size: number): Set<number> {
	const slots = new Set<number>();
	const every = () => new Set(Array.from({ length: size }, (_, i) => first + i));
	for (const part of field.split(',')) {
		const [range, stepText] = part.split('/');
		const step = stepText === undefined ? 1 : Math.max(1, Number(stepText) || 1);
		let low = first;
		let high = first + size - 1;
		if (range !== '*' && range !== '?') {
			const [a, b] = range.split('-').map(Number);
			if (!Number.isFinite(a)) return every();
			low = a;
			high = b === undefined || !Number.isFinite(b) ? (stepText === undefined ? a : high) : b;
		}
		for (let value = low; value <= high; value += step) slots.add(value);
	}
	return slots.size > 0 ? slots : every();
}

function fieldCount(field: string, first: number, size: number): number {
	return fieldSlots(field, first, size).size;
}

/** Polls per hour of a cron expression (5 or 6 fields), averaged over a day; days are ignored. */
export function cronPollsPerHour(expression: string): number {
	const fields = expression.trim().split(/\s+/);
	const [seconds, minutes, hours] = fields.length === 6 ? fields : ['0', ...fields];
	if (minutes === undefined || hours === undefined) return 0;
	return (fieldCount(seconds, 0, 60) * fieldCount(minutes, 0, 60) * fieldCount(hours, 0, 24)) / 24;
}

/** Polls per hour of one Poll Times entry (n8n's modes), at most: days and weeks averaged. */
export function pollsPerHourOf(entry: IDataObject): number {
	const value = Number(entry.value) || 1;
	switch (entry.mode) {
		case 'everyMinute':
			return 60;
		case 'everyHour':
			return 1;
		case 'everyX':
			return entry.unit === 'hours' ? 1 / value : 60 / value;
		case 'everyDay':
			return 1 / 24;
		case 'everyWeek':
			return 1 / (24 * 7);
		case 'everyMonth':
			return 1 / (24 * 30);
		case 'custom':
			return typeof entry.cronExpression === 'string' ? cronPollsPerHour(entry.cronExpression) : 0;
		default:
			return 0;
	}
}

const MINUTE_MS = 60_000;

/**
 * The shortest time between two ticks of a cron expression, over one day (days only make gaps
 * longer): the gaps between the minutes of the day it fires at, the last to the next day's first.
 */
export function cronShortestGapMs(expression: string): number {
	const fields = expression.trim().split(/\s+/);
	const [, minutes, hours] = fields.length === 6 ? fields : ['0', ...fields];
	if (minutes === undefined || hours === undefined) return MINUTE_MS;
	const times: number[] = [];
	for (const hour of fieldSlots(hours, 0, 24))
		for (const minute of fieldSlots(minutes, 0, 60)) times.push(hour * 60 + minute);
	times.sort((a, b) => a - b);
	if (times.length === 0) return MINUTE_MS;
	let gap = times[0] + 24 * 60 - times[times.length - 1];
	for (let i = 1; i < times.length; i += 1) gap = Math.min(gap, times[i] - times[i - 1]);
	return Math.max(1, gap) * MINUTE_MS;
}

/**
 * The shortest time between two ticks of Poll Times (n8n allows no less than a minute). Several
 * entries may fire close together: then a minute.
 */
export function shortestIntervalMs(pollTimes: unknown): number {
	const items = (pollTimes as { item?: IDataObject[] } | undefined)?.item ?? [];
	if (items.length !== 1) return MINUTE_MS;
	const entry = items[0];
	const value = Math.max(1, Number(entry.value) || 1);
	switch (entry.mode) {
		case 'everyHour':
			return 60 * MINUTE_MS;
		case 'everyX':
			return (entry.unit === 'hours' ? 60 : 1) * value * MINUTE_MS;
		case 'everyDay':
			return 24 * 60 * MINUTE_MS;
		case 'everyWeek':
			return 7 * 24 * 60 * MINUTE_MS;
		case 'everyMonth':
			return 28 * 24 * 60 * MINUTE_MS;
		case 'custom':
			return typeof entry.cronExpression === 'string'
				? cronShortestGapMs(entry.cronExpression)
				: MINUTE_MS;
		default:
			return MINUTE_MS;
	}
}

export function pollsPerHour(pollTimes: unknown): number {
	const items = (pollTimes as { item?: IDataObject[] } | undefined)?.item ?? [];
	return items.reduce((sum, entry) => sum + pollsPerHourOf(entry), 0);
}

export interface CallBudget {
	pollsPerHour: number;
	/** Calls one poll makes when nothing changed: one per stream. */
	callsPerPoll: number;
	/** The least calls an hour the schedule implies. */
	callsPerHour: number;
	/** callsPerHour as a share of the limit, in percent. */
	percentOfLimit: number;
}

export function callBudget(pollTimes: unknown, streams: number): CallBudget {
	const polls = pollsPerHour(pollTimes);
	const calls = Math.ceil(polls * streams);
	return {
		pollsPerHour: polls,
		callsPerPoll: streams,
		callsPerHour: calls,
		percentOfLimit: Math.round((calls / CALLS_PER_HOUR_LIMIT) * 100),
	};
}

export function describeBudget(budget: CallBudget): string {
	const polls = Number.isInteger(budget.pollsPerHour)
		? String(budget.pollsPerHour)
		: budget.pollsPerHour.toFixed(2);
	return (
		`${polls} polls an hour x ${budget.callsPerPoll} list(s) = at least ${budget.callsPerHour} calls an hour ` +
		`(${budget.percentOfLimit} % of the ${CALLS_PER_HOUR_LIMIT.toLocaleString('en-US')} calls an hour the marketplace is believed to allow per seller), ` +
		'plus one call per 20 changed shipments or 25 changed returns (a window of more than 25 returns is read twice)'
	);
}
