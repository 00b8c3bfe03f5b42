/**
 * Reading parameter values the same way everywhere: lists of IDs (shipment, order item, order
 * IDs, SKUs), required texts, comma lists, JSON objects and the Return All / Limit pair.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { isDotSegment } from '../../shared/validators';

/** The parts of a comma-separated text, trimmed, without blanks. */
export function splitList(value: unknown): string[] {
	return String(value ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
}

/**
 * Accepts a comma-separated text or an array (from an expression) and returns the IDs in order,
 * without blanks or duplicates. An empty list is bad input.
 */
export function readIdList(
	context: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	label: string,
): string[] {
	const raw = context.getNodeParameter(parameter, itemIndex, '') as unknown;
	const values = Array.isArray(raw)
		? raw
		: typeof raw === 'number'
			? [String(raw)]
			: String(raw ?? '').split(',');
	const ids: string[] = [];
	for (const value of values) {
		const id = String(value ?? '').trim();
		if (id === '') continue;
		if (isDotSegment(id)) {
			throw new NodeOperationError(context.getNode(), `${label} "${id}" is not valid`, {
				itemIndex,
				description: `"." and ".." would change the address of the request. Nothing was sent: give the ${label} itself.`,
			});
		}
		if (/\s/.test(id)) {
			throw new NodeOperationError(context.getNode(), `${label} "${id}" contains a space`, {
				itemIndex,
				description: `Separate several ${label}s with commas.`,
			});
		}
		if (!ids.includes(id)) ids.push(id);
	}
	if (ids.length === 0) {
		throw new NodeOperationError(context.getNode(), `No ${label} given`, {
			itemIndex,
			description: `Enter at least one ${label}, e.g. with an expression such as {{ $json.shipmentId }}.`,
		});
	}
	return ids;
}

/** The value of a resource locator ({ mode, value }), or the text given where one is expected. */
export function locatorValue(raw: unknown): string {
	const value =
		raw !== null && typeof raw === 'object' && 'value' in raw
			? (raw as { value: unknown }).value
			: raw;
	return String(value ?? '').trim();
}

/** A single required text parameter (or resource locator), trimmed. */
export function readRequiredText(
	context: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	label: string,
): string {
	const value = locatorValue(
		context.getNodeParameter(parameter, itemIndex, '', { extractValue: true }),
	);
	if (value === '') {
		throw new NodeOperationError(context.getNode(), `${label} is empty`, {
			itemIndex,
			description: `Enter the ${label}.`,
		});
	}
	return value;
}

/** Return All / Limit: undefined when all results are wanted, else the limit. */
export function readLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? undefined : (context.getNodeParameter('limit', itemIndex, 50) as number);
}

/**
 * A JSON parameter that must hold an object: its text parsed, or the object an expression gave.
 * Anything else stops with `message`.
 */
export function readJsonObject(
	context: IExecuteFunctions,
	parameter: string,
	itemIndex: number,
	message: string,
): IDataObject {
	const raw = context.getNodeParameter(parameter, itemIndex, '{}') as unknown;
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = JSON.parse(raw);
		} catch {
			parsed = undefined;
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new NodeOperationError(context.getNode(), message, { itemIndex });
	}
	return parsed as IDataObject;
}
