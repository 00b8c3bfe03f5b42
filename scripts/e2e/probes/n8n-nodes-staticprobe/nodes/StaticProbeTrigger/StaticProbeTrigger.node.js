'use strict';
// Throwaway probe trigger (plain JS, no build step). On every POST it reads workflow static data,
// increments a counter and appends the request's key, in one of several ways:
//   scope:     'global' -> getWorkflowStaticData('global'), 'node' -> getWorkflowStaticData('node')
//   writeMode: 'mutate' -> sd.nested.counter++ and sd.nested.keys.push(key) on a nested object
//              'assign' -> sd.counter = n + 1 and sd.keys = [...keys, key] (fresh top-level values)
//              'union'  -> sd.keys = last 1000 of (stored keys U keys this process has seen), a
//                          fresh array each time, so a write based on a stale read still carries
//                          every key this process accepted (heals lost updates on the next write)
//              'dedup'  -> the recommended pattern: a key already in (stored U memory) is a duplicate
//                          (answered 200 {duplicate:true}, no execution); a new key is added to
//                          memory at once, then sd.keys = last 1000 of the union; both paths
//                          re-assign the union (so a duplicate also heals a stale row)
//   respond:   'noWebhookResponse' -> answers itself with res.json(...) and returns
//                                     { noWebhookResponse: true, workflowData }
//              'workflowData'      -> returns { webhookResponse, workflowData } (n8n answers,
//                                     responseMode onReceived)
//              'noExecution'       -> returns { webhookResponse } only (no execution runs)
// The answer (and the emitted item) carry what webhook() saw before writing.
Object.defineProperty(exports, '__esModule', { value: true });
exports.StaticProbeTrigger = void 0;

// Keys this n8n process has seen, per workflow and node (what a dedup trigger keeps in memory).
const memory = new Map();
const MAX_KEYS = 1000;

function readState(sd, writeMode) {
	if (writeMode === 'mutate') {
		const nested = sd.nested || {};
		return { counter: nested.counter || 0, keys: Array.isArray(nested.keys) ? [...nested.keys] : [] };
	}
	return { counter: sd.counter || 0, keys: Array.isArray(sd.keys) ? [...sd.keys] : [] };
}

class StaticProbeTrigger {
	constructor() {
		this.description = {
			displayName: 'Static Probe Trigger',
			name: 'staticProbeTrigger',
			icon: 'fa:flask',
			group: ['trigger'],
			version: 1,
			description: 'Probe: writes workflow static data from webhook()',
			defaults: { name: 'Static Probe Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [
				{
					name: 'default',
					httpMethod: 'POST',
					responseMode: 'onReceived',
					path: '={{$parameter["path"]}}',
					isFullPath: true,
				},
			],
			properties: [
				{ displayName: 'Path', name: 'path', type: 'string', default: 'staticprobe' },
				{
					displayName: 'Scope',
					name: 'scope',
					type: 'options',
					options: [
						{ name: 'Global', value: 'global' },
						{ name: 'Node', value: 'node' },
					],
					default: 'node',
				},
				{
					displayName: 'Write Mode',
					name: 'writeMode',
					type: 'options',
					options: [
						{ name: 'Mutate Nested', value: 'mutate' },
						{ name: 'Assign Top-Level', value: 'assign' },
						{ name: 'Union With Memory', value: 'union' },
						{ name: 'Dedup (Recommended Pattern)', value: 'dedup' },
					],
					default: 'mutate',
				},
				{
					displayName: 'Respond',
					name: 'respond',
					type: 'options',
					options: [
						{ name: 'noWebhookResponse + res.json()', value: 'noWebhookResponse' },
						{ name: 'Return workflowData', value: 'workflowData' },
						{ name: 'Return webhookResponse only (no execution)', value: 'noExecution' },
					],
					default: 'workflowData',
				},
			],
		};
	}

	async webhook() {
		const scope = this.getNodeParameter('scope');
		const writeMode = this.getNodeParameter('writeMode');
		const respond = this.getNodeParameter('respond');
		const body = this.getBodyData() || {};
		const key = String(body.key !== undefined ? body.key : Date.now());
		const sd = this.getWorkflowStaticData(scope);
		const seen = readState(sd, writeMode);
		if (writeMode === 'dedup') return dedup.call(this, sd, seen, key, respond);
		if (writeMode === 'mutate') {
			if (!sd.nested) sd.nested = { counter: 0, keys: [] };
			sd.nested.counter = (sd.nested.counter || 0) + 1;
			sd.nested.keys.push(key);
		} else if (writeMode === 'union') {
			const id = `${this.getWorkflow().id}:${this.getNode().name}`;
			if (!memory.has(id)) memory.set(id, new Set());
			const mem = memory.get(id);
			const merged = new Set([...seen.keys, ...mem, key]);
			mem.add(key);
			sd.counter = seen.counter + 1;
			sd.keys = [...merged].slice(-MAX_KEYS);
		} else {
			sd.counter = seen.counter + 1;
			sd.keys = [...seen.keys, key];
		}
		const answer = { key, scope, writeMode, respond, seenCounter: seen.counter, seenKeys: seen.keys };
		console.log(`[staticprobe] ${JSON.stringify(answer)}`);
		const workflowData = [[{ json: answer }]];
		if (respond === 'noWebhookResponse') {
			const res = this.getResponseObject();
			res.status(200).json(answer);
			return { noWebhookResponse: true, workflowData };
		}
		if (respond === 'noExecution') {
			return { webhookResponse: answer };
		}
		return { webhookResponse: answer, workflowData };
	}
}
exports.StaticProbeTrigger = StaticProbeTrigger;

function dedup(sd, seen, key, respond) {
	const id = `${this.getWorkflow().id}:${this.getNode().name}`;
	if (!memory.has(id)) memory.set(id, new Set());
	const mem = memory.get(id);
	const duplicate = mem.has(key) || seen.keys.includes(key);
	mem.add(key); // synchronously, before anything can interleave: concurrent copies see it
	sd.keys = [...new Set([...seen.keys, ...mem])].slice(-MAX_KEYS);
	sd.counter = seen.counter + 1;
	const answer = { key, duplicate, respond, seenCounter: seen.counter, seenKeys: seen.keys };
	console.log(`[staticprobe] ${JSON.stringify(answer)}`);
	if (respond === 'noWebhookResponse') {
		this.getResponseObject().status(200).json(answer);
		return duplicate ? { noWebhookResponse: true } : { noWebhookResponse: true, workflowData: [[{ json: answer }]] };
	}
	return duplicate ? { webhookResponse: answer } : { webhookResponse: answer, workflowData: [[{ json: answer }]] };
}
