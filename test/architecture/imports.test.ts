/**
 * The product's import graph (every .ts file under nodes/ and credentials/): no circle, and no
 * upward import. The layers: nodes/shared is below every node folder, so it imports from none of
 * them; a node folder (nodes/<Node>/) imports from nodes/shared only, never from another node
 * folder; credentials/ import from nodes/shared only. docs/contributing.md#layout names the folders.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function tsFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return tsFiles(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
	});
}

/** Every module specifier of a file: import, export from, import() and require(). */
export function specifiersOf(source: string): string[] {
	const found: string[] = [];
	const patterns = [
		/\b(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
		/\bimport\s*['"]([^'"]+)['"]/g,
		/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
		/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
	];
	for (const pattern of patterns)
		for (const match of source.matchAll(pattern)) found.push(match[1]);
	return found;
}

function resolveImport(from: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = resolve(dirname(from), specifier);
	for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
		if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
	throw new Error(`${relative(ROOT, from)}: cannot resolve ${specifier}`);
}

/** "shared", a node folder's name, or "credentials". */
export function layerOf(file: string): string {
	const parts = relative(ROOT, file).split(/[\\/]/);
	return parts[0] === 'nodes' ? parts[1] : parts[0];
}

export function upwardImport(fromLayer: string, toLayer: string): boolean {
	if (fromLayer === toLayer) return false;
	return toLayer !== 'shared';
}

function graph(): Map<string, string[]> {
	const files = [...tsFiles(join(ROOT, 'nodes')), ...tsFiles(join(ROOT, 'credentials'))];
	return new Map(
		files.map((file) => [
			file,
			specifiersOf(readFileSync(file, 'utf8'))
				.map((specifier) => resolveImport(file, specifier))
				.filter((target): target is string => target !== undefined),
		]),
	);
}

/** The strongly connected components of more than one file, or of one file importing itself. */
export function circles(edges: Map<string, string[]>): string[][] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (node: string) => {
		index.set(node, counter);
		low.set(node, counter++);
		stack.push(node);
		onStack.add(node);
		for (const next of edges.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
		}
		if (low.get(node) === index.get(node)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== node);
			if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component);
		}
	};
	for (const node of edges.keys()) if (!index.has(node)) visit(node);
	return found;
}

describe('the import graph of nodes/ and credentials/', () => {
	const edges = graph();

	it('has no circle', () => {
		const found = circles(edges).map((component) =>
			component.map((file) => relative(ROOT, file)).sort(),
		);
		expect(found).toEqual([]);
	});

	it('has no upward import (shared below the node folders, no node folder into another)', () => {
		const upward: string[] = [];
		for (const [file, targets] of edges)
			for (const target of targets)
				if (upwardImport(layerOf(file), layerOf(target)))
					upward.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
		expect(upward).toEqual([]);
	});

	it('sees the imports it checks (a check that parses nothing passes on anything)', () => {
		expect([...edges.keys()].length).toBeGreaterThan(100);
		expect([...edges.values()].flat().length).toBeGreaterThan(300);
		expect(
			circles(
				new Map([
					['a', ['b']],
					['b', ['c']],
					['c', ['a']],
				]),
			),
		).toHaveLength(1);
		expect(upwardImport('shared', 'MarketplaceSeller')).toBe(true);
		expect(upwardImport('MarketplaceSellerPollTrigger', 'MarketplaceSeller')).toBe(true);
		expect(upwardImport('credentials', 'MarketplaceSeller')).toBe(true);
		expect(upwardImport('MarketplaceSeller', 'shared')).toBe(false);
		expect(specifiersOf('import type { A } from \'./a\';\nexport { b } from "../b";')).toEqual([
			'./a',
			'../b',
		]);
	});
});

describe('types in nodes/ and credentials/', () => {
	it('no double cast (as unknown as): a value that needs one is typed where it is made', () => {
		const files = [...tsFiles(join(ROOT, 'nodes')), ...tsFiles(join(ROOT, 'credentials'))];
		expect(files.length).toBeGreaterThan(50);
		const casts = files.filter((file) => /\bas\s+unknown\s+as\b/.test(readFileSync(file, 'utf8')));
		expect(casts.map((file) => relative(ROOT, file))).toEqual([]);
	});
});
