/**
 * Route templates such as `/sellers/v3/shipments/{ids}/labels`. A path may match several
 * templates (`/sellers/v3/shipments/filter` also fits `{ids}`); the one with the most literal
 * segments, earliest, wins, as in Spring's pattern ordering. A path that matches a template
 * under another method only gives 405 with the allowed methods.
 */
import type { Handler } from './types';

interface Route {
	method: string;
	template: string;
	segments: string[];
	handler: Handler;
}

export type RouteMatch =
	| { kind: 'found'; template: string; handler: Handler; params: Record<string, string> }
	| { kind: 'method-not-allowed'; template: string; allowed: string[] }
	| { kind: 'not-found' };

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, template: string, handler: Handler): this {
		this.routes.push({ method, template, segments: splitPath(template), handler });
		return this;
	}

	match(method: string, path: string): RouteMatch {
		const parts = splitPath(path);
		let best: { score: number[]; template: string } | undefined;
		const byTemplate = new Map<string, { route: Route; params: Record<string, string> }[]>();
		for (const route of this.routes) {
			const params = matchSegments(route.segments, parts);
			if (!params) continue;
			const list = byTemplate.get(route.template) ?? [];
			list.push({ route, params });
			byTemplate.set(route.template, list);
			const score = route.segments.map((s) => (isParam(s) ? 0 : 1));
			if (!best || compareScores(score, best.score) > 0) best = { score, template: route.template };
		}
		if (!best) return { kind: 'not-found' };
		const candidates = byTemplate.get(best.template) ?? [];
		const hit = candidates.find((c) => c.route.method === method);
		if (hit)
			return {
				kind: 'found',
				template: best.template,
				handler: hit.route.handler,
				params: hit.params,
			};
		return {
			kind: 'method-not-allowed',
			template: best.template,
			allowed: candidates.map((c) => c.route.method),
		};
	}
}

function splitPath(path: string): string[] {
	return path.split('/').filter((s) => s !== '');
}

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

function matchSegments(template: string[], parts: string[]): Record<string, string> | undefined {
	if (template.length !== parts.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < template.length; i++) {
		const t = template[i];
		if (isParam(t)) {
			try {
				params[t.slice(1, -1)] = decodeURIComponent(parts[i]);
			} catch {
				params[t.slice(1, -1)] = parts[i];
			}
		} else if (t !== parts[i]) {
			return undefined;
		}
	}
	return params;
}

/** Lexicographic: a literal segment earlier in the path beats one later. */
function compareScores(a: number[], b: number[]): number {
	for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
	return a.length - b.length;
}
