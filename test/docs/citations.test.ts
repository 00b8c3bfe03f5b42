/**
 * Every link in the Markdown documents and every docs citation in code resolves (file and heading
 * anchor), and no code comment cites the old outside sources ("spec N", the API facts file) any
 * more: the marketplace facts live in docs/marketplace-api/, which a newcomer can read and check.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import {
	ROOT,
	anchorsOf,
	citationsOf,
	codeFiles,
	linksOf,
	markdownDocuments,
	problemOf,
	slug,
} from './links';

const THIS_FOLDER = join(ROOT, 'test', 'docs');

/** "api-facts 3.2", "spec 4.1", "spec §6": citations of documents that are not in the repository. */
const OUTSIDE_CITATION = new RegExp(
	['api-' + 'facts', '\\bspec(?:ification)?\\s+§?\\d'].join('|'),
	'i',
);
/** docs/x.md "Heading": a citation by heading text, which the checks cannot follow; use #anchor. */
const QUOTED_HEADING = /docs\/[\w./-]+\.md "/;

describe('the checker', () => {
	it('makes GitHub anchors', () => {
		expect(slug('Why the delivery key is not saved in `webhook()`')).toBe(
			'why-the-delivery-key-is-not-saved-in-webhook',
		);
		expect(slug('Shipment search paging')).toBe('shipment-search-paging');
		expect([...anchorsOf('# A\n## Errors\n```\n# not a heading\n```\n## Errors\n')]).toEqual([
			'a',
			'errors',
			'errors-1',
		]);
	});

	it('finds a broken link, a broken anchor and a broken citation', () => {
		const readme = join(ROOT, 'README.md');
		const [missingFile, missingAnchor, fine] = linksOf(
			'[a](docs/none.md) [b](docs/marketplace-api/paging.md#no-such-heading) [c](docs/marketplace-api/paging.md#returns-paging) `[d](x.md)`',
			readme,
		);
		expect(problemOf(missingFile)).toMatch(/no such file/);
		expect(problemOf(missingAnchor)).toMatch(/no heading with the anchor #no-such-heading/);
		expect(problemOf(fine)).toBeUndefined();
		const [citation] = citationsOf(
			'// limits (docs/marketplace-api/batch-limits.md#limits-per-cal)',
			readme,
		);
		expect(problemOf(citation)).toMatch(/no heading/);
	});
});

describe('Markdown links', () => {
	const documents = markdownDocuments();

	it('covers the README and the docs', () => {
		const names = documents.map((path) => relative(ROOT, path));
		expect(names).toEqual(
			expect.arrayContaining([
				'README.md',
				'docs/marketplace-api/README.md',
				'docs/contributing.md',
			]),
		);
	});

	it('resolve: the file exists and so does the heading', () => {
		const problems = documents.flatMap((path) =>
			linksOf(readFileSync(path, 'utf8'), path).map((reference) => problemOf(reference)),
		);
		expect(problems.filter((problem) => problem !== undefined)).toEqual([]);
	});
});

describe('docs citations in code', () => {
	const files = codeFiles().filter((path) => !path.startsWith(THIS_FOLDER));

	it('resolve: the file exists and so does the heading', () => {
		const citations = files.flatMap((path) => citationsOf(readFileSync(path, 'utf8'), path));
		expect(citations.length).toBeGreaterThan(150);
		const problems = citations.map((reference) => problemOf(reference));
		expect(problems.filter((problem) => problem !== undefined)).toEqual([]);
	});

	it('cite no document outside the repository ("spec N", the API facts file), headings only by anchor', () => {
		const offending = files.flatMap((path) =>
			readFileSync(path, 'utf8')
				.split('\n')
				.flatMap((line, index) =>
					OUTSIDE_CITATION.test(line) || QUOTED_HEADING.test(line)
						? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`]
						: [],
				),
		);
		expect(offending).toEqual([]);
	});
});
