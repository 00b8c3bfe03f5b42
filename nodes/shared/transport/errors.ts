/**
 * Turns a failed call into the error the user sees: the marketplace's own words (error,
 * error_description, message, errorCode), the HTTP status, what it means and what to do. Tokens,
 * codes and secrets are removed from every text first (the OAuth server echoes them).
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import { CREDENTIAL_TYPES, type CredentialTypeName } from '../profile';
import { redactSecrets } from '../redact';
import type { AnswerFailure, RedirectFailure, RequestFailure, UrlFailure } from './failure';
import { MAX_REDIRECTS } from './redirects';

/**
 * An error the node makes itself, where n8n threw none (a document that is no PDF, a unit the
 * answer left out). Its message is set after n8n's constructor, which replaces a message that
 * contains a network code such as ECONNRESET with a generic one.
 */
export function apiError(
	node: INode,
	details: JsonObject,
	options: { message: string; description?: string; httpCode?: string; itemIndex?: number },
): NodeApiError {
	const error = new NodeApiError(node, details, options);
	error.message = options.message;
	return error;
}

export interface StatusExplanation {
	meaning: string;
	action: string;
}

export interface ErrorContext {
	/** What the user asked for, e.g. "Update notification subscription". */
	operation: string;
	itemIndex?: number;
	/** Operation-specific meanings, e.g. the subscription statuses of docs/marketplace-api/errors.md#subscription-statuses. */
	statusExplanations?: Partial<Record<number, StatusExplanation>>;
	/** Values to keep out of messages: the access token, secrets. */
	secrets: string[];
	/** How many attempts were made, for retryable failures. */
	attempts?: number;
	/** Which credential type is in use, for the 401 advice. */
	credentialType: CredentialTypeName;
	baseUrl?: string;
	/** The request changes state and may have been carried out: it was not sent again. */
	unconfirmed?: boolean;
}

/** Said of a write whose outcome is unknown (no answer, or a 5xx after it may have acted). */
const UNCONFIRMED =
	'The marketplace may have carried out the request before this failure. It was not sent again, so that it is not done twice: check the state (for example with Get) before sending it again.';

const REASONS: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'Not Found',
	405: 'Method Not Allowed',
	409: 'Conflict',
	415: 'Unsupported Media Type',
	422: 'Unprocessable Entity',
	429: 'Too Many Requests',
	499: 'Client Closed Request',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

function defaultExplanation(status: number, context: ErrorContext): StatusExplanation {
	if (status === 401) {
		return context.credentialType === CREDENTIAL_TYPES.thirdParty
			? {
					meaning: 'The marketplace refused the access token even after n8n renewed it.',
					action:
						'The seller may have revoked the app: paste a new authorization code into the credential (see its instructions).',
				}
			: {
					meaning: 'The marketplace refused the access token even after n8n fetched a new one.',
					action:
						'Check the App ID, App Secret and environment of the credential; regenerate the app secret if it was changed.',
				};
	}
	if (status === 400) {
		return {
			meaning: 'The marketplace rejected the request as invalid.',
			action: 'Check the parameters named in the message.',
		};
	}
	if (status === 403) {
		return {
			meaning: 'The app is not allowed to do this for this seller or location.',
			action: 'Check that the seller approved the app and that the location belongs to the seller.',
		};
	}
	if (status === 404) {
		return {
			meaning: 'The marketplace does not know what was asked for.',
			action: 'Check the IDs and the environment (production or sandbox).',
		};
	}
	if (status === 405) {
		return {
			meaning: 'The marketplace does not accept this HTTP method here.',
			action: 'The API may have changed; please report it to the maintainers of this node.',
		};
	}
	if (status === 422) {
		return {
			meaning:
				'The marketplace could not process the request: too many IDs in one call or a required field is missing.',
			action: 'Check the parameters named in the message.',
		};
	}
	if (status === 429) {
		return {
			meaning: `The marketplace is limiting the number of calls (about 1,000 per hour per seller)${context.attempts ? `; tried ${context.attempts} times` : ''}.`,
			action: 'Wait a while, or spread the workflow runs out.',
		};
	}
	if (status === 499 || status >= 500) {
		return {
			meaning: `The marketplace failed to process the request${context.attempts ? ` (tried ${context.attempts} times)` : ''}.`,
			action:
				'Try again later; DEPENDENT_SYSTEM_CALL_FAILED errors are usually temporary. If it persists, contact marketplace support with the time of the error.',
		};
	}
	return {
		meaning: 'The marketplace answered with an error.',
		action: 'Check the parameters and try again.',
	};
}

