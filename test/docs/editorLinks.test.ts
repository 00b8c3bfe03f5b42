/**
 * The documentation links n8n's editor shows (the codex files' Docs links, the credentials'
 * documentationUrl, any link in a node description) open a page of this repository, and the
 * heading they name is there: moving or renaming a section fails here, not in a user's browser.
 * The README is the package's page on npm; a GitHub link to blob/main/<path> is that file.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { MarketplaceSeller } from '../../nodes/MarketplaceSeller/MarketplaceSeller.node';
import { ROOT, filesUnder, problemOf, slug, type Reference } from './links';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	repository: { url: string };
};
const REPOSITORY = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const NPM_PAGE = `https://www.npmjs.com/package/${packageJson.name}`;

/** Links to this project's pages inside a text: the repository's files and the npm page. */
const PROJECT_LINK = new RegExp(
	`(?:${escape(REPOSITORY)}/(?:blob|tree)/main/[^\\s'"\`)<>?]+|${escape(NPM_PAGE)})(?:#[\\w-]+)?`,
	'g',
);

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The repository file and heading anchor a project link opens. */
export function referenceOf(url: string, from: string): Reference {
	const [address, anchor] = url.split('#', 2);
	const path =
		address === NPM_PAGE
			? 'README.md'
			: address.slice(REPOSITORY.length).replace(/^\/(blob|tree)\/main\//, '');
	return { from, target: url, file: join(ROOT, path), anchor };
}

/** Every link the editor can show: codex resources, and project links in node and credential code. */
function editorLinks(): Reference[] {
	const codex = filesUnder('nodes', /\.node\.json$/).flatMap((file) => {
		const resources =
			(
				JSON.parse(readFileSync(file, 'utf8')) as {
					resources?: Record<string, Array<{ url: string }>>;
				}
			).resources ?? {};
		return Object.values(resources).flatMap((entries) =>
			entries.map(({ url }) => referenceOf(url, relative(ROOT, file))),
		);
	});
	const code = [...filesUnder('nodes', /\.ts$/), ...filesUnder('credentials', /\.ts$/)].flatMap(
		(file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.flatMap((line, index) =>
					[...line.matchAll(PROJECT_LINK)].map((match) =>
						referenceOf(match[0], `${relative(ROOT, file)}:${index + 1}`),
					),
				),
	);
	return [...codex, ...code];
}

describe("the editor's documentation links", () => {
	const links = editorLinks();

	it('are found: three codex Docs links, the credentials, and every link in the node code', () => {
		expect(links.filter(({ from }) => from.endsWith('.node.json')).length).toBeGreaterThanOrEqual(
			3,
		);
		expect(
			links.filter(({ from }) => from.startsWith('credentials/')).length,
		).toBeGreaterThanOrEqual(2);
	});

	it('open a file of this repository whose heading exists', () => {
		const problems = links.map((link) => problemOf(link));
		expect(problems.filter((problem) => problem !== undefined)).toEqual([]);
	});

	it('fail when the heading a link names disappears', () => {
		const withAnchor = links.find((link) => link.anchor !== undefined);
		expect(withAnchor).toBeDefined();
		const { file, anchor } = withAnchor!;
		const without = readFileSync(file, 'utf8')
			.split('\n')
			.filter((line) => !(/^#{1,6}\s/.test(line) && slug(line.replace(/^#+\s+/, '')) === anchor))
			.join('\n');
		expect(problemOf(withAnchor!)).toBeUndefined();
		expect(problemOf(withAnchor!, () => without)).toMatch(/no heading with the anchor/);
	});

	it('each node opens its own page', () => {
		const pages = links
			.filter(({ from }) => from.endsWith('.node.json'))
			.map(({ file }) => relative(ROOT, file));
		expect(new Set(pages)).toEqual(
			new Set([
				'docs/marketplace-seller-node.md',
				'docs/marketplace-seller-trigger.md',
				'docs/marketplace-seller-poll-trigger.md',
			]),
		);
	});

	it("the action node's page names every resource and operation", () => {
		const page = readFileSync(join(ROOT, 'docs', 'marketplace-seller-node.md'), 'utf8');
		const properties = new MarketplaceSeller().description.properties;
		const names = properties
			.filter(({ name }) => name === 'resource' || name === 'operation')
			.flatMap((property) => (property.options ?? []) as Array<{ name: string }>)
			.map(({ name }) => name);
		expect(names.length).toBeGreaterThan(20);
		expect(names.filter((name) => !page.includes(name))).toEqual([]);
	});
});
