/**
 * The suite's one n8n 2.40.7 and simulator, started the way `npm run demo` and the e2e suite
 * start them (scripts/e2e/lib through test/e2e/support/session.ts: the packed tarball installed
 * as a community package, owner, API key, the self access credential), plus the example
 * workflows imported through n8n's public API as the demo imports them (scripts/demo/examples.ts).
 */
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

import { repoRoot, type Workflow } from '../../../scripts/e2e/lib';
import {
	loadExamples,
	prepareExample,
	usesOnlyDemoCredentials,
} from '../../../scripts/demo/examples';
import { startSession, stopSession, type E2ESession } from '../../e2e/support/session';

export interface ImportedExample {
	file: string;
	workflow: Workflow;
	/** Names of the nodes n8n draws on the canvas (sticky notes excluded). */
	nodeNames: string[];
}

export interface UiSession extends E2ESession {
	examples: ImportedExample[];
}

export async function startUiSession(): Promise<UiSession> {
	const session = await startSession('n8n2', 'ui');
	try {
		const filesFolder = join(session.n8n.userFolder, 'files');
		mkdirSync(filesFolder, { recursive: true });
		const examples: ImportedExample[] = [];
		for (const example of loadExamples(join(repoRoot(), 'examples')).filter(
			usesOnlyDemoCredentials,
		)) {
			const prepared = prepareExample(example, {
				credential: { id: session.credential.id, name: session.credential.name },
				filesFolder: realpathSync(filesFolder),
			});
			const workflow = await session.api.createWorkflow(prepared.workflow);
			const nodeNames = prepared.workflow.nodes
				.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
				.map((node) => node.name);
			examples.push({ file: example.file, workflow, nodeNames });
		}
		return { ...session, examples };
	} catch (error) {
		await stopSession(session);
		throw error;
	}
}

export { stopSession };
