/**
 * The least a webhook trigger does to promise what the Marketplace Seller Trigger's 200 promises
 * ("this push ran and is remembered", docs/trigger-durability.md), and nothing else: no
 * verification, no key, no settings. The end-to-end bench loads it from N8N_CUSTOM_EXTENSIONS
 * (never shipped) to show what n8n itself charges for that promise, next to its Webhook node:
 *   - n8n answers when the execution has ended (responseMode "responseNode"), as the trigger does;
 *   - the execute step writes the node's static data, so n8n saves the row with every execution,
 *     as the trigger does for the delivery it remembers (off with Remember: false);
 *   - a credential may be attached (never read), so n8n checks its permission per execution, as
 *     it does for the trigger's credential;
 *   - its item may be the body alone or shaped like the trigger's accepted item (Item);
 *   - a ballast string in the static data (set by the bench) may stay, move like the trigger's row
 *     at its bound (from the stored string, or from a copy kept in the process as the trigger keeps
 *     its memory), or change in one place like a ring (Ballast Change): SQLite rewrites a whole
 *     row whose length or bytes all changed, and only the changed pages of one that kept its length.
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

/** The length of one remembered delivery in the trigger's row (COMPACT_KEY_LENGTH, not imported: see above). */
const KEY_LENGTH = 11;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The string of "Move in Process", per workflow and node, as the trigger keeps its memory. */
const ballastInProcess = new Map<string, string>();

/** 11 characters like a delivery key (a bench ballast: no need for a strong generator). */
function newKey(): string {
	let key = '';
	for (let i = 0; i < KEY_LENGTH; i++) key += KEY_ALPHABET[Math.floor(Math.random() * 64)];
	return key;
}

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
			{
				displayName: 'Item',
				name: 'item',
				type: 'options',
				default: 'body',
				options: [
					{ name: 'Body', value: 'body', description: 'The request body under "body"' },
					{
						name: 'Like the Trigger',
						value: 'likeTrigger',
						description:
							"The body's fields with a seller ID, a delivery key and verification details of the same shape and length as the Marketplace Seller Trigger's",
					},
				],
			},
			{
				displayName: 'Ballast Change',
				name: 'ballastChange',
				type: 'options',
				default: 'none',
				options: [
					{ name: 'None', value: 'none', description: 'The ballast string stays as it is' },
					{
						name: 'Move',
						value: 'move',
						description:
							'Each run drops its first 11 characters and appends 11 new ones, as the trigger moves its remembered deliveries at their bound',
					},
					{
						name: 'Move in Process',
						value: 'moveInProcess',
						description:
							"As Move, but on this process's own copy, kept from run to run, as the trigger keeps its remembered deliveries: concurrent runs do not start from the same stored string, so every save differs from the one before in every place",
					},
					{
						name: 'Ring',
						value: 'ring',
						description:
							'Each run overwrites the next 11 characters in place, round the string: the same length, one place changed',
					},
				],
			},
		],
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const body = this.getBodyData();
		if (this.getNodeParameter('item', 'body') !== 'likeTrigger')
			return { workflowData: [[{ json: { body } }]] };
		// The trigger's accepted item: the push's fields, then what it adds (fixed values of the
		// same shape and length; nothing here is verified).
		const json = {
			...body,
			sellerId: 'seller-000001',
			dedupKey: 'f'.repeat(32),
			verification: {
				appId: 'bench-app-000001',
				xDate: 'Wed, 02 Dec 2026 00:00:00 GMT',
				xDateEpoch: 1796169600,
				clockSkewSeconds: 0,
				signedWith: 'registeredUrl',
				signedUrl: `http://127.0.0.1:5678/webhook/${'0'.repeat(36)}/webhook`,
				registeredUrl: `http://127.0.0.1:5678/webhook/${'0'.repeat(36)}/webhook`,
				sellerResolvedVia: 'body',
				receivedAt: new Date().toISOString(),
			},
		};
		return { workflowData: [[{ json }]] };
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (this.getMode() !== 'manual' && this.getNodeParameter('remember', 0, true) === true) {
			const data = this.getWorkflowStaticData('node');
			data.runs = (typeof data.runs === 'number' ? data.runs : 0) + 1;
			const ballast = data.ballast;
			const change = this.getNodeParameter('ballastChange', 0, 'none');
			if (typeof ballast !== 'string') return [items];
			if (change === 'move') {
				data.ballast = ballast.slice(KEY_LENGTH) + newKey();
			} else if (change === 'moveInProcess') {
				const key = `${this.getWorkflow().id ?? ''} ${this.getNode().id}`;
				data.ballast = (ballastInProcess.get(key) ?? ballast).slice(KEY_LENGTH) + newKey();
				ballastInProcess.set(key, data.ballast);
			} else if (change === 'ring') {
				const at = (data.runs % Math.floor(ballast.length / KEY_LENGTH)) * KEY_LENGTH;
				data.ballast = ballast.slice(0, at) + newKey() + ballast.slice(at + KEY_LENGTH);
			}
		}
		return [items];
	}
}
