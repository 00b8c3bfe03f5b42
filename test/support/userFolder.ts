// n8n-core keeps instance settings (an encryption key) in the user folder; keep tests out of
// ~/.n8n. One folder per run, made before the workers start (they inherit the variable) and
// removed at the end: a setupFiles module would make one per test file and leave it behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CREATED = 'MKT_TEST_USER_FOLDER_CREATED';

export function createUserFolder(): void {
	if (process.env.N8N_USER_FOLDER !== undefined) return;
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'mkt-n8n-test-'));
	process.env[CREATED] = process.env.N8N_USER_FOLDER;
}

export function removeUserFolder(): void {
	const folder = process.env[CREATED];
	if (folder === undefined) return;
	rmSync(folder, { recursive: true, force: true });
	delete process.env[CREATED];
	delete process.env.N8N_USER_FOLDER;
}
