// n8n-core keeps instance settings (an encryption key) in the user folder; keep tests out of ~/.n8n.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'mkt-n8n-test-'));
