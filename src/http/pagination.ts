import type { FastifyReply } from 'fastify';
import { invalidParams } from '../errors.ts';

export interface PageQuery {
  page: number;
  per_page: number;
  limit: number;
  offset: number;
}

/** `page` (from 1) and `per_page` (default 20, max 100); a malformed value is 400 naming it. */
export function parsePage(
  query: Record<string, unknown>,
  defaults = { perPage: 20, maxPerPage: 100 },
): PageQuery {
  const bad: Record<string, string> = {};
  const read = (name: string, fallback: number, max: number): number => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    const text = String(raw);
    if (!/^[0-9]+$/.test(text) || Number(text) < 1) {
      bad[name] = 'must be a positive integer';
      return fallback;
    }
    if (Number(text) > max) {
      bad[name] = `must be at most ${max}`;
      return fallback;
    }
    return Number(text);
  };
  const page = read('page', 1, 1_000_000);
  const per_page = read('per_page', defaults.perPage, defaults.maxPerPage);
  if (Object.keys(bad).length > 0) throw invalidParams(bad);
  return { page, per_page, limit: per_page, offset: (page - 1) * per_page };
}

export function setPageHeaders(reply: FastifyReply, total: number, perPage: number): void {
  reply.header('X-Svc-Total', String(total));
  reply.header('X-Svc-TotalPages', String(Math.max(1, Math.ceil(total / perPage))));
}
