import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../bus/event-bus.js';
import { GATEWAY_EVENTS_CHANNEL, gatewayEventStaysLocal } from '../bus/gateway-bus.js';
import { LocalEventBus } from '../bus/local-event-bus.js';
import { RedisEventBus } from '../bus/redis-event-bus.js';
import type { GatewayEvent, GatewayEvents } from '../gateway/gateway-events.js';
import { CLUSTER_NOTICES_CHANNEL, type ClusterNotice } from './cluster-notice.js';

/** The two buses of a server process: the gateway's events, and the processes' notices. */
export interface ServerBuses {
  events: GatewayEvents;
  notices: EventBus<ClusterNotice>;
  /** Whether Redis can be reached; absent in one process, which has no Redis. */
  redisConnected?: () => boolean;
  close(): Promise<void>;
}

/** In-process buses without `redisUrl`; else Redis pub/sub, failing at once when unreachable. */
export async function openServerBuses(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<ServerBuses> {
  const onListenerError = (error: unknown) =>
    log.error({ err: error }, 'gateway event listener failed');
  if (!redisUrl) {
    const events = new LocalEventBus<GatewayEvent>(onListenerError);
    const notices = new LocalEventBus<ClusterNotice>(onListenerError);
    return { events, notices, close: async () => undefined };
  }
  const onError = (error: unknown) => log.warn({ err: error }, 'event bus');
  const events = await RedisEventBus.connect<GatewayEvent>({
    url: redisUrl,
    channel: GATEWAY_EVENTS_CHANNEL,
    staysLocal: gatewayEventStaysLocal,
    onListenerError,
    onError,
  });
  const notices = await RedisEventBus.connect<ClusterNotice>({
    url: redisUrl,
    channel: CLUSTER_NOTICES_CHANNEL,
    onListenerError,
    onError,
  }).catch(async (error: unknown) => {
    await events.close();
    throw error;
  });
  return {
    events,
    notices,
    redisConnected: () => events.connected && notices.connected,
    close: async () => {
      await Promise.all([events.close(), notices.close()]);
    },
  };
}
