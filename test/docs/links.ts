/**
 * Reads the repository's Markdown headings and links, and the docs citations in code, so that
 * citations.test.ts can check that every one of them resolves. Anchors are GitHub's: the heading
 * text in lower case, punctuation dropped, spaces as hyphens, "-1", "-2" for repeats.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/** Folders whose code and texts may cite the docs. */
export const CODE_FOLDERS = ['nodes', 'credentials', 'simulator', 'scripts', 'test', 'examples'];
const CODE_EXTENSIONS = /\.(ts|js|cjs|mjs|json|md|sh)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', '.e2e', '.demo']);

/** GitHub's anchor for a heading text. */
export function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): Array<{ line: string; number: number }> {
	const lines: Array<{ line: string; number: number }> = [];
	let fenced = false;
	text.split('\n').forEach((line, index) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return;
		}
		if (!fenced) lines.push({ line, number: index + 1 });
	});
	return lines;
}

/** The anchors of a Markdown text. */
export function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const { line } of proseLines(markdown)) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const base = slug(heading[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

export interface Reference {
	/** Where the reference is: file (relative to the root) and line. */
	from: string;
	/** The target as written. */
	target: string;
	/** Absolute path of the target file; undefined for a link inside the same file. */
	file: string;
	anchor?: string;
}

/** Relative links of a Markdown text: [text](target) outside code, not URLs. */
export function linksOf(markdown: string, path: string): Reference[] {
	const references: Reference[] = [];
	for (const { line, number } of proseLines(markdown)) {
		const withoutCode = line.replace(/`[^`]*`/g, '');
		for (const match of withoutCode.matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)) {
			const target = match[1];
			if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
			const [file, anchor] = target.split('#', 2);
			references.push({
				from: `${relative(ROOT, path)}:${number}`,
				target,
				file: file === '' ? path : resolve(dirname(path), decodeURI(file)),
				anchor: anchor === undefined || anchor === '' ? undefined : anchor,
			});
		}
	}
	return references;
}

/** Citations of the docs in code: docs/<path>.md with an optional #anchor, from the root. */
export function citationsOf(text: string, path: string): Reference[] {
	const references: Reference[] = [];
	text.split('\n').forEach((line, index) => {
		for (const match of line.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md(?:#[\w-]+)?/g)) {
			const [file, anchor] = match[0].split('#', 2);
			references.push({
				from: `${relative(ROOT, path)}:${index + 1}`,
				target: match[0],
				file: join(ROOT, file),
				anchor,
			});
		}
	});
	return references;
}

/** Why a reference does not resolve, or undefined when it does. */
export function problemOf(
	reference: Reference,
	read: (file: string) => string = readText,
): string | undefined {
	if (!existsSync(reference.file)) return `${reference.from}: ${reference.target}: no such file`;
	if (reference.anchor === undefined) return undefined;
	if (!reference.file.endsWith('.md'))
		return `${reference.from}: ${reference.target}: anchor on a file that is not Markdown`;
	if (!anchorsOf(read(reference.file)).has(reference.anchor)) {
		return `${reference.from}: ${reference.target}: no heading with the anchor #${reference.anchor}`;
	}
	return undefined;
}

function readText(file: string): string {
	return readFileSync(file, 'utf8');
}

/** Files under a folder, recursively, whose names match. */
export function filesUnder(folder: string, pattern: RegExp = CODE_EXTENSIONS): string[] {
	const base = join(ROOT, folder);
	if (!existsSync(base)) return [];
	const found: string[] = [];
	const walk = (dir: string): void => {
		for (const name of readdirSync(dir)) {
			if (SKIPPED_FOLDERS.has(name)) continue;
			const path = join(dir, name);
			if (statSync(path).isDirectory()) walk(path);
			else if (pattern.test(name)) found.push(path);
		}
	};
	walk(base);
	return found.sort();
}

/** The Markdown documents whose links must resolve. */
export function markdownDocuments(): string[] {
	const top = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md']
		.map((name) => join(ROOT, name))
		.filter((path) => existsSync(path));
	return [...top, ...filesUnder('docs', /\.md$/), ...filesUnder('simulator', /\.md$/)];
}

/** The files whose comments and texts may cite the docs (and must not cite the old sources). */
export function codeFiles(): string[] {
	return [
		join(ROOT, 'README.md'),
		...CODE_FOLDERS.flatMap((folder) => filesUnder(folder)),
		...filesUnder('docs', /\.md$/),
	];
}
