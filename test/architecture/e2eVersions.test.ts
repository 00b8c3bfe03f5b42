/**
 * The n8n 2.x e2e files run on more than one n8n version (.ci/run, docs/n8n-internals.md#the-e2e-matrix):
 * a title or comment that spells one version says something false on the others. Titles name the
 * version of the run through n8n2Version() (scripts/e2e/lib).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const E2E = resolve(__dirname, '../e2e');

/** The lines of a file that spell an n8n 2.x version such as 2.40.7 (not 2.0.0, a schema's). */
function versionLines(file: string): string[] {
	return readFileSync(join(E2E, file), 'utf8')
		.split('\n')
		.filter((line) => /\b2\.[1-9]\d*\.\d+\b/.test(line))
		.map((line) => `${file}: ${line.trim()}`);
}

describe('the n8n 2.x e2e files', () => {
	const files = readdirSync(E2E).filter((name) => name.includes('.n8n2.'));

	it('are found', () => {
		expect(files.length).toBeGreaterThan(0);
	});

	it('name no n8n version in titles or comments', () => {
		expect(files.flatMap(versionLines)).toEqual([]);
	});
});
