import fastifyWebsocket from '@fastify/websocket';
import { LIVE_SOCKET_PATH } from '@xunji/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayEvents } from '../gateway/gateway-events.js';
import type { TokenService } from '../services/token.service.js';
import type { DeviceVisibility } from './device-visibility.js';
import { LiveConnection, type LiveContext } from './live-connection.js';
import { LiveHub } from './live-hub.js';

export interface LiveSocketOptions {
  events: GatewayEvents;
  tokens: Pick<TokenService, 'authenticate'>;
  visibility: DeviceVisibility;
  /** Default 5 s. */
  authTimeoutMs?: number;
  /** Session re-check; default 60 s. */
  recheckMs?: number;
  /** Keepalive ping; default 30 s. */
  pingMs?: number;
  /** Default 100 ms. */
  flushMs?: number;
  /** Follows the number of open sockets (a gauge of /metrics). */
  openSockets?: { inc(): void; dec(): void };
  /** Default 256 KiB. */
  maxBufferedBytes?: number;
  /** Default 200. */
  maxQueuedMessages?: number;
}

/** Client messages are small (`auth`); anything larger is refused by the WebSocket layer. */
const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

/**
 * The live socket at `{prefix}/socket`: positions, status changes, alarms, commands and recordings
 * of the devices the
 * signed-in user may see. Register it under the API root in a scope of its own: a browser
 * WebSocket sends no applicationId header, it comes with the `auth` message.
 */
export const liveSocket: FastifyPluginAsync<LiveSocketOptions> = async (scope, options) => {
  await scope.register(fastifyWebsocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const hub = new LiveHub(options.events, scope.log, {
    flushMs: options.flushMs ?? 100,
    maxBufferedBytes: options.maxBufferedBytes ?? 256 * 1024,
    maxQueuedMessages: options.maxQueuedMessages ?? 200,
  });
  const connections = new Set<LiveConnection>();
  const byUser = new Map<number, Set<LiveConnection>>();
  const context: LiveContext = {
    hub,
    tokens: options.tokens,
    visibility: options.visibility,
    timings: {
      authTimeoutMs: options.authTimeoutMs ?? 5000,
      recheckMs: options.recheckMs ?? 60_000,
    },
    users: {
      add(userId, connection) {
        let set = byUser.get(userId);
        if (!set) byUser.set(userId, (set = new Set()));
        set.add(connection);
      },
      remove(userId, connection) {
        const set = byUser.get(userId);
        set?.delete(connection);
        if (set?.size === 0) byUser.delete(userId);
      },
    },
  };

  const stopWatchingVisibility = options.visibility.onChange((userId) => {
    try {
      const affected = byUser.get(userId);
      if (!affected) return;
      scope.log.debug({ userId, sockets: affected.size }, 'live socket: visibility changed');
      for (const connection of affected) void connection.refreshDevices();
    } catch (error) {
      scope.log.debug({ err: error, userId }, 'live socket: visibility change not applied');
    }
  });
  // Events may have been lost while this process was cut off from the others: each socket is told
  // its devices again (`ready`), and the app reloads what it shows.
  const stopWatchingResync = options.events.onResync(() => {
    scope.log.info({ sockets: connections.size }, 'live socket: events resynced');
    for (const connection of connections) void connection.refreshDevices();
  });
  const pinger = setInterval(() => {
    for (const connection of connections) connection.ping();
  }, options.pingMs ?? 30_000);
  pinger.unref();

  scope.addHook('onClose', async () => {
    clearInterval(pinger);
    stopWatchingVisibility();
    stopWatchingResync();
    hub.close();
  });

  scope.get(LIVE_SOCKET_PATH, { websocket: true }, (socket, request) => {
    const connection = new LiveConnection(socket, request.language, context, request.log);
    connections.add(connection);
    options.openSockets?.inc();
    socket.on('close', (code) => {
      connections.delete(connection);
      options.openSockets?.dec();
      request.log.debug({ code, userId: connection.user }, 'live socket closed');
    });
    request.log.debug('live socket opened');
  });
};
