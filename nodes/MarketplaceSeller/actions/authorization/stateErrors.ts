import { NodeOperationError, type INode } from 'n8n-workflow';

import type { StateCheck } from '../../../shared/authorizationState';

const RESTART =
	'Nothing was sent to the marketplace. If the seller really wants to connect, send them a new authorization URL (Get Authorization URL).';

/**
 * The message for a state the onboarding operations refuse, by what is wrong with it. No message
 * repeats text from the state: a state that failed its check is attacker's text.
 */
export function stateError(
	node: INode,
	check: Extract<StateCheck, { ok: false }>,
	itemIndex: number,
): NodeOperationError {
	const explain = (message: string, why: string) =>
		new NodeOperationError(node, message, { itemIndex, description: `${why} ${RESTART}` });
	switch (check.problem) {
		case 'missing':
			return explain(
				'The redirect has no state',
				'The marketplace sends ?code=...&state=... back to the redirect URL; without the state the request cannot be checked.',
			);
		case 'malformed':
			return explain(
				'The state was not issued by Get Authorization URL',
				'A state from Get Authorization URL looks like v1.<payload>.<signature>; this one does not (typed by hand, cut off, or from another tool).',
			);
		case 'wrongApp':
			return explain(
				"The state was issued for another App ID than this credential's",
				'Complete Authorization and Connect Seller must use the same third party app credential as the Get Authorization URL that made the link.',
			);
		case 'forged':
			return explain(
				"The state's signature does not match this credential's App Secret",
				"The state was made with another app's credential, changed after it was issued, forged, or the App Secret was regenerated since the link was made. Use the same third party app credential as the Get Authorization URL that made the link.",
			);
		case 'expired':
			return explain(
				`The authorization link expired at ${check.expiresAt ?? 'an earlier time'}`,
				"The seller approved after the link's validity (Valid For on Get Authorization URL, 10 minutes by default).",
			);
	}
}
