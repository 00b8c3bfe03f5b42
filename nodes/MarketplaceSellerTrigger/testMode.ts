/**
 * Test mode (the editor listens after "Execute step"): the node's Test URL, which a push sent
 * there is signed over, and the hints the output panel shows for a test push.
 */
import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	NodeExecutionHint,
} from 'n8n-workflow';

import { MARKETPLACE } from '../shared/profile';
import { isPlainHttp } from './settings';

/**
 * The production URL with the endpoint a request came in on: ".../webhook-test/<id>/webhook"
 * for ".../webhook/<id>/webhook" and a request to "/webhook-test/<id>/webhook". Undefined when
 * the two do not end in the node's own path.
 */
export function withRequestEndpoint(
	productionUrl: string,
	requestPath: string,
	nodePath: string,
): string | undefined {
	const tail = `/${nodePath}`;
	if (!productionUrl.endsWith(tail) || !requestPath.endsWith(tail)) return undefined;
	const base = productionUrl.slice(0, -tail.length);
	const requestBase = requestPath.slice(0, -tail.length);
	const endpoint = requestBase.slice(requestBase.lastIndexOf('/') + 1);
	if (endpoint === '') return undefined;
	return `${base.slice(0, base.lastIndexOf('/') + 1)}${endpoint}${tail}`;
}

/**
 * The node's Test URL, for a request to it. n8n 2.x hands it to the webhook
 * (getWebhookResourceUrl); n8n 1.x does not, so there it is the production URL with the
 * endpoint the request came in on.
 */
export function testWebhookUrlOf(context: IWebhookFunctions): string | undefined {
	const resourceUrl = (context as Partial<IWebhookFunctions>).getWebhookResourceUrl;
	if (typeof resourceUrl === 'function') return resourceUrl.call(context, 'default');
	const productionUrl = context.getNodeWebhookUrl('default');
	const webhookId = context.getNode().webhookId;
	const requestPath = (context.getRequestObject() as { path?: unknown }).path;
	if (productionUrl === undefined || webhookId === undefined || typeof requestPath !== 'string')
		return undefined;
	return withRequestEndpoint(productionUrl, requestPath, `${webhookId}/webhook`);
}

/**
 * What the output panel says about a test push: which URL it was verified against, the URL the
 * marketplace's pushes are verified against, and a warning when that one is not https.
 */
export function testPushHints(items: INodeExecutionData[]): NodeExecutionHint[] {
	const verification = items[0]?.json.verification as IDataObject | undefined;
	const signedUrl = verification?.signedUrl;
	const registeredUrl = verification?.registeredUrl;
	if (typeof signedUrl !== 'string' || typeof registeredUrl !== 'string') return [];
	const hints: NodeExecutionHint[] = [
		{
			message:
				signedUrl === registeredUrl
					? `This test push was verified against the Registered Receiver URL ${registeredUrl}.`
					: `This test push was verified against the Test URL ${signedUrl}. The ${MARKETPLACE.displayName}'s pushes are verified against ${registeredUrl}: that URL goes into the subscription ticket.`,
			type: 'info',
			location: 'outputPane',
		},
	];
	if (isPlainHttp(registeredUrl)) {
		hints.push({
			message: `${registeredUrl} is not https: the ${MARKETPLACE.displayName} pushes only to an HTTPS receiver. Put n8n behind a TLS proxy and set Registered Receiver URL to its https URL.`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return hints;
}
