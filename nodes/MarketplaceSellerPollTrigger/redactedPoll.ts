/**
 * The poll trigger's way out to the user, redacted like the action node's
 * (nodes/shared/redaction.ts): the items a poll emits, the error it throws and
 * the lines it logs carry no secret of the credential or of the run, in any encoding. A hostile
 * or broken server echoes tokens in next links and records, and a poll's failure reaches n8n's
 * log and the workflow's error output without passing through the action node's router.
 */
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { redactingLogger, runRedaction } from '../shared/redaction';

type Poll = (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

/**
 * Runs `poll` with the redaction seeded from the credential before it starts. The poll sees the
 * same context with a logger that redacts; the transport learns its secrets on that context, so
 * they join the redaction.
 */
export async function redactedPoll(
	context: IPollFunctions,
	poll: Poll,
): Promise<INodeExecutionData[][] | null> {
	const work = Object.create(context) as IPollFunctions;
	const redaction = await runRedaction(work);
	Object.defineProperty(work, 'logger', { value: redactingLogger(context.logger, redaction) });
	let result: INodeExecutionData[][] | null;
	try {
		result = await poll.call(work);
	} catch (error) {
		throw redaction.error(error);
	}
	return result === null ? null : result.map((items) => redaction.items(items));
}
