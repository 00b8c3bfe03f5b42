/**
 * One redaction for every path by which the package's code reaches the user: the action node's
 * output and errors (actions/router.ts), the poll trigger's items, errors and log lines
 * (MarketplaceSellerPollTrigger/redactedPoll.ts) and the From List searches (methods/index.ts).
 * It is seeded from the credential before anything runs, so that an operation that sends nothing
 * (Get Authorization URL, Complete Authorization) is redacted as well as one that does, and the
 * secrets the transport learns during the run (transport/connection.ts: a token obtained or
 * renewed, a token given to check) join it. No token, code or app secret reaches the user in
 * any form, even from a path that forgot to redact (an answer copied into the output, a
 * marketplace text inside an error, a next link in a message).
 */
import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	IPollFunctions,
	Logger,
} from 'n8n-workflow';

import { credentialTypeOf } from './authentication';
import { credentialSecrets } from './credentialSecrets';
import { redactDeep, redactSecrets, secretRemover } from './redact';
import { knownSecrets } from './transport/connection';

/** Output items with every known secret removed from their JSON (binary data is left alone). */
export function redactOutput(items: INodeExecutionData[], secrets: string[]): INodeExecutionData[] {
	if (secrets.length === 0) return items;
	const remove = secretRemover(secrets);
	return items.map((item) => {
		const json = redactDeep(item.json, remove);
		return json === item.json ? item : { ...item, json };
	});
}

/** Causes followed below an error (n8n wraps a plain error as the cause of its own). */
const MAX_CAUSES = 5;

/**
 * The error with its message, description and every other text in it redacted, in place, and
 * so its causes: n8n keeps and logs the error it wrapped (`cause`, not enumerable).
 */
export function redactError<T>(error: T, secrets: string[], depth = 0): T {
	if (error === null || typeof error !== 'object') return error;
	const target = error as Record<string, unknown>;
	if (depth < MAX_CAUSES && target.cause !== error) redactError(target.cause, secrets, depth + 1);
	const redactText = (text: string) => redactSecrets(text, secrets);
	for (const key of new Set(['message', 'description', ...Object.keys(target)])) {
		if (key === 'node' || key === 'stack' || key === 'cause' || target[key] === undefined) continue;
		const value = target[key];
		const redacted = typeof value === 'string' ? redactText(value) : redactDeep(value, redactText);
		if (redacted !== value) target[key] = redacted;
	}
	if (typeof target.stack === 'string') target.stack = redactText(target.stack);
	return error;
}

/** A context whose credential the package reads: action node, From List search, poll trigger. */
export type RedactedContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** The redaction of one run; every method uses the secrets known at the moment it is called. */
export interface RunRedaction {
	/** The credential's secrets, read before the run, and those the transport learned since. */
	secrets(): string[];
	/** A message or log line: the known secrets, and whatever follows the usual echo wordings. */
	text(text: string): string;
	/** Data (a From List result, log metadata): every string inside without the known secrets. */
	value<T>(value: T): T;
	/** Output items: their JSON without the known secrets. */
	items(items: INodeExecutionData[]): INodeExecutionData[];
	/** A thrown error, redacted in place. */
	error<T>(error: T): T;
}

/**
 * The redaction for a run in `context`, seeded from its credential now. `context` must be the
 * object the run passes to the transport, whose learned secrets join the seed.
 */
export async function runRedaction(context: RedactedContext): Promise<RunRedaction> {
	let seed: string[] = [];
	try {
		seed = credentialSecrets(await context.getCredentials(credentialTypeOf(context)));
	} catch {
		// No credential to read (none selected, or not accessible): the run fails on its own,
		// and what it outputs or throws is still redacted with what the transport learns.
	}
	const secrets = () => [...new Set([...seed, ...knownSecrets(context)])];
	return {
		secrets,
		text: (text) => redactSecrets(text, secrets()),
		value: (value) => redactDeep(value, secretRemover(secrets())),
		items: (items) => redactOutput(items, secrets()),
		error: (error) => redactError(error, secrets()),
	};
}

/** A logger that writes each line and its metadata redacted. */
export function redactingLogger(logger: Logger, redaction: RunRedaction): Logger {
	const level =
		(name: keyof Logger): Logger[keyof Logger] =>
		(message, metadata) =>
			logger[name](
				redaction.text(message),
				metadata === undefined ? undefined : redaction.value(metadata),
			);
	return { error: level('error'), warn: level('warn'), info: level('info'), debug: level('debug') };
}
