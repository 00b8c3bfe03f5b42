'use strict';
// Shows, with the n8n-workflow of the installed n8n, why static data written in a trigger's
// webhook() is not saved when the webhook returns workflowData (n8n 2.40.7):
// LiveWebhooks builds `new Workflow({ staticData: row.staticData })` and passes the same row
// (spread: same staticData object) to WorkflowRunner.run(), whose establishContextForPersistence()
// builds a second `new Workflow({ staticData: data.workflowData.staticData })`.
// ObservableObject.create() redefines __dataChanged=false on the SAME target object, so the
// first Workflow's "changed" flag is cleared before LiveWebhooks' response callback calls
// WorkflowStaticDataService.saveStaticData(workflow) -> nothing is saved.
//   node scripts/e2e/probes/observable-reset-demo.js <n8n install folder>
const path = require('node:path');
const dir = process.argv[2];
const { Workflow } = require(require.resolve('n8n-workflow', { paths: [path.join(dir, 'node_modules', 'n8n')] }));
const nodeTypes = { getByName: () => ({ description: { properties: [] } }), getByNameAndVersion: () => ({ description: { properties: [] } }), getKnownTypes: () => ({}) };
const nodes = [{ id: '1', name: 'Probe', type: 'x.y', typeVersion: 1, position: [0, 0], parameters: {} }];

for (const fromDb of [null, { 'node:Probe': { keys: ['k1'] } }]) {
	const row = { id: 'wf1', staticData: fromDb === null ? null : JSON.parse(JSON.stringify(fromDb)) };
	const webhookWorkflow = new Workflow({ id: 'wf1', nodes, connections: {}, active: true, nodeTypes, staticData: row.staticData });
	const sd = webhookWorkflow.getStaticData('node', nodes[0]);
	sd.keys = [...(sd.keys || []), 'k2'];
	const afterWrite = webhookWorkflow.staticData.__dataChanged;
	const activeWorkflowData = { ...row }; // live-webhooks.js: { ...workflowData, nodes, connections }
	new Workflow({ id: 'wf1', nodes, connections: {}, active: true, nodeTypes, staticData: activeWorkflowData.staticData }); // workflow-runner.js establishContextForPersistence
	console.log(`DB staticData ${JSON.stringify(fromDb)}: __dataChanged after webhook() write = ${afterWrite}, after WorkflowRunner.run() builds its Workflow = ${webhookWorkflow.staticData.__dataChanged}`);
}
