// Building /v1 responses: JSON bodies and the error body, never cached.
import { ApiError, type ErrorBody } from './errors';

const API_HEADERS = { 'Cache-Control': 'no-store' };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...API_HEADERS, 'Content-Type': 'application/json', ...headers },
  });
}

export function errorResponse(error: ApiError): Response {
  const body: ErrorBody = error.toBody();
  return jsonResponse(body, error.status, { 'X-Credits-Charged': '0', ...error.headers });
}
