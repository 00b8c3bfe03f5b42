import { join } from 'node:path';

/**
 * Where binary data (label, invoice and manifest PDFs) lives. Queue mode needs a store every
 * process reads: `database` (n8n's own default in queue mode; set explicitly so a changed default
 * cannot pass unnoticed), not `filesystem`, which is per machine. Each process gets its own
 * storage folder, as on separate machines, so a per-machine mode fails the queue-mode PDF test.
 * MKT_QUEUE_BINARY_DATA_MODE overrides the mode (to watch that test fail with `filesystem`).
 * docs/queue-mode-binary-data.md
 */
export function binaryDataEnvironment(
	stateDir: string,
	processName: string,
): Record<string, string> {
	return {
		N8N_DEFAULT_BINARY_DATA_MODE: process.env.MKT_QUEUE_BINARY_DATA_MODE || 'database',
		N8N_BINARY_DATA_STORAGE_PATH: join(stateDir, 'binary-data', processName),
	};
}
