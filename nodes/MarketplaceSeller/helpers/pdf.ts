/**
 * Is this download a usable PDF? The marketplace answers a label that is not ready either with
 * an error body or with a valid but blank PDF (docs/marketplace-api/shipments.md#label-and-invoice-documents), so both are checked.
 */
const PDF_MAGIC = Buffer.from('%PDF', 'latin1');

function isPdf(body: Buffer): boolean {
	return body.length >= 4 && body.subarray(0, 4).equals(PDF_MAGIC);
}

const STREAM = 'stream';
const END_STREAM = '\nendstream';

/**
 * The contents of the content streams: from a "stream" keyword and its line end to the next
 * line that starts with "endstream". One pass with indexOf, each search starting where the last
 * one ended, so a hostile body (800 KB of "stream" keywords without an end) is read a bounded
 * number of times instead of once per keyword, which took 15 s and more on n8n's main thread.
 */
function contentStreams(text: string): string[] {
	const streams: string[] = [];
	for (let at = text.indexOf(STREAM); at >= 0; at = text.indexOf(STREAM, at)) {
		let start = at + STREAM.length;
		if (text[start] === '\r') start += 1;
		if (text[start] !== '\n') {
			at += STREAM.length;
			continue;
		}
		start += 1;
		const end = text.indexOf(END_STREAM, start);
		// No end after this keyword: none after a later one either.
		if (end < 0) break;
		streams.push(text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end));
		at = end + END_STREAM.length;
	}
	return streams;
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
	const drawing = /(\bTj\b|\bTJ\b|\bDo\b|\bf\*?\b|\bS\b|\bB\*?\b|\bsh\b|\bre\b\s+[fFbBsS])/;
	return contentStreams(text).every((stream) => !drawing.test(stream));
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
