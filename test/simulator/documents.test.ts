/** Label, invoice and form documents (docs/marketplace-api/batch-limits.md#limits-per-call, docs/marketplace-api/shipments.md#label-and-invoice-documents, docs/marketplace-api/shipments.md#forms). */
import { bearer, parsePdf, useHarness } from './helpers';

describe('documents', () => {
	const h = useHarness({}, { selfToken: true });

	const pdf = (method: 'get' | 'post', path: string, headers: Record<string, string> = {}) =>
		h.api.request({
			method,
			url: `/sellers/v3/shipments/${path}`,
			headers: { ...bearer(h.token), ...headers },
			responseType: 'arraybuffer',
		});
	const json = (buf: ArrayBuffer) => JSON.parse(Buffer.from(buf).toString('utf8'));
	const seed = (extra: Record<string, unknown>) =>
		h.sim.control.seedShipments({ locationId: 'LOC-DEMO-1', count: 1, ...extra }).shipmentIds[0];
	const details = (id: string) =>
		h.sim.control.getShipment(id).details as {
			courierDetails: { deliveryDetails: { trackingId: string; vendorName: string } };
		};

	describe('labels (labels + invoices + forms)', () => {
		it('renders a valid PDF naming the shipment, courier and tracking id', async () => {
			const id = seed({ state: 'PACKED', withForms: true });
			const res = await pdf('get', `${id}/labels`);
			expect(res.status).toBe(200);
			expect(res.headers['content-type']).toBe('application/pdf');
			const body = Buffer.from(res.data);
			expect(body.subarray(0, 4).toString('latin1')).toBe('%PDF');
			const doc = parsePdf(body);
			expect(doc.version).toBe('1.4');
			expect(doc.pageCount).toBe(3); // label, invoice, forms
			expect(doc.hasFont).toBe(true);
			const { trackingId, vendorName } = details(id).courierDetails.deliveryDetails;
			expect(doc.texts).toEqual(
				expect.arrayContaining([
					`Shipment: ${id}`,
					`Tracking ID: ${trackingId}`,
					`SS-1  Courier: ${vendorName}`,
					'TAX INVOICE',
					'COMPLIANCE FORMS',
					'EWAY_BILL: Completed',
				]),
			);
		});

		it('gives a blank but valid one-page PDF before PACKED', async () => {
			const id = seed({ state: 'APPROVED' });
			const res = await pdf('get', `${id}/labels`);
			expect(res.status).toBe(200);
			const doc = parsePdf(Buffer.from(res.data));
			expect(doc).toMatchObject({ pageCount: 1, hasFont: false, texts: [], streamLengths: [0] });
		});

		it('puts a blank page for each shipment without a label in a mixed batch', async () => {
			const packed = seed({ state: 'PACKED', withForms: false });
			const approved = seed({ state: 'APPROVED' });
			const doc = parsePdf(Buffer.from((await pdf('get', `${packed},${approved}/labels`)).data));
			expect(doc.pageCount).toBe(3); // label, invoice, blank
			expect(doc.streamLengths[2]).toBe(0);
			expect(doc.texts).toContain(`Shipment: ${packed}`);
			expect(doc.texts.join('\n')).not.toContain(approved);
		});

		it('rejects unknown and foreign ids and more than 100 ids', async () => {
			const unknown = await pdf('get', 'nope,nada/labels');
			expect(unknown.status).toBe(400);
			expect(json(unknown.data)).toEqual({
				error: 'INVALID_SHIPMENTS',
				message: 'Invalid shipment ids: nope, nada',
			});
			const foreign = h.sim.control.listShipments({ locationId: 'LOC-DEMO-3', limit: 1 })
				.shipments[0].shipmentId as string;
			const other = await pdf('get', `${foreign}/labels`);
			expect(other.status).toBe(400);
			expect(json(other.data).error).toBe('OPERATION_NOT_ALLOWED');
			const many = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
			const tooMany = await pdf('get', `${many}/labels`);
			expect(tooMany.status).toBe(422);
			expect(json(tooMany.data)).toEqual({
				error: 'TOO_MANY_IDS',
				message: 'At most 100 shipment ids are allowed per request; got 101',
			});
		});
	});

	describe('label only', () => {
		it('serves the label pages as PDF and the same bytes as octet-stream; reprint is allowed', async () => {
			const id = seed({ state: 'READY_TO_DISPATCH', withForms: true });
			const asPdf = await pdf('post', `${id}/labelOnly/pdf?reprint=true`);
			expect(asPdf.status).toBe(200);
			expect(asPdf.headers['content-type']).toBe('application/pdf');
			const doc = parsePdf(Buffer.from(asPdf.data));
			expect(doc.pageCount).toBe(1);
			expect(doc.texts).toContain(`Shipment: ${id}`);
			expect(doc.texts).not.toContain('TAX INVOICE');
			const raw = await pdf('post', `${id}/labelOnly`);
			expect(raw.headers['content-type']).toBe('application/octet-stream');
			expect(Buffer.from(raw.data).equals(Buffer.from(asPdf.data))).toBe(true);
			expect((await pdf('post', `${id}/labelOnly/pdf?reprint=maybe`)).status).toBe(400);
		});

		it('is blank before PACKED and limited to 50 ids', async () => {
			const id = seed({ state: 'APPROVED' });
			expect(parsePdf(Buffer.from((await pdf('post', `${id}/labelOnly/pdf`)).data))).toMatchObject({
				pageCount: 1,
				hasFont: false,
			});
			const many = Array.from({ length: 51 }, (_, i) => `id${i}`).join(',');
			expect((await pdf('post', `${many}/labelOnly/pdf`)).status).toBe(422);
		});
	});

	describe('invoices', () => {
		it('serves a PDF or JSON by Accept', async () => {
			const id = seed({ state: 'PACKED', withForms: false });
			const asPdf = await pdf('get', `${id}/invoices`, { Accept: 'application/pdf' });
			expect(asPdf.headers['content-type']).toBe('application/pdf');
			const doc = parsePdf(Buffer.from(asPdf.data));
			expect(doc.texts[0]).toBe('TAX INVOICE');
			const res = await h.api.get(`/sellers/v3/shipments/${id}/invoices`, {
				headers: { ...bearer(h.token), Accept: 'application/json' },
			});
			expect(res.status).toBe(200);
			const [invoice] = res.data.invoices;
			// The official shape (docs/marketplace-api/shipments.md#label-and-invoice-documents, docs/marketplace-api/shipments.md#generate-labels): invoiceDate is a date; amounts and rates per order item.
			expect(Object.keys(invoice)).toEqual([
				'shipmentId',
				'invoiceNumber',
				'invoiceDate',
				'orderItems',
			]);
			expect(invoice.shipmentId).toBe(id);
			expect(invoice.invoiceNumber).toMatch(/^INV-\d{8}$/);
			expect(invoice.invoiceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(Object.keys(invoice.orderItems[0])).toEqual([
				'orderItemId',
				'invoiceAmount',
				'taxRate',
				'serialNumbers',
			]);
			expect(doc.texts).toContain(`Invoice number: ${invoice.invoiceNumber}`);
			expect(doc.texts).toContain(`Invoice date: ${invoice.invoiceDate}`);
		});

		it('answers 400 with an error code before labels were generated', async () => {
			const id = seed({ state: 'APPROVED' });
			const res = await h.api.get(`/sellers/v3/shipments/${id}/invoices`, {
				headers: { ...bearer(h.token), Accept: 'application/json' },
			});
			expect(res.status).toBe(400);
			expect(res.data).toEqual({
				errorCode: 'INVOICE_NOT_GENERATED',
				errorMessage: `Invoices are generated with the labels; none yet for: ${id}`,
				shipmentIds: [id],
			});
		});
	});

	describe('forms', () => {
		it('lists forms with their status through the configured method (POST by default)', async () => {
			h.sim.control.setConfig({ packingDelayMs: 60_000 });
			const approved = seed({ state: 'APPROVED', withForms: true });
			const packing = seed({ state: 'PACKING_IN_PROGRESS', withForms: true });
			const packed = seed({ state: 'PACKED', withForms: true });
			const failed = seed({ state: 'FORM_FAILED', withForms: true });
			const none = seed({ state: 'APPROVED', withForms: false });
			const res = await h.api.post(
				`/sellers/v3/shipments/${[approved, packing, packed, failed, none].join(',')}/forms`,
				undefined,
				{ headers: bearer(h.token) },
			);
			expect(res.status).toBe(200);
			expect(
				res.data.shipments.map((s: { forms: Array<{ status: string }> }) =>
					s.forms.map((f) => f.status),
				),
			).toEqual([['Not created'], ['In-progress'], ['Completed'], ['Failed'], []]);
			expect(res.data.shipments[2]).toEqual({
				shipmentId: packed,
				forms: [
					{
						name: 'EWAY_BILL',
						link: `${h.sim.url}/sellers/v3/shipments/${packed}/labels`,
						automated: true,
						status: 'Completed',
					},
				],
			});

			const wrongMethod = await h.api.get(`/sellers/v3/shipments/${packed}/forms`, {
				headers: bearer(h.token),
			});
			expect(wrongMethod.status).toBe(405);
			expect(wrongMethod.headers.allow).toBe('POST');

			// The older reference's GET, one switch away.
			h.sim.control.setConfig({ formsMethod: 'GET' });
			const postRefused = await h.api.post(`/sellers/v3/shipments/${packed}/forms`, undefined, {
				headers: bearer(h.token),
			});
			expect(postRefused.status).toBe(405);
			expect(postRefused.headers.allow).toBe('GET');
			const viaGet = await h.api.get(`/sellers/v3/shipments/${packed}/forms`, {
				headers: bearer(h.token),
			});
			expect(viaGet.status).toBe(200);
			expect(viaGet.data.shipments[0].forms[0].status).toBe('Completed');
		});
	});
});
