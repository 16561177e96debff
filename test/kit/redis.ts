import { connectRedis } from '../../src/scale/redis.ts';

/** the Redis the tests use and whether it answers. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a Redis answers PING at `url` within about 5 s (a loaded machine connects slowly). */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = connectRedis(url);
  probe.on('error', () => undefined);
  try {
    for (let i = 0; i < 100 && probe.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 50));
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Resolves once the connection is ready (bounded: about 2 s). */
export async function whenReady(conn: { status: string }): Promise<void> {
  for (let i = 0; i < 200 && conn.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 10));
}
