/**
 * Shipment > Download Labels, Download Label Only (reprint) and Download Invoices (PDF and
 * JSON): the request per 100 / 50 shipments, the PDF as n8n binary data, and a blank label or a
 * non-PDF answer as an error with the "labels may still be generating" hint.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import {
	accessToken,
	apiCalls,
	expectBearer,
	failed,
	ok,
	pairedIndexes,
	runAction,
	runOnIds,
	seedApproved,
	seedInState,
	SELF,
	useSimulator,
} from './helpers';

const HINT = /Labels may still be generating/;

function pdfText(item: INodeExecutionData, property = 'data'): string {
	const binary = item.binary?.[property];
	expect(binary).toBeDefined();
	expect(binary!.mimeType).toBe('application/pdf');
	return Buffer.from(binary!.data, 'base64').toString('latin1');
}

const download = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'shipment',
	operation,
	shipmentIds: '={{ $json.id }}',
	...extra,
});

describe('Shipment > Download Labels', () => {
	const env = useSimulator();

	it('GETs /sellers/v3/shipments/{ids}/labels once for all items and outputs the PDF as binary data', async () => {
		const packed = seedInState(env.sim, 3, 'PACKED');
		const items = ok(await runOnIds(env, download('downloadLabels'), packed));

		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('GET');
		expect(calls[0].path).toBe(`/sellers/v3/shipments/${packed.join(',')}/labels`);
		expect(calls[0].headers.accept).toBe('application/pdf');
		expectBearer(calls, accessToken(env.store));

		expect(items).toHaveLength(1);
		const [file] = items;
		expect(file.json).toEqual({
			shipmentIds: packed,
			fileName: `labels-${packed[0]}-and-2-more.pdf`,
			fileSize: expect.any(Number),
		});
		expect(file.binary!.data.fileName).toBe(`labels-${packed[0]}-and-2-more.pdf`);
		expect(file.pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const text = pdfText(file);
		expect(text.startsWith('%PDF-')).toBe(true);
		for (const id of packed) expect(text).toContain(`Shipment: ${id}`);
		expect(text).toContain('TAX INVOICE');
		expect(Buffer.from(file.binary!.data.data, 'base64').length).toBe(file.json.fileSize);
	});

	it('asks 100 shipments per request (150 = 2 files), in a configurable binary field', async () => {
		const packed = seedInState(env.sim, 150, 'PACKED');
		const items = ok(
			await runOnIds(env, download('downloadLabels', { binaryPropertyName: 'labels' }), packed),
		);
		expect(apiCalls(env.sim).map((call) => call.path.split('/')[4].split(',').length)).toEqual([
			100, 50,
		]);
		expect(items).toHaveLength(2);
		expect(items[0].json.fileName).toBe(`labels-${packed[0]}-and-99-more.pdf`);
		expect(pdfText(items[1], 'labels')).toContain(`Shipment: ${packed[149]}`);
		expect(pairedIndexes(items)).toEqual([0, 100]);
		expect((items[1].pairedItem as Array<{ item: number }>).map((paired) => paired.item)).toEqual(
			packed.slice(100).map((_, i) => 100 + i),
		);
	});

	it('one file per input item when asked', async () => {
		const packed = seedInState(env.sim, 2, 'PACKED');
		const items = ok(
			await runOnIds(env, download('downloadLabels', { outputMode: 'perItem' }), packed),
		);
		expect(items.map((item) => item.json.fileName)).toEqual(packed.map((id) => `labels-${id}.pdf`));
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(apiCalls(env.sim)).toHaveLength(2);
	});

	it('a blank label (not packed yet) is an error naming the shipments, with the "labels may still be generating" hint', async () => {
		const [approved] = seedApproved(env.sim, 1);
		const error = failed(
			await runAction(env.store, SELF, download('downloadLabels'), [{ id: approved }]),
		);
		expect(error.message).toBe(`Download labels failed for shipment ${approved}: the PDF is blank`);
		expect(error.description).toMatch(HINT);
		expect(apiCalls(env.sim)).toHaveLength(1);
		expect(apiCalls(env.sim)[0].status).toBe(200);
	});

	/**
	 * Issue 24, finding 7: ~800 KB of "stream" keywords without an end made the blank check scan
	 * the rest of the body from each one (quadratic: 15 s and more on n8n's main thread). The
	 * check now reads each byte a bounded number of times, so the run stays far inside the test's
	 * few seconds (the old check needed tens of seconds here).
	 */
	const HOSTILE_BYTES = 800_000;
	const unterminatedStreams = 'stream\n'.repeat(Math.floor(HOSTILE_BYTES / 7));

	it('a hostile 800 KB PDF of unterminated streams is refused as blank, in linear time', async () => {
		const packed = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: 'GET /sellers/v3/shipments/{ids}/labels',
			status: 200,
			headers: { 'Content-Type': 'application/pdf' },
			body: `%PDF-1.4\n${unterminatedStreams}`,
		});
		const result = await runAction(env.store, SELF, download('downloadLabels'), [
			{ id: packed[0] },
		]);
		// The check runs synchronously: only once the event loop reaches its timers can jest see
		// that this test outlived its timeout, so wait for one timer turn before passing.
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(failed(result).message).toBe(
			`Download labels failed for shipment ${packed[0]}: the PDF is blank`,
		);
	}, 8_000);

	it('the same body ending in a stream that draws is a label (the check still reads every stream)', async () => {
		const packed = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: 'GET /sellers/v3/shipments/{ids}/labels',
			status: 200,
			headers: { 'Content-Type': 'application/pdf' },
			body: `%PDF-1.4\n${unterminatedStreams}BT (label) Tj ET\nendstream\n%%EOF`,
		});
		const items = ok(
			await runAction(env.store, SELF, download('downloadLabels'), [{ id: packed[0] }]),
		);
		expect(pdfText(items[0])).toContain('BT (label) Tj ET');
	}, 8_000);

	it('under continueOnFail every input item of the failed request gets its own error item', async () => {
		const approved = seedApproved(env.sim, 2);
		const items = ok(await runOnIds(env, download('downloadLabels'), approved, true));
		expect(items).toHaveLength(2);
		expect(items.map((item) => item.json.shipmentIds)).toEqual([[approved[0]], [approved[1]]]);
		expect(
			items.every(
				(item) =>
					/the PDF is blank/.test(String(item.json.error)) &&
					HINT.test(String(item.json.errorDescription)),
			),
		).toBe(true);
		expect(pairedIndexes(items)).toEqual([0, 1]);
		expect(items.every((item) => item.binary === undefined)).toBe(true);
	});

	it('an answer that is not a PDF is an error with the hint and the marketplace text', async () => {
		const packed = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: 'GET /sellers/v3/shipments/{ids}/labels',
			status: 200,
			headers: { 'Content-Type': 'text/html' },
			body: '<html><body>Label generation in progress</body></html>',
		});
		const error = failed(
			await runAction(env.store, SELF, download('downloadLabels'), [{ id: packed[0] }]),
		);
		expect(error.message).toBe(
			`Download labels failed for shipment ${packed[0]}: the marketplace sent text/html instead of a PDF`,
		);
		expect(error.description).toMatch(HINT);
		expect(error.description).toContain('Label generation in progress');
	});

	it('a JSON answer with status 200 (e.g. DEPENDENT_SYSTEM_CALL_FAILED) is not a PDF either', async () => {
		const packed = seedInState(env.sim, 1, 'PACKED');
		env.sim.control.addFault({
			route: 'GET /sellers/v3/shipments/{ids}/labels',
			status: 200,
			body: {
				errorCode: 'DEPENDENT_SYSTEM_CALL_FAILED',
				errorMessage: 'Label service unavailable',
			},
		});
		const error = failed(
			await runAction(env.store, SELF, download('downloadLabels'), [{ id: packed[0] }]),
		);
		expect(error.message).toMatch(/instead of a PDF$/);
		expect(error.description).toMatch(HINT);
		expect(error.description).toContain('DEPENDENT_SYSTEM_CALL_FAILED');
	});

	it('a marketplace error status is the marketplace message', async () => {
		const error = failed(
			await runAction(env.store, SELF, download('downloadLabels'), [{ id: 'nope' }]),
		);
		expect(error.message).toBe(
			'Download labels failed: INVALID_SHIPMENTS: Invalid shipment ids: nope (HTTP 400)',
		);
	});
});

