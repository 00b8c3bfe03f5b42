/**
 * Imported first by the action bench: n8n-core keeps instance settings (an encryption key) in
 * the user folder; keep the bench out of ~/.n8n, as the jest setup does for the tests, and give
 * it a key so that n8n-core does not log that it generated one.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (process.env.N8N_USER_FOLDER === undefined) {
	const folder = mkdtempSync(join(tmpdir(), 'mkt-n8n-bench-'));
	mkdirSync(join(folder, '.n8n'), { recursive: true });
	writeFileSync(
		join(folder, '.n8n', 'config'),
		JSON.stringify({ encryptionKey: randomBytes(24).toString('base64') }),
		{ mode: 0o600 },
	);
	process.env.N8N_USER_FOLDER = folder;
}
