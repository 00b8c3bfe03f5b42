import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { verifyState } from '../../../shared/authorizationState';
import { parseUrl } from '../../../shared/baseUrl';
import { codeProblem } from './authorizationCode';
import { stateError } from './stateErrors';
import { rememberState } from './usedStates';

/** What the seller's browser brought back to the redirect URL (docs/marketplace-api/authentication.md#authorization-code-flow). */
export interface RedirectParameters {
	code: string;
	state: string;
	/** The marketplace's error (and its description) when the seller did not approve. */
	denied?: string;
}

function text(value: unknown): string {
	if (Array.isArray(value)) return text(value[0]);
	return typeof value === 'string' ? value.trim() : '';
}

/** The marketplace's error text, shown in a message: one short line. */
function shortLine(value: string): string {
	const line = value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ');
	return line.length > 200 ? `${line.slice(0, 200)}...` : line;
}

function fromRecord(query: Record<string, unknown>): RedirectParameters {
	const error = text(query.error);
	const errorDescription = text(query.error_description);
	return {
		code: text(query.code),
		state: text(query.state),
		denied:
			error === ''
				? undefined
				: shortLine(errorDescription === '' ? error : `${error}: ${errorDescription}`),
	};
}

function malformed(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description:
			"Pass the query parameters the seller's browser brought to your redirect URL (code and state), e.g. {{ $json.query }} after a Webhook node, or choose Redirect Address and pass the whole address.",
	});
}

/** The redirect's parameters from the node's Redirect Input, or a clear error before anything else. */
export function readRedirect(context: IExecuteFunctions, itemIndex: number): RedirectParameters {
	if (context.getNodeParameter('redirectInput', itemIndex, 'query') === 'url') {
		const address = text(context.getNodeParameter('redirectAddress', itemIndex, ''));
		const url = parseUrl(address);
		if (url === undefined) throw malformed(context, itemIndex, 'Redirect Address is not a URL');
		return fromRecord(Object.fromEntries(url.searchParams));
	}
	let query = context.getNodeParameter('query', itemIndex, {}) as unknown;
	if (typeof query === 'string') {
		const raw = query.trim();
		// A bare query string (code=...&state=...) is accepted as well as JSON.
		if (raw.startsWith('{')) {
			try {
				query = JSON.parse(raw) as unknown;
			} catch {
				throw malformed(context, itemIndex, 'Query Parameters is not valid JSON');
			}
		} else {
			query = Object.fromEntries(new URLSearchParams(raw.replace(/^\?/, '')));
		}
	}
	if (query === null || typeof query !== 'object' || Array.isArray(query)) {
		throw malformed(context, itemIndex, 'Query Parameters must be an object with code and state');
	}
	return fromRecord(query as Record<string, unknown>);
}

/** A redirect both onboarding operations accept: a genuine, unused state and an opaque code. */
export interface CheckedRedirect {
	sellerReference: string;
	code: string;
	state: string;
	stateIssuedAt: string;
	stateExpiresAt: string;
}

const RESTART =
	'Nothing was sent to the marketplace. If the seller really wants to connect, send them a new authorization URL (Get Authorization URL).';

/**
 * Reads the item's redirect and checks it, in this order: the state (signature first), the
 * seller's answer, the code, and last whether the state was used before (remembered only once
 * everything else passed). Anything wrong is an error before any output and any request.
 */
export function checkRedirect(
	context: IExecuteFunctions,
	itemIndex: number,
	keys: { appId: string; appSecret: string },
): CheckedRedirect {
	const redirect = readRedirect(context, itemIndex);
	const nowMs = Date.now();
	const check = verifyState(redirect.state, { ...keys, nowMs });
	if (!check.ok) throw stateError(context.getNode(), check, itemIndex);
	const { sellerReference, issuedAt, expiresAt } = check.verified;
	if (redirect.denied !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The seller did not approve access (${redirect.denied})`,
			{
				itemIndex,
				description: `Seller "${sellerReference}" pressed Deny or the marketplace refused the request. Send them a new authorization URL if they want to try again.`,
			},
		);
	}
	if (redirect.code === '') {
		throw new NodeOperationError(context.getNode(), 'The redirect has no code', {
			itemIndex,
			description:
				'The marketplace sends ?code=...&state=... to the redirect URL after the seller presses Allow: pass those query parameters (or the whole address).',
		});
	}
	const problem = codeProblem(redirect.code);
	if (problem !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`The redirect's code is not an authorization code: ${problem}`,
			{
				itemIndex,
				description: `An authorization code is at most 512 letters, digits and . _ ~ + / = - characters, never starting with "=". This one was changed on its way or sent by someone else. ${RESTART}`,
			},
		);
	}
	const memory = rememberState(
		context.getWorkflowStaticData('node'),
		redirect.state,
		Math.floor(Date.parse(expiresAt) / 1000),
		Math.floor(nowMs / 1000),
	);
	if (memory !== 'fresh') {
		throw new NodeOperationError(
			context.getNode(),
			memory === 'used'
				? 'This authorization link was already used'
				: 'Too many authorization links were used within their validity',
			{
				itemIndex,
				description:
					memory === 'used'
						? `Each link from Get Authorization URL connects a seller once. ${RESTART}`
						: `This node remembers up to 2,000 used links until they expire; wait for the oldest to expire (Valid For on Get Authorization URL). ${RESTART}`,
			},
		);
	}
	return {
		sellerReference,
		code: redirect.code,
		state: redirect.state,
		stateIssuedAt: issuedAt,
		stateExpiresAt: expiresAt,
	};
}
