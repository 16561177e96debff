import { ApiError } from '../api/client.ts';

/**
 * Every API error shown with its message, code and the fields it names: nothing fails silently.
 * A form whose error summary already lists the named fields passes `fields={false}`.
 */
export function ErrorNotice({ error, fields = true }: { error: unknown; fields?: boolean }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  // The summary says it all: which fields, and why.
  if (!fields && api && Object.keys(api.params).length > 0) return null;
  const message = error instanceof Error ? error.message : String(error);
  const params = api && fields ? Object.entries(api.params) : [];
  return (
    <div className="notice notice-error" role="alert">
      <strong>{message}</strong>
      {api && api.status > 0 && (
        <span className="muted">
          {' '}
          ({api.status} {api.code})
        </span>
      )}
      {params.length > 0 && (
        <ul>
          {params.map(([field, reason]) => (
            <li key={field}>
              <code>{field}</code>: {reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The reason the API gave for one field, to show beside that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.params[field] : undefined;
}
