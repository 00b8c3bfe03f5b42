/**
 * The label request's invoice date format is one switch in the marketplace profile (issue 27,
 * point 6; docs/api-choices.md#date-format-switches): yyyy-MM-dd by default, a date-time with the
 * seller's offset when switched, in every input mode.
 */
import { DATE_FORMATS } from '../../nodes/shared/profile';
import {
	callsOf,
	generateLabelsJson,
	labelInputs,
	runAction,
	SELF,
	seedApproved,
	useSimulator,
	type Loose,
} from './helpers';

const LABELS = 'POST /sellers/v3/shipments/labels';

describe('the label invoice date format switch', () => {
	const env = useSimulator();
	afterEach(() => {
		DATE_FORMATS.labelInvoiceDate = 'day';
	});

	const sentInvoiceDate = async (): Promise<string> => {
		const [id] = seedApproved(env.sim, 1);
		const inputs = labelInputs(env.sim, [id]);
		((inputs[0].label as Loose).invoices[0] as Loose).invoiceDate = '2025-03-05T10:00:00+05:30';
		await runAction(env.store, SELF, generateLabelsJson, inputs, true);
		return (callsOf(env.sim, LABELS)[0].body as Loose).shipments[0].invoices[0].invoiceDate;
	};

	it('sends yyyy-MM-dd by default (a date-time keeps its date)', async () => {
		expect(DATE_FORMATS.labelInvoiceDate).toBe('day');
		expect(await sentInvoiceDate()).toBe('2025-03-05');
	});

	it('sends the date-time with its offset when the profile says dateTime', async () => {
		DATE_FORMATS.labelInvoiceDate = 'dateTime';
		expect(await sentInvoiceDate()).toBe('2025-03-05T10:00:00+05:30');
	});
});
