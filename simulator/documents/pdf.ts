/**
 * A minimal PDF 1.4 writer: Helvetica text pages or blank pages, with a correct cross-reference
 * table so that any PDF reader (and the tests) can parse the result. A document of one blank
 * page (empty content stream, no font) is what a not-yet-ready label looks like (docs/marketplace-api/shipments.md#label-and-invoice-documents).
 */

export interface PdfLine {
	text: string;
	size?: number;
	bold?: boolean;
}

export interface PdfPage {
	width: number;
	height: number;
	/** Omitted or empty: a blank page (no content, no font). */
	lines?: PdfLine[];
}

/** PDF strings are bytes: keep printable ASCII and escape the three special characters. */
function pdfString(text: string): string {
	const ascii = text.replace(/[^\x20-\x7e]/g, '?');
	return `(${ascii.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')})`;
}

function contentStream(page: PdfPage): string {
	if (!page.lines || page.lines.length === 0) return '';
	const ops: string[] = ['BT', `24 ${page.height - 36} Td`];
	let first = true;
	for (const line of page.lines) {
		const size = line.size ?? 10;
		ops.push(`/${line.bold ? 'F2' : 'F1'} ${size} Tf`);
		if (!first) ops.push(`0 -${Math.round(size * 1.45)} Td`);
		ops.push(`${pdfString(line.text)} Tj`);
		first = false;
	}
	ops.push('ET');
	return ops.join('\n');
}

export function buildPdf(pages: PdfPage[]): Buffer {
	if (pages.length === 0) throw new Error('a PDF needs at least one page');
	const withText = pages.some((p) => p.lines && p.lines.length > 0);
	// Object numbers: 1 catalog, 2 page tree, [3, 4 fonts], then a page and its content per page.
	const fontObjects = withText ? 2 : 0;
	const firstPage = 3 + fontObjects;
	const pageNumbers = pages.map((_, i) => firstPage + i * 2);
	const objects: string[] = [];
	objects.push('<< /Type /Catalog /Pages 2 0 R >>');
	objects.push(
		`<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${pages.length} >>`,
	);
	if (withText) {
		objects.push(
			'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		);
		objects.push(
			'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
		);
	}
	pages.forEach((page, i) => {
		const blank = !page.lines || page.lines.length === 0;
		const resources = blank ? '<< >>' : '<< /Font << /F1 3 0 R /F2 4 0 R >> >>';
		objects.push(
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources ${resources} /Contents ${pageNumbers[i] + 1} 0 R >>`,
		);
		const stream = contentStream(page);
		// The end-of-line before "endstream" is not part of the stream data (ISO 32000-1, 7.3.8.1).
		objects.push(
			`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
		);
	});

	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${i + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xrefOffset = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

/** 4 x 6 inch label stock and A4, in points. */
export const LABEL_PAGE = { width: 288, height: 432 };
export const A4_PAGE = { width: 595, height: 842 };

export const blankPage = (): PdfPage => ({ ...LABEL_PAGE });
