/**
 * What a successful JSON call must have answered. A gateway's HTML page, a truncated body or an
 * empty object under HTTP 200 is not "nothing found": an operation that read its list from it
 * would report no shipments, or "no shipment found" for shipments that exist. Such an answer is
 * an error naming the status and the first characters of the body.
 */
import type { IDataObject } from 'n8n-workflow';

import type { AnswerFailure } from './failure';

const EXCERPT_LENGTH = 120;

function excerptOf(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}...` : flat;
}

function textOf(body: unknown): string {
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	if (body instanceof ArrayBuffer) return Buffer.from(body).toString('utf8');
	return typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
}

/** What an operation reads from an answer: a field holding a list, an object, or any value. */
export type AnswerShape = Record<string, 'list' | 'object' | 'value'>;

function fits(value: unknown, kind: AnswerShape[string]): boolean {
	if (kind === 'list') return Array.isArray(value);
	if (kind === 'object')
		return value !== null && typeof value === 'object' && !Array.isArray(value);
	return value !== undefined && value !== null;
}

function describe(expect: AnswerShape): string {
	return Object.entries(expect)
		.map(([field, kind]) =>
			kind === 'list' ? `${field} list` : kind === 'object' ? `${field} object` : field,
		)
		.join(' or ');
}

/**
 * The JSON object of a successful answer, or what is wrong with it. An empty body is an empty
 * object (some calls answer nothing); `expect` names the fields of which the operation needs at
 * least one (its list, or its map of results).
 */
export function readJsonAnswer(
	body: unknown,
	status: number,
	expect: AnswerShape | undefined,
): { answer: IDataObject } | { failure: AnswerFailure } {
	let value: unknown = body;
	if (body === undefined || body === null) value = {};
	else if (typeof body === 'string' || Buffer.isBuffer(body) || body instanceof ArrayBuffer) {
		const text = textOf(body).trim();
		if (text === '') value = {};
		else {
			try {
				value = JSON.parse(text);
			} catch {
				return {
					failure: { kind: 'answer', status, problem: 'is not JSON', excerpt: excerptOf(text) },
				};
			}
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		return {
			failure: {
				kind: 'answer',
				status,
				problem: 'is not a JSON object',
				excerpt: excerptOf(textOf(body)),
			},
		};
	}
	const answer = value as IDataObject;
	if (
		expect !== undefined &&
		!Object.entries(expect).some(([field, kind]) => fits(answer[field], kind))
	) {
		return {
			failure: {
				kind: 'answer',
				status,
				problem: `has no ${describe(expect)}`,
				excerpt: excerptOf(textOf(answer)),
			},
		};
	}
	return { answer };
}