/** The marketplace's own error fields, in the shapes docs/marketplace-api/authentication.md#token-errors, docs/marketplace-api/errors.md#per-item-results, docs/marketplace-api/listings.md#per-sku-results, docs/marketplace-api/errors.md#status-codes describe. */
function marketplaceWords(body: IDataObject | undefined, text: string | undefined): string {
	if (!body)
		return text
			? text
					.replace(/<[^>]*>/g, ' ')
					.replace(/\s+/g, ' ')
					.trim()
					.slice(0, 300)
			: '';
	let error = body.error;
	// A 500 may carry a JSON text in `error` (docs/marketplace-api/authentication.md#token-errors): show its inner fields.
	if (typeof error === 'string' && error.trim().startsWith('{')) {
		try {
			const inner = JSON.parse(error) as IDataObject;
			error = [inner.error, inner.error_description].filter(Boolean).join(': ');
		} catch {
			// keep the raw text
		}
	}
	const parts = [
		body.errorCode,
		typeof error === 'object' && error !== null ? (error as IDataObject).message : error,
		body.error_description,
		body.errorMessage,
		body.message,
	]
		.filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
		.map(String)
		.filter((part, index, all) => part !== '' && all.indexOf(part) === index);
	if (parts.length === 0 && Array.isArray(body.errors)) {
		for (const entry of body.errors as IDataObject[]) {
			const words = [entry.code, entry.description ?? entry.message].filter(Boolean).join(': ');
			if (words) parts.push(words);
		}
	}
	return parts.join(': ');
}

/** The safe details kept on the error for the "details" pane. */
function safeDetails(body: IDataObject | undefined, secrets: string[]): JsonObject {
	const details: JsonObject = {};
	for (const key of [
		'error',
		'error_description',
		'message',
		'errorCode',
		'errorMessage',
		'code',
		'errorId',
	]) {
		const value = body?.[key];
		if (typeof value === 'string') details[key] = redactSecrets(value, secrets);
		if (typeof value === 'number' || typeof value === 'boolean') details[key] = value;
	}
	return details;
}

/** What the user reads about a failure: what happened (message), what it means and what to do. */
interface Annotation {
	message: string;
	description: string;
	httpCode: string | null;
	/** Safe details for an error the node makes itself (no n8n error to annotate). */
	details: JsonObject;
}

function redirectAnnotation(failure: RedirectFailure, context: ErrorContext): Annotation {
	const what: Record<RedirectFailure['reason'], string> = {
		otherOrigin: `the marketplace redirected the request to ${failure.host ?? 'another host'}, another address than the credential's base URL; it was not followed`,
		changesMethod:
			'the marketplace answered with a redirect that would change the request into a GET; it was not followed',
		noLocation: 'the marketplace answered with a redirect without a usable target',
		tooMany: `the marketplace redirected the request more than ${MAX_REDIRECTS} times`,
	};
	const description =
		failure.reason === 'otherOrigin'
			? "No credential was sent there and its answer was not used. The marketplace's API does not redirect to other addresses: check the base URL of the credential (a proxy or gateway in front of it may be redirecting)."
			: 'Check the base URL of the credential; a proxy or gateway in front of the marketplace may be redirecting.';
	return {
		message: `${context.operation} failed: ${what[failure.reason]} (HTTP ${failure.status})`,
		description,
		httpCode: String(failure.status),
		details: { status: failure.status, reason: failure.reason, host: failure.host ?? null },
	};
}

function answerAnnotation(failure: AnswerFailure, context: ErrorContext): Annotation {
	const excerpt = redactSecrets(failure.excerpt, context.secrets);
	return {
		message: `${context.operation} failed: the marketplace's answer (HTTP ${failure.status}) ${failure.problem}${excerpt ? `: ${excerpt}` : ''}`,
		description:
			'Nothing was read from this answer, so that it is not taken for an empty result. A gateway or proxy may have answered instead of the marketplace: try again, and check the base URL of the credential if it persists.',
		httpCode: String(failure.status),
		details: { status: failure.status, problem: failure.problem },
	};
}

