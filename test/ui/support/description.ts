/**
 * What the editor should show, derived from the built nodes (dist/) the tested tarball holds: the
 * top-level parameters of a node with displayOptions evaluated by n8n-workflow for a given
 * resource and operation, and the names of options. The suite never hard-codes a display name it
 * can read here, so renames on the node side follow through.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import {
	NodeHelpers,
	type INode,
	type INodeProperties,
	type INodeTypeDescription,
	type INodeParameters,
} from 'n8n-workflow';

import { repoRoot } from '../../../scripts/e2e/lib';

export type NodeKey = 'action' | 'trigger' | 'pollTrigger';

const DIST_FILES: Record<NodeKey, [string, string]> = {
	action: ['dist/nodes/MarketplaceSeller/MarketplaceSeller.node.js', 'MarketplaceSeller'],
	trigger: [
		'dist/nodes/MarketplaceSellerTrigger/MarketplaceSellerTrigger.node.js',
		'MarketplaceSellerTrigger',
	],
	pollTrigger: [
		'dist/nodes/MarketplaceSellerPollTrigger/MarketplaceSellerPollTrigger.node.js',
		'MarketplaceSellerPollTrigger',
	],
};

export function builtDescription(key: NodeKey): INodeTypeDescription {
	const [file, className] = DIST_FILES[key];
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(join(repoRoot(), file)) as Record<
		string,
		new () => { description: INodeTypeDescription }
	>;
	const description = new module[className]().description;
	// n8n's loader puts its Poll Times parameter in front of a polling node's own (n8n-core's
	// DirectoryLoader.applySpecialNodeParameters); the panel shows it, so the expectation does too.
	if (description.polling) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { commonPollingParameters } = require('n8n-core/dist/nodes-loader/constants') as {
			commonPollingParameters: INodeProperties[];
		};
		description.properties = [...commonPollingParameters, ...description.properties];
	}
	return description;
}

/** The version n8n gives a node added from the nodes panel. */
export function newestVersion(description: INodeTypeDescription): number {
	if (description.defaultVersion !== undefined) return description.defaultVersion;
	return Array.isArray(description.version)
		? Math.max(...description.version)
		: description.version;
}

/** One top-level parameter the panel shows. */
export interface ShownParameter {
	name: string;
	displayName: string;
	type: INodeProperties['type'];
}

/**
 * The parameters the node's panel lists, in order, for these values (e.g. resource and
 * operation), the others at their defaults. Hidden ones are left out, and so is the
 * credential-bound Authentication choice: n8n shows it in the credential selector, not as a field.
 */
export function shownParameters(
	description: INodeTypeDescription,
	values: INodeParameters,
): ShownParameter[] {
	const node: INode = {
		id: 'ui-test',
		name: 'ui-test',
		type: description.name,
		typeVersion: newestVersion(description),
		position: [0, 0],
		parameters: {},
	};
	const withDefaults =
		NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ??
		{};
	node.parameters = withDefaults;
	const credentialBound = new Set(
		(description.credentials ?? []).flatMap((credential) =>
			Object.keys(credential.displayOptions?.show ?? {}),
		),
	);
	const shown: ShownParameter[] = [];
	const seen = new Set<string>();
	for (const property of description.properties) {
		if (property.type === 'hidden' || credentialBound.has(property.name)) continue;
		if (!NodeHelpers.displayParameter(withDefaults, property, node, description)) continue;
		// Several properties may share a name (one per resource): the panel shows the first that applies.
		if (seen.has(property.name)) continue;
		seen.add(property.name);
		shown.push({ name: property.name, displayName: property.displayName, type: property.type });
	}
	return shown;
}

export interface OptionEntry {
	name: string;
	value: string;
}

/** The options of the options or multiOptions parameter `name` shown for these values. */
export function optionsOf(
	description: INodeTypeDescription,
	name: string,
	values: INodeParameters,
): OptionEntry[] {
	const node: INode = {
		id: 'ui-test',
		name: 'ui-test',
		type: description.name,
		typeVersion: newestVersion(description),
		position: [0, 0],
		parameters: {},
	};
	const withDefaults =
		NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description) ??
		{};
	const property = description.properties.find(
		(candidate) =>
			candidate.name === name &&
			(candidate.type === 'options' || candidate.type === 'multiOptions') &&
			NodeHelpers.displayParameter(withDefaults, candidate, node, description),
	);
	if (!property)
		throw new Error(
			`${description.displayName} shows no options parameter "${name}" for ${JSON.stringify(values)}`,
		);
	return (property.options ?? []).map((option) => {
		const entry = option as { name: string; value: unknown };
		return { name: entry.name, value: String(entry.value) };
	});
}

