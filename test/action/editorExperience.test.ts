/**
 * What the editor shows of the action node, computed with n8n-workflow's own display and
 * expression code (the functions the editor calls): the canvas subtitle, and which parameters
 * and collection options each choice shows.
 */
import { NodeHelpers, Workflow, type INode, type INodeParameters, type INodeProperties, type INodePropertyOptions, type INodeTypes } from 'n8n-workflow';

import { actionNode } from '../support/fixtures';

const description = actionNode.description;

function nodeWith(parameters: INodeParameters): INode {
	return { id: 'n1', name: 'Marketplace Seller', type: 'marketplaceSeller', typeVersion: 1, position: [0, 0], parameters };
}

/** The subtitle the canvas shows for these parameters, evaluated as the editor does. */
function subtitleFor(parameters: INodeParameters): unknown {
	const node = nodeWith(parameters);
	const nodeTypes = { getByName: () => actionNode, getByNameAndVersion: () => actionNode, getKnownTypes: () => ({}) } as unknown as INodeTypes;
	const workflow = new Workflow({ id: 'wf', nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, description.subtitle, 'internal', {});
}

/** The parameters the panel shows at the top level, with their values (defaults filled in). */
export function shownParameters(parameters: INodeParameters): INodeParameters {
	return NodeHelpers.getNodeParameters(description.properties, parameters, true, false, nodeWith(parameters), description) ?? {};
}

/** The options a collection parameter offers under "Add ..." for these parameters. */
export function collectionOptions(parameters: INodeParameters, collection: string): string[] {
	const property = description.properties.find(
		(candidate) => candidate.name === collection && NodeHelpers.displayParameter(parameters, candidate, nodeWith(parameters), description),
	);
	if (!property) throw new Error(`${collection} is not shown`);
	const values = (parameters[collection] ?? {}) as INodeParameters;
	return (property.options as INodeProperties[])
		.filter((option) => NodeHelpers.displayParameter(values, option, nodeWith(parameters), description, parameters))
		.map((option) => option.name);
}

function operationsOf(resource: string): INodePropertyOptions[] {
	const property = description.properties.find(
		(candidate) => candidate.name === 'operation' && (candidate.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
	);
	return (property?.options ?? []) as INodePropertyOptions[];
}

describe('Action node in the editor', () => {
	it('the canvas subtitle names operation and resource as the panel does, e.g. "Get Many: Shipment"', () => {
		expect(subtitleFor({ resource: 'shipment', operation: 'getAll' })).toBe('Get Many: Shipment');
		expect(subtitleFor({ resource: 'notificationSubscription', operation: 'update' })).toBe('Update: Notification Subscription');
		const resources = (description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
		for (const resource of resources) {
			for (const operation of operationsOf(String(resource.value))) {
				expect(subtitleFor({ resource: resource.value, operation: operation.value })).toBe(`${operation.name}: ${resource.name}`);
			}
		}
	});

	it('list operations are "Get Many" (getAll) and action names name the resource without articles', () => {
		for (const resource of ['shipment', 'return']) {
			expect(operationsOf(resource).find((operation) => operation.value === 'getAll')?.name).toBe('Get Many');
		}
		for (const resource of ['shipment', 'return', 'token', 'notificationSubscription']) {
			for (const operation of operationsOf(resource)) {
				expect(operation.action).not.toMatch(/^\w+ (a|an|the) /i);
				expect(operation.action?.toLowerCase()).toContain(resource === 'notificationSubscription' ? 'notification subscription' : resource);
			}
		}
	});

	it('Generate Labels: Max Wait is offered only once Wait Until Packed is on; From Input Shipment asks for all four package sides', () => {
		const base = { resource: 'shipment', operation: 'generateLabels' };
		expect(collectionOptions({ ...base, options: {} }, 'options')).not.toContain('maxWaitSeconds');
		expect(collectionOptions({ ...base, options: { waitUntilPacked: false } }, 'options')).not.toContain('maxWaitSeconds');
		expect(collectionOptions({ ...base, options: { waitUntilPacked: true } }, 'options')).toContain('maxWaitSeconds');
		const shown = shownParameters({ ...base, labelInput: 'shipment' });
		expect(Object.keys(shown)).toEqual(expect.arrayContaining(['packageLength', 'packageBreadth', 'packageHeight', 'packageWeight', 'shipmentTaxRate']));
		expect(Object.keys(shownParameters({ ...base, labelInput: 'fields' }))).not.toContain('packageLength');
	});
});
