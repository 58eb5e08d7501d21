// Turns what the playground's form holds into a real fetch: JSON as typed,
// or multipart with the chosen files and the JSON's fields as text (booleans
// "true"/"false", objects as JSON strings), as the API reads multipart.
import { routePath, type PlaygroundRoute } from './playground-routes';

export type BodyMode = 'json' | 'multipart';

export interface PlaygroundForm {
  route: PlaygroundRoute;
  apiKey: string;
  jobId: string;
  accept: string;
  mode: BodyMode;
  json: string;
  files: Record<string, File | undefined>;
}

export interface BuiltRequest {
  url: string;
  init: RequestInit;
}

/** The JSON editor's fields, or an error saying why they cannot be read. */
export function parseFields(text: string): { fields: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { fields: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'The body must be a JSON object.' };
    return { fields: value as Record<string, unknown> };
  } catch (error) {
    return { error: `The body is not valid JSON: ${(error as Error).message}` };
  }
}

export function buildRequest(form: PlaygroundForm): BuiltRequest {
  const { route } = form;
  const headers: Record<string, string> = { Accept: form.accept };
  if (form.apiKey.trim()) headers['X-API-KEY'] = form.apiKey.trim();
  const url = routePath(route, form.jobId);
  if (route.method !== 'POST') return { url, init: { method: route.method, headers } };
  if (form.mode === 'json') {
    // Sent as typed, even when invalid: the API's own 400 is part of what the playground shows.
    return { url, init: { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: form.json } };
  }
  const body = new FormData();
  const parsed = parseFields(form.json);
  if ('fields' in parsed) {
    for (const [name, value] of Object.entries(parsed.fields)) {
      body.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
    }
  }
  for (const [name, file] of Object.entries(form.files)) if (file) body.append(name, file, file.name);
  return { url, init: { method: 'POST', headers, body } };
}
