import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` (Prometheus text), mounted at the site root only when metrics are enabled
 * (`TOOLGATE_METRICS`); with `TOOLGATE_METRICS_TOKEN` set, scrapers send it as a bearer token.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const metrics = ctx.metrics;
  if (!ctx.config.metricsEnabled || !metrics) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = ctx.config.metricsToken;
    if (token) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      if (!match || !sameSecret(match[1]!, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new ApiError('rest_not_logged_in', 'Send the metrics token as Authorization: Bearer <token>.');
      }
    }
    const { contentType, body } = await metrics.render();
    reply.header('Cache-Control', 'no-store').type(contentType);
    return body;
  });
}
