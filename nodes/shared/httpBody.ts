/**
 * The body of an HTTP answer (usually a failed one), whatever shape n8n's HTTP layer gave it (an object, a Buffer,
 * an ArrayBuffer or text): its JSON object when it is one, otherwise its text (first 500
 * characters, e.g. a gateway's HTML page).
 */
import type { IDataObject } from 'n8n-workflow';

export function decodeBody(data: unknown): { body?: IDataObject; text?: string } {
	if (data === undefined || data === null || data === '') return {};
	if (typeof data === 'object' && !Buffer.isBuffer(data) && !(data instanceof ArrayBuffer)) {
		return { body: data as IDataObject };
	}
	const text = Buffer.isBuffer(data)
		? data.toString('utf8')
		: data instanceof ArrayBuffer
			? Buffer.from(data).toString('utf8')
			: String(data);
	const trimmed = text.trim();
	if (trimmed.startsWith('{')) {
		try {
			return { body: JSON.parse(trimmed) as IDataObject };
		} catch {
			return { text: trimmed.slice(0, 500) };
		}
	}
	return { text: trimmed.slice(0, 500) };
}
