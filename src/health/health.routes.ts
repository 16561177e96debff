import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { resolveClientIp } from '../shared/rate-limiter.ts';
import { checkHealth } from './health.service.ts';

const HEALTH_LIMIT_PER_MIN = 60;

/** `GET /health`: public, rate-limited per client IP, never cached. */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', { schema: { tags: ['health'], security: [] } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const ip = resolveClientIp(req.headers, req.socket.remoteAddress);
    const decision = await ctx.limiter.hit(`health:${ip}`, HEALTH_LIMIT_PER_MIN);
    if (!decision.allowed) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
      return reply.status(429).send({ error: 'rate_limited' });
    }
    const report = await checkHealth(ctx);
    return reply.status(report.status === 'fail' ? 503 : 200).send(report);
  });
}
