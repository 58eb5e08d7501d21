// Reads a request body into RequestFields: JSON objects, or multipart forms on
// the routes that take files. Size limits on uploaded files are checked by the
// feature that reads them, where the limit is known.
import { ApiError } from './errors';
import type { RequestFields } from './fields';

export type BodyKinds = 'json' | 'json+multipart';

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

export async function readBody(request: Request, kinds: BodyKinds): Promise<RequestFields> {
  const type = mediaType(request);
  if (type === 'application/json' || type.endsWith('+json')) return readJson(request);
  if (type === 'multipart/form-data' && kinds === 'json+multipart') return readMultipart(request);
  const accepted = kinds === 'json' ? 'application/json' : 'application/json or multipart/form-data';
  throw new ApiError(
    'unsupported_content_type',
    `Content-Type must be ${accepted}; got ${type === '' ? 'none' : `"${type}"`}`,
  );
}

async function readJson(request: Request): Promise<RequestFields> {
  const text = await request.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError('invalid_request_body', `body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalid_request_body', 'body must be a JSON object');
  }
  return { source: 'json', values: value as Record<string, unknown>, files: {} };
}

async function readMultipart(request: Request): Promise<RequestFields> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    throw new ApiError('invalid_request_body', `body is not a valid multipart form: ${(error as Error).message}`);
  }
  const values: Record<string, unknown> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') values[name] = value;
    else files[name] = value;
  }
  return { source: 'multipart', values, files };
}
