/**
 * Document downloads (docs/marketplace-api/batch-limits.md#limits-per-call, docs/marketplace-api/shipments.md#label-and-invoice-documents, docs/marketplace-api/shipments.md#forms): labels + invoices + forms as one PDF, label-only
 * PDFs, invoices as PDF or JSON by Accept, and the form list. A label asked for before PACKED is
 * a blank but valid PDF, as integrators have observed.
 */
import {
	apiError,
	badRequest,
	HttpError,
	json,
	methodNotAllowed,
	tooManyIds,
} from '../http/errors';
import type { Router } from '../http/router';
import type { HttpResult, RequestContext } from '../http/types';
import { sellerAuth } from '../oauth/bearer';
import type { World } from '../world';
import type { ShipmentRecord } from '../shipments/model';
import { pathIds } from '../http/query';
import { shipmentFormsToWire } from '../shipments/wire';
import { blankPage, buildPdf, type PdfPage } from './pdf';
import { formsPage, invoiceItems, invoicePages, labelPage, taxRateOf } from './render';

export const LABELS_LIMIT = 100;
export const LABEL_ONLY_LIMIT = 50;

const hasLabel = (s: ShipmentRecord) => s.labelsGeneratedMs !== null;

export function registerDocumentRoutes(router: Router, world: World): void {
	/** The seller's shipments for the `{ids}` segment; unknown ids and other sellers' are 400. */
	const shipmentsFor = (ctx: RequestContext, limit: number): ShipmentRecord[] => {
		const ids = pathIds(ctx.params.ids);
		if (ids.length === 0) throw apiError(400, 'INVALID_SHIPMENTS', 'No shipment ids given');
		if (ids.length > limit) throw tooManyIds(limit, ids.length);
		const seller = sellerAuth(ctx).sellerId;
		const found = ids.map((id) => world.shipments.get(id));
		const unknown = ids.filter((_, i) => !found[i]);
		if (unknown.length > 0)
			throw apiError(400, 'INVALID_SHIPMENTS', `Invalid shipment ids: ${unknown.join(', ')}`);
		const shipments = found as ShipmentRecord[];
		const foreign = shipments.filter((s) => s.sellerId !== seller).map((s) => s.shipmentId);
		if (foreign.length > 0)
			throw apiError(
				400,
				'OPERATION_NOT_ALLOWED',
				`Shipments do not belong to seller ${seller}: ${foreign.join(', ')}`,
			);
		return shipments;
	};

	const pdf = (
		pages: PdfPage[],
		filename: string,
		contentType = 'application/pdf',
	): HttpResult => ({
		status: 200,
		headers: {
			'Content-Type': contentType,
			'Content-Disposition': `attachment; filename="${filename}"`,
		},
		body: buildPdf(pages.length > 0 ? pages : [blankPage()]),
	});

	/** One set of pages per labelled shipment, a blank page per one without a label. */
	const documentPages = (shipments: ShipmentRecord[], withInvoiceAndForms: boolean): PdfPage[] => {
		if (!shipments.some(hasLabel)) return [blankPage()];
		return shipments.flatMap((s) => {
			if (!hasLabel(s)) return [blankPage()];
			const pages = [labelPage(s, world.sellers.location(s.locationId))];
			if (withInvoiceAndForms) {
				pages.push(...invoicePages(s));
				const forms = formsPage(s);
				if (forms) pages.push(forms);
			}
			return pages;
		});
	};

	router.add('GET', '/sellers/v3/shipments/{ids}/labels', (ctx) =>
		pdf(documentPages(shipmentsFor(ctx, LABELS_LIMIT), true), 'labels.pdf'),
	);

	const labelOnly = (contentType: string) => (ctx: RequestContext) => {
		const reprint = ctx.query.reprint;
		if (reprint !== undefined && reprint !== 'true' && reprint !== 'false')
			throw badRequest('reprint must be true or false');
		return pdf(
			documentPages(shipmentsFor(ctx, LABEL_ONLY_LIMIT), false),
			'labels.pdf',
			contentType,
		);
	};
	router.add('POST', '/sellers/v3/shipments/{ids}/labelOnly/pdf', labelOnly('application/pdf'));
	router.add(
		'POST',
		'/sellers/v3/shipments/{ids}/labelOnly',
		labelOnly('application/octet-stream'),
	);

	router.add('GET', '/sellers/v3/shipments/{ids}/invoices', (ctx) => {
		const shipments = shipmentsFor(ctx, LABELS_LIMIT);
		const missing = shipments.filter((s) => !hasLabel(s)).map((s) => s.shipmentId);
		if (missing.length > 0) {
			throw new HttpError(400, {
				errorCode: 'INVOICE_NOT_GENERATED',
				errorMessage: `Invoices are generated with the labels; none yet for: ${missing.join(', ')}`,
				shipmentIds: missing,
			});
		}
		const accept = String(ctx.headers.accept ?? '');
		if (accept.includes('application/json') && !accept.includes('application/pdf')) {
			return json({ invoices: shipments.flatMap(invoiceJson) });
		}
		return pdf(shipments.flatMap(invoicePages), 'invoices.pdf');
	});

	const forms = (method: 'GET' | 'POST') => (ctx: RequestContext) => {
		if (world.config.formsMethod !== method)
			throw methodNotAllowed(ctx.path, method, [world.config.formsMethod]);
		return json({
			shipments: shipmentsFor(ctx, LABELS_LIMIT).map((s) => shipmentFormsToWire(s, world.baseUrl)),
		});
	};
	router.add('GET', '/sellers/v3/shipments/{ids}/forms', forms('GET'));
	router.add('POST', '/sellers/v3/shipments/{ids}/forms', forms('POST'));
}

/**
 * The JSON invoice in the official shape (docs/marketplace-api/shipments.md#label-and-invoice-documents): shipmentId, invoiceNumber,
 * invoiceDate (a date) and per order item its invoice amount, tax rate and serial numbers
 * (docs/api-choices.md#shipping-details-and-invoices).
 */
function invoiceJson(s: ShipmentRecord): Record<string, unknown>[] {
	return s.invoices.map((inv) => ({
		shipmentId: s.shipmentId,
		invoiceNumber: inv.invoiceNumber,
		invoiceDate: inv.invoiceDate,
		orderItems: invoiceItems(s, inv).map((i) => ({
			orderItemId: i.orderItemId,
			invoiceAmount: i.price.totalPrice,
			taxRate: taxRateOf(s, i) ?? null,
			serialNumbers:
				s.serialNumbers.find((x) => x.orderItemId === i.orderItemId)?.serialNumbers ?? [],
		})),
	}));
}
