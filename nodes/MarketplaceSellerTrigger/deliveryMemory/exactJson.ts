/**
 * A JSON reader for the delivery key only: it keeps the text of numbers that a JavaScript number
 * cannot hold exactly. JSON.parse turns 12345678901234567890 and 12345678901234567891 into the
 * same double, so two different order items would share a delivery key and the second push would
 * be dropped as a duplicate (issue 11, point 7). Numbers of up to 15 significant digits are held
 * exactly by a double and keep the form JSON.parse gives them, so existing keys do not change.
 * Numbers beyond a double's range keep their text too: JSON.parse makes 1e400 and 2e400 both
 * Infinity (and 1e-400 and 2e-400 both 0), which would again give two pushes one key.
 */

/** A number whose exact decimal text a double cannot hold; canonicalised as that text. */
export class ExactNumber {
	constructor(readonly text: string) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const MAX_EXACT_DIGITS = 15;

function significantDigits(text: string): number {
	const mantissa = text
		.replace(/^-/, '')
		.replace(/[eE].*$/, '')
		.replace('.', '');
	return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

class Reader {
	private at = 0;
	constructor(private readonly text: string) {}

	read(): unknown {
		const value = this.value(0);
		this.space();
		if (this.at !== this.text.length) throw new SyntaxError('trailing text');
		return value;
	}

	private space(): void {
		while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at])) this.at += 1;
	}

	private value(depth: number): unknown {
		if (depth > 200) throw new SyntaxError('too deep');
		this.space();
		const c = this.text[this.at];
		if (c === '{') return this.object(depth);
		if (c === '[') return this.array(depth);
		if (c === '"') return this.string();
		if (this.text.startsWith('true', this.at)) return this.literal('true', true);
		if (this.text.startsWith('false', this.at)) return this.literal('false', false);
		if (this.text.startsWith('null', this.at)) return this.literal('null', null);
		return this.number();
	}

	private literal<T>(word: string, value: T): T {
		this.at += word.length;
		return value;
	}

	private number(): number | ExactNumber {
		NUMBER.lastIndex = this.at;
		const match = NUMBER.exec(this.text);
		if (match === null) throw new SyntaxError(`unexpected character at ${this.at}`);
		this.at += match[0].length;
		const text = match[0];
		const value = Number(text);
		const digits = significantDigits(text);
		const outOfRange = !Number.isFinite(value) || (value === 0 && digits > 0);
		return digits > MAX_EXACT_DIGITS || outOfRange ? new ExactNumber(text) : value;
	}

	private string(): string {
		// Find the closing quote (skipping escapes), then let JSON.parse decode the escapes.
		let end = this.at + 1;
		while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === '\\' ? 2 : 1;
		if (end >= this.text.length) throw new SyntaxError('unterminated string');
		const value = JSON.parse(this.text.slice(this.at, end + 1)) as string;
		this.at = end + 1;
		return value;
	}

	private array(depth: number): unknown[] {
		this.at += 1;
		const out: unknown[] = [];
		this.space();
		if (this.text[this.at] === ']') {
			this.at += 1;
			return out;
		}
		for (;;) {
			out.push(this.value(depth + 1));
			this.space();
			const c = this.text[this.at++];
			if (c === ']') return out;
			if (c !== ',') throw new SyntaxError('expected , or ]');
		}
	}

	private object(depth: number): Record<string, unknown> {
		this.at += 1;
		// No prototype: a "__proto__" member is data, as with JSON.parse.
		const out = Object.create(null) as Record<string, unknown>;
		this.space();
		if (this.text[this.at] === '}') {
			this.at += 1;
			return out;
		}
		for (;;) {
			this.space();
			if (this.text[this.at] !== '"') throw new SyntaxError('expected a member name');
			const key = this.string();
			this.space();
			if (this.text[this.at++] !== ':') throw new SyntaxError('expected :');
			out[key] = this.value(depth + 1);
			this.space();
			const c = this.text[this.at++];
			if (c === '}') return out;
			if (c !== ',') throw new SyntaxError('expected , or }');
		}
	}
}

/** The body as JSON with exact numbers, or undefined when the text is not one JSON object. */
export function readExactJsonObject(text: string): Record<string, unknown> | undefined {
	try {
		const value = new Reader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).read();
		return typeof value === 'object' && value !== null && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}
