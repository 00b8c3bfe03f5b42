/**
 * What the trigger logs about the requests it answers itself: rejections worth an operator's
 * attention at warn level, at most once a minute per node and reason; everything else at debug.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { setAsNewest } from './boundedFifo';
import { NODE_DISPLAY_NAME } from './nodeName';
import type { PushDecision } from './pushDecision';

/** Logged when a request carries neither signature header (docs/marketplace-api/notifications.md#proxies-and-the-signed-url). */
export const MISSING_HEADERS_HINT =
	`${NODE_DISPLAY_NAME}: a request arrived without X_Date and X_Authorization and was answered 401. ` +
	'If n8n runs behind nginx or another proxy, header names containing underscores are dropped ' +
	'unless the proxy keeps them (nginx: "underscores_in_headers on;" in the server block).';

/**
 * Rejections worth an operator's attention are logged at warn level, but at most once a minute
 * per node and reason (with a count of the ones left out), so that unauthenticated traffic
 * cannot flood the n8n log. Everything else goes to debug.
 */
const WARN_INTERVAL_MS = 60_000;
const MAX_WARN_KEYS = 1024;
const lastWarnings = new Map<string, { at: number; suppressed: number }>();

function warnLimited(
	context: IWebhookFunctions,
	key: string,
	nowMs: number,
	message: string,
	meta: IDataObject,
): void {
	const previous = lastWarnings.get(key);
	if (previous !== undefined && nowMs - previous.at < WARN_INTERVAL_MS) {
		previous.suppressed += 1;
		return;
	}
	setAsNewest(lastWarnings, key, { at: nowMs, suppressed: 0 }, MAX_WARN_KEYS);
	const suppressed = previous?.suppressed ?? 0;
	context.logger.warn(
		message,
		suppressed > 0 ? { ...meta, similarSinceLastWarning: suppressed } : meta,
	);
}

export function logDecision(
	context: IWebhookFunctions,
	stateKey: string,
	decision: PushDecision,
	nowMs: number,
): void {
	switch (decision.action) {
		case 'reject': {
			const key = `${stateKey}:${decision.reason}`;
			if (decision.reason === 'missing_headers') {
				warnLimited(context, key, nowMs, MISSING_HEADERS_HINT, {});
			} else if (decision.reason === 'date_outside_window') {
				warnLimited(
					context,
					key,
					nowMs,
					`${NODE_DISPLAY_NAME}: rejected a correctly signed push (401) because X_Date is outside the replay window. Check the n8n host clock, or widen Replay Window if the marketplace retries with the original X_Date.`,
					{ reason: decision.reason, clockSkewSeconds: decision.clockSkewSeconds },
				);
			} else if (decision.reason === 'signature_mismatch' || decision.reason === 'wrong_app_id') {
				warnLimited(
					context,
					key,
					nowMs,
					`${NODE_DISPLAY_NAME}: rejected a push (401): ${decision.reason === 'wrong_app_id' ? "its App ID is not the credential's" : 'its signature does not match'}. If genuine pushes are rejected, check the credential and that Registered Receiver URL is exactly the URL in the subscription ticket.`,
					{ reason: decision.reason },
				);
			} else {
				context.logger.debug(`${NODE_DISPLAY_NAME}: rejected a push (401)`, {
					reason: decision.reason,
				});
			}
			return;
		}
		case 'badRequest':
			context.logger.debug(`${NODE_DISPLAY_NAME}: rejected a push body (400)`, {
				reason: decision.reason,
			});
			return;
		case 'ignore':
			context.logger.debug(`${NODE_DISPLAY_NAME}: acknowledged a push without running (200)`, {
				reason: decision.reason,
				eventType: decision.eventType,
				dedupKey: decision.dedupKey,
			});
			return;
		case 'retryLater':
			context.logger.debug(
				`${NODE_DISPLAY_NAME}: asked the marketplace to deliver a push again later (503): another n8n process is running it`,
				{ eventType: decision.eventType, dedupKey: decision.dedupKey },
			);
			return;
		case 'inFlight':
		case 'accept':
			return;
	}
}
