import { ApiError } from '../errors.ts';

/*
 * An import creates at most this many tools. The largest public APIs have a few thousand
 * operations; a document with more is refused before it is validated, so one request cannot
 * hold the process for seconds or write a hundred thousand rows.
 */
export const MAX_IMPORT_TOOLS = 10_000;

/** 400 for a document with more operations, requests or tools than one import creates. */
export function tooManyTools(count: number, what: string): ApiError {
  return new ApiError(
    'svc_import_too_large',
    `The document has ${count} ${what}; one import creates at most ${MAX_IMPORT_TOOLS} tools.`,
    { limit_tools: MAX_IMPORT_TOOLS },
  );
}
