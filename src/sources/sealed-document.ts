import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';

/*
 * The text of a text source, and the new text a plan would store, are sealed with the secret box:
 * a pasted Postman collection or OpenAPI document may carry tokens, passwords or example keys, and
 * they stay out of a database dump. Each envelope is bound to its row (the AAD names it).
 */

type Ctx = Pick<AppContext, 'secrets'>;

const sourceAad = (sourceUuid: string) => `source:${sourceUuid}:document`;
const planAad = (sourceUuid: string, planUuid: string) => `source:${sourceUuid}:plan:${planUuid}:document`;

function unreadable(): ApiError {
  return new ApiError(
    'svc_internal_error',
    'The stored document could not be opened (sealed under another secret key); import it again.',
  );
}

export function sealSourceDocument(ctx: Ctx, sourceUuid: string, text: string): string {
  return ctx.secrets.seal(text, sourceAad(sourceUuid));
}

/** The source's stored text; 500 when it cannot be opened. */
export function openSourceDocument(ctx: Ctx, sourceUuid: string, sealed: string): string {
  const text = ctx.secrets.open(sealed, sourceAad(sourceUuid));
  if (text === null) throw unreadable();
  return text;
}

export function sealPlanDocument(ctx: Ctx, sourceUuid: string, planUuid: string, text: string): string {
  return ctx.secrets.seal(text, planAad(sourceUuid, planUuid));
}

/** A plan's new text, sealed again as the source's own (an apply stores it). */
export function resealPlanDocument(ctx: Ctx, sourceUuid: string, planUuid: string, sealed: string): string {
  const text = ctx.secrets.open(sealed, planAad(sourceUuid, planUuid));
  if (text === null) throw unreadable();
  return sealSourceDocument(ctx, sourceUuid, text);
}
