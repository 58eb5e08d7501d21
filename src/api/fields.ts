// Request bodies against their wire schemas. Each route declares its body once,
// as a valibot schema (features/*/shared/wire.ts): the parser validates with it
// and the client's types are inferred from it. A body arrives as JSON (typed
// values) or as multipart (every value text, files apart), so `readFields`
// first gives the schema the values it expects, then turns the first issue into
// the contract's error.
import * as v from 'valibot';
import { ApiError } from './errors';

export type BodySource = 'json' | 'multipart';

export interface RequestFields {
  source: BodySource;
  values: Record<string, unknown>;
  files: Record<string, File>;
}

type Schema = v.GenericSchema;

// The pieces of every wire schema. Messages are phrases: an error reads
// "<field> <message>; got <value>".
export const text = v.string('must be a string');
export const flag = v.boolean('must be true or false');
export const file = v.blob('must be a file');

export const oneOf = <const T extends readonly string[]>(values: T) =>
  v.picklist(values, `must be one of ${values.join(', ')}`);

export const between = (min: number, max: number) =>
  v.pipe(
    v.number('must be a number'),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

export const integerBetween = (min: number, max: number) => v.pipe(between(min, max), v.integer('must be an integer'));

const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A nested object. valibot's object() alone would take an array as one. */
export const record = <const E extends v.ObjectEntries>(entries: E) => {
  const object = v.object(entries);
  return v.pipe(v.custom<v.InferInput<typeof object>>(isRecord, 'must be an object'), object);
};

/** Whether a schema takes values of this type, seen through optional(), unions and pipes (whose first item is the schema's own type). */
function takes(schema: Schema, type: 'blob' | 'boolean' | 'number' | 'object'): boolean {
  if (schema.type === type) return true;
  if (schema.type === 'optional') return takes((schema as v.OptionalSchema<Schema, undefined>).wrapped, type);
  if (schema.type === 'union') return (schema as v.UnionSchema<Schema[], undefined>).options.some((option) => takes(option, type));
  const pipe = (schema as Partial<v.SchemaWithPipe<[Schema]>>).pipe ?? [];
  return pipe.some((item) => item !== pipe[0] && item.kind === 'schema' && takes(item as Schema, type));
}

/** A multipart text read as its schema expects: "true"/"false" as booleans, numbers, objects as JSON. */
function fromText(value: string, schema: Schema): unknown {
  if (takes(schema, 'boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (takes(schema, 'number') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (takes(schema, 'object')) {
    try {
      return JSON.parse(value);
    } catch {
      // Not JSON: the schema says what was expected.
    }
  }
  return value;
}

/** JSON null means absent, at any depth. */
function withoutNulls(value: unknown): unknown {
  if (!isRecord(value)) return value ?? undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== null && item !== undefined);
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutNulls(item)]));
}

/** The contract's error for a valibot issue: a missing key is missing_parameter, anything else invalid_parameter. */
function apiError(issue: v.BaseIssue<unknown>, prefix: v.IssuePathItem[] = []): ApiError {
  const path = [...prefix, ...(issue.path ?? [])];
  // A union reports its own failure; when the value had an option's type, the
  // issue inside that option says more (e.g. shadow.enabled is required).
  const inner = issue.type === 'union' ? issue.issues?.find((sub) => sub.path?.length) : undefined;
  if (inner) return apiError(inner, path);
  const name = path.map((item) => String(item.key)).join('.');
  if (issue.type === 'object' && issue.received === 'undefined') return new ApiError('missing_parameter', `${name} is required`);
  return new ApiError('invalid_parameter', `${name} ${issue.message}; got ${issue.received}`);
}

/**
 * The body as the schema reads it: file fields from the multipart files, other
 * fields from the values, unknown fields ignored. Throws the contract's error.
 */
export function readFields<const E extends v.ObjectEntries>(
  schema: v.ObjectSchema<E, undefined>,
  fields: RequestFields,
): v.InferOutput<v.ObjectSchema<E, undefined>> {
  const body: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(schema.entries)) {
    const raw = fields.values[name];
    const value = takes(entry, 'blob')
      ? fields.files[name]
      : withoutNulls(fields.source === 'multipart' && typeof raw === 'string' ? fromText(raw, entry) : raw);
    if (value !== undefined) body[name] = value;
  }
  const result = v.safeParse(schema, body);
  if (!result.success) throw apiError(result.issues[0]);
  return result.output;
}
