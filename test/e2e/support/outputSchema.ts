/**
 * The output schema n8n serves to the editor (GET /schemas/<node type>/<major.minor.patch>.json,
 * no login needed: the editor fetches it without credentials), read from the installed package.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { JsonSchema } from '../../support/jsonSchema';

export interface ServedSchema {
	status: number;
	schema: JsonSchema | undefined;
}

export async function servedSchema(
	baseUrl: string,
	nodeType: string,
	version: string,
): Promise<ServedSchema> {
	const response = await fetch(`${baseUrl}/schemas/${nodeType}/${version}.json`);
	return {
		status: response.status,
		schema: response.ok ? ((await response.json()) as JsonSchema) : undefined,
	};
}

/** The schema file in the repository (nodes/<folder>/__schema__/v<version>.json). */
export function sourceSchema(nodeFolder: string, version: string): JsonSchema {
	return JSON.parse(
		readFileSync(
			join(__dirname, '../../../nodes', nodeFolder, '__schema__', `v${version}.json`),
			'utf8',
		),
	) as JsonSchema;
}