function annotationOf(
	failure: Exclude<RequestFailure, UrlFailure>,
	context: ErrorContext,
): Annotation {
	if (failure.kind === 'redirect') return redirectAnnotation(failure, context);
	if (failure.kind === 'answer') return answerAnnotation(failure, context);
	if (failure.kind === 'credential') {
		const { error } = failure;
		return {
			message: error.message,
			description: error.authorizationUrl
				? `${error.hint} Authorization URL: ${error.authorizationUrl}`
				: error.hint,
			httpCode: typeof error.failure.status === 'number' ? String(error.failure.status) : null,
			details: {
				message: error.message,
				grant: error.failure.grant,
				status: error.failure.status ?? null,
			},
		};
	}
	if (failure.kind === 'network') {
		const where = context.baseUrl ? ` at ${context.baseUrl}` : '';
		const reason = failure.code ?? redactSecrets(failure.message, context.secrets);
		const message = context.unconfirmed
			? `${context.operation} failed: no answer from the marketplace${where} (${reason})`
			: `${context.operation} failed: could not reach the marketplace${where} (${reason})`;
		const advice = `Check the base URL of the credential and that n8n can reach it${context.attempts ? `; tried ${context.attempts} times` : ''}.`;
		return {
			message,
			description: context.unconfirmed ? `${UNCONFIRMED} ${advice}` : advice,
			httpCode: null,
			details: { message, code: failure.code ?? null },
		};
	}
	const words = redactSecrets(marketplaceWords(failure.body, failure.text), context.secrets);
	const explanation =
		context.statusExplanations?.[failure.status] ?? defaultExplanation(failure.status, context);
	return {
		message: `${context.operation} failed: ${words || REASONS[failure.status] || 'Error'} (HTTP ${failure.status})`,
		description: context.unconfirmed
			? `${explanation.meaning} ${UNCONFIRMED}`
			: `${explanation.meaning} ${explanation.action}`,
		httpCode: String(failure.status),
		details: { status: failure.status, ...safeDetails(failure.body, context.secrets) },
	};
}

/** The parts of an HTTP client's error that hold the whole exchange (headers with the token, sockets). */
const EXCHANGE_KEYS = ['config', 'request', 'response'];

/**
 * n8n's error with the HTTP exchange taken off the errors it wraps: what failed was read from it
 * already (failure.ts), and it carries the request's Authorization header and the raw answer to
 * n8n's log and error tracker, which the run's redaction does not walk (circular sockets). The
 * wrapped errors keep their name, message, code and stack.
 */
function shedExchange(error: NodeApiError): NodeApiError {
	let cause: unknown = error.cause;
	for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
		const wrapped = cause as Record<string, unknown>;
		for (const key of EXCHANGE_KEYS) if (key in wrapped) delete wrapped[key];
		cause = wrapped.cause;
	}
	return error;
}

/**
 * The error the user sees. When n8n's request helper threw a NodeApiError, that error is kept
 * (its cause, the wrapped HTTP error, stays with it) and annotated: what happened in the
 * marketplace's words as its message, what it means and what to do as its description. n8n's
 * own message would be generic (and for a network code such as ECONNRESET says nothing about
 * whether a write was carried out). A failure n8n did not throw (an odd 200 answer, a redirect
 * not followed) gets an error of its own with the same annotation.
 */
export function toNodeError(
	node: INode,
	failure: RequestFailure,
	context: ErrorContext,
	thrown?: unknown,
): NodeApiError | NodeOperationError {
	if (failure.kind === 'url') {
		return new NodeOperationError(node, failure.message, {
			itemIndex: context.itemIndex,
			description: 'Fix the base URL in the credential. Nothing was sent.',
		});
	}
	const annotation = annotationOf(failure, context);
	const error =
		thrown instanceof NodeApiError
			? shedExchange(thrown)
			: new NodeApiError(node, annotation.details, { itemIndex: context.itemIndex });
	error.message = annotation.message;
	error.description = annotation.description;
	error.httpCode = annotation.httpCode;
	error.context.itemIndex = context.itemIndex;
	return error;
}
