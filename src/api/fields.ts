// Readers for request fields. A body arrives as JSON (typed values) or as
// multipart (every value a string), so each reader accepts both spellings and
// throws the contract's error for anything else.
import { ApiError } from './errors';

export type BodySource = 'json' | 'multipart';

export interface RequestFields {
  source: BodySource;
  values: Record<string, unknown>;
  files: Record<string, File>;
}

const isAbsent = (value: unknown) => value === undefined || value === null;

export function has(fields: RequestFields, name: string): boolean {
  return !isAbsent(fields.values[name]);
}

export function requireString(fields: RequestFields, name: string): string {
  const value = optionalString(fields, name);
  if (value === undefined) throw new ApiError('missing_parameter', `${name} is required`);
  return value;
}

export function optionalString(fields: RequestFields, name: string): string | undefined {
  const value = fields.values[name];
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'string') throw new ApiError('invalid_parameter', `${name} must be a string`);
  return value;
}

export function optionalBoolean(fields: RequestFields, name: string): boolean | undefined {
  const value = fields.values[name];
  if (isAbsent(value)) return undefined;
  if (typeof value === 'boolean') return value;
  if (fields.source === 'multipart' && (value === 'true' || value === 'false')) return value === 'true';
  throw new ApiError('invalid_parameter', `${name} must be true or false`);
}

export function optionalEnum<T extends string>(
  fields: RequestFields,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = optionalString(fields, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ApiError('invalid_parameter', `${name} must be one of ${allowed.join(', ')}; got "${value}"`);
  }
  return value as T;
}

/** A number within [min, max]; multipart spells it as a decimal string. */
export function numberIn(value: unknown, name: string, min: number, max: number, integer = false): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new ApiError('invalid_parameter', `${name} must be a number`);
  }
  if (integer && !Number.isInteger(number)) throw new ApiError('invalid_parameter', `${name} must be an integer`);
  if (number < min || number > max) {
    throw new ApiError('invalid_parameter', `${name} must be between ${min} and ${max}; got ${number}`);
  }
  return number;
}

/**
 * A nested object field. Multipart may carry it as a JSON string; a boolean is
 * returned as is so callers can accept the `shadow: true` shorthand.
 */
export function optionalObjectOrBoolean(
  fields: RequestFields,
  name: string,
): Record<string, unknown> | boolean | undefined {
  let value = fields.values[name];
  if (isAbsent(value)) return undefined;
  if (fields.source === 'multipart' && typeof value === 'string') {
    if (value === 'true' || value === 'false') return value === 'true';
    try {
      value = JSON.parse(value);
    } catch {
      throw new ApiError('invalid_parameter', `${name} must be a JSON object`);
    }
  }
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalid_parameter', `${name} must be an object`);
  }
  return value as Record<string, unknown>;
}

export function optionalFile(fields: RequestFields, name: string): File | undefined {
  return fields.files[name];
}
