/**
 * The last step of every run of the node: whatever an operation outputs or throws passes through
 * here with every secret the run knows (transport/connection.ts), so that no token, code or app
 * secret reaches the user in any form, even from a path that forgot to redact (an answer copied
 * into the output, a marketplace text inside an error).
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { redactDeep, redactSecrets, secretRemover } from '../../shared/redact';

/** Output items with every known secret removed from their JSON (binary data is left alone). */
export function redactOutput(items: INodeExecutionData[], secrets: string[]): INodeExecutionData[] {
	if (secrets.length === 0) return items;
	const remove = secretRemover(secrets);
	return items.map((item) => {
		const json = redactDeep(item.json, remove);
		return json === item.json ? item : { ...item, json };
	});
}

/** The error with its message, description and every other text in it redacted, in place. */
export function redactError<T>(error: T, secrets: string[]): T {
	if (error === null || typeof error !== 'object') return error;
	const target = error as Record<string, unknown>;
	const redactText = (text: string) => redactSecrets(text, secrets);
	for (const key of new Set(['message', 'description', ...Object.keys(target)])) {
		if (key === 'node' || key === 'stack' || target[key] === undefined) continue;
		const value = target[key];
		const redacted = typeof value === 'string' ? redactText(value) : redactDeep(value, redactText);
		if (redacted !== value) target[key] = redacted;
	}
	if (typeof target.stack === 'string') target.stack = redactText(target.stack);
	return error;
}
