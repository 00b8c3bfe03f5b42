/** typeVersions of a node as a running n8n loaded them. */
import { BROWSER_ID, request, type N8nInstance } from '../e2e/lib';

/**
 * Every typeVersion of `nodeType` that n8n loaded (for a community package: from the description
 * in its packed dist; a versioned node is listed once per version), ascending. Logs the owner in
 * when needed (GET /types/nodes.json wants the editor's cookie).
 */
export async function loadedNodeVersions(n8n: N8nInstance, nodeType: string): Promise<number[]> {
	if (!n8n.authCookie) await n8n.login();
	const r = await request<Array<{ name?: string; version?: number | number[] }>>({
		url: `${n8n.baseUrl}/types/nodes.json`,
		headers: { cookie: n8n.authCookie ?? '', 'browser-id': BROWSER_ID },
	});
	if (r.status !== 200 || !Array.isArray(r.data))
		throw new Error(`/types/nodes.json -> HTTP ${r.status}`);
	const versions = new Set<number>();
	for (const node of r.data) {
		if (node.name !== nodeType) continue;
		for (const v of Array.isArray(node.version) ? node.version : [node.version])
			if (typeof v === 'number') versions.add(v);
	}
	if (versions.size === 0) throw new Error(`n8n lists no ${nodeType}: is its package installed?`);
	return [...versions].sort((a, b) => a - b);
}