describe('Shipment > Download Label Only', () => {
	const env = useSimulator();

	it('POSTs /sellers/v3/shipments/{ids}/labelOnly/pdf, 50 shipments per request (120 = 3)', async () => {
		const packed = seedInState(env.sim, 120, 'PACKED');
		const items = ok(await runOnIds(env, download('downloadLabelOnly'), packed));
		const calls = apiCalls(env.sim);
		expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'POST']);
		expect(calls.map((call) => call.path)).toEqual([
			`/sellers/v3/shipments/${packed.slice(0, 50).join(',')}/labelOnly/pdf`,
			`/sellers/v3/shipments/${packed.slice(50, 100).join(',')}/labelOnly/pdf`,
			`/sellers/v3/shipments/${packed.slice(100).join(',')}/labelOnly/pdf`,
		]);
		for (const call of calls) {
			expect(call.query).toEqual({});
			expect(call.body).toBeUndefined();
			expect(call.headers.accept).toBe('application/pdf');
		}
		expectBearer(calls, accessToken(env.store));
		expect(items.map((item) => item.json.fileName)).toEqual([
			`label-${packed[0]}-and-49-more.pdf`,
			`label-${packed[50]}-and-49-more.pdf`,
			`label-${packed[100]}-and-19-more.pdf`,
		]);
		const text = pdfText(items[2]);
		expect(text).toContain(`Shipment: ${packed[119]}`);
		expect(text).not.toContain('TAX INVOICE');
	});

	it('sends reprint=true for a reprint', async () => {
		const packed = seedInState(env.sim, 2, 'PACKED');
		const items = ok(await runOnIds(env, download('downloadLabelOnly', { reprint: true }), packed));
		expect(items).toHaveLength(1);
		expect(apiCalls(env.sim)[0].query).toEqual({ reprint: 'true' });
		expect(apiCalls(env.sim)[0].path).toBe(
			`/sellers/v3/shipments/${packed.join(',')}/labelOnly/pdf`,
		);
	});

	it('a blank label is an error with the hint', async () => {
		const [approved] = seedApproved(env.sim, 1);
		const error = failed(
			await runAction(env.store, SELF, download('downloadLabelOnly'), [{ id: approved }]),
		);
		expect(error.message).toBe(
			`Download label only failed for shipment ${approved}: the PDF is blank`,
		);
		expect(error.description).toMatch(HINT);
	});
});

