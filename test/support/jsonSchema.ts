/**
 * The subset of JSON Schema the nodes' output schemas (nodes/<Node>/__schema__) use, checked
 * against real output items: type (one or a list; "integer"; "null"), properties, required,
 * items, enum, additionalProperties (boolean).
 *
 * Two checks: conformance (standard JSON Schema meaning: undeclared fields are allowed), and
 * completeness (every field of the item is described, except inside objects whose schema says
 * additionalProperties: true), so a field the node starts to emit cannot go unpreviewed.
 */
export interface JsonSchema {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	enum?: unknown[];
	additionalProperties?: boolean;
	description?: string;
}

const KEYWORDS = new Set([
	'type',
	'properties',
	'required',
	'items',
	'enum',
	'additionalProperties',
	'description',
]);

function typeOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
	if (type === 'integer') return Number.isInteger(value);
	return typeOf(value) === type;
}

/** Problems of `value` against `schema`, each as "path: what"; empty when it conforms. */
export function validate(
	value: unknown,
	schema: JsonSchema,
	options: { complete?: boolean } = {},
	path = '$',
): string[] {
	const problems: string[] = [];
	for (const keyword of Object.keys(schema)) {
		if (!KEYWORDS.has(keyword))
			problems.push(`${path}: schema keyword "${keyword}" is not supported by this checker`);
	}
	if (schema.type !== undefined) {
		const types = Array.isArray(schema.type) ? schema.type : [schema.type];
		if (!types.some((type) => matchesType(value, type))) {
			return [...problems, `${path}: ${typeOf(value)} is not ${types.join(' or ')}`];
		}
	}
	if (schema.enum !== undefined && !schema.enum.includes(value)) {
		problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
	}
	if (typeOf(value) === 'object') {
		const record = value as Record<string, unknown>;
		for (const name of schema.required ?? []) {
			if (!(name in record)) problems.push(`${path}: required field "${name}" is missing`);
		}
		for (const [name, field] of Object.entries(record)) {
			const fieldSchema = schema.properties?.[name];
			if (fieldSchema !== undefined) {
				problems.push(...validate(field, fieldSchema, options, `${path}.${name}`));
			} else if (
				schema.additionalProperties === false ||
				(options.complete === true && schema.additionalProperties !== true)
			) {
				problems.push(`${path}: field "${name}" is not described`);
			}
		}
	}
	if (Array.isArray(value) && schema.items !== undefined) {
		value.forEach((element, index) =>
			problems.push(...validate(element, schema.items!, options, `${path}[${index}]`)),
		);
	}
	return problems;
}
