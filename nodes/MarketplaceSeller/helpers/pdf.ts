/**
 * Is this download a usable PDF? The marketplace answers a label that is not ready either with
 * an error body or with a valid but blank PDF (docs/marketplace-api/shipments.md#label-and-invoice-documents), so both are checked.
 */
const PDF_MAGIC = Buffer.from('%PDF', 'latin1');

function isPdf(body: Buffer): boolean {
	return body.length >= 4 && body.subarray(0, 4).equals(PDF_MAGIC);
}

/**
 * A blank PDF draws nothing: no font, no image or form XObject, and no painting operators in
 * its uncompressed content streams. Compressed or object-stream PDFs (real labels) cannot be
 * inspected without a decompressor, so they are treated as not blank.
 */
function isBlankPdf(body: Buffer): boolean {
	const text = body.toString('latin1');
	if (/\/(ObjStm|Filter)\b/.test(text)) return false;
	if (/\/(Font|XObject|Image|Pattern|Shading)\b/.test(text)) return false;
	const streams = text.match(/stream\r?\n([\s\S]*?)\r?\nendstream/g) ?? [];
	const drawing = /(\bTj\b|\bTJ\b|\bDo\b|\bf\*?\b|\bS\b|\bB\*?\b|\bsh\b|\bre\b\s+[fFbBsS])/;
	return streams.every(
		(stream) => !drawing.test(stream.replace(/^stream\r?\n/, '').replace(/\r?\nendstream$/, '')),
	);
}

/** What a download must look like to be kept as a file (docs/marketplace-api/shipments.md#label-and-invoice-documents). */
export function checkPdfDownload(
	body: Buffer,
	contentType: string,
): { ok: true } | { ok: false; reason: string; text?: string } {
	const type = contentType.toLowerCase();
	if (!isPdf(body)) {
		const text = body.toString('utf8', 0, Math.min(body.length, 500)).trim();
		return {
			ok: false,
			reason: `the marketplace sent ${type || 'an unknown content type'} instead of a PDF`,
			text,
		};
	}
	if (
		type !== '' &&
		!type.includes('application/pdf') &&
		!type.includes('application/octet-stream')
	) {
		return { ok: false, reason: `the marketplace sent content type ${type}` };
	}
	if (isBlankPdf(body)) return { ok: false, reason: 'the PDF is blank' };
	return { ok: true };
}
