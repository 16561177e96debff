/**
 * The management API's error codes and their HTTP statuses: the one `code → status` table.
 * Every `ApiError` takes its status from here, so a code always answers the same status and
 * the API reference lists them from one place. A new code is added here first.
 */
export const ERROR_STATUS = {
  // 400: the request is wrong
  rest_invalid_param: 400,
  rest_invalid_json: 400,
  rest_invalid_url: 400,
  rest_bad_request: 400,
  svc_missing_curl: 400,
  svc_invalid_curl: 400,
  invalid_spec: 400,
  unsupported_version: 400,
  unsupported_format: 400,
  svc_url_forbidden: 400,
  svc_url_unfetchable: 400,
  svc_import_too_large: 400,
  // 401–404: who is asking, what they may do, what exists
  rest_not_logged_in: 401,
  rest_invalid_credentials: 401,
  svc_trial_expired: 402,
  rest_forbidden: 403,
  rest_csrf_failed: 403,
  tier_limit_import_method: 403,
  svc_not_found: 404,
  server_not_found: 404,
  rest_no_route: 404,
  // 413–429: size, media type, state, pace
  rest_conflict: 409,
  rest_payload_too_large: 413,
  rest_uri_too_long: 414,
  rest_unsupported_media_type: 415,
  svc_tool_not_testable: 422,
  rate_limited: 429,
  rest_rate_limited: 429,
  // 500: the service failed (never a stack trace, never the store's message)
  svc_update_failed: 500,
  svc_delete_failed: 500,
  svc_credentials_unreadable: 500,
  svc_internal_error: 500,
  svc_database_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The error envelope every management API error is sent in. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  data: { status: number } & Record<string, unknown>;
}

/**
 * The management API's one error type. Routes and services throw it with a code; the status
 * comes from `ERROR_STATUS`; the single error handler in app.ts renders the envelope.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  /** `{ code, message, data: { status, ...data } }`. */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

export function notFound(what = 'record'): ApiError {
  return new ApiError('svc_not_found', `${what} not found`);
}

/** 400 rest_invalid_param naming each bad field: `{ field: reason }`. */
export function invalidParams(params: Record<string, string>, message?: string): ApiError {
  const names = Object.keys(params).join(', ');
  return new ApiError('rest_invalid_param', message ?? `Invalid parameter(s): ${names}`, { params });
}

export function forbidden(message = 'Sorry, you are not allowed to do that.'): ApiError {
  return new ApiError('rest_forbidden', message);
}

/**
 * A `.catch` handler for a store write: 500 `svc_update_failed` / `svc_delete_failed`. The
 * store's own message stays out of the response (it can name tables and values).
 */
export function storeFailed(action: 'update' | 'delete', what: string): () => never {
  return () => {
    throw new ApiError(`svc_${action}_failed`, `The ${what} could not be ${action}d.`);
  };
}
