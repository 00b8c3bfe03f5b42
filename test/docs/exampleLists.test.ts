/**
 * Every example workflow is described where users look for it (docs/example-workflows.md and the
 * list beside the files), and every end-to-end file has its row in test/e2e/README.md: a file
 * added without its line fails here, not in a reader's hands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './links';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The names of `folder`'s files that end with `suffix`, sorted. */
function filesOf(folder: string, suffix: string): string[] {
	return readdirSync(join(ROOT, folder))
		.filter((name) => name.endsWith(suffix))
		.sort();
}

/** The names in `names` that `text` does not spell as code (`name`). */
function unlisted(names: string[], text: string): string[] {
	return names.filter((name) => !text.includes(`\`${name}\``));
}

describe('lists of example workflows and e2e files', () => {
	const examples = filesOf('examples', '.json');

	it('finds the example workflows', () => {
		expect(examples.length).toBeGreaterThan(0);
	});

	it.each(['docs/example-workflows.md', 'examples/README.md'])('%s lists every example', (page) => {
		expect(unlisted(examples, read(page))).toEqual([]);
	});

	it('test/e2e/README.md has a row for every e2e file', () => {
		const files = filesOf('test/e2e', '.e2e.test.ts');
		expect(files.length).toBeGreaterThan(0);
		expect(unlisted(files, read('test/e2e/README.md'))).toEqual([]);
	});
});
