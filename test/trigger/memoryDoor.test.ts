/**
 * The delivery memory behind one door (issue 25, point 4): outside
 * nodes/MarketplaceSellerTrigger/deliveryMemory/ only its index.ts is imported, so the
 * module-level maps (memories, copies in flight) and the rules stay inside.
 * docs/contributing.md#the-path-of-a-delivery-key
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const MODULE = join(ROOT, 'nodes/MarketplaceSellerTrigger/deliveryMemory');
const DOOR = join(MODULE, 'index.ts');

function tsFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return tsFiles(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

/** The files a source imports from this tree (relative specifiers, resolved). */
function importsOf(file: string): string[] {
	const source = readFileSync(file, 'utf8');
	const found: string[] = [];
	for (const match of source.matchAll(
		/\bfrom\s*['"](\.[^'"]*)['"]|\bimport\s*\(\s*['"](\.[^'"]*)['"]/g,
	)) {
		const base = resolve(dirname(file), match[1] ?? match[2]);
		const target = [`${base}.ts`, join(base, 'index.ts')].find(
			(candidate) => existsSync(candidate) && statSync(candidate).isFile(),
		);
		if (target !== undefined) found.push(target);
	}
	return found;
}

const inside = (file: string) => file.startsWith(`${MODULE}/`);

describe('the delivery memory module', () => {
	it('is reached from the rest of nodes/ through its index.ts only', () => {
		const through: string[] = [];
		for (const file of tsFiles(join(ROOT, 'nodes')).filter((f) => !inside(f)))
			for (const target of importsOf(file))
				if (inside(target) && target !== DOOR)
					through.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
		expect(through).toEqual([]);
	});

	it('is imported by the webhook and execute steps (the test sees the module)', () => {
		const users = tsFiles(join(ROOT, 'nodes'))
			.filter((f) => !inside(f) && importsOf(f).includes(DOOR))
			.map((f) => relative(ROOT, f))
			.sort();
		expect(users).toEqual([
			'nodes/MarketplaceSellerTrigger/receiver.ts',
			'nodes/MarketplaceSellerTrigger/webhookFlow.ts',
		]);
	});
});
