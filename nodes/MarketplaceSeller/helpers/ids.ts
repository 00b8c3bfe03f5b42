/** Reading lists of IDs (shipment, order item, order IDs, SKUs) from a parameter value. */
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

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
	const values = Array.isArray(raw) ? raw : typeof raw === 'number' ? [String(raw)] : String(raw ?? '').split(',');
	const ids: string[] = [];
	for (const value of values) {
		const id = String(value ?? '').trim();
		if (id === '') continue;
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

/** A single required text parameter, trimmed. */
export function readRequiredText(context: IExecuteFunctions, parameter: string, itemIndex: number, label: string): string {
	const value = String(context.getNodeParameter(parameter, itemIndex, '') ?? '').trim();
	if (value === '') {
		throw new NodeOperationError(context.getNode(), `${label} is empty`, { itemIndex, description: `Enter the ${label}.` });
	}
	return value;
}
