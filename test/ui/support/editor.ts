/**
 * The n8n 2.40.7 editor as a user drives it, through its data-test-id attributes (the ones n8n's
 * own Playwright suite uses): sign in, canvas, nodes panel, node details view (NDV), output panel.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { Locator, Page } from 'playwright-core';

import type { OwnerCredentials } from '../../../scripts/e2e/lib';

export async function signIn(page: Page, baseUrl: string, owner: OwnerCredentials): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(owner.email);
	await page.getByTestId('password').locator('input').fill(owner.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.includes('signin'));
}

export async function openWorkflow(page: Page, baseUrl: string, id: string): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${id}`);
	await page.getByTestId('canvas-node').first().waitFor();
}

export async function canvasNodeNames(page: Page): Promise<string[]> {
	return await page
		.getByTestId('canvas-node')
		.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name') ?? ''));
}

export function canvasNode(page: Page, name: string): Locator {
	return page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
}

/** The first visible option of the open dropdown whose headline is exactly `name`. */
export function dropdownOption(page: Page, name: string): Locator {
	return page
		.getByRole('option')
		.filter({ has: page.getByText(name, { exact: true }) })
		.locator('visible=true')
		.first();
}

/** Opens the nodes panel, searches `search` and clicks the node entry named exactly `nodeName`. */
export async function openNodeInPanel(
	page: Page,
	opener: 'canvas-plus-button' | 'node-creator-plus-button',
	search: string,
	nodeName: string,
): Promise<void> {
	await page.getByTestId(opener).click();
	await page.getByTestId('node-creator-search-bar').fill(search);
	await settlePanel(page);
	// The panel lists trigger nodes without the word "Trigger".
	const listed = escapeRegExp(nodeName.replace(/ Trigger$/, ''));
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: new RegExp(`^\\s*${listed}\\s*$`) })
		.first()
		.click();
}

