import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { healthClientIp } from '../shared/client-ip.ts';
import { healthDocs } from './health.schema.ts';
import { checkHealth } from './health.service.ts';

const HEALTH_LIMIT_PER_MIN = 60;

/**
 * `GET /health`: public, rate-limited per client IP, never cached. With `alias`, the same route
 * at the site root (left out of the API reference), where probes and newcomers look first.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext, alias = false): Promise<void> {
  app.get('/health', { schema: alias ? { ...healthDocs, hide: true } : healthDocs }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    // The spec's header order, not TRUST_PROXY: the seed's Limits table fixes it for this route.
    const ip = healthClientIp(req.raw);
    const decision = await ctx.limiter.hit(`health:${ip}`, HEALTH_LIMIT_PER_MIN);
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      reply.header('Retry-After', String(retryAfter));
      const refused = new ApiError('rate_limited', `Too many health checks: retry in ${retryAfter} s.`, {
        retry_after_seconds: retryAfter,
      });
      // The envelope, plus the spec's own `error` key for clients that read the spec's body.
      return reply.status(refused.status).send({ ...refused.toBody(), error: 'rate_limited' });
    }
    const report = await checkHealth(ctx);
    return reply.status(report.status === 'fail' ? 503 : 200).send(report);
  });
}

/** `GET {base_url}/health`: the same answer, limit (one window per client) and headers as `{api_base}/health`. */
export const rootHealthRoutes = (app: FastifyInstance, ctx: AppContext) => healthRoutes(app, ctx, true);
