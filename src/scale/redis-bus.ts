import { randomUUID } from 'node:crypto';
import type { EventBus, GatewayEvent } from '../events.ts';
import { connectRedis } from './redis.ts';

/** How an event crosses instances; the codec names servers by UUID (scale/wire.ts). */
export interface EventCodec {
  encode(event: GatewayEvent): Promise<unknown>;
  /** The event for this instance, or undefined when it names nothing of this deployment. */
  decode(wire: unknown): Promise<GatewayEvent | undefined>;
}

const PLAIN: EventCodec = {
  encode: async (event) => event,
  decode: async (wire) => wire as GatewayEvent,
};

export interface RedisEventBus extends EventBus {
  /** True while both connections are ready and the channel is subscribed. */
  isUp(): boolean;
  /** Hears each loss (`down`) and return (`up`) of the connection to Redis. */
  onStateChange(listener: (state: 'up' | 'down', err?: unknown) => void): void;
}

/**
 * Events reach this instance's subscribers at once and every other instance through Redis
 * pub/sub on `channel` (which carries the deployment namespace); an instance ignores its own
 * messages coming back. While the subscription is down `epoch()` is 0, so caches trust nothing
 * they hold; each re-subscription starts a new epoch, so nothing read before an outage (when
 * events may have been missed) is trusted after it.
 */
export function createRedisEventBus(url: string, channel: string, codec: EventCodec = PLAIN): RedisEventBus {
  const instance = randomUUID();
  const pub = connectRedis(url);
  const sub = connectRedis(url);
  const handlers = new Set<(event: GatewayEvent) => void>();
  const listeners: Array<(state: 'up' | 'down', err?: unknown) => void> = [];
  let epochs = 0;
  let current = 0;
  let closed = false;
  let lastError: unknown;
  // Decoding reads the store: a chain keeps events in the order they arrived.
  let inbound: Promise<void> = Promise.resolve();
  let outbound: Promise<void> = Promise.resolve();

  const deliver = (event: GatewayEvent) => {
    for (const handler of handlers) handler(event);
  };
  const isUp = () => current !== 0 && pub.status === 'ready';
  const setEpoch = (next: number) => {
    const wasUp = isUp();
    current = next;
    if (isUp() !== wasUp && !closed) for (const l of listeners) l(isUp() ? 'up' : 'down', lastError);
  };

  for (const conn of [pub, sub]) {
    conn.on('error', (err: unknown) => {
      lastError = err;
    });
  }
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => setEpoch(++epochs),
      (err: unknown) => {
        lastError = err;
        sub.disconnect(true); // try again through a fresh connection
      },
    );
  });
  sub.on('close', () => setEpoch(0));
  // The publisher's state changes the answer of isUp() too.
  pub.on('ready', () => setEpoch(current));
  pub.on('close', () => setEpoch(current));

  sub.on('message', (_channel: string, message: string) => {
    let parsed: { from?: unknown; event?: unknown };
    try {
      parsed = JSON.parse(message) as { from?: unknown; event?: unknown };
    } catch {
      return; // a foreign or damaged message on the channel is ignored
    }
    if (parsed.from === instance) return;
    inbound = inbound
      .then(() => codec.decode(parsed.event))
      .then((event) => {
        if (event) deliver(event);
      })
      .catch(() => undefined);
  });

  // Redis answers a connection's commands in order, and a message published before the PING
  // reaches this subscriber ahead of the PONG on the same socket; ioredis emits both in that
  // order. So once the PONG is in and the decode chain has drained, every earlier event has
  // been delivered. Callers of one tick share one PING (sent after all of them asked).
  let barrier: Promise<void> | undefined;
  const settle = (): Promise<void> => {
    barrier ??= Promise.resolve()
      .then(() => {
        barrier = undefined;
        return sub.ping();
      })
      .then(() => inbound)
      .catch(() => undefined); // Redis away: epoch() is 0 and callers trust nothing cached
    return barrier;
  };

  return {
    publish(event) {
      deliver(event);
      outbound = outbound
        .then(() => codec.encode(event))
        .then((wire) => pub.publish(channel, JSON.stringify({ from: instance, event: wire })))
        .then(
          () => undefined,
          // Redis away: other instances are in epoch 0 (or will start a new one), so they re-read.
          () => undefined,
        );
      return outbound;
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    epoch: () => current,
    settle,
    isUp,
    onStateChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      handlers.clear();
      await outbound;
      sub.disconnect();
      pub.disconnect();
    },
  };
}