describe('Shipment > Download Invoices', () => {
	const env = useSimulator();

	it('as PDF: GET /sellers/v3/shipments/{ids}/invoices with Accept application/pdf', async () => {
		const packed = seedInState(env.sim, 2, 'PACKED');
		const items = ok(await runOnIds(env, download('downloadInvoices', { format: 'pdf' }), packed));
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].method).toBe('GET');
		expect(calls[0].path).toBe(`/sellers/v3/shipments/${packed.join(',')}/invoices`);
		expect(calls[0].headers.accept).toBe('application/pdf');
		expectBearer(calls, accessToken(env.store));
		expect(items).toHaveLength(1);
		expect(items[0].json.fileName).toBe(`invoices-${packed[0]}-and-1-more.pdf`);
		const text = pdfText(items[0]);
		expect(text).toContain('TAX INVOICE');
		for (const id of packed) expect(text).toContain(`Shipment: ${id}`);
	});

	it('as JSON: Accept application/json, one item per invoice paired to the input that named the shipment', async () => {
		const packed = seedInState(env.sim, 3, 'PACKED');
		const items = ok(await runOnIds(env, download('downloadInvoices', { format: 'json' }), packed));
		const calls = apiCalls(env.sim);
		expect(calls).toHaveLength(1);
		expect(calls[0].headers.accept).toBe('application/json');
		expect(items.map((item) => item.json.shipmentId)).toEqual(packed);
		expect(pairedIndexes(items)).toEqual([0, 1, 2]);
		expect(items[0].json).toEqual(
			expect.objectContaining({
				invoiceNumber: expect.any(String),
				invoiceDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
				orderItems: expect.any(Array),
			}),
		);
		expect(items.every((item) => item.binary === undefined)).toBe(true);
	});

	it('as JSON, 100 shipments per request (230 = 3)', async () => {
		const packed = seedInState(env.sim, 230, 'PACKED');
		const items = ok(await runOnIds(env, download('downloadInvoices', { format: 'json' }), packed));
		expect(items).toHaveLength(230);
		expect(apiCalls(env.sim).map((call) => call.path.split('/')[4].split(',').length)).toEqual([
			100, 100, 30,
		]);
	});

	it('invoices of a shipment without labels: the marketplace message', async () => {
		const [approved] = seedApproved(env.sim, 1);
		const error = failed(
			await runAction(env.store, SELF, download('downloadInvoices', { format: 'json' }), [
				{ id: approved },
			]),
		);
		expect(error.message).toBe(
			`Get invoices failed: INVOICE_NOT_GENERATED: Invoices are generated with the labels; none yet for: ${approved} (HTTP 400)`,
		);
	});
});
