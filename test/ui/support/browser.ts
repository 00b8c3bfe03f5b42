/**
 * Debian's chromium (installed by scripts/ensure-chromium.sh when missing) driven by
 * playwright-core: one headless browser and one 1600x1000 page for the whole suite, with every
 * console error and uncaught page error kept for the final check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, selectors, type Browser, type Page } from 'playwright-core';

import { repoRoot } from '../../../scripts/e2e/lib';

export const VIEWPORT = { width: 1600, height: 1000 };

/** The browser binary: the script prints Debian's launcher; its real binary skips the wrapper's shell checks. */
export function chromiumPath(): string {
	const printed = execFileSync('bash', [join(repoRoot(), 'scripts', 'ensure-chromium.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	}).trim();
	const real = '/usr/lib/chromium/chromium';
	return printed === '/usr/bin/chromium' && existsSync(real) ? real : printed;
}

export interface ConsoleEntry {
	type: string;
	text: string;
	url: string;
}

export interface UiBrowser {
	browser: Browser;
	page: Page;
	/** Console errors and uncaught exceptions seen so far. */
	errors: ConsoleEntry[];
	close(): Promise<void>;
}

export async function launchBrowser(): Promise<UiBrowser> {
	// n8n's editor marks its elements with data-test-id.
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({
		executablePath: chromiumPath(),
		headless: true,
		// Root in a container has no user namespace sandbox; loopback only anyway.
		args: ['--no-sandbox', '--disable-dev-shm-usage'],
	});
	// Half the device scale: the editor lays out at 1600x1000, screenshots come out 800 px wide.
	const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 0.5 });
	context.setDefaultTimeout(20_000);
	const page = await context.newPage();
	const errors: ConsoleEntry[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error')
			errors.push({ type: 'console', text: message.text(), url: message.location().url });
	});
	page.on('pageerror', (error) =>
		errors.push({
			type: 'pageerror',
			text: `${error.message}\n${error.stack ?? ''}`,
			url: page.url(),
		}),
	);
	return {
		browser,
		page,
		errors,
		close: async () => {
			await browser.close();
		},
	};
}
