// The error half of the contract: every non-2xx answer of a /v1 route is
// `{ error, error_code }`, and each code has exactly one HTTP status.

export const ERROR_STATUS = {
  invalid_request_body: 400,
  missing_parameter: 400,
  invalid_parameter: 400,
  unsupported_content_type: 400,
  malformed_image: 400,
  unsupported_image_format: 400,
  file_size_too_large: 400,
  resolution_too_high: 400,
  unknown_foreground: 400,
  invalid_auth_token: 401,
  insufficient_api_credits: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  rate_limit_exceeded: 429,
  unexpected_error: 500,
  not_implemented: 501,
  // No engine can take the call now (no window of the app open, or its model
  // host not started yet): nothing was charged; try again after Retry-After.
  engine_unavailable: 503,
  // Codes a job ends with; a request that waited for its job (try-on's
  // wait_for_result) answers with them too.
  content_filter_error: 422,
  job_cancelled: 409,
  job_expired: 404,
  request_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Retry-After of a 503 engine_unavailable, in seconds: about the time a window of the app takes to open. */
export const ENGINE_RETRY_AFTER_S = 5;

export interface ErrorBody {
  error: string;
  error_code: ErrorCode;
}

export class ApiError extends Error {
  readonly status: number;

  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
    // A 503 says when to try again, also when it was rebuilt from a worker's plain error.
    this.headers = code === 'engine_unavailable' && !('Retry-After' in headers) ? { ...headers, 'Retry-After': String(ENGINE_RETRY_AFTER_S) } : headers;
  }

  toBody(): ErrorBody {
    return { error: this.message, error_code: this.code };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Errors cross worker and window boundaries as plain objects; this turns such an
 * object (or anything thrown) back into an ApiError, keeping the code when it is one of ours.
 */
export function toApiError(value: unknown, context: string): ApiError {
  if (value instanceof ApiError) return value;
  if (typeof value === 'object' && value !== null) {
    const { code, message } = value as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code in ERROR_STATUS && typeof message === 'string') {
      return new ApiError(code as ErrorCode, message);
    }
    if (typeof message === 'string') return new ApiError('unexpected_error', `${context}: ${message}`);
  }
  return new ApiError('unexpected_error', `${context}: ${String(value)}`);
}

/** A plain, cloneable form of an error for postMessage. */
export function serializeError(value: unknown): { code: ErrorCode; message: string } {
  const error = toApiError(value, 'engine');
  return { code: error.code, message: error.message };
}