/** Every resource and operation pair of the action node, in the order the panel lists them. */
export function resourceOperations(
	description: INodeTypeDescription,
): Array<{ resource: OptionEntry; operation: OptionEntry }> {
	return optionsOf(description, 'resource', {}).flatMap((resource) =>
		optionsOf(description, 'operation', { resource: resource.value }).map((operation) => ({
			resource,
			operation,
		})),
	);
}

/** The operation of `resource` that lists with Return All / Limit (Search or Get Many, whatever it is called). */
export function listOperation(description: INodeTypeDescription, resource: string): OptionEntry {
	const found = optionsOf(description, 'operation', { resource }).find((operation) =>
		shownParameters(description, { resource, operation: operation.value }).some(
			(parameter) => parameter.name === 'limit',
		),
	);
	if (!found)
		throw new Error(`no ${resource} operation of ${description.displayName} shows a Limit`);
	return found;
}

/**
 * The fields the action node's panel must show for one resource and operation, told by the
 * operation's own module rather than by the display rules under test: the router runs
 * `<Resource>.resource[operation]`, and that module's `description` lists the fields the
 * operation reads. Its fields' resource/operation conditions (the rules that route a field to
 * its operation) are left out, their other conditions (e.g. Limit only without Return All) are
 * evaluated; fields of every other operation must stay hidden. So a display rule that shows a
 * field on the wrong operation, or hides one on its own, makes the panel differ from this.
 */
export function operationFields(
	description: INodeTypeDescription,
	resource: string,
	operation: string,
): ShownParameter[] {
	const modules = operationModules();
	const own = modules.get(resource)?.get(operation);
	if (!own)
		throw new Error(
			`dist has no operation module ${resource}.${operation} (the router would not run it)`,
		);
	const ownSet = new Set(own);
	const owned = new Set(
		[...modules.values()].flatMap((operations) => [...operations.values()].flat()),
	);
	const node: INode = {
		id: 'ui-test',
		name: 'ui-test',
		type: description.name,
		typeVersion: newestVersion(description),
		position: [0, 0],
		parameters: {},
	};
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			{ resource, operation },
			true,
			false,
			node,
			description,
		) ?? {};
	node.parameters = values;
	const routed = (property: INodeProperties): INodeProperties => {
		const strip = (conditions?: Record<string, unknown>) => {
			if (!conditions) return undefined;
			const { resource: _resource, operation: _operation, ...rest } = conditions;
			return rest;
		};
		return {
			...property,
			displayOptions: {
				show: strip(property.displayOptions?.show),
				hide: strip(property.displayOptions?.hide),
			} as INodeProperties['displayOptions'],
		};
	};
	const credentialBound = new Set(
		(description.credentials ?? []).flatMap((credential) =>
			Object.keys(credential.displayOptions?.show ?? {}),
		),
	);
	const shown: ShownParameter[] = [];
	const seen = new Set<string>();
	for (const property of description.properties) {
		if (property.type === 'hidden' || credentialBound.has(property.name) || seen.has(property.name))
			continue;
		let visible: boolean;
		if (ownSet.has(property))
			visible = NodeHelpers.displayParameter(values, routed(property), node, description);
		else if (owned.has(property)) visible = false;
		else visible = NodeHelpers.displayParameter(values, property, node, description);
		if (!visible) continue;
		seen.add(property.name);
		shown.push({ name: property.name, displayName: property.displayName, type: property.type });
	}
	return shown;
}

/** resource -> operation -> the fields of dist/nodes/MarketplaceSeller/actions/<resource>/*.resource.js's operation modules. */
function operationModules(): Map<string, Map<string, INodeProperties[]>> {
	const actions = join(repoRoot(), 'dist', 'nodes', 'MarketplaceSeller', 'actions');
	const out = new Map<string, Map<string, INodeProperties[]>>();
	for (const folder of readdirSync(actions, { withFileTypes: true }).filter((entry) =>
		entry.isDirectory(),
	)) {
		const file = readdirSync(join(actions, folder.name)).find((name) =>
			name.endsWith('.resource.js'),
		);
		if (!file) continue;
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const module = require(join(actions, folder.name, file)) as Record<
			string,
			{ description?: unknown; execute?: unknown; executeItem?: unknown }
		>;
		const operations = new Map<string, INodeProperties[]>();
		for (const [name, exported] of Object.entries(module)) {
			// The router runs `execute` (all items at once) or `executeItem` (it loops) (actions/router.ts).
			const runs =
				typeof exported?.execute === 'function' || typeof exported?.executeItem === 'function';
			if (runs && Array.isArray(exported.description))
				operations.set(name, exported.description as INodeProperties[]);
		}
		out.set(folder.name, operations);
	}
	return out;
}
