/**
 * The least a webhook trigger does to promise what the Marketplace Seller Trigger's 200 promises
 * ("this push ran and is remembered", docs/trigger-durability.md), and nothing else: no
 * verification, no key, no settings. The end-to-end bench loads it from N8N_CUSTOM_EXTENSIONS
 * (never shipped) to show what n8n itself charges for that promise, next to its Webhook node:
 *   - n8n answers when the execution has ended (responseMode "responseNode"), as the trigger does;
 *   - the execute step writes the node's static data, so n8n saves the row with every execution,
 *     as the trigger does for the delivery it remembers (off with Remember: false);
 *   - a credential may be attached (never read), so n8n checks its permission per execution, as
 *     it does for the trigger's credential.
 * Only types come from n8n-workflow: at run time the file requires nothing, so the repository's
 * copy of n8n-workflow never mixes with the one of the n8n that loads it.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	NodeConnectionType,
} from 'n8n-workflow';

export class BenchFloorTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bench Floor Trigger',
		name: 'benchFloorTrigger',
		group: ['trigger'],
		version: 2,
		description: 'Bench only: a webhook trigger that answers after the run and writes static data',
		defaults: { name: 'Bench Floor Trigger' },
		inputs: [],
		outputs: ['main' as NodeConnectionType],
		credentials: [{ name: 'benchFloorApi', required: false }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'responseNode', path: 'webhook' },
		],
		properties: [
			{
				displayName: 'Remember',
				name: 'remember',
				type: 'boolean',
				default: true,
				description: 'Whether the execute step writes the static data, so n8n saves it',
			},
		],
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return { workflowData: [[{ json: { body: this.getBodyData() } }]] };
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (this.getMode() !== 'manual' && this.getNodeParameter('remember', 0, true) === true) {
			const data = this.getWorkflowStaticData('node');
			data.runs = (typeof data.runs === 'number' ? data.runs : 0) + 1;
		}
		return [items];
	}
}