/** In the node's list of actions or trigger events (after openNodeInPanel), clicks the one named `itemName`. */
export async function pickPanelItem(page: Page, itemName: string): Promise<void> {
	await settlePanel(page);
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(itemName)}\\s*$`) })
		.first()
		.click();
	await page.getByTestId('ndv').waitFor();
}

/** Waits until the nodes panel's slide-in has ended (a click during it lands on the sliding list). */
async function settlePanel(page: Page): Promise<void> {
	await page
		.locator('.panel-slide-in-enter-active, .panel-slide-in-leave-active')
		.first()
		.waitFor({ state: 'detached' });
}

export async function panelItems(page: Page): Promise<string[]> {
	await settlePanel(page);
	return (await page.getByTestId('node-creator-item-name').allTextContents()).map((text) =>
		text.trim(),
	);
}

/** Closes the node details view when one is open (a failed step may leave it open). */
export async function closeNdvIfOpen(page: Page): Promise<void> {
	if (await page.getByTestId('ndv').isVisible()) await closeNdv(page);
}

export async function closeNdv(page: Page): Promise<void> {
	await page.getByTestId('ndv-close-button').click();
	await page.getByTestId('ndv').waitFor({ state: 'hidden' });
}

export async function openNode(page: Page, name: string): Promise<void> {
	await canvasNode(page, name).dblclick();
	await page.getByTestId('ndv').waitFor();
}

/** Picks `optionName` in the options parameter `parameterName` of the open NDV. */
export async function selectParameterOption(
	page: Page,
	parameterName: string,
	optionName: string,
): Promise<void> {
	await page.getByTestId('ndv').getByTestId(`parameter-input-${parameterName}`).click();
	await dropdownOption(page, optionName).click();
	await page
		.getByTestId('ndv')
		.getByTestId(`parameter-input-${parameterName}`)
		.locator('input')
		.first()
		.waitFor();
}

/** One top-level entry of the NDV's parameter list: its label and, for inputs, the parameter name. */
export interface PanelParameter {
	label: string;
	inputName: string | null;
	notice: boolean;
}

/**
 * The visible top-level parameters of the open NDV, in order (Settings tab and credential slot
 * excluded): read from the editor's parameter-item elements and their labels.
 */
export async function visibleParameters(page: Page): Promise<PanelParameter[]> {
	return await page
		.getByTestId('ndv')
		.getByTestId('node-parameters')
		.first()
		.evaluate((root) => {
			const selector = '[data-test-id="parameter-item"], .notice.parameter-item';
			const out: Array<{ label: string; inputName: string | null; notice: boolean }> = [];
			// The credential selector sits in an item of its own, which may also hold the first notice.
			const isCredentialSlot = (element: Element) =>
				element.querySelector('[data-test-id="node-credentials-slot"]') !== null &&
				element.querySelector('[data-test-id="input-label"]') === null;
			for (const item of Array.from(root.querySelectorAll<HTMLElement>(selector))) {
				if (!item.checkVisibility()) continue;
				const outer = item.parentElement?.closest(selector);
				if (outer && root.contains(outer) && !isCredentialSlot(outer)) continue;
				if (isCredentialSlot(item)) continue;
				const labelElement = item.querySelector('[data-test-id="input-label"]');
				const notice = item.classList.contains('notice')
					? item
					: labelElement === null
						? item.querySelector('.notice')
						: null;
				if (notice) {
					out.push({
						label: (notice.textContent ?? '').replace(/\s+/g, ' ').trim(),
						inputName: null,
						notice: true,
					});
					continue;
				}
				let label = '';
				if (labelElement) {
					const copy = labelElement.cloneNode(true) as HTMLElement;
					copy
						.querySelectorAll(
							'[data-test-id$="parameter-input-options-container"], [data-test-id="parameter-input"]',
						)
						.forEach((element) => element.remove());
					label = (copy.textContent ?? '')
						.replace(/\s+/g, ' ')
						.replace(/\*\s*$/, '')
						.trim();
				}
				const input = Array.from(item.querySelectorAll('[data-test-id^="parameter-input-"]'))
					.map((element) => element.getAttribute('data-test-id') ?? '')
					.find((id) => id !== 'parameter-input-field' && id !== 'parameter-input-hint');
				out.push({
					label,
					inputName: input ? input.slice('parameter-input-'.length) : null,
					notice: false,
				});
			}
			return out;
		});
}

/** Clicks the NDV's execute button and returns the output panel's text once the run has finished. */
export async function executeStep(page: Page, timeoutMs = 60_000): Promise<string> {
	await page.getByTestId('ndv').getByTestId('node-execute-button').click();
	return await waitForOutput(page, timeoutMs);
}

/** The output panel's text once it shows items or an error (whitespace collapsed). */
export async function waitForOutput(page: Page, timeoutMs = 60_000): Promise<string> {
	const panel = page.getByTestId('output-panel');
	const deadline = Date.now() + timeoutMs;
	let text = '';
	while (Date.now() < deadline) {
		text = (await panel.innerText()).replace(/\s+/g, ' ');
		if (/error|problem/i.test(text)) return text;
		if (/\b\d+ items?\b/.test(text)) {
			// JSON view: every value of the items as text.
			const json = panel.getByTestId('radio-button-json');
			if (await json.isVisible()) await json.click();
			await panel.getByTestId('ndv-data-container').filter({ hasText: /\S/ }).waitFor();
			return (await panel.innerText()).replace(/\s+/g, ' ');
		}
		await page.waitForTimeout(250);
	}
	await page
		.screenshot({ path: join(tmpdir(), `ui-no-output-${Date.now()}.png`) })
		.catch(() => undefined);
	throw new Error(`the output panel shows no result after ${timeoutMs} ms: ${text}`);
}

/** Writes a PNG of the page (800 px wide: the browser renders at half scale). */
export async function screenshot(page: Page, file: string): Promise<void> {
	mkdirSync(dirname(file), { recursive: true });
	await page.screenshot({ path: file });
}

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
