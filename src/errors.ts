/**
 * The management API's one error type. Routes and verbs throw it; the single error handler in
 * app.ts renders `{ code, message, data: { status, ...data } }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function notFound(what = 'record'): ApiError {
  return new ApiError(404, 'svc_not_found', `${what} not found`);
}

/** 400 rest_invalid_param naming each bad field: `{ field: reason }`. */
export function invalidParams(params: Record<string, string>, message?: string): ApiError {
  const names = Object.keys(params).join(', ');
  return new ApiError(400, 'rest_invalid_param', message ?? `Invalid parameter(s): ${names}`, { params });
}

export function forbidden(message = 'Sorry, you are not allowed to do that.'): ApiError {
  return new ApiError(403, 'rest_forbidden', message);
}

/**
 * A `.catch` handler for a store write: 500 `svc_update_failed` / `svc_delete_failed`. The
 * store's own message stays out of the response (it can name tables and values).
 */
export function storeFailed(action: 'update' | 'delete', what: string): () => never {
  return () => {
    throw new ApiError(500, `svc_${action}_failed`, `The ${what} could not be ${action}d.`);
  };
}
